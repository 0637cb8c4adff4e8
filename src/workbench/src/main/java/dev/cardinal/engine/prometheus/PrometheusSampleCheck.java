package dev.cardinal.engine.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.MetricOrigin;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.SelectorText;
import dev.cardinal.engine.SeriesApi;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A layout's sample remote-written to a Prometheus ({@link SampleRemoteWrite}: moved to end now, squeezed into 50
 * minutes) and read back: {@code /api/v1/status/tsdb} {@code headStats.numSeries} against the head before the write and
 * the series the write adds, the series {@code /api/v1/series} lists for the layout's metrics, the values of each
 * label ({@code /api/v1/label/NAME/values} for those metrics) and, on a head that held nothing before,
 * {@code labelValueCountByLabelName} (the head's ten labels with the most values).
 */
final class PrometheusSampleCheck {
    /** Before the squeezed window and after now: the range the written series are read over. */
    private static final long MARGIN_MS = 10 * 60 * 1000L;

    private final SeriesApi api;
    private final RemoteWriteClient client;
    private final long nowMs;

    PrometheusSampleCheck(SeriesApi api, RemoteWriteClient client, long nowMs) {
        this.api = api;
        this.client = client;
        this.nowMs = nowMs;
    }

    SampleComparison run(Workspace ws, Layout layout, EventKindSample sample) throws IOException, InterruptedException {
        boolean asSent = MetricOrigin.keptAsSent(layout, ws, sample);
        SeriesTally.Tally projected = PrometheusCount.tally(new SampleSeries(layout, sample, asSent), sample.rows());
        Set<Map<String, String>> expected = new HashSet<>();
        new SampleSeries(layout, sample, asSent).forEach((row, labels, value, ns) -> expected.add(new TreeMap<>(labels)));
        List<String> match = projected.seriesByMetric().keySet().stream()
            .map(m -> "{__name__=" + SelectorText.quoted(m) + "}").toList();
        long from = nowMs - SampleRemoteWrite.WINDOW_MS - MARGIN_MS;
        long to = nowMs + MARGIN_MS;
        // status/tsdb's label counts are cached for five minutes from the call that made them
        // (Head.PostingsCardinalityStats, cardinalityCacheExpirationTime in tsdb/head.go at v2.42.0): on an empty
        // server the head is known to be empty without asking it, so the call after the write makes them fresh
        boolean empty = api.labelValues("__name__", List.of(), PrometheusPushing.ALL_TIME_MS, to).isEmpty();
        long headBefore = empty ? 0 : api.get("/api/v1/status/tsdb").get("headStats").get("numSeries").asLong();
        long alreadyThere = match.isEmpty() ? 0
            : api.series(match, from, to).stream().filter(expected::contains).count();
        SampleRemoteWrite.Result sent;
        try {
            sent = new SampleRemoteWrite(client).write(layout, sample, asSent, nowMs);
        } catch (IOException e) {
            if (alreadyThere == 0) {
                throw e;
            }
            throw new IOException(String.format(Locale.ROOT, "the head already holds %,d of the sample's %,d series (an"
                + " earlier write): Prometheus refuses a sample older than its series' newest, so the sample is written"
                + " once per head (its series leave it within three hours; or write to another Prometheus): %s",
                alreadyThere, expected.size(), e.getMessage()), e);
        }
        JsonNode tsdb = api.get("/api/v1/status/tsdb");
        Set<Map<String, String>> measured = match.isEmpty() ? Set.of() : new HashSet<>(api.series(match, from, to));
        List<ComparisonRow> rows = new ArrayList<>();
        rows.add(ComparisonRow.exact("series of the layout's metrics (/api/v1/series)", expected.size(), measured.size()));
        rows.add(ComparisonRow.exact("head series (/api/v1/status/tsdb headStats.numSeries)", headBefore + expected.size() - alreadyThere,
            tsdb.get("headStats").get("numSeries").asLong()));
        for (Map.Entry<String, Long> e : projected.valuesByLabel().entrySet()) {
            if (!MetricNames.label(e.getKey()).equals(e.getKey())) {
                // a name as sent that the API refuses in its path ("invalid label name", web/api/v1/api.go at
                // v2.42.0): its values as the series list names them
                long values = measured.stream().map(m -> m.get(e.getKey())).filter(java.util.Objects::nonNull).distinct().count();
                rows.add(ComparisonRow.exact("values of label " + CommentText.shown(e.getKey()) + " (/api/v1/series)", e.getValue(), values));
                continue;
            }
            long values = match.isEmpty() ? 0 : api.labelValues(e.getKey(), match, from, to).size();
            rows.add(ComparisonRow.exact("values of label " + CommentText.shown(e.getKey()) + " (/api/v1/label/../values)", e.getValue(), values));
        }
        List<String> notes = new ArrayList<>();
        JsonNode counts = tsdb.path("labelValueCountByLabelName");
        if (empty && counts.isEmpty() && !expected.isEmpty()) {
            notes.add("status/tsdb's label counts still show the head as it was up to five minutes ago (Prometheus caches"
                + " them: cardinalityCacheExpirationTime, tsdb/head.go at v2.42.0): not compared");
        } else if (empty) {
            for (JsonNode n : counts) {
                String label = n.get("name").asText();
                rows.add(ComparisonRow.exact("values of label " + CommentText.shown(label) + " (status/tsdb labelValueCountByLabelName)",
                    projected.valuesByLabel().getOrDefault(label, 0L), n.get("value").asLong()));
            }
        } else {
            notes.add(String.format(Locale.ROOT, "the head held %,d series before the write (%,d of them this sample's):"
                + " the head figure projected is those and the sample's new ones; status/tsdb's label counts cover the"
                + " whole head, as cached up to five minutes before, and are not compared", headBefore, alreadyThere));
        }
        List<Map<String, String>> missing = expected.stream().filter(s -> !measured.contains(s)).toList();
        if (!missing.isEmpty()) {
            notes.add(String.format(Locale.ROOT, "%,d projected series the server does not list, e.g. %s", missing.size(),
                CommentText.shown(missing.get(0).toString())));
        }
        long extra = measured.stream().filter(s -> !expected.contains(s)).count();
        if (extra > 0) {
            notes.add(String.format(Locale.ROOT, "%,d series of these metrics the server lists that were not projected"
                + " (another writer's)", extra));
        }
        sent.notSent().forEach((why, n) -> notes.add(String.format(Locale.ROOT, "%,d %s not written", n, why)));
        String written = String.format(Locale.ROOT, "%,d samples of %,d series by remote write in %,d request(s), moved to"
            + " end now%s", sent.samples(), sent.series(), sent.requests(),
            sample.rows() > 0 ? " within " + SampleRemoteWrite.WINDOW_MS / 60_000 + " minutes" : "");
        return new SampleComparison(sample.name(), layout.id(), written, rows, notes, false);
    }
}
