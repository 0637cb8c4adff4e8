package dev.cardinal.projection;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * Measures a layout over a sample exactly. Rows are first numbered by the combination of values that decides
 * their series ({@link Tuples}); only when templates are involved are those combinations rendered as text and
 * merged where two render alike, so a plain tag layout never builds a string per row or per series.
 */
public final class LayoutMeasurer {
    static final int CHECKPOINTS = 100;

    private final SampleIndex index;
    private final TemplateText text;
    private final IndexSizes sizes;
    private final boolean collapsing;
    private final Map<Long, int[]> groupStarts = new java.util.concurrent.ConcurrentHashMap<>();

    /** A measurer that counts each layout over the rows: for measuring a layout once (the command line). */
    public LayoutMeasurer(SampleIndex index) {
        this(index, false);
    }

    /**
     * A measurer for toggling roles back and forth (the workbench's live projection): after {@link #prepare} it
     * keeps the rows collapsed into the distinct combinations of a layout's tags ({@link Collapse}), so a toggle
     * among them counts entries instead of rows. Until then, or for tags outside, it counts rows.
     */
    public static LayoutMeasurer interactive(SampleIndex index) {
        return new LayoutMeasurer(index, true);
    }

    LayoutMeasurer(SampleIndex index, boolean collapsing) {
        this.index = index;
        this.text = new TemplateText(index);
        this.sizes = new IndexSizes(index, text);
        this.collapsing = collapsing;
    }

    public LayoutMeasure measure(Layout layout) {
        Measurements m = measurements(layout.measurement());
        long[] valid = validRows(layout, m);
        long validCount = 0;
        for (long w : valid) {
            validCount += Long.bitCount(w);
        }
        boolean allWritten = validCount == index.rows();
        Tuples.RowFilter written = allWritten ? null : row -> (valid[row >>> 6] & (1L << row)) != 0;

        ShardGroups shards = new ShardGroups(layout.retention().effectiveShardGroupDuration());
        SeriesKeys series = seriesKeys(layout, m, written, shards, collapsing);
        SeriesPass pass = replay(layout, m, series, validCount, shards, layout.retention().duration().toNanos());
        PointsKept kept = collisions().allInstantsDistinct() ? PointsKept.none(pass.points)
            : collisions().count(pass.points, series.keys() != null ? series.keys()
                : seriesKeys(layout, m, written, shards, false).keys(), position -> overwrite(layout, m, position));

        Map<String, Long> tags = new TreeMap<>();
        Map<String, long[]> valuesOfKey = new TreeMap<>();
        for (TagSpec t : layout.tags()) {
            long[] values = sizes.distinctTagValues(t, written, allWritten);
            tags.merge(t.key(), values[0], Math::max);
            valuesOfKey.merge(t.key(), values, (a, b) -> a[0] >= b[0] ? a : b);
        }
        Map<String, Set<String>> fieldKeys = sizes.fieldKeys(layout, m, written);
        long fieldKeyCount = fieldKeys.values().stream().mapToLong(Set::size).sum();
        IndexFootprint footprint = sizes.footprint(layout, m, written, pass, fieldKeys, valuesOfKey);
        Set<String> names = new HashSet<>();
        fieldKeys.values().forEach(names::addAll);
        long widest = 0;
        for (Set<String> keys : fieldKeys.values()) {
            widest = Math.max(widest, 1 + layout.tags().size() + keys.size());
        }
        return new LayoutMeasure(pass.points, index.rows() - pass.points, m.distinctNames, pass.distinct,
            pass.shardGroupSeries, pass.liveSeries, pass.liveShardGroups, tags, fieldKeyCount, names.size(), widest, pass.curve, footprint, kept);
    }

    /** Runs of equal timestamps in the sample, found at the first projection that needs them. */
    private volatile PointCollisions collisions;

    private PointCollisions collisions() {
        PointCollisions c = collisions;
        if (c == null) {
            c = new PointCollisions(index);
            collisions = c;
        }
        return c;
    }

