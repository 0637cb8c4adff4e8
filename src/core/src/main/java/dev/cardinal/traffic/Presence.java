package dev.cardinal.traffic;

import java.util.Arrays;

/** One bit per row: does the row carry the attribute. */
final class Presence {
    private long[] words;

    Presence(int capacity) {
        words = new long[(capacity + 63) >>> 6];
    }

    boolean get(int row) {
        return (words[row >>> 6] & (1L << row)) != 0;
    }

    void set(int row) {
        words[row >>> 6] |= 1L << row;
    }

    void ensureCapacity(int rows) {
        int n = (rows + 63) >>> 6;
        if (n > words.length) {
            words = Arrays.copyOf(words, n);
        }
    }

    void trim(int rows) {
        words = Arrays.copyOf(words, (rows + 63) >>> 6);
    }

    long footprintBytes() {
        return 8L * words.length;
    }
}
