package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.MetricOrigin;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.SelectorText;
import dev.cardinal.engine.SeriesApi;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.lineprotocol.SkipReason;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A layout's sample written to a VictoriaMetrics through {@code /write?db=DB&precision=ns} and read back. The sample is
 * moved by whole days to end within the last day, so each point keeps its UTC day and the per-day index holds the same
 * series as projected. Read back, over the moved range, for the layout's metric names under the db label:
 * {@code /api/v1/series} (each series once: exact), the same over the busiest day (the per-day index: exact), and
 * {@code /api/v1/status/tsdb?date=} for that day, which adds up index rows and may count a series twice (an estimate by
 * its source's word, {@code getTSDBStatus} in {@code lib/storage/index_db.go} at v1.79.5).
 */
final class VmSampleCheck {
    static final int LINES_PER_REQUEST = 5_000;
    private static final int EXAMPLES = 3;

    private final SeriesApi api;
    private final String database;
    private final long nowMs;

    VmSampleCheck(SeriesApi api, String database, long nowMs) {
        this.api = api;
        this.database = database;
        this.nowMs = nowMs;
    }

    SampleComparison run(Workspace ws, Layout layout, EventKindSample sample, PushMonitor monitor)
        throws IOException, InterruptedException {
        if (sample.rows() == 0) {
            throw new IllegalArgumentException("the sample holds no " + sample.name() + " rows to write");
        }
        long lastMs = Long.MIN_VALUE;
        for (int r = 0; r < sample.rows(); r++) {
            lastMs = Math.max(lastMs, Math.floorDiv(sample.timestamp(r), 1_000_000L));
        }
        long shiftMs = Math.floorDiv(nowMs - lastMs, VmTally.MS_PER_DAY) * VmTally.MS_PER_DAY;
        if (MetricOrigin.keptAsSent(layout, ws, sample)) {
            return new VmMetricImport(this, layout, sample, shiftMs).run(monitor);
        }
        VmTally projected = new VmCounting(VmFlags.defaults().withDb(database), nowMs - shiftMs).tallyOfLineProtocol(layout, sample);
        SampleLineProtocol lp = new SampleLineProtocol(layout, sample,
            new SampleLineProtocol.Options(false).withTimeShift(shiftMs * 1_000_000L));
        if (!write(lp, sample.rows(), monitor)) {
            return new SampleComparison(sample.name(), layout.id(), written(lp, shiftMs),
                List.of(), List.of("stopped as asked after " + lp.counts().linesWritten() + " lines"), true);
        }
        List<String> notes = new ArrayList<>();
        boolean dbTag = layout.tags().stream().anyMatch(t -> t.key().equals("db"));
        List<ComparisonRow> rows = readBack(projected, shiftMs, dbTag, notes);
        for (SkipReason r : SkipReason.values()) {
            if (lp.counts().skipped(r) > 0) {
                notes.add(String.format(Locale.ROOT, "%,d %s not written: %s", lp.counts().skipped(r),
                    r.wholeRow() ? "rows" : "fields", r.reason()));
            }
        }
        return new SampleComparison(sample.name(), layout.id(), written(lp, shiftMs),
            rows, notes, false);
    }

    /**
     * Reads back what a write of the {@code projected} series made, over the moved range, beside the projection; adds
     * to {@code notes} what differs. {@code dbTag}: a tag named db stands for the db label, so it is not matched.
     */
    List<ComparisonRow> readBack(VmTally projected, long shiftMs, boolean dbTag, List<String> notes)
        throws IOException, InterruptedException {
        flush(notes);
        List<String> match = matchers(projected, dbTag);
        if (match.isEmpty()) {
            notes.add("no series written: nothing to read back");
            return List.of();
        }
        long from = projected.firstMs() + shiftMs;
        long to = projected.lastMs() + shiftMs;
        Set<Map<String, String>> expected = new HashSet<>();
        projected.series().forEach(s -> expected.add(s.asMap()));
        Set<Map<String, String>> measured = new HashSet<>(api.series(match, from, to));
        List<ComparisonRow> rows = new ArrayList<>();
        rows.add(ComparisonRow.exact("series (/api/v1/series over the sample's range)", expected.size(), measured.size()));
        busiestDay(projected, match, shiftMs, rows);
        labelValues(projected, measured, rows);
        differences(expected, measured, notes);
        return rows;
    }

    private String written(SampleLineProtocol lp, long shiftMs) {
        return String.format(Locale.ROOT, "%,d lines to /write?db=%s, moved %,d days to end within the last day",
            lp.counts().linesWritten(), CommentText.shown(database), shiftMs / VmTally.MS_PER_DAY);
    }

    /** False when stopped as asked between requests. */
    private boolean write(SampleLineProtocol lp, int rows, PushMonitor monitor) throws IOException, InterruptedException {
        String path = "/write?precision=ns&db=" + URLEncoder.encode(database, StandardCharsets.UTF_8);
        for (Iterator<byte[]> it = lp.batches(LINES_PER_REQUEST); it.hasNext(); ) {
            if (monitor.cancelled()) {
                return false;
            }
            post(path, it.next(), "line protocol");
            monitor.progress("write", lp.counts().rowsRead(), rows);
        }
        return true;
    }

    /** Posts one request of writes; {@code what} names what it carries in the error when the server refuses it. */
    void post(String path, byte[] body, String what) throws IOException, InterruptedException {
        SeriesApi.Answer r = api.post(path, "text/plain; charset=utf-8", body);
        if (r.status() / 100 != 2) {
            throw new IOException("VictoriaMetrics at " + api.server().where() + " refused a write of " + what + ": "
                + r.status() + " " + CommentText.shown(r.body().strip()));
        }
    }

    String database() {
        return database;
    }

    long nowMs() {
        return nowMs;
    }

    /** Makes the write searchable at once ({@code /internal/force_flush}); without it the figures may lag a few seconds. */
    private void flush(List<String> notes) throws IOException, InterruptedException {
        SeriesApi.Answer r = api.post("/internal/force_flush", "text/plain", new byte[0]);
        if (r.status() / 100 != 2) {
            notes.add("/internal/force_flush answered " + r.status() + ": what was just written may not be listed yet");
        }
    }

    /** One selector per metric name, under the db label unless {@code dbTag} (a tag of the layout is named db, and wins). */
    private List<String> matchers(VmTally projected, boolean dbTag) {
        Set<String> names = new TreeSet<>();
        projected.series().forEach(s -> names.add(VmSeries.text(s.name())));
        return names.stream().map(n -> "{__name__=" + SelectorText.quoted(n)
            + (dbTag ? "" : ",db=" + SelectorText.quoted(database)) + "}").toList();
    }

    private void busiestDay(VmTally projected, List<String> match, long shiftMs, List<ComparisonRow> rows)
        throws IOException, InterruptedException {
        Map.Entry<Long, Integer> busiest = projected.seriesPerDay().entrySet().stream().max(Map.Entry.comparingByValue())
            .orElse(null);
        if (busiest == null) {
            return;
        }
        long day = busiest.getKey() + shiftMs;
        String date = LocalDate.ofInstant(Instant.ofEpochMilli(day), ZoneOffset.UTC).toString();
        rows.add(ComparisonRow.exact("series of the busiest UTC day, " + date + " (/api/v1/series over it)", busiest.getValue(),
            api.series(match, day, day + VmTally.MS_PER_DAY - 1).size()));
        StringBuilder q = new StringBuilder("/api/v1/status/tsdb?date=").append(date);
        match.forEach(m -> q.append("&match%5B%5D=").append(URLEncoder.encode(m, StandardCharsets.UTF_8)));
        rows.add(new ComparisonRow("series that day by /api/v1/status/tsdb (totalSeries)", busiest.getValue(),
            api.get(q.toString()).path("totalSeries").asLong(), true));
    }

    private static void labelValues(VmTally projected, Set<Map<String, String>> measured, List<ComparisonRow> rows) {
        Map<String, Set<String>> values = new TreeMap<>();
        measured.forEach(s -> s.forEach((k, v) -> values.computeIfAbsent(k, x -> new HashSet<>()).add(v)));
        Map<String, Integer> expected = new TreeMap<>();
        projected.valuesPerLabel().forEach((k, v) -> expected.put(VmSeries.text(k), v));
        Set<String> labels = new TreeSet<>(expected.keySet());
        labels.addAll(values.keySet());
        for (String label : labels) {
            rows.add(ComparisonRow.exact("values of label " + CommentText.shown(label), expected.getOrDefault(label, 0),
                values.getOrDefault(label, Set.of()).size()));
        }
    }

    private static void differences(Set<Map<String, String>> expected, Set<Map<String, String>> measured, List<String> notes) {
        List<Map<String, String>> missing = expected.stream().filter(s -> !measured.contains(s)).toList();
        List<Map<String, String>> extra = measured.stream().filter(s -> !expected.contains(s)).toList();
        if (!missing.isEmpty()) {
            notes.add(String.format(Locale.ROOT, "%,d projected series the server does not list, e.g. %s", missing.size(),
                examples(missing)));
        }
        if (!extra.isEmpty()) {
            notes.add(String.format(Locale.ROOT, "%,d series the server lists that were not projected (written before, or"
                + " by another writer under the same db label), e.g. %s", extra.size(), examples(extra)));
        }
        if (missing.isEmpty() && extra.isEmpty()) {
            notes.add("the series listed are exactly the projected ones, name and every label");
        }
    }

    private static String examples(List<Map<String, String>> series) {
        return String.join("; ", series.stream().limit(EXAMPLES).map(s -> CommentText.shown(s.toString())).toList());
    }
}
