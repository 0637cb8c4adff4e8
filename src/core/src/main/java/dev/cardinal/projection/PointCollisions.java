package dev.cardinal.projection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Finds points that share a series and a timestamp. Positions are in time order, so such points sit in a run of
 * equal timestamps: only those runs are looked at, and a sample whose timestamps all differ (the usual clock with
 * nanoseconds) costs one pass over its timestamps, once per sample, and nothing per layout.
 */
final class PointCollisions {
    private final SampleIndex index;
    /** Start and end (exclusive) time positions of each run of two or more equal timestamps. */
    private final int[] runs;

    PointCollisions(SampleIndex index) {
        this.index = index;
        this.runs = runs(index);
    }

    /** True when no two positions share a timestamp: then no layout can merge points. */
    boolean allInstantsDistinct() {
        return runs.length == 0;
    }

    private static int[] runs(SampleIndex index) {
        int n = index.rows();
        int[] out = new int[16];
        int count = 0;
        int i = 0;
        while (i < n) {
            long ts = index.timestampAt(i);
            int j = i + 1;
            while (j < n && index.timestampAt(j) == ts) {
                j++;
            }
            if (j - i > 1) {
                if (count + 2 > out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                out[count++] = i;
                out[count++] = j;
            }
            i = j;
        }
        return Arrays.copyOf(out, count);
    }

    /**
     * The points kept of {@code points} written.
     *
     * @param keys    a series id per time position (equal ids, equal series), -1 where the row makes no point
     * @param example the series and timestamp of a time position, for the examples
     */
    PointsKept count(long points, long[] keys, IntFunction<PointsKept.Overwrite> example) {
        if (runs.length == 0) {
            return PointsKept.none(points);
        }
        long overwritten = 0;
        List<PointsKept.Overwrite> examples = new ArrayList<>();
        Run run = new Run();
        for (int r = 0; r < runs.length; r += 2) {
            int from = runs[r];
            int to = runs[r + 1];
            int k = run.sortedIds(keys, from, to, j -> true);
            for (int s = 0; s < k; ) {
                int e = s + 1;
                while (e < k && run.ids[e] == run.ids[s]) {
                    e++;
                }
                if (e - s > 1) {
                    overwritten += e - s - 1;
                    if (examples.size() < PointsKept.EXAMPLES) {
                        PointsKept.Overwrite o = example.apply(firstPosition(keys, from, to, run.ids[s]));
                        examples.add(new PointsKept.Overwrite(o.measurement(), o.tags(), o.timestampNanos(), e - s));
                    }
                }
                s = e;
            }
        }
        return new PointsKept(points - overwritten, overwritten, examples);
    }

    /** The series ids of one run of equal timestamps, sorted so that the ids of one series sit together. */
    private static final class Run {
        long[] ids = new long[16];

        /** Fills {@link #ids} with the ids of the run's points that {@code carries} accepts, sorted; returns how many. */
        int sortedIds(long[] keys, int from, int to, IntPredicate carries) {
            if (ids.length < to - from) {
                ids = new long[Integer.highestOneBit(to - from) * 2];
            }
            int k = 0;
            for (int j = from; j < to; j++) {
                if (keys[j] >= 0 && carries.test(j)) {
                    ids[k++] = keys[j];
                }
            }
            Arrays.sort(ids, 0, k);
            return k;
        }
    }

    private static int firstPosition(long[] keys, int from, int to, long key) {
        for (int j = from; j < to; j++) {
            if (keys[j] == key) {
                return j;
            }
        }
        throw new IllegalStateException("key " + key + " not in its run");
    }

    /**
     * Distinct (series, timestamp) among the positions {@code carries} accepts: what {@code count(field)} returns
     * for a field carried by those points.
     */
    long kept(long[] keys, IntPredicate carries) {
        long kept = 0;
        int n = keys.length;
        for (int j = 0; j < n; j++) {
            if (keys[j] >= 0 && carries.test(j)) {
                kept++;
            }
        }
        Run run = new Run();
        for (int r = 0; r < runs.length; r += 2) {
            int k = run.sortedIds(keys, runs[r], runs[r + 1], carries);
            for (int s = 1; s < k; s++) {
                if (run.ids[s] == run.ids[s - 1]) {
                    kept--;
                }
            }
        }
        return kept;
    }
}
