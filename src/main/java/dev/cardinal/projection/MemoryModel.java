package dev.cardinal.projection;

/**
 * Index memory of InfluxDB 1.x's in-memory (inmem) index, as a range.
 *
 * <p>Low: the floor the server itself reports per series, from {@code series.bytes()} in
 * {@code tsdb/index/inmem/meta.go}: a 24-byte mutex, the deleted flag and id (9), the key's string header (16) and
 * the tag slice header (24) make 73 bytes, plus the key's length, plus per tag a {@code models.Tag} (48 bytes)
 * and the tag's key and value bytes.
 *
 * <p>High: the floor plus what the index keeps around each series beyond that struct: map entries from series id and
 * from series key to the series (about 64 bytes per series), the series id in each tag value's posting set (8 bytes
 * per series per tag), and per distinct tag value its map entry and key (about 96 bytes plus the value). These
 * allowances are Go map and slice costs, not measurements; the push step reads {@code SHOW STATS} to calibrate them.
 */
public final class MemoryModel {
    public static final long SERIES_STRUCT_BYTES = 73;
    public static final long TAG_STRUCT_BYTES = 48;
    public static final long SERIES_MAP_BYTES = 64;
    public static final long POSTING_BYTES = 8;
    public static final long TAG_VALUE_ENTRY_BYTES = 96;

    private MemoryModel() {
    }

    /** An estimate in bytes, low to high. */
    public record Estimate(long low, long high) {
    }

    public static Estimate estimate(IndexFootprint f) {
        long low = SERIES_STRUCT_BYTES * f.series() + f.seriesKeyBytes() + TAG_STRUCT_BYTES * f.tagPairs() + f.tagBytes();
        long high = low + SERIES_MAP_BYTES * f.series() + POSTING_BYTES * f.tagPairs()
            + TAG_VALUE_ENTRY_BYTES * f.tagValues() + f.tagValueBytes();
        return new Estimate(low, high);
    }
}
