package dev.cardinal.engine.victoriametrics;

import dev.cardinal.projection.AttributeChurn;
import dev.cardinal.projection.TagPairs;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The series a stream of line protocol lines leaves in VictoriaMetrics, counted as its indexes count them: every
 * series once, and again for each UTC day it is written on (the per-day inverted index, {@code date} =
 * milliseconds / 86,400,000 in {@code Storage.add}, {@code lib/storage/storage.go} at v1.79.5), and per clock hour
 * (the window of {@code -storage.maxHourlySeries}). Lines are fed in the order they are written; a checkpoint of
 * the counts so far is kept at every {@code step} lines for the growth fit.
 */
final class VmTally {
    static final long MS_PER_DAY = 86_400_000L;
    static final long MS_PER_HOUR = 3_600_000L;
    /** {@code getMinMaxTimestamps} in {@code lib/storage/table.go} at v1.79.5: up to 2 days ahead is kept. */
    static final long MAX_AHEAD_MS = 2 * MS_PER_DAY;

    /** The counts at one checkpoint: lines so far, seconds since the first line, distinct series and label values. */
    record Checkpoint(long lines, double elapsedSeconds, long series, Map<String, Integer> labelValues) {
    }

    private final VmIngest ingest;
    private final long nowMs;
    private final int step;
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<VmSeries> series = new ArrayList<>();
    /** Per series id, the first and last millisecond it is written at. */
    private long[] firstMsOf = new long[1024];
    private long[] lastMsOf = new long[1024];
    private final Map<Long, BitSet> days = new TreeMap<>();
    private final Map<Long, BitSet> hours = new HashMap<>();
    private final Map<String, Set<String>> labelValues = new TreeMap<>();
    private final Map<String, Integer> seriesPerMetric = new HashMap<>();
    private final Map<Long, Map<String, Integer>> seriesPerMetricDay = new HashMap<>();
    private final List<Checkpoint> checkpoints = new ArrayList<>();
    private long lines;
    private long badLines;
    private long pointsOutsideTime;
    private long timestampsLost;
    private long firstMs = Long.MAX_VALUE;
    private long lastMs = Long.MIN_VALUE;
    private int mostLabelsWritten;
    private int longestLabelValue;

    /**
     * @param nowMs the server's clock: a timestamp of 0 is stored at it, one more than two days ahead is dropped
     * @param step  lines between checkpoints
     */
    VmTally(VmIngest ingest, long nowMs, int step) {
        this.ingest = ingest;
        this.nowMs = nowMs;
        this.step = Math.max(1, step);
    }

    /** Counts one line as written (UTF-8 text without its line break); the precision of its timestamp is ns. */
    void line(String text) {
        lines++;
        try {
            InfluxLineParser.Row row = InfluxLineParser.parse(new String(text.getBytes(StandardCharsets.UTF_8),
                StandardCharsets.ISO_8859_1));
            if (row != null) {
                row(row);
            }
        } catch (InfluxLineParser.BadLine e) {
            badLines++;
        }
        if (lines % step == 0) {
            checkpoint();
        }
    }

    /** Counts one row written as it is, without line protocol (its names byte strings, its timestamp in ns). */
    void written(InfluxLineParser.Row row) {
        lines++;
        row(row);
        if (lines % step == 0) {
            checkpoint();
        }
    }

    private void row(InfluxLineParser.Row row) {
        if (row.timestamp() == null) {
            timestampsLost++; // every line Cardinal writes has one: a double quote in a name misled the quote scan
        }
        long ns = row.timestamp() == null ? 0 : row.timestamp();
        // streamparser.go: precision=ns divides by 1e6 (Go truncates toward zero), and 0 means "now"
        long ms = ns == 0 ? nowMs : ns / 1_000_000L;
        if (ms < 0 || ms > nowMs + MAX_AHEAD_MS) {
            pointsOutsideTime++;
            return;
        }
        firstMs = Math.min(firstMs, ms);
        lastMs = Math.max(lastMs, ms);
        mostLabelsWritten = Math.max(mostLabelsWritten, ingest.labelsWritten(row));
        for (InfluxLineParser.Tag t : row.tags()) {
            longestLabelValue = Math.max(longestLabelValue, t.value().length());
        }
        for (InfluxLineParser.Field f : row.fields()) {
            longestLabelValue = Math.max(longestLabelValue, ingest.metricName(row, f).length());
        }
        long day = Math.floorDiv(ms, MS_PER_DAY);
        for (VmSeries s : ingest.series(row)) {
            int id = idOf(s);
            firstMsOf[id] = Math.min(firstMsOf[id], ms);
            lastMsOf[id] = Math.max(lastMsOf[id], ms);
            BitSet inDay = days.computeIfAbsent(day, d -> new BitSet());
            if (!inDay.get(id)) {
                inDay.set(id);
                seriesPerMetricDay.computeIfAbsent(day, d -> new HashMap<>()).merge(s.name(), 1, Integer::sum);
            }
            hours.computeIfAbsent(Math.floorDiv(ms, MS_PER_HOUR), h -> new BitSet()).set(id);
        }
    }

