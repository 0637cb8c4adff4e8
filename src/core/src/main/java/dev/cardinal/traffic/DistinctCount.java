package dev.cardinal.traffic;

import java.util.function.LongSupplier;

/**
 * A column's distinct values as last counted, forgotten once a value is written: counted once per sample, not on every
 * question. Not synchronised: a racy recount between threads gives the same number.
 */
final class DistinctCount {
    private long known = -1;

    long get(LongSupplier count) {
        long k = known;
        if (k < 0) {
            k = count.getAsLong();
            known = k;
        }
        return k;
    }

    /** A value was written: count again when asked. */
    void forget() {
        if (known >= 0) {
            known = -1;
        }
    }
}
