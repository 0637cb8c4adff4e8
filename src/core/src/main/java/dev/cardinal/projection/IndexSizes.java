package dev.cardinal.projection;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.IdColumn;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What InfluxDB 1.x's index holds beside the series, measured over a layout's written rows: distinct tag values per
 * key, field keys per measurement, and from them and the series replay the {@link IndexFootprint} that
 * {@link MemoryModel} prices.
 */
final class IndexSizes {
    private final SampleIndex index;
    private final TemplateText text;

    IndexSizes(SampleIndex index, TemplateText text) {
        this.index = index;
        this.text = text;
    }

    /**
     * The index's sizes: the series' from the replay; measurement names and field keys from the field keys per
     * measurement (every point carries a field, so these are the measurements holding a series); tag keys and values
     * per measurement, which with one literal name are the layout's own.
     */
    IndexFootprint footprint(Layout layout, LayoutMeasurer.Measurements m, Tuples.RowFilter written, LayoutMeasurer.SeriesPass pass,
                                     Map<String, Set<String>> fieldKeys, Map<String, long[]> valuesOfKey) {
        long[] sizes = sizes(fieldKeys);
        long nameBytes = sizes[0];
        long fieldCount = sizes[1];
        long fieldBytes = sizes[2];
        long tagKeys = 0;
        long tagKeyBytes = 0;
        long tagValues = 0;
        long tagValueBytes = 0;
        if (m.idOfRow() == null) {
            for (Map.Entry<String, long[]> e : valuesOfKey.entrySet()) {
                if (e.getValue()[0] > 0) {
                    tagKeys++;
                    tagKeyBytes += SeriesKeyBytes.utf8Length(e.getKey());
                    tagValues += e.getValue()[0];
                    tagValueBytes += e.getValue()[1];
                }
            }
        } else {
            // a name per row: values counted per (measurement, key), each rendered once per distinct combination
            Map<String, Set<String>> perKey = new TreeMap<>();
            for (TagSpec t : layout.tags()) {
                Set<String> names = new LinkedHashSet<>(layout.measurement().attributes());
                names.addAll(t.value().attributes());
                Tuples tuples = Tuples.grouped(index, names.stream().mapToInt(text::attribute).toArray(), written);
                Set<String> pairs = perKey.computeIfAbsent(t.key(), x -> new HashSet<>());
                for (int k = 0; k < tuples.count; k++) {
                    int row = tuples.firstRow[k];
                    int mid = LayoutMeasurer.measurementOf(m, row);
                    String v = text.render(t.value(), row);
                    if (mid >= 0 && !v.isEmpty()) {
                        pairs.add(m.names()[mid] + '\u0000' + v);
                    }
                }
            }
            for (Map.Entry<String, Set<String>> e : perKey.entrySet()) {
                Set<String> measurementsWithKey = new HashSet<>();
                for (String pair : e.getValue()) {
                    int cut = pair.indexOf('\u0000');
                    measurementsWithKey.add(pair.substring(0, cut));
                    tagValues++;
                    tagValueBytes += SeriesKeyBytes.utf8Length(pair.substring(cut + 1));
                }
                tagKeys += measurementsWithKey.size();
                tagKeyBytes += measurementsWithKey.size() * SeriesKeyBytes.utf8Length(e.getKey());
            }
        }
        long fieldSet = MemoryModel.fieldSet(fieldKeys.size(), nameBytes, fieldCount, fieldBytes);
        long[] lastShard = pass.liveShardGroups <= 1 ? new long[]{fieldSet, fieldSet} : lastShardFieldSet(layout, m, written);
        return new IndexFootprint(pass.distinct, pass.keyBytes, pass.tagPairs, pass.tagBytes, tagValues, tagValueBytes,
            fieldKeys.size(), nameBytes, tagKeys, tagKeyBytes, fieldCount, fieldBytes, lastShard[0], lastShard[1]);
    }

    /** Field keys per measurement as sizes: the names' bytes, the field keys and their bytes. */
    private static long[] sizes(Map<String, Set<String>> fieldKeys) {
        long[] sizes = new long[3];
        for (Map.Entry<String, Set<String>> e : fieldKeys.entrySet()) {
            sizes[0] += SeriesKeyBytes.utf8Length(e.getKey());
            sizes[1] += e.getValue().size();
            for (String k : e.getValue()) {
                sizes[2] += SeriesKeyBytes.utf8Length(k);
            }
        }
        return sizes;
    }

    /** Lines per write request, as {@code apply --write-sample} sends them. */
    static final int WRITE_BATCH = 5_000;

