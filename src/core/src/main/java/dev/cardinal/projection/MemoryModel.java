package dev.cardinal.projection;

/**
 * Index memory of InfluxDB 1.x's in-memory (inmem) index, the figure the server itself reports, as a range.
 *
 * <p>{@code SHOW STATS FOR 'indexes'} memoryBytes is no heap measurement: it is {@code Store.IndexBytes()}
 * ({@code tsdb/store.go}), the sum over the database-wide inmem indexes (deduplicated, one per database) of
 * {@code Index.Bytes()} ({@code tsdb/index/inmem/inmem.go}), which adds up {@code unsafe.Sizeof} of each structure
 * and the lengths of its strings and slices. Sizes on amd64: string header 16, slice header 24, map 8, pointer 8,
 * uint64 8, bool 1, interface 16, {@code sync.RWMutex} 24 (as the code says), {@code models.Tag} 48,
 * {@code tagKeyValueEntry} 32 (a map and a slice), {@code tsdb.Field} 32 (uint8 padded to 8, a string, an int). The
 * code read is v1.6.7rc0's, which Debian's influxd 1.6.7 is built from (its {@code influxd version} says
 * {@code v1.6.7~rc0}); {@code tsdb/index/inmem/meta.go} differs from v1.6.6 only in a missing unlock and a nil check.
 *
 * <p>Exact terms, per
 * <ul>
 * <li>series: 97 bytes, twice the key's length, 48 bytes per tag and the tag's key and value. {@code Index.Bytes}
 * counts the {@code series} map's key (16 + the key) and value pointer (8) and {@code series.bytes()}
 * ({@code meta.go}): mutex 24, deleted and ID 9, {@code Key} 16 + the key again, the {@code Tags} slice 24, and per
 * tag {@code Sizeof(models.Tag)} 48 plus its key and value. Plus {@code measurement.bytes()}: the
 * {@code seriesByID} entry (uint64 key and pointer, 16), and the series id (8) in the posting map {@code m} of each
 * of its tags' {@code tagKeyValueEntry} ({@code tagKeyValue.bytes()}: {@code len(v.m) * 8}).</li>
 * <li>measurement: 153 bytes, the database name once and the name three times: {@code Index.Bytes} counts the
 * {@code measurements} map key (16 + name) and pointer (8); {@code measurement.bytes()} counts {@code Database}
 * (16 + its length), {@code Name} (16 + name), {@code NameBytes} (24 + name), the mutex (24), the headers of
 * {@code fieldNames}, {@code seriesByID} and {@code seriesByTagKeyValue} (8 each), {@code sortedSeriesIDs} (24) and
 * {@code dirty} (1).</li>
 * <li>tag key of a measurement: 56 bytes and the key: the {@code seriesByTagKeyValue} key (16 + key) and pointer
 * (8), and {@code tagKeyValue.bytes()}'s mutex (24) and {@code entries} map (8).</li>
 * <li>tag value of a measurement's key: 56 bytes and the value: the {@code entries} key (16 + value), and
 * {@code Sizeof(v) + Sizeof(*v)}, a pointer (8) to a {@code tagKeyValueEntry} (32).</li>
 * <li>field key of a measurement: 16 bytes and the key in the measurement's {@code fieldNames} (filled by
 * {@code Index.SetFieldName} from {@code Shard.createFieldsAndMeasurements}, the union over shards).</li>
 * <li>index: 136 bytes and the database name: mutex 24, {@code database} 16 + its length, the {@code fieldset}
 * pointer 8, the {@code measurements} and {@code series} maps 8 each, four {@code estimator.Sketch} interfaces 16
 * each, {@code rebuildQueue} 8; and the field set the index points at, 8 bytes for the pointer and
 * {@code MeasurementFieldSet.Bytes()} ({@code tsdb/shard.go}): mutex 24, map 8, {@code path} 16 + its length, per
 * measurement its key (16 + name), pointer 8 and {@code MeasurementFields.bytes()} (mutex 24, map 8, per field its
 * key 16 + key, {@code Sizeof(v) + Sizeof(*v)} 8 + 32 and {@code len(v.Name)}, the key again).</li>
 * <li>sketches ({@code pkg/estimator/hll/hll.go}, {@code Plus.Bytes()}): {@code Sizeof(Plus)} 80; a sparse sketch
 * adds 4 bytes per hash in {@code tmpSet}, {@code Sizeof(compressedList)} 32 and the list's capacity, 65,536 from
 * {@code newCompressedList(m)} at precision 16 (it turns dense, {@code toNormal}, when the list passes 65,536
 * bytes); a dense one adds {@code cap(denseList)} 65,536. The series sketch gets a key per new series
 * ({@code CreateSeriesListIfNotExists}), the measurements sketch a name per new measurement; the two tombstone
 * sketches get nothing without deletes (65,648 bytes each). {@code tmpSet} is merged into the list when it passes
 * 655 hashes ({@code Plus.Add}: {@code len*100 > m}).</li>
 * </ul>
 *
 * <p>State-dependent terms, low to high:
 * <ul>
 * <li>{@code sortedSeriesIDs} (8 per id): {@code measurement.AddSeries} appends only while ids arrive increasing,
 * and ids come from eight series file partitions, so it stops early; {@code measurement.SeriesIDs()} (any query that
 * lists a measurement's series, {@code SHOW SERIES} among them) fills it. Low: one id per measurement; high: every
 * series.</li>
 * <li>{@code tagKeyValueEntry.a} (8 per series per tag): the sorted copy of {@code m}, built by
 * {@code tagKeyValueEntry.ids()} when a query reads the value's series ({@code SHOW TAG VALUES}, a filter on the
 * tag). Low: none; high: every entry.</li>
 * <li>the series sketch's {@code tmpSet} and sparse or dense state: up to 655 hashes exactly that many; past that
 * 0 to 655 left since the last merge; dense once past about 33,800 distinct keys (two bytes a hash in the list),
 * either way between 30,000 and 40,000.</li>
 * <li>the field set: the index points at the field set of the shard opened last ({@code Engine.Open},
 * {@code tsdb/engine/tsm1/engine.go}: {@code e.index.SetFieldSet(fields)}), which holds that shard's
 * measurements and fields only ({@link IndexFootprint#fieldSetLow}). Its {@code path}
 * ({@code <data dir>/<database>/<retention policy>/<shard id>/fields.idx}) and the database's name are not known
 * to a projection: 1 to 64 bytes of name and 17 to 512 bytes of path.</li>
 * </ul>
 *
 * <p>The figure is for the database's index as a whole: a write's growth equals it when the database held no shard
 * before (as {@code apply --write-sample} into a new database does) and nothing else writes to the server.
 */
