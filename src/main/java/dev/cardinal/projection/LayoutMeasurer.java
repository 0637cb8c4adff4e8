package dev.cardinal.projection;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * Measures a layout over a sample exactly. Rows are first numbered by the combination of values that decides
 * their series ({@link Tuples}); only when templates are involved are those combinations rendered as text and
 * merged where two render alike, so a plain tag layout never builds a string per row or per series.
 */
public final class LayoutMeasurer {
    static final int CHECKPOINTS = 100;

    private final SampleIndex index;
    private final TemplateText text;

    public LayoutMeasurer(SampleIndex index) {
        this.index = index;
        this.text = new TemplateText(index);
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

        Assignment series = seriesOfRows(layout, m, written);
        ShardGroups shards = new ShardGroups(layout.retention().effectiveShardGroupDuration());
        SeriesPass pass = replay(series.seriesOfRow, shards, layout.retention().duration().toNanos());

        Map<String, Long> tags = new TreeMap<>();
        long tagValueBytes = 0;
        for (TagSpec t : layout.tags()) {
            long[] values = distinctTagValues(t, written, allWritten);
            tags.merge(t.key(), values[0], Math::max);
            tagValueBytes += values[1];
        }
        IndexFootprint footprint = footprint(layout, m, series.seriesOfRow, series.count, tags, tagValueBytes);
        Map<String, Set<String>> fieldKeys = fieldKeys(layout, m, written);
        long fieldKeyCount = fieldKeys.values().stream().mapToLong(Set::size).sum();
        Set<String> names = new HashSet<>();
        fieldKeys.values().forEach(names::addAll);
        long widest = 0;
        for (Set<String> keys : fieldKeys.values()) {
            widest = Math.max(widest, 1 + layout.tags().size() + keys.size());
        }
        return new LayoutMeasure(pass.points, index.rows() - pass.points, m.distinctNames, pass.distinct,
            pass.reported, pass.liveShardGroups, tags, fieldKeyCount, names.size(), widest, pass.curve, footprint);
    }

    /** Measurement name per row (as a dense measurement id, -1 when it renders empty). */
    private record Measurements(int[] idOfRow, String[] names, long distinctNames) {
    }

