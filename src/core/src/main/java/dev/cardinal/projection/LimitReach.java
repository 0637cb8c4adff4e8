package dev.cardinal.projection;

import dev.cardinal.projection.GrowthFit.Band;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.LimitProjection.Reach;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

/**
 * When a metric reaches a limit: within the sample (on the observed curve, at the sample's own rate), at a time of
 * traffic (on the fitted curve, with the earliest and latest its range allows), never, or, when the sample cannot
 * carry a projection, not projected.
 */
final class LimitReach {
    private static final double CENTURY_SECONDS = 100 * 365.25 * 86_400;

    /** A counted quantity on each edge of the fit's range, as a function of points. */
    interface Metric {
        DoubleUnaryOperator at(Band band);
    }

    private final double span;
    private final DoubleUnaryOperator held;
    private final double horizonSeconds;
    private final boolean projected;

    /**
     * @param span         the sample's span in seconds
     * @param held         points the index holds after a given time of traffic (the window caps it)
     * @param projected    false when the projection is withheld: only the sample itself can reach a limit
     */
    LimitReach(double span, DoubleUnaryOperator held, double horizonSeconds, boolean projected) {
        this.span = span;
        this.held = held;
        this.horizonSeconds = horizonSeconds;
        this.projected = projected;
    }

    /**
     * One limit of one metric, with the range of its time.
     *
     * @param extent where the sample ends on the metric's curve, in points
     */
    LimitProjection of(Limit limit, String subject, Metric metric, double extent) {
        LimitProjection p = reach(limit, subject, metric.at(Band.MID), extent);
        if (p.reach() != Reach.AT) {
            return p; // within the sample every edge is the observed curve; never and not projected have no time
        }
        Duration earliest = reach(limit, subject, metric.at(Band.HIGH), extent).after();
        Duration latest = reach(limit, subject, metric.at(Band.LOW), extent).after();
        return new LimitProjection(limit, subject, p.atHorizon(), p.reach(), p.after(), earliest, latest, List.of());
    }

    /**
     * Values per tag: every tag key, the soonest as the limit's subject and every key that reaches it within the
     * horizon listed with its own time (a layout usually has more than one id in its tags, and the second breaks
     * the server's writes too, hours later).
     */
    LimitProjection perKey(Limit limit, Map<String, GrowthFit> fits) {
        Map<String, Metric> metrics = new java.util.LinkedHashMap<>();
        Map<String, Double> extents = new java.util.HashMap<>();
        fits.forEach((key, fit) -> {
            metrics.put(key, band -> x -> fit.predict(x, band));
            extents.put(key, fit.span());
        });
        return perKey(limit, metrics, extents);
    }

    /** As above, each tag key's values as a metric on each edge of its range, its curve ending at {@code extents}. */
    LimitProjection perKey(Limit limit, Map<String, Metric> metrics, Map<String, Double> extents) {
        List<LimitProjection> all = new ArrayList<>();
        metrics.forEach((key, metric) -> all.add(of(limit, key, metric, extents.get(key))));
        if (all.isEmpty()) {
            return new LimitProjection(limit, null, 0, Reach.NEVER, null, null, null, List.of());
        }
        all.sort(Comparator.comparing(LimitReach::soonest));
        LimitProjection first = all.get(0);
        Duration horizon = Duration.ofSeconds((long) horizonSeconds);
        List<LimitProjection> within = all.stream().filter(p -> p.within(horizon)).toList();
        return new LimitProjection(limit, first.subject(), first.atHorizon(), first.reach(), first.after(),
            first.earliest(), first.latest(), within);
    }

    /** Sooner first: within the sample, then by time, then not projected, then never; the higher at the horizon first. */
    private static Soonest soonest(LimitProjection p) {
        long time = switch (p.reach()) {
            case WITHIN_SAMPLE -> Long.MIN_VALUE + p.after().getSeconds();
            case AT -> p.after().getSeconds();
            case NOT_PROJECTED -> Long.MAX_VALUE - 1;
            case NEVER -> Long.MAX_VALUE;
        };
        return new Soonest(time, p.atHorizon());
    }

    private record Soonest(long time, long atHorizon) implements Comparable<Soonest> {
        @Override
        public int compareTo(Soonest o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(o.atHorizon, atHorizon);
        }
    }

    /**
     * When {@code metric} first reaches the limit. If the sample itself crossed it, that is where, at the sample's own
     * rate. Otherwise the traffic time (at the multiplied rate, window-capped) found by doubling, then bisection to a
     * second; searched up to a century of traffic, beyond which it is "never".
     */
    private LimitProjection reach(Limit limit, String subject, DoubleUnaryOperator metric, double extent) {
        double target = limit.value();
        if (metric.applyAsDouble(extent) >= target) {
            double x = firstAtLeast(metric, target, extent);
            double seconds = extent == 0 ? 0 : x / extent * span;
            Duration after = Duration.ofSeconds((long) Math.ceil(seconds));
            long atHorizon = Math.round(metric.applyAsDouble(projected ? held.applyAsDouble(horizonSeconds) : extent));
            return new LimitProjection(limit, subject, atHorizon, Reach.WITHIN_SAMPLE, after, after, after, List.of());
        }
        if (!projected) {
            return new LimitProjection(limit, subject, Math.round(metric.applyAsDouble(extent)), Reach.NOT_PROJECTED,
                null, null, null, List.of());
        }
        long atHorizon = Math.round(metric.applyAsDouble(held.applyAsDouble(horizonSeconds)));
        DoubleUnaryOperator atTime = t -> metric.applyAsDouble(held.applyAsDouble(t));
        if (held.applyAsDouble(1) <= 0 || atTime.applyAsDouble(CENTURY_SECONDS) < target) {
            return new LimitProjection(limit, subject, atHorizon, Reach.NEVER, null, null, null, List.of());
        }
        Duration after = Duration.ofSeconds((long) Math.ceil(firstAtLeast(atTime, target, CENTURY_SECONDS)));
        return new LimitProjection(limit, subject, atHorizon, Reach.AT, after, after, after, List.of());
    }

    /** The smallest x in [0, max] (to within 1) where a non-decreasing f reaches target; f(max) must reach it. */
    private static double firstAtLeast(DoubleUnaryOperator f, double target, double max) {
        double lo = 0;
        double hi = max;
        while (hi - lo > 1) {
            double mid = (lo + hi) / 2;
            if (f.applyAsDouble(mid) >= target) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }
}
