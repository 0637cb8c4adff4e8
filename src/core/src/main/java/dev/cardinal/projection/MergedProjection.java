package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What several traffic summaries (days, partitions) say about one layout together, through their merged sketches:
 * each attribute's and the series' distinct count with its +-2 sigma range, their growth curves over the summaries'
 * time buckets, the growth classes, the numbers at the horizon and the time to the series and values-per-tag limits,
 * each with a range that holds both the sketch's and the fit's. Exact figures (shard groups, what the server reports)
 * need one summary of all the traffic.
 *
 * @param summaries       how many summaries were merged
 * @param rows            rows of all of them
 * @param points          points of the layout in all of them
 * @param series          distinct series over all of them
 * @param attributes      each attribute, its distinct count the estimate's (rounded) and its fit the estimates'
 * @param distinct        each attribute's distinct count with its range
 * @param attributeRanges each attribute's range at the horizon
 * @param seriesFit       how the series grow with points, over the buckets
 * @param tagsNotMerged   tag keys made of several attributes: no sketch counts their values, so they have no figures
 */
public record MergedProjection(String eventKind, Layout layout, int summaries, long rows, long points, Estimate series,
                               ProjectionSettings settings, String withheld, double pointsPerSecond, Duration sampleSpan,
                               List<Projection.AttributeProjection> attributes, Map<String, Estimate> distinct,
                               Map<String, Range> attributeRanges, MergedFit seriesFit, Duration window,
                               long seriesAtHorizon, Range seriesRange, Map<String, Long> tagsAtHorizon,
                               Map<String, Range> tagRanges, List<LimitProjection> limits,
                               List<String> tagsNotMerged) implements AtHorizon {
    public MergedProjection {
        attributes = List.copyOf(attributes);
        limits = List.copyOf(limits);
        tagsNotMerged = List.copyOf(tagsNotMerged);
    }
}
