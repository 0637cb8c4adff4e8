package dev.cardinal.projection;

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
 */
final class SeriesCounter {
    /** Told of each series once, at its first point, with its key. */
    interface FirstPoints {
        void first(long key);
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
     * @param keys       a packed series key per time position, -1 where the row makes no point
     * @param groupStart the first time position of each shard group the sample touches (ascending, first is 0)
     * @param at         checkpoints as 1-based point counts (ascending)
     */
    static Counts count(long[] keys, int[] groupStart, long[] at, FirstPoints firstPoints) {
        HashPartitions parts = new HashPartitions(keys, at, groupStart);
        return count(parts, -1L, parts.taking, parts.positionOfOrdinal, firstPoints);
    }

    /**
     * The same over a {@link Collapse}'s entries instead of rows: each entry is a combination of values in one shard
     * group, already partitioned so that a layout's series stay within one partition, in order of first row within
     * it; where each checkpoint and shard group starts in every partition was noted when the collapse was made.
     *
     * @param mask   the bits of the entries' keys that make the layout's series key
     * @param points rows the entries stand for (every row is a point)
     */
    static Counts countEntries(Collapse collapse, long mask, long points, FirstPoints firstPoints) {
        return count(collapse.partitions(), mask, points, collapse.checkpointAt, firstPoints);
    }

    /** One walk over the partitions: each key (masked) is a series; its segments give checkpoint and shard group. */
    private static Counts count(HashPartitions parts, long mask, long points, int[] checkpointAt, FirstPoints firstPoints) {
        int[][] checkpointStart = parts.cutOffsets[0];
        int[][] groupStartAt = parts.cutOffsets[1];
        int groups = groupStartAt.length;
        int checkpoints = checkpointStart.length;
        int[] lastGroup = new int[parts.tableCapacity()];
        long[] perGroup = new long[groups];
        long[] lastIn = new long[groups];
        long[] newAt = new long[checkpoints];
        long distinct = 0;
        int[] groupFrom = new int[groups + 1];
        int[] checkpointFrom = new int[checkpoints + 1];
        for (int p = 0; p < parts.partitions(); p++) {
            parts.clear(p);
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
            for (int j = parts.start[p]; j < parts.start[p + 1]; j++) {
                while (groupFrom[group + 1] <= j) {
                    group++;
                }
                long key = parts.keys[j] & mask;
                int slot = parts.slot(key);
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
                firstPoints.first(key);
            }
        }
        for (int c = 1; c < newAt.length; c++) {
            newAt[c] += newAt[c - 1];
        }
        return new Counts(points, distinct, perGroup, lastIn, checkpointAt, newAt);
    }
}
