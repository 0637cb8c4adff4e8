package dev.cardinal.projection;

import java.util.function.Supplier;

/**
 * Counts series from their packed keys, one per row in time order, without numbering rows: distinct series, the
 * growth checkpoints, series per shard group, and a call at each series' first point. This is the hot path of a
 * role toggle, so it makes three streaming passes and keeps all random access inside cache-sized tables.
 *
 * <p>Keys are scattered stably into partitions by hash ({@link HashPartitions}), or come partitioned already from
 * a {@link Collapse}. Within a partition the keys of one series sit in time order, so the first one met is the
 * series' first point, and a table per partition, small enough for the cache, remembers each series' last shard
 * group. Where each checkpoint and shard group starts in a partition is known, and both only move forward, so a
 * key's are found by moving a cursor: no position is stored per key.
 *
 * <p>Partitions are independent, so a large count walks them on every core: each walker takes a run of partitions
 * holding about the same number of keys, with a table and tallies of its own, and the tallies are added up. The
 * counts are the same whatever the number of walkers.
 */
final class SeriesCounter {
    /**
     * Below this many keys per walker a second thread costs more than it saves ({@code cardinal.projectionMinKeys},
     * which tests lower to walk small samples on several threads).
     */
    private static final int MIN_KEYS_PER_WALKER = 1 << 17;
    private static final int RUNS_PER_THREAD = 4;

    /** Told of each series once, at its first point, with its key. */
    interface FirstPoints {
        /**
         * @param key   the series' key
         * @param entry where the key is among the partitioned keys (a {@link Collapse}'s entry, when walking one)
         */
        void first(long key, int entry);
    }

    /**
     * What one pass found.
     *
     * @param perGroup  distinct series in each shard group
     * @param lastGroup series whose last point is in each shard group: the series still held once every earlier group
     *                  has expired are those of the later groups
     */
    record Counts(long points, long distinct, long[] perGroup, long[] lastGroup, int[] checkpointPositions,
                  long[] distinctAtCheckpoint) {
    }

    private SeriesCounter() {
    }

    /**
     * @param keys        a packed series key per time position, -1 where the row makes no point
     * @param groupStart  the first time position of each shard group the sample touches (ascending, first is 0)
     * @param at          checkpoints as 1-based point counts (ascending)
     * @param firstPoints makes the listener of one walker (called on the calling thread, once per walker)
     */
    static Counts count(long[] keys, int[] groupStart, long[] at, Supplier<FirstPoints> firstPoints) {
        return count(keys, groupStart, at, firstPoints, 0);
    }

    /** {@link #count(long[], int[], long[], Supplier)} on {@code walkers} threads (0: as many as pay). */
    static Counts count(long[] keys, int[] groupStart, long[] at, Supplier<FirstPoints> firstPoints, int walkers) {
        HashPartitions parts = new HashPartitions(keys, at, groupStart);
        return count(parts, -1L, parts.taking, parts.positionOfOrdinal, firstPoints, walkers == 0 ? walkers(parts) : walkers);
    }

    /**
     * The same over a {@link Collapse}'s entries instead of rows: each entry is a combination of values in one shard
     * group, already partitioned so that a layout's series stay within one partition, in order of first row within
     * it; where each checkpoint and shard group starts in every partition was noted when the collapse was made.
     *
     * @param mask   the bits of the entries' keys that make the layout's series key
     * @param points rows the entries stand for (every row is a point)
     */
    static Counts countEntries(Collapse collapse, long mask, long points, Supplier<FirstPoints> firstPoints) {
        HashPartitions parts = collapse.partitions();
        return count(parts, mask, points, collapse.checkpointAt, firstPoints, walkers(parts));
    }

    /** Walkers for {@code parts}: one per core, each with at least {@link #MIN_KEYS_PER_WALKER} keys. */
    private static int walkers(HashPartitions parts) {
        int min = Math.max(1, Integer.getInteger("cardinal.projectionMinKeys", MIN_KEYS_PER_WALKER));
        long byKeys = Math.max(1, parts.start[parts.partitions()] / min);
        return (int) Math.min(Math.min(Walkers.threads(), byKeys), parts.partitions());
    }