    /**
     * The field set of the shard the server opens last when the points are written in file order in batches of
     * {@link #WRITE_BATCH}, smallest and largest: the shard groups first written in the last batch that wrote a new
     * one (a batch's shards are written concurrently, so any of them may open last). Each holds the field keys of
     * its own points only ({@code Engine.Open} gives the index the shard's field set).
     */
    private long[] lastShardFieldSet(Layout layout, LayoutMeasurer.Measurements m, Tuples.RowFilter written) {
        ShardGroups shards = new ShardGroups(layout.retention().effectiveShardGroupDuration());
        var sample = index.sample();
        // each candidate group with its first written row: no row before it is in the group, so a search of the
        // group's rows starts there (the last groups' rows are at the end of a sample in time order)
        Map<Long, Integer> candidates = new HashMap<>();
        Set<Long> seen = new HashSet<>();
        long line = 0;
        long lastNewBatch = -1;
        long lastGroup = 0;
        boolean any = false;
        for (int r = 0; r < index.rows(); r++) {
            if (written != null && !written.test(r)) {
                continue;
            }
            long g = shards.index(sample.timestamp(r));
            long batch = line++ / WRITE_BATCH;
            // rows come mostly in time order: a row in the group of the row before is in a group seen already
            boolean again = any && g == lastGroup;
            any = true;
            lastGroup = g;
            if (!again && seen.add(g)) {
                if (batch != lastNewBatch) {
                    candidates.clear();
                    lastNewBatch = batch;
                }
                candidates.put(g, r);
            }
        }
        long low = Long.MAX_VALUE;
        long high = 0;
        for (Map.Entry<Long, Integer> c : candidates.entrySet()) {
            long g = c.getKey();
            Tuples.RowFilter inGroup = row -> (written == null || written.test(row)) && shards.index(sample.timestamp(row)) == g;
            Map<String, Set<String>> keys = fieldKeys(layout, m, inGroup, c.getValue());
            long[] sizes = sizes(keys);
            long bytes = MemoryModel.fieldSet(keys.size(), sizes[0], sizes[1], sizes[2]);
            low = Math.min(low, bytes);
            high = Math.max(high, bytes);
        }
        return candidates.isEmpty() ? new long[]{0, 0} : new long[]{low, high};
    }

    /** Distinct values of a tag over the written rows, and their total length in bytes. */
    long[] distinctTagValues(TagSpec t, Tuples.RowFilter written, boolean allWritten) {
        if (t.value().singleRef().isPresent()) {
            int a = text.attribute(t.value().singleRef().get());
            IdColumn ids = index.ids(a);
            int[] lengths = index.lengths(a);
            if (allWritten) {
                // every row is a point: the sample's own dictionary is the answer
                long bytes = 0;
                for (int len : lengths) {
                    bytes += len;
                }
                return new long[]{index.distinct(a), bytes};
            }
            long[] seen = new long[(index.distinct(a) + 64) >>> 6];
            long count = 0;
            long bytes = 0;
            for (int r = 0; r < index.rows(); r++) {
                int id = ids.get(r);
                if (id != 0 && (seen[id >>> 6] & (1L << id)) == 0 && (written == null || written.test(r))) {
                    seen[id >>> 6] |= 1L << id;
                    count++;
                    bytes += lengths[id];
                }
            }
            return new long[]{count, bytes};
        }
        Tuples tuples = Tuples.grouped(index, text.attributes(t.value()), written);
        Set<String> values = new HashSet<>();
        long bytes = 0;
        for (int k = 0; k < tuples.count; k++) {
            String v = text.render(t.value(), tuples.firstRow[k]);
            if (!v.isEmpty() && values.add(v)) {
                bytes += SeriesKeyBytes.utf8Length(v);
            }
        }
        return new long[]{values.size(), bytes};
    }

    private boolean anyWrittenWith(int a, Tuples.RowFilter written, int fromRow) {
        dev.cardinal.traffic.Column c = index.sample().column(a);
        for (int r = fromRow; r < index.rows(); r++) {
            if (c.present(r) && (written == null || written.test(r))) {
                return true;
            }
        }
        return false;
    }

    /** Field keys per measurement name, as the server would list them. */
    Map<String, Set<String>> fieldKeys(Layout layout, LayoutMeasurer.Measurements m, Tuples.RowFilter written) {
        return fieldKeys(layout, m, written, 0);
    }

    /** The same, where no row before {@code fromRow} is written. */
    private Map<String, Set<String>> fieldKeys(Layout layout, LayoutMeasurer.Measurements m, Tuples.RowFilter written,
                                               int fromRow) {
        Map<String, Set<String>> byMeasurement = new HashMap<>();
        Set<String> mAttrs = layout.measurement().attributes();
        for (FieldSpec f : layout.fields()) {
            int a = text.attribute(f.attribute());
            if (mAttrs.isEmpty() && f.key().isLiteral()) {
                if (PointRules.usableKey(f.key().literalText()) && m.distinctNames() > 0 && anyWrittenWith(a, written, fromRow)) {
                    byMeasurement.computeIfAbsent(m.names()[0], x -> new HashSet<>()).add(f.key().literalText());
                }
                continue;
            }
            Set<String> names = new LinkedHashSet<>(mAttrs);
            names.addAll(f.key().attributes());
            int[] attrs = names.stream().mapToInt(text::attribute).toArray();
            dev.cardinal.traffic.Column c = index.sample().column(a);
            Tuples tuples = Tuples.grouped(index, attrs, row -> c.present(row) && (written == null || written.test(row)));
            for (int k = 0; k < tuples.count; k++) {
                int row = tuples.firstRow[k];
                String key = text.render(f.key(), row);
                int mid = LayoutMeasurer.measurementOf(m, row);
                if (PointRules.usableKey(key) && mid >= 0) {
                    byMeasurement.computeIfAbsent(m.names()[mid], x -> new HashSet<>()).add(key);
                }
            }
        }
        return byMeasurement;
    }
}