    private int idOf(VmSeries s) {
        String key = s.key();
        Integer id = ids.get(key);
        if (id != null) {
            return id;
        }
        int fresh = series.size();
        ids.put(key, fresh);
        if (fresh == firstMsOf.length) {
            firstMsOf = java.util.Arrays.copyOf(firstMsOf, fresh * 2);
            lastMsOf = java.util.Arrays.copyOf(lastMsOf, fresh * 2);
        }
        firstMsOf[fresh] = Long.MAX_VALUE;
        lastMsOf[fresh] = Long.MIN_VALUE;
        series.add(s);
        seriesPerMetric.merge(s.name(), 1, Integer::sum);
        labelValues.computeIfAbsent("__name__", k -> new HashSet<>()).add(s.name());
        s.labels().forEach(l -> labelValues.computeIfAbsent(l.name(), k -> new HashSet<>()).add(l.value()));
        return fresh;
    }

    private void checkpoint() {
        Map<String, Integer> values = new TreeMap<>();
        labelValues.forEach((k, v) -> values.put(k, v.size()));
        double elapsed = firstMs == Long.MAX_VALUE ? 0 : (lastMs - firstMs) / 1000.0;
        checkpoints.add(new Checkpoint(lines, elapsed, series.size(), values));
    }

    /** Ends the stream: the last checkpoint is at the last line. */
    VmTally finish() {
        if (checkpoints.isEmpty() || checkpoints.get(checkpoints.size() - 1).lines() != lines) {
            checkpoint();
        }
        return this;
    }

    List<VmSeries> series() {
        return List.copyOf(series);
    }

    /**
     * The {@code n} label pairs the most series carry, {@code __name__} included, as {@code /api/v1/status/tsdb}'s
     * {@code seriesCountByLabelValuePair} ranks them (over the whole stream, not one day).
     */
    List<TagPairs.Pair> topPairs(int n) {
        Map<String, Map<String, Long>> counts = new HashMap<>();
        series.forEach(s -> TagPairs.count(counts, s.asMap()));
        return TagPairs.top(counts, n);
    }

    /**
     * The labels ({@code __name__} included) whose values make the most series come and go from one UTC day to the
     * next: the per-day index holds a series again on each day it is written, so a series that a new value starts
     * costs the index a new entry that day ({@link AttributeChurn}).
     */
    List<AttributeChurn.Churn> churnPerDay(int n) {
        return AttributeChurn.top(AttributeChurn.Series.of(series.size(), s -> series.get(s).asMap(),
            s -> firstMsOf[s] * 1_000_000L, s -> lastMsOf[s] * 1_000_000L), java.time.Duration.ofDays(1), 0, n);
    }

    /** Distinct series per UTC day (the day's first millisecond), as {@code /api/v1/status/tsdb?date=} counts them. */
    Map<Long, Integer> seriesPerDay() {
        Map<Long, Integer> m = new TreeMap<>();
        days.forEach((d, bits) -> m.put(d * MS_PER_DAY, bits.cardinality()));
        return m;
    }

    int busiestHour() {
        return hours.values().stream().mapToInt(BitSet::cardinality).max().orElse(0);
    }

    /** The most series one metric name has: over the whole stream and, in {@code [1]}, within one day. */
    int[] largestMetric() {
        int whole = seriesPerMetric.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        int day = seriesPerMetricDay.values().stream().flatMap(m -> m.values().stream()).mapToInt(Integer::intValue)
            .max().orElse(0);
        return new int[] {whole, day};
    }

    Map<String, Integer> valuesPerLabel() {
        Map<String, Integer> m = new TreeMap<>();
        labelValues.forEach((k, v) -> m.put(k, v.size()));
        return m;
    }

    int mostLabelsPerSeries() {
        return series.stream().mapToInt(s -> s.labels().size() + 1).max().orElse(0);
    }

    int mostLabelsWritten() {
        return mostLabelsWritten;
    }

    int longestLabelValue() {
        return longestLabelValue;
    }

    long lines() {
        return lines;
    }

    long badLines() {
        return badLines;
    }

    /** Lines read without their timestamp, stored at the server's clock instead. */
    long timestampsLost() {
        return timestampsLost;
    }

    long pointsOutsideTime() {
        return pointsOutsideTime;
    }

    double spanSeconds() {
        return firstMs == Long.MAX_VALUE ? 0 : (lastMs - firstMs) / 1000.0;
    }

    long firstMs() {
        return firstMs;
    }

    long lastMs() {
        return lastMs;
    }

    List<Checkpoint> checkpoints() {
        return List.copyOf(checkpoints);
    }
}