    /**
     * What {@code count(field)} returns per field key after the sample is written through {@code layout}, summed
     * over measurements: points that carry the field, less those merged into an earlier point of the same series
     * and timestamp. Null for a layout with a field key made from attributes (a key per value, not projected here).
     */
    public Map<String, Long> fieldValuesKept(Layout layout) {
        if (layout.fields().stream().anyMatch(f -> !f.key().isLiteral())) {
            return null;
        }
        Measurements m = measurements(layout.measurement());
        long[] valid = validRows(layout, m);
        Tuples.RowFilter written = row -> (valid[row >>> 6] & (1L << row)) != 0;
        long[] keys = seriesKeys(layout, m, written, new ShardGroups(layout.retention().effectiveShardGroupDuration()),
            false).keys();
        Map<String, Long> kept = new TreeMap<>();
        for (FieldSpec f : layout.fields()) {
            String key = f.key().literalText();
            if (!PointRules.usableKey(key) || kept.containsKey(key)) {
                continue; // the server drops the field; a second field of one key is not written (a duplicate)
            }
            dev.cardinal.traffic.Column c = index.sample().column(text.attribute(f.attribute()));
            long n = collisions().kept(keys, position -> c.present(index.rowAt(position)));
            if (n > 0) {
                kept.put(key, n);
            }
        }
        return kept;
    }

    /** The series and timestamp of the point at a time position, for an example of points merged. */
    private PointsKept.Overwrite overwrite(Layout layout, Measurements m, int position) {
        int row = index.rowAt(position);
        return new PointsKept.Overwrite(m.names[Math.max(0, measurementOf(m, row))], tagSet(layout, row),
            index.timestampAt(position), 1);
    }

    /** A row's tag set as the server keeps it: by key, empty values left out. */
    private TreeMap<String, String> tagSet(Layout layout, int row) {
        TreeMap<String, String> tags = new TreeMap<>();
        for (TagSpec t : layout.tags()) {
            String v = text.render(t.value(), row);
            if (!v.isEmpty()) {
                tags.put(t.key(), v);
            }
        }
        return tags;
    }

    /** Each distinct series the layout writes over the sample, once, in no particular order: its measurement and tags. */
    void forEachSeries(Layout layout, java.util.function.BiConsumer<String, Map<String, String>> each) {
        forEachSeries(layout, (measurement, tags, firstNs, lastNs) -> each.accept(measurement, tags));
    }

    /** A series the layout writes, with the first and last timestamps (ns) of its points in the sample. */
    interface SeriesSpan {
        void accept(String measurement, Map<String, String> tags, long firstNs, long lastNs);
    }

