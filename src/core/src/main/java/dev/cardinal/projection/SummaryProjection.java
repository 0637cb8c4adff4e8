package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What a traffic summary says about one layout: the numbers of {@link Projection} that a summary holds exactly
 * (points, series, shard groups, values per tag, each attribute's growth, the series and values per tag at the
 * horizon with their ranges, the time to each series and values-per-tag limit). Field keys, measurements, columns
 * and index memory need the rows: a summary does not hold them, and nothing here stands in for them.
 *
 * @param reportedSeries what the server's series query reports, or null when it counts no series or counts a
 *                       series per field key, as InfluxDB Cloud does (which a summary does not hold)
 * @param shardGroups    shard groups holding points inside the retention at the last point
 * @param shardGroupSeries each series counted once per shard group it has points in, over those groups (as
 *                       {@link LayoutMeasure#shardGroupSeries}), whatever the server reports
 */
public record SummaryProjection(String eventKind, Layout layout, long points, long skippedRows, long series,
                                Long reportedSeries, Server server, long shardGroups, long shardGroupSeries,
                                Map<String, Long> tags,
                                ProjectionSettings settings, String withheld, double pointsPerSecond, Duration sampleSpan,
                                List<Projection.AttributeProjection> attributes, GrowthFit seriesFit, GrowthCurve seriesGrowth,
                                Duration window, long seriesAtHorizon, Range seriesRange,
                                Map<String, Long> tagsAtHorizon, Map<String, Range> tagRanges,
                                Map<String, Range> attributeRanges, List<LimitProjection> limits)
    implements SeriesOverTime {

    @Override
    public long seriesNow() {
        return series;
    }

    @Override
    public GrowthCurve measuredSeries() {
        return seriesGrowth;
    }
}
