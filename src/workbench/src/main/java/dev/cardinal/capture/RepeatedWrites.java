package dev.cardinal.capture;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The writes a capture has kept lately, by digest, so that one sent again is recognised and not counted twice.
 *
 * <p>Why a digest and not a roll-back. A writer whose client timed out sends its body again; the first copy may have been
 * spooled already. Whether its writer read the answer cannot be known on this side: a 204 written into the socket
 * before the writer closed is no proof that the writer read it, and one it did read looks the same. So instead of
 * guessing, what is kept is compared: the points as spooled (each point's own bytes, its timestamp in nanoseconds, the
 * arrival time given to a point without one) with where they were written (database and retention policy, or org
 * and bucket). Bytes equal to a write kept before are the same points in the same place: on influxd the second write
 * overwrites each point with itself and changes nothing, so the capture keeps nothing of it either, however it came
 * (a retry, or an application sending a batch twice). A write with a point that carries no timestamp is never taken
 * for a repeat: influxd gives such a point the time it arrives, in nanoseconds, so the same body sent twice is twice
 * the points there (a heartbeat sent every ten seconds is ten seconds of heartbeats), while the capture's arrival time,
 * in milliseconds, could make two of them look alike.
 *
 * <p>Memory is bounded: at most {@code max} writes are remembered, for at most {@code window}; a retry later than
 * that is counted again. Guarded by its caller (the spool's lock).
 */
final class RepeatedWrites {
    private final int max;
    private final long windowNanos;
    private final Map<WriteDigest, Long> kept = new LinkedHashMap<>();

    RepeatedWrites(int max, Duration window) {
        this.max = max;
        this.windowNanos = window.toNanos();
    }

    /** Whether a write with this digest was kept within the window. */
    boolean seen(WriteDigest d, long nowNanos) {
        forgetOld(nowNanos);
        return kept.containsKey(d);
    }

    /** Remembers a write just kept. */
    void kept(WriteDigest d, long nowNanos) {
        kept.remove(d);
        kept.put(d, nowNanos);
        forgetOld(nowNanos);
    }

    int size() {
        return kept.size();
    }

    private void forgetOld(long nowNanos) {
        Iterator<Long> oldest = kept.values().iterator();
        while (oldest.hasNext()) {
            long at = oldest.next();
            if (kept.size() <= max && nowNanos - at <= windowNanos) {
                return;
            }
            oldest.remove();
        }
    }
}
