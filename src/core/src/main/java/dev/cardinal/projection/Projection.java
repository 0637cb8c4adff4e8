package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything Cardinal says about one layout over one sample: the exact numbers now, what the server's own query
 * will report, how each attribute grows, the numbers at the horizon with the fit's range, when each limit breaks
 * (for values per tag, when each tag key does), and what the index costs. When the sample cannot support a growth
 * fit ({@link #withheld}), nothing is extrapolated: the numbers at the horizon are the sample's own, and a limit
 * is either reached within the sample or not projected.
 *
 * @param eventKind         the event kind
 * @param layout            the layout measured
 * @param now               numbers for the sample as written: exact, or the estimate's central values
 * @param estimate          the sketch estimate with its +-2 sigma ranges when counting was estimated, else null
 * @param reported          what the server's own series query reports, for the server in {@code settings}
 * @param settings          horizon, traffic multiplier, server and limits
 * @param withheld          why nothing is projected beyond the sample, or null when it is
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
 * @param ranges            the fit's range of each number at the horizon
 * @param memoryNow         index memory for the sample's series
 * @param memoryAtHorizon   index memory at the horizon
 * @param limits            each limit: the value at the horizon and when it is reached
 */
public record Projection(String eventKind, Layout layout, LayoutMeasure now, EstimatedMeasure estimate,
                         ReportedSeries reported, ProjectionSettings settings, String withheld,
                         double pointsPerSecond, Duration sampleSpan, List<AttributeProjection> attributes,
                         GrowthFit seriesFit, Duration window, long seriesAtHorizon, Map<String, Long> tagsAtHorizon,
                         long fieldKeysAtHorizon, long measurementsAtHorizon, long columnsAtHorizon, Ranges ranges,
                         MemoryEstimate memoryNow, MemoryEstimate memoryAtHorizon, List<LimitProjection> limits)
    implements SeriesOverTime {

    @Override
    public Range seriesRange() {
        return ranges.series();
    }

    @Override
    public Map<String, Range> tagRanges() {
        return ranges.tags();
    }

    @Override
    public long seriesNow() {
        return now.series();
    }

    @Override
    public GrowthCurve measuredSeries() {
        return now.seriesGrowth();
    }

    /** One attribute: its role in the layout, what the sample holds, and how it grows. */
    public record AttributeProjection(String name, String type, Role role, boolean arrivedAsTag, long distinct,
                                      GrowthFit fit, long atHorizon) {
        public Growth growth() {
            return fit.growth();
        }
    }
}
