package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.EngineCount;
import dev.cardinal.projection.AttributeChurn;
import dev.cardinal.projection.TagPairs;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts the series of a pass of {@link SampleSeries}: distinct label sets, when each was first and last written,
 * the values of each label name, series per metric name, and a growth curve (distinct series after so many rows).
 */
final class SeriesTally implements SampleSeries.Sink {
    private static final int CHECKPOINTS = 200;
    private static final java.time.Duration HOUR = java.time.Duration.ofHours(1);

    private final Map<String, Integer> ids = new HashMap<>();
    /** Per label name, per value, the series that carry the pair. */
    private final Map<String, Map<String, Long>> seriesByPair = new TreeMap<>();
    private final Map<String, Long> seriesByMetric = new TreeMap<>();
    private final int rowsPerCheckpoint;
    private long[] first = new long[1024];
    private long[] last = new long[1024];
    private long[] checkpointRows = new long[CHECKPOINTS + 2];
    private long[] checkpointSeries = new long[CHECKPOINTS + 2];
    private int checkpoints;
    private int lastRow = -1;
    private long lastStretch = -1;
    private long samples;
    private int maxLabels;
    private int maxNameBytes;
    private int maxValueBytes;
    private long labelPairs;
    private long nameBytes;

    SeriesTally(int rows) {
        this.rowsPerCheckpoint = Math.max(1, rows / CHECKPOINTS);
    }

    @Override
    public void sample(int row, TreeMap<String, String> labels, double value, long timestampNs) {
        if (row != lastRow) {
            checkpoint(row);
            lastRow = row;
        }
        samples++;
        String key = key(labels);
        Integer id = ids.get(key);
        if (id == null) {
            id = ids.size();
            ids.put(key, id);
            grow(id);
            first[id] = timestampNs;
            last[id] = timestampNs;
            newSeries(labels);
        } else {
            first[id] = Math.min(first[id], timestampNs);
            last[id] = Math.max(last[id], timestampNs);
        }
    }

    /** The tally after the last row: {@code rows} is the sample's row count. */
    Tally finish(int rows) {
        lastStretch = -1;
        checkpoint(rows);
        int n = ids.size();
        Map<String, Long> values = new TreeMap<>();
        seriesByPair.forEach((name, vs) -> values.put(name, (long) vs.size()));
        long uniqueValues = seriesByPair.values().stream().mapToLong(Map::size).sum();
        return new Tally(n, samples, Arrays.copyOf(first, n), Arrays.copyOf(last, n), values, Map.copyOf(seriesByMetric),
            maxLabels, maxNameBytes, maxValueBytes, labelPairs, nameBytes, uniqueValues,
            Arrays.copyOf(checkpointRows, checkpoints), Arrays.copyOf(checkpointSeries, checkpoints),
            TagPairs.top(seriesByPair, EngineCount.TOP_PAIRS), churn(n));
    }

    /** The labels with the most churn per hour, hours counted from the sample's first sample (the head's window). */
    private List<AttributeChurn.Churn> churn(int n) {
        String[] keys = new String[n];
        ids.forEach((key, id) -> keys[id] = key);
        long start = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            start = Math.min(start, first[i]);
        }
        AttributeChurn.Series series = AttributeChurn.Series.of(n, i -> labelsOf(keys[i]), i -> first[i], i -> last[i]);
        return AttributeChurn.top(series, HOUR, n == 0 ? 0 : start, AttributeChurn.TOP);
    }

    private void newSeries(TreeMap<String, String> labels) {
        maxLabels = Math.max(maxLabels, labels.size());
        labelPairs += labels.size();
        labels.forEach((name, value) -> {
            maxNameBytes = Math.max(maxNameBytes, name.getBytes(StandardCharsets.UTF_8).length);
            int valueBytes = value.getBytes(StandardCharsets.UTF_8).length;
            maxValueBytes = Math.max(maxValueBytes, valueBytes);
            if (name.equals(MetricNames.METRIC_NAME_LABEL)) {
                nameBytes += valueBytes;
                seriesByMetric.merge(value, 1L, Long::sum);
            }
        });
        TagPairs.count(seriesByPair, labels);
    }

    /** Distinct series before row {@code rowsSeen}, once per stretch of {@code rowsPerCheckpoint} rows. */
    private void checkpoint(int rowsSeen) {
        long stretch = rowsSeen / rowsPerCheckpoint;
        if (stretch == lastStretch) {
            return;
        }
        lastStretch = stretch;
        if (checkpoints == checkpointRows.length) {
            checkpointRows = Arrays.copyOf(checkpointRows, checkpoints * 2);
            checkpointSeries = Arrays.copyOf(checkpointSeries, checkpoints * 2);
        }
        checkpointRows[checkpoints] = rowsSeen;
        checkpointSeries[checkpoints++] = ids.size();
    }

    private void grow(int id) {
        if (id == first.length) {
            first = Arrays.copyOf(first, id * 2);
            last = Arrays.copyOf(last, id * 2);
        }
    }

    /** The label set of a {@link #key}. */
    static Map<String, String> labelsOf(String key) {
        Map<String, String> labels = new TreeMap<>();
        int at = 0;
        while (at < key.length()) {
            int colon = key.indexOf(':', at);
            int length = Integer.parseInt(key, at, colon, 10);
            String name = key.substring(colon + 1, colon + 1 + length);
            at = colon + 1 + length;
            colon = key.indexOf(':', at);
            length = Integer.parseInt(key, at, colon, 10);
            labels.put(name, key.substring(colon + 1, colon + 1 + length));
            at = colon + 1 + length;
        }
        return labels;
    }

    /** A label set as a key no two label sets share: every name and value with its length before it. */
    static String key(Map<String, String> labels) {
        StringBuilder sb = new StringBuilder();
        labels.forEach((n, v) -> sb.append(n.length()).append(':').append(n).append(v.length()).append(':').append(v));
        return sb.toString();
    }

    /**
     * What a pass counted.
     *
     * @param series           distinct label sets
     * @param samples          samples sent
     * @param firstNs          per series, its first timestamp
     * @param lastNs           per series, its last timestamp
     * @param valuesByLabel    distinct values per label name, {@code __name__} included
     * @param seriesByMetric   series per metric name
     * @param maxLabels        the most labels of one series, {@code __name__} included
     * @param maxNameBytes     the longest label name, in bytes (what {@code label_name_length_limit} measures)
     * @param maxValueBytes    the longest label value, in bytes (what {@code label_value_length_limit} measures)
     * @param labelPairs       label pairs over all series
     * @param metricNameBytes  bytes of the metric names over all series
     * @param uniqueValues     distinct (label name, value) pairs
     * @param checkpointRows   rows read at each checkpoint
     * @param checkpointSeries distinct series after those rows
     * @param topPairs         the label pairs the most series carry, {@code __name__} included, as the server's
     *                         {@code seriesCountByLabelValuePair} ranks them
     * @param churn            the labels whose values make the most series come and go, per hour
     */
    record Tally(int series, long samples, long[] firstNs, long[] lastNs, Map<String, Long> valuesByLabel,
                 Map<String, Long> seriesByMetric, int maxLabels, int maxNameBytes, int maxValueBytes, long labelPairs,
                 long metricNameBytes, long uniqueValues, long[] checkpointRows, long[] checkpointSeries,
                 List<TagPairs.Pair> topPairs, List<AttributeChurn.Churn> churn) {
    }
}
