package dev.cardinal.engine.victoriametrics;

import dev.cardinal.projection.GrowthCurve;
import dev.cardinal.projection.GrowthFit;
import dev.cardinal.projection.GrowthSupport;
import dev.cardinal.projection.ProjectionSettings;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The series and label values of a {@link VmTally} carried to the settings' horizon and traffic multiplier with the
 * core's growth fit over points, as the InfluxDB projection does: the traffic's rate times the multiplier gives the
 * points written by the horizon (or in one day, one hour), and each fit is read there. A sample too small or too
 * short for a rate ({@link GrowthSupport}) projects nothing beyond itself.
 */
final class VmGrowth {
    private final List<VmTally.Checkpoint> checkpoints;
    private final GrowthFit series;
    private final String withheld;
    private final double pointsPerSecond;
    private final double horizonPoints;

    private VmGrowth(List<VmTally.Checkpoint> checkpoints, String withheld, double pointsPerSecond, double horizonSeconds) {
        this.checkpoints = checkpoints;
        this.series = fit(checkpoints.stream().mapToLong(VmTally.Checkpoint::series).toArray());
        this.withheld = withheld;
        this.pointsPerSecond = pointsPerSecond;
        this.horizonPoints = pointsPerSecond * horizonSeconds;
    }

    static VmGrowth of(VmTally tally, ProjectionSettings settings) {
        double span = tally.spanSeconds();
        String withheld = GrowthSupport.withheld(tally.lines(), span).orElse(null);
        double rate = span > 0 ? tally.lines() / span : 0;
        return new VmGrowth(tally.checkpoints(), withheld, rate * settings.trafficMultiplier(),
            settings.horizon().getSeconds());
    }

    Optional<String> withheld() {
        return Optional.ofNullable(withheld);
    }

    /** Series held at the horizon. */
    long series() {
        return at(series, horizonPoints, (long) series.observed());
    }

    /** Series written within one window ({@code windowMs}) of traffic at the multiplied rate, at least {@code now}. */
    long inWindow(long now, long windowMs) {
        return at(series, pointsPerSecond * windowMs / 1000.0, now);
    }

    /** Distinct values of one label (a byte-string name) at the horizon. */
    long labelValues(String label, long now) {
        GrowthFit fit = fit(checkpoints.stream().mapToLong(c -> c.labelValues().getOrDefault(label, 0)).toArray());
        return at(fit, horizonPoints, now);
    }

    /** When the series held reach {@code limit} series, or null when not within reach of the fit. */
    Duration whenSeriesReach(double limit) {
        if (withheld != null || pointsPerSecond <= 0) {
            return limit <= series.observed() ? Duration.ZERO : null;
        }
        OptionalDouble points = series.whenReaches(limit);
        if (points.isEmpty()) {
            return null;
        }
        double seconds = points.getAsDouble() / pointsPerSecond;
        return seconds > Long.MAX_VALUE / 2.0 ? null : Duration.ofSeconds((long) Math.ceil(seconds));
    }

    private long at(GrowthFit fit, double points, long now) {
        if (withheld != null) {
            return now;
        }
        double predicted = fit.predict(Math.max(0, points));
        return Math.max(now, predicted >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.round(predicted));
    }

    private GrowthFit fit(long[] distinct) {
        long[] points = checkpoints.stream().mapToLong(VmTally.Checkpoint::lines).toArray();
        double[] elapsed = checkpoints.stream().mapToDouble(VmTally.Checkpoint::elapsedSeconds).toArray();
        return GrowthFit.overPoints(new GrowthCurve(points, elapsed, distinct));
    }
}
