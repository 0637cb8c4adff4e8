package dev.cardinal.projection;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The figures at the horizon that a projection from rows and one from a traffic summary both give, so that reports
 * write them once and the two cannot drift apart.
 */
public interface AtHorizon {
    String eventKind();

    dev.cardinal.model.Layout layout();

    ProjectionSettings settings();

    /** Every attribute with its role in the layout, its distinct values, growth class and fitted model. */
    List<Projection.AttributeProjection> attributes();

    /** Time from the traffic's first point to its last. */
    Duration sampleSpan();

    /** Why nothing is extrapolated, or null when the sample allows a projection. */
    String withheld();

    /** True when the numbers at the horizon are projected, false when they are the sample's own ({@link #withheld}). */
    default boolean projected() {
        return withheld() == null;
    }

    double pointsPerSecond();

    Duration window();

    long seriesAtHorizon();

    Range seriesRange();

    Map<String, Long> tagsAtHorizon();

    Map<String, Range> tagRanges();

    List<LimitProjection> limits();
}
