package dev.cardinal.projection;

import java.util.Arrays;

/**
 * Numbers the distinct combinations of values of some attributes: every row gets a dense tuple id, assigned in the
 * order rows are visited, so id {@code k} is the {@code k}-th combination to appear. Attribute ids are packed into a
 * 64-bit key; when they need more bits, the first attributes are numbered first and their dense id is packed with
 * the next ones, so any number of attributes works with one long per row.
 *
 * <p>Speed: a key space of up to 2^22 is numbered through a plain array. Beyond, one global hash table would miss
 * the cache on nearly every row, so rows are first partitioned by the key's hash into tables that fit the cache,
 * numbered there, and the local numbers are then turned into global first-appearance order in one more pass.
 */
final class Tuples {
    /** Row id of rows that are not counted (the point would not be written). */
    static final int SKIPPED = -1;
    private static final int DIRECT_BITS = 22;
    private static final int ROWS_PER_PARTITION = 1 << 12;

    /** Which rows take part; null means all. */
    interface RowFilter {
        boolean test(int row);
    }

    final int[] idOfRow;
    final int count;
    /** A row that carries each tuple, for rendering it as text. */
    final int[] firstRow;

    private Tuples(int[] idOfRow, int count, int[] firstRow) {
        this.idOfRow = idOfRow;
        this.count = count;
        this.firstRow = firstRow;
    }

    /** Numbers the tuples of {@code attrs}, visiting rows in time order ({@code timeOrder}) or file order. */
    static Tuples of(SampleIndex index, int[] attrs, RowFilter filter, boolean timeOrder) {
        int n = index.rows();
        // visit order: rows themselves unless time order differs from file order (saves an int per row)
        int[] visit = null;
        if (timeOrder && !index.timeSorted()) {
            visit = new int[n];
            for (int i = 0; i < n; i++) {
                visit[i] = index.rowAt(i);
            }
        }
        int[] current = null;
        int currentCount = 1;
        int at = 0;
        if (attrs.length == 0) {
            int[] ids = new int[n];
            int first = -1;
            for (int i = 0; i < n; i++) {
                int r = visit == null ? i : visit[i];
                boolean counted = filter == null || filter.test(r);
                ids[r] = counted ? 0 : SKIPPED;
                if (counted && first < 0) {
                    first = r;
                }
            }
            return first < 0 ? new Tuples(ids, 0, new int[0]) : new Tuples(ids, 1, new int[]{first});
        }
        Tuples result = null;
        while (at < attrs.length) {
            int currentBits = current == null ? 0 : bitsFor(currentCount);
            int end = at;
            int bits = currentBits;
            while (end < attrs.length && bits + bitsFor(index.distinct(attrs[end])) <= 63) {
                bits += bitsFor(index.distinct(attrs[end]));
                end++;
            }
            long[] keys = new long[n];
            int[][] columns = new int[end - at][];
            int[] shifts = new int[end - at];
            for (int j = 0; j < columns.length; j++) {
                columns[j] = index.ids(attrs[at + j]);
                shifts[j] = bitsFor(index.distinct(attrs[at + j]));
            }
            for (int i = 0; i < n; i++) {
                int r = visit == null ? i : visit[i];
                if (current != null ? current[r] == SKIPPED : filter != null && !filter.test(r)) {
                    keys[i] = -1;
                    continue;
                }
                long key = current == null ? 0 : current[r];
                for (int j = 0; j < columns.length; j++) {
                    key = (key << shifts[j]) | columns[j][r];
                }
                keys[i] = key;
            }
            result = bits <= DIRECT_BITS ? direct(keys, visit, bits) : partitioned(keys, visit);
            current = result.idOfRow;
            currentCount = result.count;
            at = end;
        }
        return result;
    }

