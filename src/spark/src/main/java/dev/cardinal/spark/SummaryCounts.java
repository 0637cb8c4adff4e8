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
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * Counts a traffic summary exactly, in two reads of the traffic and one aggregation. The first read puts the rows'
 * compact keys in time order ({@link TimeOrder}) to find the checkpoints, per event kind over its rows and per covered
 * layout over its points, ties in time broken by file, partition and line as Cardinal's own reader breaks them. The
 * second read gives every row's keys (its attributes' values, its tags' combinations and values, its series under each
 * covered layout) as a slot number and a hash, with the checkpoint interval they are seen in, and Spark's hash
 * aggregation keeps, per distinct key, the earliest interval, the last shard group and the layouts it occurs under
 * ({@link DistinctKeys}). The distinct keys are then counted where they are; only counts and sketches reach the driver.
 */
final class SummaryCounts {
    /** HLL precision of the sketches: Spark's default, about 1.6% standard error. */
    static final int LG_K = 12;
    /** Each sketch covers one day of traffic, so summaries of different days merge. */
    static final long BUCKET_SECONDS = 86_400;
    private final SparkSession spark;
    private final JavaSparkContext sc;
    private final Map<String, List<Layout>> coverage;

    SummaryCounts(SparkSession spark, Map<String, List<Layout>> coverage) {
        this.spark = spark;
        this.sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        this.coverage = coverage;
    }

    TrafficSummary summarize(Inputs.Chunks in, byte[] workspace, ReadProblems problems, String source, int partitions,
                             long keyMask) {
        List<TrafficRows> readers = in.readers();
        JavaRDD<RawChunk> chunks = in.chunks();
        Map<String, Integer> layoutCounts = new HashMap<>();
        coverage.forEach((k, l) -> layoutCounts.put(k, l.size()));
        List<Pos> metas = new ArrayList<>();
        Checkpoints cp = TimeOrder.of(chunks.mapPartitions(it -> new RowPasses(readers, workspace).positions(it, problems)),
            layoutCounts, partitions, metas);
        if (cp.kinds.isEmpty()) {
            return new TrafficSummary(source, List.of());
        }
        Map<String, Map<String, String[]>> attributes = attributes(metas);
        Map<String, List<String>> names = new HashMap<>();
        attributes.forEach((kind, as) -> names.put(kind, List.copyOf(as.keySet())));
        Slots slots = new Slots(names, coverage, cp);
        Broadcast<Checkpoints> at = sc.broadcast(cp);
        Broadcast<Slots> numbered = sc.broadcast(slots);
        DistinctKeys.Counted counted = DistinctKeys.count(spark, chunks.mapPartitions(it -> new RowPasses(readers, workspace)
            .facts(it, at.value(), numbered.value(), keyMask)).rdd(), numbered);
        at.destroy();
        numbered.destroy();
        Counts counts = new Counts(slots, counted);
        List<TrafficSummary.Kind> kinds = new ArrayList<>();
        new TreeMap<>(cp.kinds).forEach((k, rows) -> {
            List<TrafficSummary.CoveredLayout> layouts = new ArrayList<>();
            List<Layout> cov = coverage.getOrDefault(k, List.of());
            for (int j = 0; j < cov.size(); j++) {
                layouts.add(covered(k, j, cov.get(j), counts, cp));
            }
            List<TrafficSummary.Attribute> list = new ArrayList<>();
            Slots.Kind ks = slots.kinds.get(k);
            attributes.get(k).forEach((name, parts) -> {
                long[] firstSeen = counts.firstSeen(ks.value.get(name));
                list.add(new TrafficSummary.Attribute(name, parts[1], Boolean.parseBoolean(parts[2]),
                    Arrays.stream(firstSeen).sum(), firstSeen, counts.sketches(ks.valueSketch.get(name))));
            });
            kinds.add(new TrafficSummary.Kind(k, rows.count, rows.first, rows.last, rows.positions, rows.seconds(),
                list, layouts, LG_K, BUCKET_SECONDS));
        });
        return new TrafficSummary(source, kinds);
    }

    /** The counts by slot, with an empty count where a slot has no key. */
    private record Counts(Slots slots, DistinctKeys.Counted counted) {
        long[] firstSeen(int slot) {
            long[] n = counted.counts().firstSeen[slot];
            return n != null ? n : new long[slots.intervals(slot)];
        }

        long tagValues(int slot, int bit) {
            long[] n = counted.counts().tagBits[slot];
            return n == null ? 0 : n[bit];
        }

        List<TrafficSummary.Sketch> sketches(int slot) {
            TreeMap<Long, byte[]> byDay = new TreeMap<>();
            for (DistinctKeys.SketchBytes b : counted.sketches()) {
                if (b.slot == slot) {
                    byDay.put(b.day, b.hll);
                }
            }
            List<TrafficSummary.Sketch> out = new ArrayList<>();
            byDay.forEach((day, b) -> out.add(new TrafficSummary.Sketch(day, b)));
            return out;
        }
    }

    /**
     * Each kind's attributes in the order they first appear in the input, each as name, type and arrived as tag.
     */
    private static Map<String, Map<String, String[]>> attributes(List<Pos> metas) {
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
        return seen;
    }

    /** Covered layout {@code j} of {@code kind}: its points, series (over all, per shard group, as they grow) and tag values. */
    private TrafficSummary.CoveredLayout covered(String kind, int j, Layout l, Counts counts, Checkpoints cp) {
        Checkpoints.Group points = cp.layouts.get(kind)[j];
        Slots.Kind ks = counts.slots().kinds.get(kind);
        long[] firstSeen = points == null ? new long[0] : counts.firstSeen(ks.series[j]);
        int kindCheckpoints = cp.kinds.get(kind).positions.length;
        List<String> patterns = List.copyOf(RowKeys.byPattern(coverage.get(kind)).keySet());
        Map<String, Long> tags = new TreeMap<>();
        Map<String, long[]> tagGrowth = new TreeMap<>();
        for (TagSpec spec : l.tags()) {
            int p = patterns.indexOf(spec.value().pattern());
            tags.merge(spec.key(), counts.tagValues(ks.tagValue[p][j >>> 6], j & 63), Math::max);
            java.util.Set<String> attrs = spec.value().attributes();
            Integer combinations = attrs.size() == 1 ? ks.value.get(attrs.iterator().next()) : Integer.valueOf(ks.combination[p]);
            tagGrowth.put(spec.key(), combinations == null ? new long[kindCheckpoints] : counts.firstSeen(combinations));
        }
        List<TrafficSummary.ShardGroup> shardGroups = new ArrayList<>();
        TreeMap<Long, Long> last = counts.counted().counts().lastIn.getOrDefault(ks.series[j], new TreeMap<>());
        counts.counted().counts().groupsWith.getOrDefault(ks.seriesGroups[j], new TreeMap<>())
            .forEach((g, n) -> shardGroups.add(new TrafficSummary.ShardGroup(g, n, last.getOrDefault(g, 0L))));
        return new TrafficSummary.CoveredLayout(TrafficSummary.signature(l), l.id(), points == null ? 0 : points.count,
            Arrays.stream(firstSeen).sum(), points == null ? 0 : points.last,
            points == null ? new long[0] : points.positions, points == null ? new double[0] : points.seconds(), firstSeen,
            tags, tagGrowth, l.retention().effectiveShardGroupDuration().getSeconds(), shardGroups,
            counts.sketches(ks.seriesSketch[j]));
    }
}
