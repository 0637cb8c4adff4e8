package dev.cardinal.projection;

import java.util.Arrays;

/**
 * Keys scattered by hash into partitions small enough for the cache, keeping their order within a partition, with
 * one open-addressing table that is cleared and reused for each partition. Counting distinct keys this way reads
 * memory in streams instead of missing the cache on every key, as one table over all keys would at high
 * cardinality. Keys are non-negative; -1 marks a key that does not take part.
 *
 * <p>The input may be cut into segments (growth checkpoints, shard groups): since the scatter is stable, where each
 * segment starts in every partition is noted once, and a key's segment is then found by moving a cursor along its
 * partition, with no position stored per key.
 */
final class HashPartitions {
    private static final int ROWS_PER_PARTITION = 1 << 14;

    private final int bits;
    /** The bits of a key its partition is hashed from, shifted down: all of it, or one attribute's id. */
    private final long partitionMask;
    private final int partitionShift;
    /** Where each partition starts in {@link #keys}; one more entry marks the end. */
    final int[] start;
    /** The keys, partition after partition. */
    final long[] keys;
    /**
     * {@code cutOffsets[l][s][p]}: the index in {@link #keys} (within partition {@code p}) of the first key of
     * segment {@code s} of cut list {@code l}.
     */
    final int[][][] cutOffsets;
    /** The input index of the {@code at[k]}-th taking part key. */
    final int[] positionOfOrdinal;
    final long taking;

    /** Keys partitioned already (by {@link Collapse}, once for many layouts), with their segment offsets. */
    HashPartitions(long[] partitioned, int[] start, int[][][] cutOffsets) {
        this.bits = 31 - Integer.numberOfLeadingZeros(start.length - 1);
        this.partitionMask = -1L;
        this.partitionShift = 0;
        this.start = start;
        this.keys = partitioned;
        this.cutOffsets = cutOffsets;
        this.positionOfOrdinal = new int[0];
        this.taking = partitioned.length;
    }

    /**
     * Keys partitioned by the bits {@code partitionMask} selects (shifted down by {@code partitionShift}), into
     * {@code 2^bits} partitions, cut into segments where each list of {@code cuts} says (ascending input indexes).
     * {@link Collapse} partitions its entries by one attribute this way, once for every layout that keeps it.
     */
    HashPartitions(long[] input, long partitionMask, int partitionShift, int bits, int[][] cuts) {
        this.bits = bits;
        this.partitionMask = partitionMask;
        this.partitionShift = partitionShift;
        this.positionOfOrdinal = new int[0];
        this.start = new int[(1 << bits) + 1];
        long count = 0;
        for (long key : input) {
            if (key >= 0) {
                start[partition(key) + 1]++;
                count++;
            }
        }
        this.taking = count;
        this.cutOffsets = new int[cuts.length][][];
        this.keys = scatter(input, cuts, cutOffsets);
    }

    /**
     * Keys in time order, cut into growth checkpoints and shard groups: checkpoint {@code k} starts after the
     * {@code at[k-1]}-th taking-part key, shard group {@code g} at input index {@code groupStart[g]}.
     *
     * @param at ascending 1-based ordinals of taking-part keys (the checkpoints)
     */
    HashPartitions(long[] input, long[] at, int[] groupStart) {
        int n = input.length;
        bits = partitionBits(n);
        partitionMask = -1L;
        partitionShift = 0;
        start = new int[(1 << bits) + 1];
        positionOfOrdinal = new int[at.length];
        long count = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            long key = input[i];
            if (key < 0) {
                continue;
            }
            start[partition(key) + 1]++;
            count++;
            while (k < at.length && at[k] == count) {
                positionOfOrdinal[k++] = i;
            }
        }
        taking = count;
        int[] checkpointCuts = new int[at.length];
        for (int c = 1; c < at.length; c++) {
            checkpointCuts[c] = positionOfOrdinal[c - 1] + 1;
        }
        cutOffsets = new int[2][][];
        keys = scatter(input, new int[][]{checkpointCuts, groupStart}, cutOffsets);
    }

    /**
     * The stable scatter, once {@link #start} holds the partition sizes (made cumulative here): keys in input order
     * within each partition, and for each cut list where each of its segments starts in every partition.
     */
    private long[] scatter(long[] input, int[][] cuts, int[][][] offsets) {
        int partitions = start.length - 1;
        for (int p = 0; p < partitions; p++) {
            start[p + 1] += start[p];
        }
        for (int l = 0; l < cuts.length; l++) {
            offsets[l] = new int[cuts[l].length][];
        }
        int[] next = new int[cuts.length];
        long[] out = new long[start[partitions]];
        int[] fill = Arrays.copyOf(start, partitions);
        int n = input.length;
        for (int i = 0; i <= n; i++) {
            for (int l = 0; l < cuts.length; l++) {
                while (next[l] < cuts[l].length && cuts[l][next[l]] <= i) {
                    offsets[l][next[l]++] = fill.clone();
                }
            }
            if (i < n && input[i] >= 0) {
                out[fill[partition(input[i])]++] = input[i];
            }
        }
        return out;
    }

    /** Keys in any order, not cut: for numbering (see {@link Tuples}). */
    HashPartitions(long[] input) {
        this(input, -1L, 0, partitionBits(input.length), new int[0][]);
    }

    /** Partition bits for {@code n} keys: partitions of about {@link #ROWS_PER_PARTITION} keys. */
    static int partitionBits(int n) {
        return Math.max(0, 31 - Integer.numberOfLeadingZeros(Math.max(1, n / ROWS_PER_PARTITION)));
    }

    private static int largest(int[] start) {
        int largest = 0;
        for (int p = 0; p + 1 < start.length; p++) {
            largest = Math.max(largest, start[p + 1] - start[p]);
        }
        return largest;
    }

    int partitions() {
        return start.length - 1;
    }

    int partition(long key) {
        return bits == 0 ? 0 : (int) ((((key & partitionMask) >>> partitionShift) * 0x9E3779B97F4A7C15L) >>> (64 - bits));
    }

    /** The table's largest capacity, which arrays parallel to the table need. */
    int tableCapacity() {
        return capacity(largest(start));
    }

    private static int capacity(int size) {
        return Integer.highestOneBit(Math.max(8, size) * 2 - 1) << 1;
    }

    /** A table for one walker over some or all of the partitions (each walker has its own). */
    Table table() {
        return new Table(tableCapacity());
    }

    /**
     * One open-addressing table, cleared and reused for each partition its walker takes: as large as the largest
     * partition needs, so it stays in the cache.
     */
    final class Table {
        private final long[] slots;
        private int mask;
        private int shift;

        private Table(int capacity) {
            slots = new long[capacity];
        }

        /** Empties the table, sized for partition {@code p}. */
        void clear(int p) {
            int cap = capacity(start[p + 1] - start[p]);
            mask = cap - 1;
            shift = 64 - Integer.numberOfTrailingZeros(cap);
            Arrays.fill(slots, 0, cap, 0L);
        }

        /** The table slot of {@code key}: its slot if it was there, {@code ~slot} if this call put it there. */
        int slot(long key) {
            long stored = key + 1; // 0 marks an empty slot
            int slot = (int) ((stored * 0xC2B2AE3D27D4EB4FL) >>> shift);
            while (true) {
                long e = slots[slot];
                if (e == stored) {
                    return slot;
                }
                if (e == 0) {
                    slots[slot] = stored;
                    return ~slot;
                }
                slot = (slot + 1) & mask;
            }
        }
    }
}
