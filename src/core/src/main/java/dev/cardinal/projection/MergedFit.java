package dev.cardinal.projection;

import dev.cardinal.projection.GrowthFit.Band;
import java.util.List;

/**
 * A growth fit to a distinct count that merged sketches estimate: the fit to the estimates, and the fits to their
 * lower and upper +-2 sigma bounds, so that a figure read from it carries both the sketch's range and the fit's.
 *
 * @param mid  the fit to the estimates: its growth class and central figures
 * @param low  the fit to the lower bounds
 * @param high the fit to the upper bounds
 */
public record MergedFit(GrowthFit mid, GrowthFit low, GrowthFit high) {

    /**
     * Fits the cumulative estimates of a distinct count at positions {@code x} (rows or points, non-decreasing), from
     * the origin. A cumulative count never falls; an estimate may by a little, so each curve is held to its running
     * maximum.
     */
    public static MergedFit of(double[] x, List<Estimate> estimates) {
        double[] mid = new double[x.length];
        double[] low = new double[x.length];
        double[] high = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            Estimate e = estimates.get(i);
            mid[i] = Math.max(i == 0 ? 0 : mid[i - 1], e.value());
            low[i] = Math.max(i == 0 ? 0 : low[i - 1], e.lower());
            high[i] = Math.max(i == 0 ? 0 : high[i - 1], e.upper());
        }
        return new MergedFit(fit(x, mid), fit(x, low), fit(x, high));
    }

    private static GrowthFit fit(double[] x, double[] y) {
        double[] fx = new double[x.length + 1];
        double[] fy = new double[y.length + 1];
        System.arraycopy(x, 0, fx, 1, x.length);
        System.arraycopy(y, 0, fy, 1, y.length);
        return GrowthFit.fit(fx, fy);
    }

    public Growth growth() {
        return mid.growth();
    }

    /** The figure at {@code x}: the estimates' fit, or on an edge the bound's fit moved by its own band. */
    public double predict(double x, Band band) {
        return switch (band) {
            case LOW -> low.predict(x, Band.LOW);
            case MID -> mid.predict(x);
            case HIGH -> high.predict(x, Band.HIGH);
        };
    }

    /** The range at {@code x}: the lower bounds' low edge to the upper bounds' high edge. */
    public Range range(double x) {
        return Horizon.range(b -> predict(x, b));
    }

    LimitReach.Metric metric() {
        return band -> x -> predict(x, band);
    }
}
