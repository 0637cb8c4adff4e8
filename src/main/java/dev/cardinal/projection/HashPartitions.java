package dev.cardinal.projection;

import java.util.Arrays;

/**
 * Keys scattered by hash into partitions small enough for the cache, keeping their order within a partition, with
 * one open-addressing table that is cleared and reused for each partition. Counting distinct keys this way reads
 * memory in streams instead of missing the cache on every key, as one table over all keys would at high
 * cardinality. Keys are non-negative; -1 marks a key that does not take part.
 */
final class HashPartitions {
    private static final int ROWS_PER_PARTITION = 1 << 14;

    private final int bits;
    /** Where each partition starts in {@link #keys}; one more entry marks the end. */
    final int[] start;
    /** The keys, partition after partition. */
    final long[] keys;
    /** The position of each key in the input (null unless asked for). */
    final int[] positions;
    /** The input position of the {@code at[k]}-th taking part key (when asked for). */
    final int[] positionOfOrdinal;
    final long taking;

    private final long[] slots;
    private int mask;
    private int shift;

    /**
     * @param at ascending 1-based ordinals of taking-part keys whose input positions to note (may be empty)
     */
    HashPartitions(long[] input, boolean withPositions, long[] at) {
        int n = input.length;
        bits = Math.max(0, 31 - Integer.numberOfLeadingZeros(Math.max(1, n / ROWS_PER_PARTITION)));
        int partitions = 1 << bits;
        start = new int[partitions + 1];
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
        int largest = 0;
        for (int p = 0; p < partitions; p++) {
            largest = Math.max(largest, start[p + 1]);
            start[p + 1] += start[p];
        }
        keys = new long[start[partitions]];
        positions = withPositions ? new int[keys.length] : null;
        int[] fill = Arrays.copyOf(start, partitions);
        for (int i = 0; i < n; i++) {
            long key = input[i];
            if (key >= 0) {
                int to = fill[partition(key)]++;
                keys[to] = key;
                if (positions != null) {
                    positions[to] = i;
                }
            }
        }
        slots = new long[capacity(largest)];
    }

    int partitions() {
        return start.length - 1;
    }

    int partition(long key) {
        return bits == 0 ? 0 : (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - bits));
    }

    /** The table's largest capacity, which arrays parallel to the table need. */
    int tableCapacity() {
        return slots.length;
    }

    private static int capacity(int size) {
        return Integer.highestOneBit(Math.max(8, size) * 2 - 1) << 1;
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
