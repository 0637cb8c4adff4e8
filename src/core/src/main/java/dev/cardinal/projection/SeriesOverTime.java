package dev.cardinal.projection;

/**
 * A projection that has the layout's series over the traffic as written, checkpoint by checkpoint, and their fit: one
 * from rows ({@link Projection}) and one from a traffic summary ({@link SummaryProjection}) both draw the same chart.
 */
public interface SeriesOverTime extends AtHorizon {
    /** How the layout's series grow with points. */
    GrowthFit seriesFit();

    /** The layout's series over the traffic as written. */
    long seriesNow();

    /** The layout's series at each growth checkpoint of the traffic as written. */
    GrowthCurve measuredSeries();

    /**
     * Series in the index after {@code seconds} of traffic at the projected rate (the traffic's rate times the
     * multiplier), held to the retention window: the curve whose value at the horizon is {@link #seriesAtHorizon}.
     * When the projection is withheld, the traffic's own series, whatever the time.
     */
    default double seriesAt(double seconds) {
        if (withheld() != null) {
            return seriesNow();
        }
        double heldSeconds = window() == null ? seconds : Math.min(seconds, window().getSeconds());
        return seriesFit().predict(pointsPerSecond() * settings().trafficMultiplier() * heldSeconds);
    }
}