public final class MemoryModel {
    /** Per series: the map entry and {@code series.bytes()} without its key and tags (16 + 8 + 24 + 9 + 16 + 24). */
    public static final long SERIES_BYTES = 97;
    /** Per tag of a series: {@code Sizeof(models.Tag)}. */
    public static final long TAG_STRUCT_BYTES = 48;
    /** Per series: the {@code seriesByID} entry of its measurement. */
    public static final long SERIES_BY_ID_BYTES = 16;
    /** Per series id in a sorted slice ({@code sortedSeriesIDs}, {@code entry.a}) or a posting map. */
    public static final long ID_BYTES = 8;
    /** Per measurement, without its names. */
    public static final long MEASUREMENT_BYTES = 153;
    /** Per tag key of a measurement, without the key. */
    public static final long TAG_KEY_BYTES = 56;
    /** Per tag value of a measurement's key, without the value. */
    public static final long TAG_VALUE_BYTES = 56;
    /** Per field key in a measurement's {@code fieldNames}, without the key. */
    public static final long FIELD_NAME_BYTES = 16;
    /** The index without its measurements, series, sketches' contents, field set and database name. */
    public static final long INDEX_BYTES = 136;
    /** A sketch as created: {@code Sizeof(Plus)} 80, {@code Sizeof(compressedList)} 32, capacity 65,536. */
    public static final long SPARSE_SKETCH_BYTES = 80 + 32 + 65_536;
    /** A dense sketch: {@code Sizeof(Plus)} 80 and the 65,536 registers. */
    public static final long DENSE_SKETCH_BYTES = 80 + 65_536;
    /** {@code Plus.Add} merges {@code tmpSet} into the sparse list once it holds more than this many hashes. */
    static final long TMP_SET_MAX = 655;
    /** Field set: pointer 8, mutex 24, map 8 and the path's header 16. */
    public static final long FIELD_SET_BYTES = 56;
    /** Per measurement of the field set, without its name: key header 16, pointer 8, mutex 24, map 8. */
    public static final long FIELD_SET_MEASUREMENT_BYTES = 56;
    /** Per field of the field set, without the key twice: key header 16, pointer 8, {@code Field} 32. */
    public static final long FIELD_SET_FIELD_BYTES = 56;
    static final long NAME_MIN = 1;
    static final long NAME_MAX = 64;
    static final long PATH_MIN = "/d/r/1/fields.idx".length();
    static final long PATH_MAX = 512;
    /** Distinct series keys below which the series sketch is surely sparse, and above which surely dense. */
    static final long SURELY_SPARSE = 30_000;
    static final long SURELY_DENSE = 40_000;