    private Measurements measurements(Template measurement) {
        if (measurement.isLiteral()) {
            String name = measurement.literalText();
            return new Measurements(null, new String[]{name}, name.isEmpty() ? 0 : 1);
        }
        Tuples t = Tuples.of(index, text.attributes(measurement), null, true);
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

    private static int measurementOf(Measurements m, int row) {
        return m.idOfRow == null ? (m.distinctNames == 0 ? -1 : 0) : m.idOfRow[row];
    }

    /** Rows that make a point, by the rules {@link PointRules} shares with the estimated measurer. */
    private long[] validRows(Layout layout, Measurements m) {
        IntPredicate named = m.idOfRow == null ? (m.distinctNames > 0 ? null : row -> false) : row -> m.idOfRow[row] >= 0;
        return new PointRules(index, text, layout).writtenRows(named);
    }

    /** Series id per row (SKIPPED for rows not written), numbered by first appearance in time, and how many. */
    private record Assignment(int[] seriesOfRow, int count) {
    }

    private Assignment seriesOfRows(Layout layout, Measurements m, Tuples.RowFilter written) {
        Set<String> names = new LinkedHashSet<>(layout.measurement().attributes());
        boolean plain = layout.measurement().isLiteral();
        for (TagSpec t : layout.tags()) {
            names.addAll(t.value().attributes());
            plain &= t.value().singleRef().isPresent();
        }
        int[] attrs = names.stream().mapToInt(text::attribute).toArray();
        Tuples t = Tuples.of(index, attrs, written, true);
        if (plain) {
            return new Assignment(t.idOfRow, t.count);
        }
        // templates: two combinations may render the same series key; merge them, keeping first-appearance order
        Map<String, Integer> ids = new HashMap<>();
        int[] seriesOfTuple = new int[t.count];
        for (int k = 0; k < t.count; k++) {
            seriesOfTuple[k] = ids.computeIfAbsent(seriesKey(layout, m, t.firstRow[k]), x -> ids.size());
        }
        int[] out = new int[index.rows()];
        for (int r = 0; r < out.length; r++) {
            int k = t.idOfRow[r];
            out[r] = k == Tuples.SKIPPED ? Tuples.SKIPPED : seriesOfTuple[k];
        }
        return new Assignment(out, ids.size());
    }

    private String seriesKey(Layout layout, Measurements m, int row) {
        TreeMap<String, String> tags = new TreeMap<>();
        for (TagSpec t : layout.tags()) {
            String v = text.render(t.value(), row);
            if (!v.isEmpty()) {
                tags.put(t.key(), v);
            }
        }
        StringBuilder sb = new StringBuilder(m.names[Math.max(0, measurementOf(m, row))]);
        tags.forEach((k, v) -> sb.append('\u0000').append(k).append('\u0001').append(v));
        return sb.toString();
    }

    private static final class SeriesPass {
        long points;
        long distinct;
        long reported;
        long liveShardGroups;
        GrowthCurve curve;
    }

    /** Replays rows in time order: points, distinct series, growth checkpoints, and series per live shard group. */
    private SeriesPass replay(int[] seriesOfRow, ShardGroups shards, long retentionNanos) {
        int n = index.rows();
        long written = 0;
        for (int r = 0; r < n; r++) {
            if (seriesOfRow[r] != Tuples.SKIPPED) {
                written++;
            }
        }
        long[] at = GrowthCurve.positions(written, CHECKPOINTS);
        long[] cpPoints = new long[at.length];
        double[] cpSeconds = new double[at.length];
        long[] cpDistinct = new long[at.length];
        int cp = 0;
        int maxId = -1;
        for (int v : seriesOfRow) {
            maxId = Math.max(maxId, v);
        }
        long[] lastShard = new long[maxId + 1];
        Arrays.fill(lastShard, Long.MIN_VALUE);
        long firstShard = Long.MIN_VALUE;
        long[] perShard = new long[16];
        SeriesPass p = new SeriesPass();
        long firstTs = 0;
        long lastTs = 0;
        for (int i = 0; i < n; i++) {
            int r = index.rowAt(i);
            int s = seriesOfRow[r];
            if (s == Tuples.SKIPPED) {
                continue;
            }
            long ts = index.sample().timestamp(r);
            if (p.points == 0) {
                firstTs = ts;
            }
            lastTs = ts;
            p.points++;
            long shard = shards.index(ts);
            if (lastShard[s] == Long.MIN_VALUE) {
                p.distinct++;
            }
            if (firstShard == Long.MIN_VALUE) {
                firstShard = shard;
            }
            if (lastShard[s] != shard) {
                lastShard[s] = shard;
                int g = (int) (shard - firstShard);
                if (g >= perShard.length) {
                    perShard = Arrays.copyOf(perShard, Math.max(g + 1, perShard.length * 2));
                }
                perShard[g]++;
            }
            while (cp < at.length && p.points == at[cp]) {
                cpPoints[cp] = p.points;
                cpSeconds[cp] = (ts - firstTs) / 1e9;
                cpDistinct[cp] = p.distinct;
                cp++;
            }
        }
        long horizonStart = retentionNanos == 0 ? Long.MIN_VALUE : lastTs - retentionNanos;
        for (int g = 0; g < perShard.length; g++) {
            if (perShard[g] > 0 && shards.end(firstShard + g) >= horizonStart) {
                p.reported += perShard[g];
                p.liveShardGroups++;
            }
        }
        p.curve = new GrowthCurve(cpPoints, cpSeconds, cpDistinct);
        return p;
    }

    /** Distinct values of a tag over the written rows, and their total length in bytes. */
    private long[] distinctTagValues(TagSpec t, Tuples.RowFilter written, boolean allWritten) {
        if (t.value().singleRef().isPresent()) {
            int a = text.attribute(t.value().singleRef().get());
            int[] ids = index.ids(a);
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
            for (int r = 0; r < ids.length; r++) {
                int id = ids[r];
                if (id != 0 && (seen[id >>> 6] & (1L << id)) == 0 && (written == null || written.test(r))) {
                    seen[id >>> 6] |= 1L << id;
                    count++;
                    bytes += lengths[id];
                }
            }
            return new long[]{count, bytes};
        }
        Tuples tuples = Tuples.of(index, text.attributes(t.value()), written, false);
        Set<String> values = new HashSet<>();
        long bytes = 0;
        for (int k = 0; k < tuples.count; k++) {
            String v = text.render(t.value(), tuples.firstRow[k]);
            if (!v.isEmpty() && values.add(v)) {
                bytes += utf8Length(v);
            }
        }
        return new long[]{values.size(), bytes};
    }

    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }

