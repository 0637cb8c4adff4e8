package dev.cardinal.projection;

/**
 * Counts series from their packed keys, one per row in time order, without numbering rows: distinct series, the
 * growth checkpoints, series per shard group, and a call at each series' first point. This is the hot path of a
 * role toggle, so it makes three streaming passes and keeps all random access inside cache-sized tables.
 *
 * <p>Keys are scattered (stably, with their time positions) into partitions by hash. Within a partition the keys of
 * one series sit in time order, so the first one met is the series' first point, and a table per partition, small
 * enough for the cache, remembers each series' last shard group. Shard groups only move forward within a
 * partition, as do checkpoints, so both are found by moving a cursor, not by searching.
 */
final class SeriesCounter {
    /** Told of each series once, at its first point. */
    interface FirstPoints {
        void first(long key, int position);
    }

    /** What one pass found. */
    record Counts(long points, long distinct, long[] perGroup, int[] checkpointPositions, long[] distinctAtCheckpoint) {
    }

    private SeriesCounter() {
    }

    /**
     * @param keys       a packed series key per time position, -1 where the row makes no point
     * @param groupStart the first time position of each shard group the sample touches (ascending, first is 0)
     * @param at         checkpoints as 1-based point counts (ascending)
     */
    static Counts count(long[] keys, int[] groupStart, long[] at, FirstPoints firstPoints) {
        HashPartitions parts = new HashPartitions(keys, true, at);
        int[] lastGroup = new int[parts.tableCapacity()];
        long[] perGroup = new long[groupStart.length];
        long[] newAt = new long[at.length];
        int[] checkpointAt = parts.positionOfOrdinal;
        long distinct = 0;
        for (int p = 0; p < parts.partitions(); p++) {
            parts.clear(p);
            int group = 0;
            int checkpoint = 0;
            for (int j = parts.start[p]; j < parts.start[p + 1]; j++) {
                long key = parts.keys[j];
                int pos = parts.positions[j];
                while (group + 1 < groupStart.length && groupStart[group + 1] <= pos) {
                    group++;
                }
                int slot = parts.slot(key);
                if (slot >= 0) {
                    if (lastGroup[slot] != group) {
                        lastGroup[slot] = group;
                        perGroup[group]++;
                    }
                    continue;
                }
                lastGroup[~slot] = group;
                perGroup[group]++;
                distinct++;
                while (checkpoint < checkpointAt.length && checkpointAt[checkpoint] < pos) {
                    checkpoint++;
                }
                newAt[checkpoint]++;
                firstPoints.first(key, pos);
            }
        }
        for (int c = 1; c < newAt.length; c++) {
            newAt[c] += newAt[c - 1];
        }
        return new Counts(parts.taking, distinct, perGroup, checkpointAt, newAt);
    }
}
