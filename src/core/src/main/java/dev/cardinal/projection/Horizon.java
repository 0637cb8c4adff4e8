package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import java.util.function.DoubleUnaryOperator;

/**
 * Where a projection reads its curves: the traffic's rate times the multiplier, held to the retention window, and
 * the points at the horizon. One place for rows and summaries alike, so both project the same numbers.
 *
 * @param withheld       why nothing is projected beyond the traffic, or null
 * @param rate           rows per second of the traffic itself
 * @param windowSeconds  retention plus one shard group, infinite when nothing expires
 * @param held           points the index holds after a given time of traffic
 * @param atHorizon      points at which every curve is read: at the horizon, or the rows when withheld
 */
record Horizon(double span, String withheld, double rate, double windowSeconds, double horizonSeconds,
               DoubleUnaryOperator held, double atHorizon) {

    static Horizon of(long rows, long points, double span, Layout layout, ProjectionSettings settings) {
        String withheld = GrowthSupport.withheld(points, span).orElse(null);
        double rate = span > 0 ? rows / span : 0;
        double pointsPerSecond = rate * settings.trafficMultiplier();
        long retention = layout.retention().duration().getSeconds();
        double windowSeconds = retention == 0 ? Double.POSITIVE_INFINITY
            : retention + layout.retention().effectiveShardGroupDuration().getSeconds();
        double horizonSeconds = settings.horizon().getSeconds();
        DoubleUnaryOperator held = t -> pointsPerSecond * Math.min(t, windowSeconds);
        // withheld: nothing beyond the traffic, whose own extent in points is where every curve is read
        double atHorizon = withheld == null ? held.applyAsDouble(Math.min(horizonSeconds, windowSeconds)) : rows;
        return new Horizon(span, withheld, rate, windowSeconds, horizonSeconds, held, atHorizon);
    }

    boolean projected() {
        return withheld == null;
    }

    LimitReach reach() {
        return new LimitReach(span, held, horizonSeconds, projected());
    }

    /** A count at the horizon on the low and high edges of its fit's range. */
    static Range range(java.util.function.Function<GrowthFit.Band, Double> at) {
        long low = Math.round(at.apply(GrowthFit.Band.LOW));
        long high = Math.round(at.apply(GrowthFit.Band.HIGH));
        return new Range(Math.min(low, high), Math.max(low, high));
    }

    /** The window as a duration, null when nothing expires. */
    java.time.Duration window() {
        return Double.isInfinite(windowSeconds) ? null : java.time.Duration.ofSeconds((long) windowSeconds);
    }
}
