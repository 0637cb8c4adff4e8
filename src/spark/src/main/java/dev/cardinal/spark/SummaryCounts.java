package dev.cardinal.spark;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.TrafficSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.LongAccumulator;

/**
 * Counts a traffic summary exactly, in two reads of the traffic and one aggregation. The first read puts the rows'
 * compact keys in time order ({@link TimeOrder}) to find the checkpoints, per event kind over its rows and per covered
 * layout over its points, ties in time broken by file, partition and line as Cardinal's own reader breaks them. The
 * second read gives every row's keys (its attributes' values, its tags' combinations and values, its series under each
 * covered layout) with the checkpoint interval they are seen in, and one {@code reduceByKey} keeps, per distinct key,
 * the earliest interval and the days, shard groups and layouts it occurs in. The distinct keys are then counted where
 * they are; only counts and sketches reach the driver.
 */
final class SummaryCounts {
    /** HLL precision of the sketches: Spark's default, about 1.6% standard error. */
    static final int LG_K = 12;
    /** Each sketch covers one day of traffic, so summaries of different days merge. */
    static final long BUCKET_SECONDS = 86_400;
    private final JavaSparkContext sc;
    private final Map<String, List<Layout>> coverage;

    SummaryCounts(JavaSparkContext sc, Map<String, List<Layout>> coverage) {
        this.sc = sc;
        this.coverage = coverage;
    }

    TrafficSummary summarize(Inputs.Chunks in, byte[] workspace, LongAccumulator badLines, String source, int partitions) {
        List<TrafficRows> readers = in.readers();
        JavaRDD<RawChunk> chunks = in.chunks();
        Map<String, Integer> layoutCounts = new HashMap<>();
        coverage.forEach((k, l) -> layoutCounts.put(k, l.size()));
        List<Pos> metas = new ArrayList<>();
        Checkpoints cp = TimeOrder.of(chunks.mapPartitions(it -> new RowPasses(readers, workspace).positions(it, badLines)),
            layoutCounts, partitions, metas);
        if (cp.kinds.isEmpty()) {
            return new TrafficSummary(source, List.of());
        }
        Broadcast<Checkpoints> at = sc.broadcast(cp);
        Partial counts = chunks.mapPartitions(it -> new RowPasses(readers, workspace).entries(it, at.value()))
            .mapToPair(e -> e)
            // merged within a window of rows already: most keys left are distinct, so the shuffle writes them as they
            // come rather than through another map
            .combineByKey(a -> a, Agg::merge, Agg::merge, new HashPartitioner(partitions), false, null)
            .mapPartitions(it -> List.of(Partial.of(it, at.value(), LG_K)).iterator())
            .reduce((a, b) -> a.merge(b, LG_K));
        at.destroy();
        Map<String, List<TrafficSummary.Attribute>> attributes = attributes(metas, counts, cp);
        List<TrafficSummary.Kind> kinds = new ArrayList<>();
        new TreeMap<>(cp.kinds).forEach((k, rows) -> {
            List<TrafficSummary.CoveredLayout> layouts = new ArrayList<>();
            List<Layout> cov = coverage.getOrDefault(k, List.of());
            for (int j = 0; j < cov.size(); j++) {
                layouts.add(covered(k, j, cov.get(j), counts, cp));
            }
            kinds.add(new TrafficSummary.Kind(k, rows.count, rows.first, rows.last, rows.positions, rows.seconds(),
                attributes.get(k), layouts, LG_K, BUCKET_SECONDS));
        });
        return new TrafficSummary(source, kinds);
    }

