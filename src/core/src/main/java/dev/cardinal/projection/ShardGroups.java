package dev.cardinal.projection;

import java.math.BigInteger;
import java.time.Duration;

/**
 * Which shard group a timestamp falls in. InfluxDB truncates a point's time to the shard group duration with Go's
 * {@code time.Truncate}, which counts from Go's zero time (0001-01-01T00:00:00Z, a Monday) rather than from the
 * Unix epoch; that is why 7-day shard groups start on Mondays.
 */
final class ShardGroups {
    /** Go's zero time, in seconds from the Unix epoch. */
    private static final long GO_ZERO_SECONDS = -62_135_596_800L;

    private final long durationNanos;
    private final long offsetNanos;

    ShardGroups(Duration duration) {
        this.durationNanos = duration.toNanos();
        if (durationNanos <= 0) {
            throw new IllegalArgumentException("shard group duration must be positive");
        }
        BigInteger zero = BigInteger.valueOf(GO_ZERO_SECONDS).multiply(BigInteger.valueOf(1_000_000_000L));
        this.offsetNanos = zero.mod(BigInteger.valueOf(durationNanos)).longValueExact();
    }

    /** A number per shard group; consecutive groups have consecutive numbers. */
    long index(long timestampNanos) {
        return Math.floorDiv(timestampNanos - offsetNanos, durationNanos);
    }

    long start(long index) {
        return index * durationNanos + offsetNanos;
    }

    long end(long index) {
        return start(index) + durationNanos;
    }

    long durationNanos() {
        return durationNanos;
    }
}