    /**
     * Walks the partitions on {@code walkers} threads in runs of about equal keys, then adds the runs' tallies up.
     * There are a few runs per thread, so that when another process holds a core the threads that run take its runs.
     */
    private static Counts count(HashPartitions parts, long mask, long points, int[] checkpointAt, Supplier<FirstPoints> firstPoints,
                        int walkers) {
        int threads = Math.max(1, walkers);
        int n = Math.max(1, Math.min(threads == 1 ? 1 : threads * RUNS_PER_THREAD, parts.partitions()));
        int[] from = new int[n + 1];
        int total = parts.start[parts.partitions()];
        for (int w = 1; w < n; w++) {
            // the first partition that starts at or after this walker's share of the keys
            int p = from[w - 1];
            long share = (long) total * w / n;
            while (p < parts.partitions() && parts.start[p] < share) {
                p++;
            }
            from[w] = p;
        }
        from[n] = parts.partitions();
        int workers = Math.min(threads, n);
        Walk[] walks = new Walk[workers];
        for (int w = 0; w < workers; w++) {
            walks[w] = new Walk(parts, mask, firstPoints.get());
        }
        Walkers.run(workers, n, (worker, run) -> walks[worker].over(from[run], from[run + 1]));
        Walk all = walks[0];
        for (int w = 1; w < workers; w++) {
            all.add(walks[w]);
        }
        long[] newAt = all.newAt;
        for (int c = 1; c < newAt.length; c++) {
            newAt[c] += newAt[c - 1];
        }
        return new Counts(points, all.distinct, all.perGroup, all.lastIn, checkpointAt, newAt);
    }

    /** One walker's tallies over its run of partitions: each key (masked) is a series; its segments give checkpoint and shard group. */
    private static final class Walk {
        private final HashPartitions parts;
        private final long mask;
        private final FirstPoints firstPoints;
        private final long[] perGroup;
        private final long[] lastIn;
        private final long[] newAt;
        private long distinct;
        /** Made at the walker's first run, kept for its next ones (in the cache still). */
        private HashPartitions.Table table;
        private int[] lastGroup;

        Walk(HashPartitions parts, long mask, FirstPoints firstPoints) {
            this.parts = parts;
            this.mask = mask;
            this.firstPoints = firstPoints;
            perGroup = new long[parts.cutOffsets[1].length];
            lastIn = new long[perGroup.length];
            newAt = new long[parts.cutOffsets[0].length];
        }

        Walk over(int fromPartition, int toPartition) {
            // locals, not fields, in the loop: the listener's call would make the JIT reload every field after it
            long[] keys = parts.keys;
            int[] start = parts.start;
            long[] perGroup = this.perGroup;
            long[] lastIn = this.lastIn;
            long[] newAt = this.newAt;
            long mask = this.mask;
            FirstPoints firstPoints = this.firstPoints;
            long distinct = this.distinct;
            int[][] checkpointStart = parts.cutOffsets[0];
            int[][] groupStartAt = parts.cutOffsets[1];
            int groups = groupStartAt.length;
            int checkpoints = checkpointStart.length;
            if (table == null) {
                table = parts.table();
                lastGroup = new int[parts.tableCapacity()];
            }
            HashPartitions.Table table = this.table;
            int[] lastGroup = this.lastGroup;
            int[] groupFrom = new int[groups + 1];
            int[] checkpointFrom = new int[checkpoints + 1];
            for (int p = fromPartition; p < toPartition; p++) {
                table.clear(p);
                // where this partition's groups and checkpoints start, with an end marker past its last key
                for (int g = 0; g < groups; g++) {
                    groupFrom[g] = groupStartAt[g][p];
                }
                groupFrom[groups] = Integer.MAX_VALUE;
                for (int k = 0; k < checkpoints; k++) {
                    checkpointFrom[k] = checkpointStart[k][p];
                }
                checkpointFrom[checkpoints] = Integer.MAX_VALUE;
                int group = 0;
                int checkpoint = 0;
                for (int j = start[p], end = start[p + 1]; j < end; j++) {
                    while (groupFrom[group + 1] <= j) {
                        group++;
                    }
                    long key = keys[j] & mask;
                    int slot = table.slot(key);
                    if (slot >= 0) {
                        if (lastGroup[slot] != group) {
                            lastIn[lastGroup[slot]]--;
                            lastIn[group]++;
                            lastGroup[slot] = group;
                            perGroup[group]++;
                        }
                        continue;
                    }
                    lastGroup[~slot] = group;
                    perGroup[group]++;
                    lastIn[group]++;
                    distinct++;
                    while (checkpointFrom[checkpoint + 1] <= j) {
                        checkpoint++;
                    }
                    newAt[checkpoint]++;
                    firstPoints.first(key, j);
                }
            }
            this.distinct = distinct;
            return this;
        }

        void add(Walk o) {
            distinct += o.distinct;
            for (int g = 0; g < perGroup.length; g++) {
                perGroup[g] += o.perGroup[g];
                lastIn[g] += o.lastIn[g];
            }
            for (int c = 0; c < newAt.length; c++) {
                newAt[c] += o.newAt[c];
            }
        }
    }
}
