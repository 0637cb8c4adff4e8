package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything Cardinal says about one layout over one sample: the exact numbers now, how each attribute grows,
 * the numbers at the horizon, when each limit breaks, and what the index costs.
 *
 * @param eventKind         the event kind
 * @param layout            the layout measured
 * @param now               numbers for the sample as written: exact, or the estimate's central values
 * @param estimate          the sketch estimate with its +-2 sigma ranges when counting was estimated, else null
 * @param settings          horizon, traffic multiplier and limits
 * @param pointsPerSecond   the sample's own rate (before the multiplier)
 * @param sampleSpan        time from the sample's first point to its last
 * @param attributes        every attribute with its growth class and fitted model
 * @param seriesFit         how the layout's series grow with points
 * @param window            traffic the index holds at steady state: the retention plus one shard group, or the
 *                          horizon when nothing expires
 * @param seriesAtHorizon   series in the index at the horizon (steady state within retention)
 * @param tagsAtHorizon     distinct values per tag key at the horizon
 * @param fieldKeysAtHorizon field keys (summed over measurements) at the horizon
 * @param measurementsAtHorizon measurements at the horizon
 * @param columnsAtHorizon  columns of the widest measurement at the horizon
 * @param memoryNow         index memory for the sample's series
 * @param memoryAtHorizon   index memory at the horizon
 * @param limits            each limit: the value at the horizon and when it is reached
 */
public record Projection(String eventKind, Layout layout, LayoutMeasure now, EstimatedMeasure estimate,
                         ProjectionSettings settings,
                         double pointsPerSecond, Duration sampleSpan, List<AttributeProjection> attributes,
                         GrowthFit seriesFit, Duration window, long seriesAtHorizon, Map<String, Long> tagsAtHorizon,
                         long fieldKeysAtHorizon, long measurementsAtHorizon, long columnsAtHorizon,
                         MemoryModel.Estimate memoryNow, MemoryModel.Estimate memoryAtHorizon, List<LimitProjection> limits) {

    /**
     * Series in the index after {@code seconds} of traffic at the projected rate (the sample's rate times the
     * multiplier), held to the retention window: the curve whose value at the horizon is {@link #seriesAtHorizon}.
     */
    public double seriesAt(double seconds) {
        double heldSeconds = window == null ? seconds : Math.min(seconds, window.getSeconds());
        return seriesFit.predict(pointsPerSecond * settings.trafficMultiplier() * heldSeconds);
    }

    /** One attribute: its role in the layout, what the sample holds, and how it grows. */
    public record AttributeProjection(String name, String type, Role role, boolean arrivedAsTag, long distinct,
                                      GrowthFit fit, long atHorizon) {
        public Growth growth() {
            return fit.growth();
        }
    }

    /** When a limit is reached. */
    public enum Reach { WITHIN_SAMPLE, AT, NEVER }

    /**
     * One limit.
     *
     * @param limit     the limit
     * @param subject   what reaches it first (a tag key for values-per-tag), or null
     * @param atHorizon the projected value at the horizon
     * @param reach     reached within the sample, at a time, or never (a closed set, or a window that stays below)
     * @param after     traffic time from the first write until it is reached (null for NEVER)
     */
    public record LimitProjection(Limit limit, String subject, long atHorizon, Reach reach, Duration after) {
        public boolean brokenAtHorizon() {
            return atHorizon >= limit.value();
        }
    }
}