    /** Each kind's attributes in the order they first appear in the input, with their type. */
    private static Map<String, List<TrafficSummary.Attribute>> attributes(List<Pos> metas, Partial counts, Checkpoints cp) {
        metas.sort(Comparator.<Pos>comparingLong(p -> p.filePartition).thenComparingLong(p -> p.seq));
        Map<String, Map<String, String[]>> seen = new LinkedHashMap<>();
        for (Pos p : metas) {
            Map<String, String[]> kind = seen.computeIfAbsent(p.kind, k -> new LinkedHashMap<>());
            for (int a = 0; a < p.meta.length; a += 3) {
                String[] parts = Arrays.copyOfRange(p.meta, a, a + 3);
                String[] before = kind.putIfAbsent(parts[0], parts);
                if (before != null && !before[1].equals(parts[1])) {
                    throw new IllegalArgumentException("event kind '" + p.kind + "', attribute '" + parts[0]
                        + "' arrives as " + before[1] + " in one part of the input and as " + parts[1] + " in another; "
                        + "a summary needs one type per attribute (fix the writer, or summarize the parts apart)");
                }
            }
        }
        Map<String, List<TrafficSummary.Attribute>> out = new HashMap<>();
        seen.forEach((kind, attrs) -> {
            List<TrafficSummary.Attribute> list = new ArrayList<>();
            attrs.forEach((name, parts) -> {
                String slot = Keys.of(Keys.VALUE, kind, name, "");
                long[] firstSeen = counts.firstSeen.getOrDefault(slot, new long[cp.kinds.get(kind).positions.length]);
                list.add(new TrafficSummary.Attribute(name, parts[1], Boolean.parseBoolean(parts[2]),
                    Arrays.stream(firstSeen).sum(), firstSeen, sketches(counts, slot)));
            });
            out.put(kind, list);
        });
        return out;
    }

    /** Covered layout {@code j} of {@code kind}: its points, series (over all, per shard group, as they grow) and tag values. */
    private static TrafficSummary.CoveredLayout covered(String kind, int j, Layout l, Partial counts, Checkpoints cp) {
        Checkpoints.Group points = cp.layouts.get(kind)[j];
        String slot = Keys.of(Keys.SERIES, kind, Integer.toString(j), "");
        long[] firstSeen = points == null ? new long[0] : counts.firstSeen.getOrDefault(slot, new long[points.positions.length]);
        int kindCheckpoints = cp.kinds.get(kind).positions.length;
        Map<String, Long> tags = new TreeMap<>();
        Map<String, long[]> tagGrowth = new TreeMap<>();
        for (TagSpec spec : l.tags()) {
            String pattern = spec.value().pattern();
            long[] values = counts.tagValues.get(Keys.of(Keys.TAG_VALUE, kind, pattern, ""));
            tags.merge(spec.key(), values == null ? 0L : values[j], Math::max);
            java.util.Set<String> attrs = spec.value().attributes();
            String combinations = attrs.size() == 1 ? Keys.of(Keys.VALUE, kind, attrs.iterator().next(), "")
                : Keys.of(Keys.COMBINATION, kind, pattern, "");
            tagGrowth.put(spec.key(), counts.firstSeen.getOrDefault(combinations, new long[kindCheckpoints]));
        }
        List<TrafficSummary.ShardGroup> shardGroups = new ArrayList<>();
        counts.shardGroups.getOrDefault(slot, new TreeMap<>())
            .forEach((g, n) -> shardGroups.add(new TrafficSummary.ShardGroup(g, n[0], n[1])));
        return new TrafficSummary.CoveredLayout(TrafficSummary.signature(l), l.id(), points == null ? 0 : points.count,
            Arrays.stream(firstSeen).sum(), points == null ? 0 : points.last,
            points == null ? new long[0] : points.positions, points == null ? new double[0] : points.seconds(), firstSeen,
            tags, tagGrowth, l.retention().effectiveShardGroupDuration().getSeconds(), shardGroups, sketches(counts, slot));
    }

    private static List<TrafficSummary.Sketch> sketches(Partial counts, String slot) {
        List<TrafficSummary.Sketch> out = new ArrayList<>();
        counts.sketches.getOrDefault(slot, new TreeMap<>()).forEach((day, b) -> out.add(new TrafficSummary.Sketch(day, b)));
        return out;
    }
}