    /** Each distinct series the layout writes over the sample, once, in no particular order, with when it is written. */
    void forEachSeries(Layout layout, SeriesSpan each) {
        Measurements m = measurements(layout.measurement());
        long[] valid = validRows(layout, m);
        Set<String> names = new LinkedHashSet<>(layout.measurement().attributes());
        layout.tags().forEach(t -> names.addAll(t.value().attributes()));
        int[] attrs = names.stream().mapToInt(text::attribute).toArray();
        IntPredicate written = row -> (valid[row >>> 6] & (1L << row)) != 0;
        // one group of rows when nothing varies the series; else a group per combination of the attributes it is made of
        Tuples t = attrs.length == 0 ? null : Tuples.grouped(index, attrs, written::test);
        int groups = t == null ? 1 : t.count;
        long[] first = new long[groups];
        long[] last = new long[groups];
        int[] rowOf = new int[groups];
        Arrays.fill(first, Long.MAX_VALUE);
        Arrays.fill(last, Long.MIN_VALUE);
        for (int row = 0; row < index.rows(); row++) {
            int k = t == null ? (written.test(row) ? 0 : Tuples.SKIPPED) : t.idOfRow[row];
            if (k != Tuples.SKIPPED) {
                long ts = index.sample().timestamp(row);
                rowOf[k] = first[k] == Long.MAX_VALUE ? row : rowOf[k];
                first[k] = Math.min(first[k], ts);
                last[k] = Math.max(last[k], ts);
            }
        }
        // combinations that render one series key (templates) are one series, written from the first to the last of them
        Map<String, long[]> spans = new LinkedHashMap<>();
        for (int k = 0; k < groups; k++) {
            if (first[k] != Long.MAX_VALUE) {
                long[] span = spans.computeIfAbsent(seriesKey(layout, m, rowOf[k]), x -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE, 0});
                span[2] = span[0] == Long.MAX_VALUE ? rowOf[k] : span[2];
                span[0] = Math.min(span[0], first[k]);
                span[1] = Math.max(span[1], last[k]);
            }
        }
        spans.values().forEach(span -> {
            int row = (int) span[2];
            each.accept(m.names[Math.max(0, measurementOf(m, row))], tagSet(layout, row), span[0], span[1]);
        });
    }

    /**
     * Distinct (series, field key) pairs in the shard groups inside the retention: what InfluxDB Cloud (TSM)'s
     * {@code influxdb.cardinality()} reports, whose series key holds the field key ({@link FieldKeySeries}). 2.x OSS
     * counts {@link LayoutMeasure#liveSeries()}: its series IDs are measurement and tag set.
     */
    public long seriesPerFieldKey(Layout layout) {
        return FieldKeySeries.variants(layout).stream().mapToLong(v -> measure(v).liveSeries()).sum();
    }

    /** Measurement name per row (as a dense measurement id, -1 when it renders empty). */
    record Measurements(int[] idOfRow, String[] names, long distinctNames) {
    }

    private Measurements measurements(Template measurement) {
        if (measurement.isLiteral()) {
            String name = measurement.literalText();
            return new Measurements(null, new String[]{name}, name.isEmpty() ? 0 : 1);
        }
        Tuples t = Tuples.grouped(index, text.attributes(measurement), null);
        Map<String, Integer> ids = new LinkedHashMap<>();
        int[] idOfTuple = new int[t.count];
        for (int k = 0; k < t.count; k++) {
            String name = text.render(measurement, t.firstRow[k]);
            idOfTuple[k] = name.isEmpty() ? -1 : ids.computeIfAbsent(name, x -> ids.size());
        }
        int[] idOfRow = new int[index.rows()];
        for (int r = 0; r < idOfRow.length; r++) {
            idOfRow[r] = idOfTuple[t.idOfRow[r]];
        }
        return new Measurements(idOfRow, ids.keySet().toArray(new String[0]), ids.size());
    }

    static int measurementOf(Measurements m, int row) {
        return m.idOfRow == null ? (m.distinctNames == 0 ? -1 : 0) : m.idOfRow[row];
    }

    /** Rows that make a point, by the rules {@link PointRules} shares with the estimated measurer. */
    private long[] validRows(Layout layout, Measurements m) {
        IntPredicate named = m.idOfRow == null ? (m.distinctNames > 0 ? null : row -> false) : row -> m.idOfRow[row] >= 0;
        return new PointRules(index, text, layout).writtenRows(named);
    }

    /**
     * A series key per row in time order (-1 where no point is written). Plain tags: the packed ids of the tag
     * attributes. Templates: combinations rendered to series keys once each, and numbered, since two combinations
     * may render the same series.
     */
    /**
     * Keys per row (packed tag ids, or for templates a series id with a row of each series in {@code rowOfSeries}),
     * or a collapse with the mask that selects the layout's tags from its keys.
     */
    private record SeriesKeys(long[] keys, int[] attrs, int[] widths, Collapse collapse, long mask, int[] rowOfSeries) {
    }

    private SeriesKeys seriesKeys(Layout layout, Measurements m, Tuples.RowFilter written, ShardGroups shards,
                                  boolean mayCollapse) {
        Set<String> names = new LinkedHashSet<>(layout.measurement().attributes());
        boolean plain = layout.measurement().isLiteral();
        for (TagSpec t : layout.tags()) {
            names.addAll(t.value().attributes());
            plain &= t.value().singleRef().isPresent();
        }
        int[] attrs = names.stream().mapToInt(text::attribute).toArray();
        if (mayCollapse && plain && written == null && attrs.length > 0) {
            Collapse collapse = collapse(attrs, shards);
            if (collapse != null) {
                return new SeriesKeys(null, collapse.attrs, collapse.widths, collapse, collapse.mask(attrs), null);
            }
        }
        if (plain) {
            Tuples.Keys keys = Tuples.keys(index, attrs, written, index.timeOrder());
            if (keys.widths() != null) {
                return new SeriesKeys(keys.keys(), attrs, keys.widths(), null, -1L, null);
            }
            // tags too many or too distinct to pack in 63 bits: each distinct combination is a series, numbered, with
            // a row of it for its key's size
            Tuples t = Tuples.numbered(keys, index.rows(), index.timeOrder());
            long[] numbered = new long[index.rows()];
            for (int i = 0; i < numbered.length; i++) {
                int k = t.idOfRow[index.rowAt(i)];
                numbered[i] = k == Tuples.SKIPPED ? -1 : k;
            }
            return new SeriesKeys(numbered, attrs, null, null, -1L, t.firstRow);
        }
        Tuples t = Tuples.grouped(index, attrs, written);
        Map<String, Integer> ids = new HashMap<>();
        int[] seriesOfTuple = new int[t.count];
        int[] rowOfSeries = new int[t.count];
        for (int k = 0; k < t.count; k++) {
            int before = ids.size();
            seriesOfTuple[k] = ids.computeIfAbsent(seriesKey(layout, m, t.firstRow[k]), x -> ids.size());
            if (ids.size() > before) {
                rowOfSeries[seriesOfTuple[k]] = t.firstRow[k]; // any row of a series renders its key
            }
        }
        long[] keys = new long[index.rows()];
        for (int i = 0; i < keys.length; i++) {
            int k = t.idOfRow[index.rowAt(i)];
            keys[i] = k == Tuples.SKIPPED ? -1 : seriesOfTuple[k];
        }
        return new SeriesKeys(keys, attrs, null, null, -1L, rowOfSeries);
    }

    /** Collapses kept for the next toggles: the most recent first. */
    private final java.util.LinkedList<Collapse> collapses = new java.util.LinkedList<>();
    private static final int COLLAPSES_KEPT = 2;

    /**
     * Collapses the rows by the tags of {@code layout} (its plain tag attributes), unless a kept collapse already
     * covers them, so the next toggles among those tags count entries instead of rows. Costs about two counts over
     * the rows: the workbench calls it in the background after a projection, while the user looks at the numbers.
     */
    public void prepare(Layout layout) {
        if (!collapsing || !layout.measurement().isLiteral() || !layout.tags().stream().allMatch(t -> t.value().singleRef().isPresent())) {
            return;
        }
        int[] attrs = layout.tags().stream().map(t -> t.value().singleRef().get()).distinct().mapToInt(text::attribute).toArray();
        ShardGroups shards = new ShardGroups(layout.retention().effectiveShardGroupDuration());
        if (attrs.length == 0 || collapse(attrs, shards) != null) {
            return;
        }
        Collapse built = Collapse.build(index, attrs, groupStarts(shards), shards.durationNanos());
        if (built != null) {
            synchronized (this) {
                collapses.addFirst(built);
                while (collapses.size() > COLLAPSES_KEPT) {
                    collapses.removeLast();
                }
            }
        }
    }

    /** The smallest kept collapse covering {@code attrs} with the same shard groups, or null (count the rows). */
    private synchronized Collapse collapse(int[] attrs, ShardGroups shards) {
        Collapse best = null;
        for (Collapse c : collapses) {
            if (c.shardGroupNanos == shards.durationNanos() && c.covers(attrs) && (best == null || c.size() < best.size())) {
                best = c;
            }
        }
        if (best != null) {
            collapses.remove(best);
            collapses.addFirst(best);
        }
        return best;
    }

    private String seriesKey(Layout layout, Measurements m, int row) {
        TreeMap<String, String> tags = tagSet(layout, row);
        StringBuilder sb = new StringBuilder(m.names[Math.max(0, measurementOf(m, row))]);
        tags.forEach((k, v) -> sb.append('\u0000').append(k).append('\u0001').append(v));
        return sb.toString();
    }

    static final class SeriesPass {
        long points;
        long distinct;
        long shardGroupSeries;
        long liveSeries;
        long liveShardGroups;
        GrowthCurve curve;
        long keyBytes;
        long tagPairs;
        long tagBytes;
    }

    /**
     * Points, distinct series, growth checkpoints, series per live shard group, and the series index's sizes (each
     * series' key, taken at its first point).
     */
    private SeriesPass replay(Layout layout, Measurements m, SeriesKeys series, long writtenRows, ShardGroups shards,
                              long retentionNanos) {
        long[] keys = series.keys();
        long[] at = GrowthCurve.positions(writtenRows, CHECKPOINTS);
        int[] groupStart = groupStarts(shards);
        SeriesKeyBytes keyBytes = new SeriesKeyBytes(index, text, layout, m.idOfRow, m.names, m.distinctNames > 0);
        SeriesCounter.Counts c;
        if (series.widths() != null) {
            // plain tags packed whole: a series' tag values are in its key, no need to look its row up; each walker
            // over the partitions tallies its own series
            List<SeriesKeyBytes.Unpacked> walkers = new ArrayList<>();
            Supplier<SeriesCounter.FirstPoints> each = () -> {
                SeriesKeyBytes.Unpacked u = keyBytes.unpacked(series.attrs(), series.widths(),
                    series.collapse() == null ? null : series.collapse().entryLengths);
                walkers.add(u);
                return u::add;
            };
            c = series.collapse() != null
                ? SeriesCounter.countEntries(series.collapse(), series.mask(), writtenRows, each)
                : SeriesCounter.count(keys, groupStart, at, each);
            walkers.forEach(keyBytes::absorb);
        } else {
            c = SeriesCounter.count(keys, groupStart, at, () -> (key, entry) -> { });
            // a row of each series, read in file order: looked up in the order the series appeared, each lookup
            // missed the cache in every tag's column (a fifth of a 10M-row projection with five id tags)
            int[] rowOfSeries = series.rowOfSeries();
            BitSet rows = new BitSet(index.rows());
            for (int s = 0; s < c.distinct(); s++) {
                rows.set(rowOfSeries[s]);
            }
            for (int r = rows.nextSetBit(0); r >= 0; r = rows.nextSetBit(r + 1)) {
                keyBytes.add(r);
            }
        }
        SeriesPass p = new SeriesPass();
        p.points = c.points();
        p.distinct = c.distinct();
        int[] cpAt = c.checkpointPositions();
        long[] cpPoints = new long[at.length];
        double[] cpSeconds = new double[at.length];
        long firstTs = p.points == 0 ? 0 : index.timestampAt(series.collapse() != null ? 0 : firstWritten(keys));
        for (int k = 0; k < at.length; k++) {
            cpPoints[k] = at[k];
            cpSeconds[k] = (index.timestampAt(cpAt[k]) - firstTs) / 1e9;
        }
        p.curve = new GrowthCurve(cpPoints, cpSeconds, c.distinctAtCheckpoint());
        if (p.points > 0) {
            long lastTs = index.timestampAt(cpAt[cpAt.length - 1]);
            long horizonStart = retentionNanos == 0 ? Long.MIN_VALUE : lastTs - retentionNanos;
            long[] perGroup = c.perGroup();
            for (int g = 0; g < groupStart.length; g++) {
                long shard = shards.index(index.timestampAt(groupStart[g]));
                // groups are in time order, so the live ones (inside retention) are the last ones
                if (shards.end(shard) >= horizonStart) {
                    p.liveSeries += c.lastGroup()[g];
                    if (perGroup[g] > 0) {
                        p.shardGroupSeries += perGroup[g];
                        p.liveShardGroups++;
                    }
                }
            }
        }
        p.keyBytes = keyBytes.keyBytes;
        p.tagPairs = keyBytes.tagPairs;
        p.tagBytes = keyBytes.tagBytes;
        return p;
    }

    private static int firstWritten(long[] keys) {
        int i = 0;
        while (keys[i] < 0) {
            i++;
        }
        return i;
    }

    /** The first time position of each shard group the sample touches, per shard group duration. */
    private int[] groupStarts(ShardGroups shards) {
        return groupStarts.computeIfAbsent(shards.durationNanos(), d -> {
            int n = index.rows();
            int[] starts = new int[8];
            int count = 0;
            long end = Long.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                long ts = index.timestampAt(i);
                if (ts >= end) {
                    if (count == starts.length) {
                        starts = Arrays.copyOf(starts, count * 2);
                    }
                    starts[count++] = i;
                    end = shards.end(shards.index(ts));
                }
            }
            return Arrays.copyOf(starts, Math.max(1, count));
        });
    }
}
