package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The tag (label) pairs that make the most series: for each {@code key=value}, how many distinct series carry it.
 * This is what the engines' own explorers show after the fact (Prometheus' and VictoriaMetrics'
 * {@code seriesCountByLabelValuePair} in {@code /api/v1/status/tsdb}); here it is counted from the sample before the
 * first write. Engine-neutral: an engine whose series are not the layout's (one per field, say) counts its own with
 * {@link #count(Map, Map)} and {@link #top(Map, int)}.
 */
public final class TagPairs {
    private TagPairs() {
    }

    /**
     * One pair and the series that carry it.
     *
     * @param key    the tag key (label name)
     * @param value  its value
     * @param series distinct series with this pair
     */
    public record Pair(String key, String value, long series) {
        public Pair {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }

    /** The {@code n} pairs of the layout's series (measurement and tag set) that the most series carry. */
    public static List<Pair> top(SampleIndex index, Layout layout, int n) {
        Map<String, Map<String, Long>> counts = new HashMap<>();
        count(new LayoutMeasurer(index), layout, counts);
        return top(counts, n);
    }

    /**
     * The same where a series holds its field key too ({@link FieldKeySeries}, as InfluxDB Cloud (TSM) keys them): each tag
     * pair counted once per series and field key that carry it.
     */
    public static List<Pair> topPerFieldKey(SampleIndex index, Layout layout, int n) {
        Map<String, Map<String, Long>> counts = new HashMap<>();
        LayoutMeasurer measurer = new LayoutMeasurer(index);
        FieldKeySeries.variants(layout).forEach(v -> count(measurer, v, counts));
        return top(counts, n);
    }

    private static void count(LayoutMeasurer measurer, Layout layout, Map<String, Map<String, Long>> counts) {
        measurer.forEachSeries(layout, (measurement, tags) -> count(counts, tags));
    }

    /** Adds one series' pairs to {@code counts} (series by value, by key): each engine counts its own series so. */
    public static void count(Map<String, Map<String, Long>> counts, Map<String, String> pairs) {
        pairs.forEach((k, v) -> counts.computeIfAbsent(k, x -> new HashMap<>()).merge(v, 1L, Long::sum));
    }

    /**
     * The {@code n} largest of {@code counts} (series by value, by key): most series first, then by key and value,
     * so that equal counts come out in one order every time.
     */
    public static List<Pair> top(Map<String, Map<String, Long>> counts, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("at least one pair: " + n);
        }
        List<Pair> all = new ArrayList<>();
        counts.forEach((k, values) -> values.forEach((v, c) -> all.add(new Pair(k, v, c))));
        all.sort(Comparator.comparingLong(Pair::series).reversed().thenComparing(Pair::key).thenComparing(Pair::value));
        return List.copyOf(all.subList(0, Math.min(n, all.size())));
    }
}
