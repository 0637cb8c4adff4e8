package dev.cardinal.traffic;

import java.util.Arrays;

/**
 * Finds the keys of one line that repeat an earlier key of the line, in time linear in their number: each key is
 * hashed into an open-addressing table of entry numbers, so a line of 80,000 fields costs 80,000 lookups, not the
 * 3.2 billion comparisons of every pair. Reused from line to line; it keeps only references into the caller's
 * arrays, which must not change until the line is done.
 */
final class RepeatFinder {
    private long[] table = new long[64];
    private int mask = 63;
    private byte[][] arrays = new byte[32][];
    private int[] starts = new int[32];
    private int[] lengths = new int[32];
    private int[] ids = new int[32];
    private int size;

    /** Forgets the keys of the last line, ready for up to {@code expected} keys (more are taken too). */
    void clear(int expected) {
        size = 0;
        int slots = Integer.highestOneBit(Math.max(32, expected) * 2 - 1) * 2;
        if (slots > table.length || table.length > 4 * slots && table.length > 64) {
            table = new long[slots];
            mask = slots - 1;
        } else {
            Arrays.fill(table, 0);
        }
    }

    /**
     * Takes the key {@code b[from, from + length)}, known to the caller as {@code id}. Returns the id of an earlier key
     * of the line with the same bytes (the key itself is then not kept, so the first of equal keys answers for all),
     * or -1 when there is none.
     */
    int add(int id, byte[] b, int from, int length) {
        if (size * 2 >= mask) {
            grow();
        }
        int h = ByteWords.hash(b, from, length);
        int slot = h & mask;
        while (true) {
            long e = table[slot];
            if (e == 0) {
                break;
            }
            int k = (int) e - 1;
            if ((int) (e >>> 32) == h && lengths[k] == length
                && Arrays.equals(arrays[k], starts[k], starts[k] + length, b, from, from + length)) {
                return ids[k];
            }
            slot = (slot + 1) & mask;
        }
        if (size == ids.length) {
            int n = size * 2;
            arrays = Arrays.copyOf(arrays, n);
            starts = Arrays.copyOf(starts, n);
            lengths = Arrays.copyOf(lengths, n);
            ids = Arrays.copyOf(ids, n);
        }
        arrays[size] = b;
        starts[size] = from;
        lengths[size] = length;
        ids[size] = id;
        table[slot] = ((long) h << 32) | (size + 1);
        size++;
        return -1;
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        mask = table.length - 1;
        for (long e : old) {
            if (e != 0) {
                int slot = (int) (e >>> 32) & mask;
                while (table[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                table[slot] = e;
            }
        }
    }
}