    /** Small key spaces: the key is the index into a table of ids. */
    private static Tuples direct(long[] keys, int[] visit, int bits) {
        int[] slot = new int[1 << bits];
        Arrays.fill(slot, -1);
        int[] ids = new int[keys.length];
        int[] first = new int[16];
        int k = 0;
        for (int i = 0; i < keys.length; i++) {
            long key = keys[i];
            int r = visit == null ? i : visit[i];
            if (key < 0) {
                ids[r] = SKIPPED;
                continue;
            }
            int id = slot[(int) key];
            if (id < 0) {
                if (k == first.length) {
                    first = Arrays.copyOf(first, k * 2);
                }
                first[k] = r;
                id = k++;
                slot[(int) key] = id;
            }
            ids[r] = id;
        }
        return new Tuples(ids, k, Arrays.copyOf(first, k));
    }

    /** Large key spaces: number within cache-sized partitions, then renumber globally by first appearance. */
    private static Tuples partitioned(long[] keys, int[] visit) {
        int n = keys.length;
        int partitionBits = Math.max(0, 31 - Integer.numberOfLeadingZeros(Math.max(1, n / ROWS_PER_PARTITION)));
        int partitions = 1 << partitionBits;
        int[] counts = new int[partitions + 1];
        for (long key : keys) {
            if (key >= 0) {
                counts[partition(key, partitionBits) + 1]++;
            }
        }
        for (int p = 0; p < partitions; p++) {
            counts[p + 1] += counts[p];
        }
        // scatter keys into partition order, so each partition is then read sequentially
        int[] order = new int[counts[partitions]];
        long[] partitionKeys = new long[counts[partitions]];
        int[] fill = Arrays.copyOf(counts, partitions);
        for (int i = 0; i < n; i++) {
            long key = keys[i];
            if (key >= 0) {
                int pos = fill[partition(key, partitionBits)]++;
                order[pos] = i;
                partitionKeys[pos] = key;
            }
        }
        int[] local = new int[n];
        int[][] remap = new int[partitions][];
        // one open-addressing table (key + 1, so 0 means empty), cleared and reused for every partition
        int largest = 0;
        for (int p = 0; p < partitions; p++) {
            largest = Math.max(largest, counts[p + 1] - counts[p]);
        }
        int capacity = Integer.highestOneBit(Math.max(8, largest) * 2 - 1) << 1;
        long[] slots = new long[capacity];
        int[] values = new int[capacity];
        for (int p = 0; p < partitions; p++) {
            int from = counts[p];
            int to = counts[p + 1];
            int cap = Integer.highestOneBit(Math.max(8, to - from) * 2 - 1) << 1;
            int mask = cap - 1;
            int shift = 64 - Integer.numberOfTrailingZeros(cap);
            Arrays.fill(slots, 0, cap, 0L);
            int size = 0;
            for (int j = from; j < to; j++) {
                int i = order[j];
                long stored = partitionKeys[j] + 1;
                int slot = (int) ((stored * 0xC2B2AE3D27D4EB4FL) >>> shift);
                while (true) {
                    long e = slots[slot];
                    if (e == stored) {
                        local[i] = values[slot];
                        break;
                    }
                    if (e == 0) {
                        slots[slot] = stored;
                        values[slot] = size;
                        local[i] = size++;
                        break;
                    }
                    slot = (slot + 1) & mask;
                }
            }
            remap[p] = new int[size];
            Arrays.fill(remap[p], -1);
        }
        int[] ids = new int[n];
        int[] first = new int[16];
        int k = 0;
        for (int i = 0; i < n; i++) {
            int r = visit == null ? i : visit[i];
            long key = keys[i];
            if (key < 0) {
                ids[r] = SKIPPED;
                continue;
            }
            int[] m = remap[partition(key, partitionBits)];
            int id = m[local[i]];
            if (id < 0) {
                if (k == first.length) {
                    first = Arrays.copyOf(first, k * 2);
                }
                first[k] = r;
                id = k++;
                m[local[i]] = id;
            }
            ids[r] = id;
        }
        return new Tuples(ids, k, Arrays.copyOf(first, k));
    }

    private static int partition(long key, int bits) {
        return bits == 0 ? 0 : (int) ((key * 0x9E3779B97F4A7C15L) >>> (64 - bits));
    }

    /** Bits that hold ids 0..maxId. */
    static int bitsFor(int maxId) {
        return 32 - Integer.numberOfLeadingZeros(Math.max(1, maxId));
    }
}
