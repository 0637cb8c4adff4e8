package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
                         MemoryModel.Estimate memoryNow, MemoryModel.Estimate memoryAtHorizon, List<LimitProjection> limits)
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

    /** A count at the horizon as the fit's range allows it: its low and high edges. */
    public record Range(long low, long high) {
        public Range {
            if (low > high) {
                throw new IllegalArgumentException("low " + low + " above high " + high);
            }
        }

        public boolean isPoint() {
            return low == high;
        }
    }

    /**
     * The fit's range of each number at the horizon (each edge of the Heaps fit's band, {@link GrowthFit.Band});
     * points when the projection is withheld or a set is closed.
     *
     * @param memory index memory from the model's low at the fit's low edge to its high at the fit's high edge
     */
    public record Ranges(Range series, Map<String, Range> tags, Range fieldKeys, Range measurements, Range columns,
                         Map<String, Range> attributes, MemoryModel.Estimate memory) {
        public Ranges {
            // sorted, so that reports list them in the same order on every run (Map.copyOf's order is salted)
            tags = Collections.unmodifiableSortedMap(new TreeMap<>(tags));
            attributes = Collections.unmodifiableSortedMap(new TreeMap<>(attributes));
        }
    }

    /** One attribute: its role in the layout, what the sample holds, and how it grows. */
    public record AttributeProjection(String name, String type, Role role, boolean arrivedAsTag, long distinct,
                                      GrowthFit fit, long atHorizon) {
        public Growth growth() {
            return fit.growth();
        }
    }

    /** When a limit is reached. */
    public enum Reach {
        WITHIN_SAMPLE, AT, NEVER,
        /** Not reached within the sample, and the sample cannot say when ({@link Projection#withheld}). */
        NOT_PROJECTED
    }

    /**
     * One limit.
     *
     * @param limit     the limit
     * @param subject   what reaches it first (a tag key for values-per-tag), or null
     * @param atHorizon the projected value at the horizon
     * @param reach     reached within the sample, at a time, never (a closed set, or a window that stays below), or
     *                  not projected
     * @param after     traffic time from the first write until it is reached (null for NEVER and NOT_PROJECTED)
     * @param earliest  the soonest the fit's range allows (its high edge), null when that never reaches it
     * @param latest    the latest the fit's range allows (its low edge), null when that never reaches it
     * @param keys      for values per tag: every tag key that reaches the limit within the horizon, soonest first,
     *                  each with its own time; empty for other limits
     */
    public record LimitProjection(Limit limit, String subject, long atHorizon, Reach reach, Duration after,
                                  Duration earliest, Duration latest, List<LimitProjection> keys) {
        public LimitProjection {
            keys = List.copyOf(keys);
        }

        public boolean brokenAtHorizon() {
            return atHorizon >= limit.value();
        }

        /** Reached within the sample, or projected to be within {@code horizon}. */
        public boolean within(Duration horizon) {
            return reach == Reach.WITHIN_SAMPLE || reach == Reach.AT && after.compareTo(horizon) <= 0;
        }
    }
}
