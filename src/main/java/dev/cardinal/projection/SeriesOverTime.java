package dev.cardinal.projection;

/**
 * A projection whose series are known exactly at each growth checkpoint of the traffic (from rows or from one traffic
 * summary), so that a chart can draw them measured and then projected to the horizon.
 */
public interface SeriesOverTime extends AtHorizon {
    /** Distinct series over the traffic as written (a sample's, or a summary's exact count). */
    long series();

    /** The layout's distinct series over the traffic, at each growth checkpoint. */
    GrowthCurve seriesGrowth();

    /** How the layout's series grow with points. */
    GrowthFit seriesFit();

    /**
     * Series in the index after {@code seconds} of traffic at the projected rate (the traffic's rate times the
     * multiplier), held to the retention window: the curve whose value at the horizon is {@link #seriesAtHorizon}.
     * When the projection is withheld, the traffic's own series, whatever the time.
     */
    default double seriesAt(double seconds) {
        if (withheld() != null) {
            return series();
        }
        double heldSeconds = window() == null ? seconds : Math.min(seconds, window().getSeconds());
        return seriesFit().predict(pointsPerSecond() * settings().trafficMultiplier() * heldSeconds);
    }
}