    private MemoryModel() {
    }

    /** The index of one database holding {@code f}, name and data directory unknown. */
    public static MemoryEstimate estimate(IndexFootprint f) {
        long exact = f.series() * (SERIES_BYTES + SERIES_BY_ID_BYTES) + 2 * f.seriesKeyBytes()
            + f.tagPairs() * (TAG_STRUCT_BYTES + ID_BYTES) + f.tagBytes()
            + f.measurements() * MEASUREMENT_BYTES + 3 * f.measurementNameBytes()
            + f.tagKeys() * TAG_KEY_BYTES + f.tagKeyBytes()
            + f.tagValues() * TAG_VALUE_BYTES + f.tagValueBytes()
            + f.fieldKeys() * FIELD_NAME_BYTES + f.fieldKeyBytes()
            + INDEX_BYTES + 2 * SPARSE_SKETCH_BYTES + sparseSketch(f.measurements());
        long low = exact;
        long high = exact;
        // database name: once in the index, once per measurement
        low += NAME_MIN * (1 + f.measurements());
        high += NAME_MAX * (1 + f.measurements());
        // sortedSeriesIDs: the first id of each measurement, up to every series
        low += ID_BYTES * Math.min(f.measurements(), f.series());
        high += ID_BYTES * f.series();
        // entry.a: none built, up to every entry
        high += ID_BYTES * f.tagPairs();
        // the series sketch
        long[] sketch = seriesSketch(f.series());
        low += sketch[0];
        high += sketch[1];
        // the field set of the shard opened last
        low += FIELD_SET_BYTES + PATH_MIN + f.fieldSetLow();
        high += FIELD_SET_BYTES + PATH_MAX + f.fieldSetHigh();
        return new MemoryEstimate(low, high);
    }

    /**
     * A shard's field set without its path and header ({@code MeasurementFieldSet.Bytes()}): per measurement its
     * key (16 + name), pointer (8), mutex (24) and map (8); per field its key (16 + key), pointer (8), {@code Field}
     * (32) and name (the key again).
     */
    public static long fieldSet(long measurements, long nameBytes, long fields, long fieldBytes) {
        return measurements * FIELD_SET_MEASUREMENT_BYTES + nameBytes + fields * FIELD_SET_FIELD_BYTES + 2 * fieldBytes;
    }

    /** A sparse sketch that received {@code n} distinct hashes, none merged yet ({@code n} at most 655). */
    static long sparseSketch(long n) {
        return SPARSE_SKETCH_BYTES + 4 * Math.min(n, TMP_SET_MAX);
    }

    /** The series sketch after {@code n} distinct series keys, low and high. */
    static long[] seriesSketch(long n) {
        if (n <= TMP_SET_MAX) {
            return new long[]{sparseSketch(n), sparseSketch(n)};
        }
        long sparseHigh = SPARSE_SKETCH_BYTES + 4 * TMP_SET_MAX;
        if (n < SURELY_SPARSE) {
            return new long[]{SPARSE_SKETCH_BYTES, sparseHigh};
        }
        return n > SURELY_DENSE ? new long[]{DENSE_SKETCH_BYTES, DENSE_SKETCH_BYTES}
            : new long[]{DENSE_SKETCH_BYTES, sparseHigh};
    }
}
