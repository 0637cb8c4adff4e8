package dev.cardinal.traffic.synthetic;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A description of traffic that does not exist yet: one event kind, how many points a day, over what span, and how
 * each attribute behaves. {@link SyntheticTraffic} turns it into a sample, the same for the same seed.
 *
 * @param eventKind    the event kind (the measurement name as written)
 * @param pointsPerDay average points per day (> 0)
 * @param span         how long the traffic runs, from {@link SyntheticRows#START}
 * @param seed         the random seed: the same profile and seed give the same traffic, byte for byte
 * @param attributes   the attributes, in the order the application sends them; at least one is a field
 */
public record TrafficProfile(String eventKind, double pointsPerDay, Duration span, long seed,
                             List<AttributeProfile> attributes) {
    private static final long DAY_NANOS = 86_400_000_000_000L;
    /** An event kind's rows are an int-indexed column. */
    public static final long MAX_POINTS = Integer.MAX_VALUE - 8;

    public TrafficProfile {
        Objects.requireNonNull(eventKind, "eventKind");
        Objects.requireNonNull(span, "span");
        attributes = List.copyOf(attributes);
        if (eventKind.isBlank()) {
            throw new IllegalArgumentException("the event kind needs a name");
        }
        if (!(pointsPerDay > 0) || Double.isInfinite(pointsPerDay)) {
            throw new IllegalArgumentException("pointsPerDay must be a positive number");
        }
        if (span.isNegative() || span.isZero()) {
            throw new IllegalArgumentException("the span must be longer than zero");
        }
        long points = points(pointsPerDay, span);
        if (points < 1 || points > MAX_POINTS || points > span.toNanos()) {
            throw new IllegalArgumentException(pointsProblem(points, span));
        }
        Set<String> names = new HashSet<>();
        for (AttributeProfile a : attributes) {
            if (!names.add(a.name())) {
                throw new IllegalArgumentException("duplicate attribute '" + a.name() + "'");
            }
            if (a instanceof AttributeProfile.GrowingId id && id.newIdProbability(pointsPerDay) > 1) {
                throw new IllegalArgumentException(a.name() + ": more new ids than points");
            }
        }
        if (attributes.stream().allMatch(AttributeProfile::asTag)) {
            throw new IllegalArgumentException("at least one attribute must be a field: a point needs a field");
        }
    }

    /** Points in the whole span: pointsPerDay times the span in days, rounded. */
    public long points() {
        return points(pointsPerDay, span);
    }

    static long points(double pointsPerDay, Duration span) {
        double n = Math.rint(pointsPerDay * ((double) span.toNanos() / DAY_NANOS));
        return n >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) n;
    }

    /** Why a point count is refused, or null when it is fine. */
    static String pointsProblem(long points, Duration span) {
        if (points < 1) {
            return "pointsPerDay over the span makes no point at all (at least 1 is needed)";
        }
        if (points > MAX_POINTS) {
            return "pointsPerDay over the span makes " + points + " points; at most " + MAX_POINTS + " fit in one sample";
        }
        if (points > span.toNanos()) {
            return "more points than nanoseconds in the span: points would share timestamps";
        }
        return null;
    }
}
