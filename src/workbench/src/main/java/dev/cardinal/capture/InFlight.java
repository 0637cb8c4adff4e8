package dev.cardinal.capture;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes of request bodies held in memory at once, counted as they are actually read (and, for gzip, as they are
 * inflated), from the first byte until the body has been answered. A declared length reserves nothing, so a client
 * that declares 25 MiB and sends ten bytes holds ten. One body always fits when nothing else is held, so a body
 * under the size limit but over this one is still taken, alone.
 */
final class InFlight {
    private final AtomicLong held = new AtomicLong();
    private final long limit;

    InFlight(long limit) {
        this.limit = limit;
    }

    /** Takes {@code n} more bytes for a body that holds {@code mine} already; false (nothing taken) when that would go over. */
    boolean take(long mine, long n) {
        long now = held.addAndGet(n);
        if (now > limit && now - mine - n > 0) {
            held.addAndGet(-n);
            return false;
        }
        return true;
    }

    void release(long n) {
        held.addAndGet(-n);
    }

    boolean full() {
        return held.get() >= limit;
    }
}
