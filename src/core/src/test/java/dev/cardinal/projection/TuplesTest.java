package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.LpFixture;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Tuple numbering and series counting against plain collections, over random traffic: out-of-order timestamps,
 * absent values, keys too wide for one long, and enough rows for several hash partitions.
 */
class TuplesTest {

    /** Random line protocol: {@code attrs} tags a0.. with up to {@code distinct} values each (some absent). */
    private static SampleIndex sample(long seed, int rows, int attrs, int distinct) throws Exception {
        Random random = new Random(seed);
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < rows; r++) {
            sb.append("m");
            for (int a = 0; a < attrs; a++) {
                if (random.nextInt(10) > 0) {
                    // skewed: low values are common, so tuples repeat
                    int v = (int) Math.floor(Math.pow(random.nextDouble(), 3) * distinct);
                    sb.append(",a").append(a).append("=v").append(v);
                }
            }
            // timestamps mostly rising, sometimes back in time, spread over a few days
            long ts = 1_700_000_000_000_000_000L + (long) r * 20_000_000_000L - random.nextInt(3) * 3_600_000_000_000L;
            sb.append(" f=1i ").append(ts).append('\n');
        }
        return new SampleIndex(LpFixture.read(sb.toString()).eventKinds().get(0));
    }

    private static List<Integer> tuple(SampleIndex index, int[] attrs, int row) {
        List<Integer> key = new ArrayList<>();
        for (int a : attrs) {
            key.add(index.id(a, row));
        }
        return key;
    }

    private static int[] attrs(SampleIndex index, int count) {
        int[] out = new int[count];
        for (int a = 0; a < count; a++) {
            out[a] = index.sample().attributeIndex("a" + a);
        }
        return out;
    }

    @Property(tries = 12)
    void firstAppearanceOrderInTimeAndGroupedAgree(@ForAll long seed, @ForAll @IntRange(min = 1, max = 9) int width,
                                                   @ForAll @IntRange(min = 2, max = 400) int distinct) throws Exception {
        SampleIndex index = sample(seed, 20_000, width, distinct);
        int[] attrs = attrs(index, width);
        Tuples.RowFilter filter = row -> row % 7 != 3;
        Map<List<Integer>, Integer> expected = new HashMap<>();
        for (int i = 0; i < index.rows(); i++) {
            int r = index.rowAt(i);
            if (filter.test(r)) {
                expected.putIfAbsent(tuple(index, attrs, r), expected.size());
            }
        }
        Tuples ordered = Tuples.of(index, attrs, filter, true);
        Tuples grouped = Tuples.grouped(index, attrs, filter);
        assertEquals(expected.size(), ordered.count);
        assertEquals(expected.size(), grouped.count);
        Map<Integer, Integer> groupedToOrdered = new HashMap<>();
        for (int r = 0; r < index.rows(); r++) {
            if (!filter.test(r)) {
                assertEquals(Tuples.SKIPPED, ordered.idOfRow[r]);
                assertEquals(Tuples.SKIPPED, grouped.idOfRow[r]);
                continue;
            }
            int want = expected.get(tuple(index, attrs, r));
            assertEquals(want, ordered.idOfRow[r], "row " + r);
            // grouped ids are a renaming of the same partition of rows
            Integer before = groupedToOrdered.putIfAbsent(grouped.idOfRow[r], want);
            assertEquals(want, before == null ? want : before, "row " + r);
        }
        for (int k = 0; k < ordered.count; k++) {
            assertEquals(k, ordered.idOfRow[ordered.firstRow[k]]);
        }
        for (int k = 0; k < grouped.count; k++) {
            assertEquals(k, grouped.idOfRow[grouped.firstRow[k]]);
        }
    }

    @Property(tries = 12)
    void seriesCounterMatchesAReplayWithCollections(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int width,
                                                    @ForAll @IntRange(min = 2, max = 3000) int distinct,
                                                    @ForAll @IntRange(min = 1, max = 5) int walkers) throws Exception {
        // over 65,536 rows: four partitions, so that several walkers each take some
        SampleIndex index = sample(seed, 70_000, width, distinct);
        int[] attrs = attrs(index, width);
        Tuples.RowFilter filter = row -> row % 5 != 0;
        Tuples.Keys keys = Tuples.keys(index, attrs, filter, index.timeOrder());
        assertTrue(Tuples.bitsFor(distinct) * width <= 63 || keys.widths() == null);
        ShardGroups groups = new ShardGroups(java.time.Duration.ofHours(6));
        // group starts: time positions where the 6h group changes
        List<Integer> starts = new ArrayList<>();
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < index.rows(); i++) {
            long g = groups.index(index.timestampAt(i));
            if (g != previous) {
                starts.add(i);
                previous = g;
            }
        }
        int[] groupStart = starts.stream().mapToInt(Integer::intValue).toArray();
        long written = 0;
        for (int r = 0; r < index.rows(); r++) {
            written += filter.test(r) ? 1 : 0;
        }
        long[] at = GrowthCurve.positions(written, 50);
        List<Long> firstKeys = java.util.Collections.synchronizedList(new ArrayList<>());
        // walkers over runs of partitions, each telling of its own series
        SeriesCounter.Counts c = SeriesCounter.count(keys.keys(), groupStart, at, () -> (key, entry) -> firstKeys.add(key), walkers);

        Map<List<Integer>, Long> lastGroup = new HashMap<>();
        Map<Long, Long> perGroup = new HashMap<>();
        long points = 0;
        int cp = 0;
        for (int i = 0; i < index.rows(); i++) {
            int r = index.rowAt(i);
            if (!filter.test(r)) {
                continue;
            }
            points++;
            long g = groups.index(index.timestampAt(i));
            Long last = lastGroup.put(tuple(index, attrs, r), g);
            if (last == null || last != g) {
                perGroup.merge(g, 1L, Long::sum);
            }
            while (cp < at.length && at[cp] == points) {
                assertEquals(i, c.checkpointPositions()[cp], "checkpoint " + cp);
                assertEquals(lastGroup.size(), c.distinctAtCheckpoint()[cp], "checkpoint " + cp);
                cp++;
            }
        }
        assertEquals(at.length, cp);
        assertEquals(points, c.points());
        assertEquals(lastGroup.size(), c.distinct());
        assertEquals(lastGroup.size(), firstKeys.size());
        assertEquals(lastGroup.size(), firstKeys.stream().distinct().count());
        long[] counted = c.perGroup();
        assertEquals(groupStart.length, counted.length);
        Map<Long, Long> lastIn = new HashMap<>();
        lastGroup.values().forEach(g -> lastIn.merge(g, 1L, Long::sum));
        for (int g = 0; g < groupStart.length; g++) {
            long shard = groups.index(index.timestampAt(groupStart[g]));
            assertEquals(perGroup.getOrDefault(shard, 0L), counted[g], "group " + g);
            assertEquals(lastIn.getOrDefault(shard, 0L), c.lastGroup()[g], "series last seen in group " + g);
        }
    }

    @Property(tries = 10)
    void collapsedRowsCountWhatTheRowsCount(@ForAll long seed, @ForAll @IntRange(min = 2, max = 4) int width,
                                            @ForAll @IntRange(min = 2, max = 3000) int distinct) throws Exception {
        collapsedAgree(seed, 30_000, width, distinct);
    }

    /** Enough distinct combinations for the collapse to spread over several partitions. */
    @Property(tries = 2)
    void collapsedRowsAgreeOverSeveralPartitions(@ForAll long seed) throws Exception {
        collapsedAgree(seed, 150_000, 3, 40_000);
    }

    private static void collapsedAgree(long seed, int rowCount, int width, int distinct) throws Exception {
        SampleIndex index = sample(seed, rowCount, width, distinct);
        LayoutMeasurer collapsed = LayoutMeasurer.interactive(index);
        LayoutMeasurer rows = new LayoutMeasurer(index);
        List<String> all = new ArrayList<>();
        for (int a = 0; a < width; a++) {
            all.add("a" + a);
        }
        java.util.Random random = new java.util.Random(seed);
        // toggles as a user makes them: take tags away, put them back, in a random order, with 6h shard groups
        for (int step = 0; step < 8; step++) {
            List<String> tags = all.stream().filter(x -> random.nextInt(3) > 0).toList();
            dev.cardinal.model.Layout layout = new dev.cardinal.model.Layout("l", "l", "m", dev.cardinal.model.Template.literal("m"),
                tags.stream().map(dev.cardinal.model.TagSpec::of).toList(), List.of(dev.cardinal.model.FieldSpec.of("f")),
                new dev.cardinal.model.RetentionPlan("rp", java.time.Duration.ofDays(30), java.time.Duration.ofHours(6), 1));
            if (step % 3 == 0) {
                collapsed.prepare(layout); // as the workbench does in the background
            }
            // the collapse walked on three threads, the rows on one and on three: the same numbers
            LayoutMeasure a = onWalkers(3, () -> collapsed.measure(layout));
            LayoutMeasure b = onWalkers(1, () -> rows.measure(layout));
            String what = "step " + step + " tags " + tags;
            assertMeasuresEqual(b, a, what);
            assertMeasuresEqual(b, onWalkers(3, () -> rows.measure(layout)), what + " rows on 3 walkers");
        }
    }

    /** Measures with the walk over partitions split among {@code threads} walkers, however small the sample. */
    private static LayoutMeasure onWalkers(int threads, java.util.function.Supplier<LayoutMeasure> measure) {
        System.setProperty("cardinal.projectionThreads", String.valueOf(threads));
        System.setProperty("cardinal.projectionMinKeys", "1000");
        try {
            return measure.get();
        } finally {
            System.clearProperty("cardinal.projectionThreads");
            System.clearProperty("cardinal.projectionMinKeys");
        }
    }

    private static void assertMeasuresEqual(LayoutMeasure b, LayoutMeasure a, String what) {
        assertEquals(b.series(), a.series(), what);
        assertEquals(b.shardGroupSeries(), a.shardGroupSeries(), what);
        assertEquals(b.liveSeries(), a.liveSeries(), what);
        assertEquals(b.shardGroups(), a.shardGroups(), what);
        assertEquals(b.points(), a.points(), what);
        assertEquals(b.footprint(), a.footprint(), what);
        assertEquals(java.util.Arrays.toString(b.seriesGrowth().distinct()), java.util.Arrays.toString(a.seriesGrowth().distinct()), what);
        assertEquals(java.util.Arrays.toString(b.seriesGrowth().elapsedSeconds()),
            java.util.Arrays.toString(a.seriesGrowth().elapsedSeconds()), what);
    }
}