    /** Sizes that drive the index memory model: series key bytes, tag pairs and their bytes, over all series. */
    private IndexFootprint footprint(Layout layout, Measurements m, int[] seriesOfRow, int seriesCount,
                                     Map<String, Long> tags, long tagValueBytes) {
        long keyBytes = 0;
        long tagPairs = 0;
        long tagBytes = 0;
        int[][] ids = new int[layout.tags().size()][];
        int[][] lengths = new int[layout.tags().size()][];
        for (int i = 0; i < ids.length; i++) {
            TagSpec t = layout.tags().get(i);
            if (t.value().singleRef().isPresent()) {
                int a = text.attribute(t.value().singleRef().get());
                ids[i] = index.ids(a);
                lengths[i] = index.lengths(a);
            }
        }
        long[] nameBytes = new long[m.names.length];
        for (int i = 0; i < nameBytes.length; i++) {
            nameBytes[i] = utf8Length(m.names[i]);
        }
        long[] keyLengths = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            keyLengths[i] = utf8Length(layout.tags().get(i).key());
        }
        // one sequential pass over the rows, taking each series at its first row (random reads per series are slow)
        long[] seen = new long[(seriesCount + 63) >>> 6];
        for (int row = 0; row < seriesOfRow.length; row++) {
            int s = seriesOfRow[row];
            if (s == Tuples.SKIPPED || (seen[s >>> 6] & (1L << s)) != 0) {
                continue;
            }
            seen[s >>> 6] |= 1L << s;
            int series = row; // any row of a series carries its tag values
            keyBytes += nameBytes.length == 0 ? 0 : nameBytes[Math.max(0, measurementOf(m, series))];
            for (int i = 0; i < ids.length; i++) {
                TagSpec t = layout.tags().get(i);
                long v = ids[i] != null ? lengths[i][ids[i][series]] : utf8Length(text.render(t.value(), series));
                if (v > 0) {
                    long k = keyLengths[i];
                    tagPairs++;
                    tagBytes += k + v;
                    keyBytes += 2 + k + v;
                }
            }
        }
        long distinctValues = tags.values().stream().mapToLong(Long::longValue).sum();
        return new IndexFootprint(seriesCount, keyBytes, tagPairs, tagBytes, distinctValues, tagValueBytes);
    }

    private boolean anyWrittenWith(int a, Tuples.RowFilter written) {
        dev.cardinal.traffic.Column c = index.sample().column(a);
        for (int r = 0; r < index.rows(); r++) {
            if (c.present(r) && (written == null || written.test(r))) {
                return true;
            }
        }
        return false;
    }

    /** Field keys per measurement name, as the server would list them. */
    private Map<String, Set<String>> fieldKeys(Layout layout, Measurements m, Tuples.RowFilter written) {
        Map<String, Set<String>> byMeasurement = new HashMap<>();
        Set<String> mAttrs = layout.measurement().attributes();
        for (FieldSpec f : layout.fields()) {
            int a = text.attribute(f.attribute());
            if (mAttrs.isEmpty() && f.key().isLiteral()) {
                if (PointRules.usableKey(f.key().literalText()) && m.distinctNames > 0 && anyWrittenWith(a, written)) {
                    byMeasurement.computeIfAbsent(m.names[0], x -> new HashSet<>()).add(f.key().literalText());
                }
                continue;
            }
            Set<String> names = new LinkedHashSet<>(mAttrs);
            names.addAll(f.key().attributes());
            int[] attrs = names.stream().mapToInt(text::attribute).toArray();
            dev.cardinal.traffic.Column c = index.sample().column(a);
            Tuples tuples = Tuples.of(index, attrs, row -> c.present(row) && (written == null || written.test(row)), false);
            for (int k = 0; k < tuples.count; k++) {
                int row = tuples.firstRow[k];
                String key = text.render(f.key(), row);
                int mid = measurementOf(m, row);
                if (PointRules.usableKey(key) && mid >= 0) {
                    byMeasurement.computeIfAbsent(m.names[mid], x -> new HashSet<>()).add(key);
                }
            }
        }
        return byMeasurement;
    }
}
