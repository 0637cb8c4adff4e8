package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.capture.CaptureServer;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.engine.victoriametrics.ScratchVictoriaMetrics;
import dev.cardinal.engine.victoriametrics.VmCounting;
import dev.cardinal.engines.ServerFor;
import dev.cardinal.lineprotocol.LineProtocolEscaping;
import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Prometheus metric read by Cardinal keeps its origin: the same series, with hostile metric and label names, are
 * remote-written to a real Prometheus and a real VictoriaMetrics and to a capture (and, with the names the text format
 * allows, saved as a scrape); the capture's spool and the scrape read back as samples, and their layouts as written
 * project on both engines exactly the series the servers list, {@code metric} and not {@code metric_value}.
 */
class PrometheusOriginTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> METRICS = List.of("http_requests_total", "cpu load\"x", "a,b=c", "ü_metric", "9lives",
        "back\\slash", "colon:metric", "__hidden");
    private static final List<String> LABELS = List.of("job", "weird key-ü\"\\x", "9x", "__x", "a,b=c d");

    /** Every metric with each label name, and each label value line protocol can carry, at times a minute apart. */
    private static List<WriteRequest.Series> series(long startMs) {
        List<String> values = HostileLabelsTest.VALUES.stream().filter(v -> LineProtocolEscaping.whyNotTag(v) == null).toList();
        List<WriteRequest.Series> out = new ArrayList<>();
        int i = 0;
        for (String metric : METRICS) {
            for (String label : LABELS) {
                Map<String, String> labels = new TreeMap<>();
                labels.put("__name__", metric);
                labels.put(label, values.get(i % values.size()));
                labels.put("instance", "host-" + (i % 3));
                out.add(new WriteRequest.Series(labels, new long[] {startMs + i, startMs + 60_000 + i}, new double[] {i, i + 0.5}));
                i++;
            }
        }
        return out;
    }

    @Test
    void capturedAndScrapedMetricsProjectAsTheServersHoldThem(@TempDir Path dir) throws Exception {
        ScratchPrometheus.required();
        long start = System.currentTimeMillis() - 10 * 60_000;
        List<WriteRequest.Series> series = series(start);
        Path spool = dir.resolve("spool.lp");
        Set<Map<String, String>> inPrometheus;
        Set<Map<String, String>> inVm;
        long headSeries;
        try (ScratchPrometheus prometheus = ScratchPrometheus.start(); ScratchVictoriaMetrics vm = ScratchVictoriaMetrics.start();
             CaptureServer capture = CaptureServer.start(CaptureServer.Settings.loopback(0, spool))) {
            new RemoteWriteClient(prometheus.url).send(series);
            new RemoteWriteClient(vm.url()).send(series);
            new RemoteWriteClient(capture.url()).send(series);
            inPrometheus = labelSets(prometheus.api("/api/v1/series?match[]=" + ScratchPrometheus.encode("{__name__=~\".+\"}")));
            headSeries = prometheus.api("/api/v1/status/tsdb").get("headStats").get("numSeries").asLong();
            inVm = labelSets(vmSeries(vm, start));
        }
        assertEquals(series.size(), inPrometheus.size(), "Prometheus holds every series, names as sent: " + inPrometheus);
        assertEquals(inPrometheus, inVm, "VictoriaMetrics holds the same series as Prometheus");

        Sample captured = SampleReader.read(List.of(new SampleReader.Source(spool, SampleBinding.lineProtocol("spool",
            spool.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE);
        assertEquals(METRICS.size(), captured.eventKinds().size(), captured.eventKinds().toString());
        assertTrue(captured.eventKinds().stream().allMatch(EventKindSample::prometheusMetric), "the spool keeps the origin");
        assertEquals(inPrometheus, projectedOnPrometheus(captured), "captured, projected on Prometheus");
        assertEquals(inVm, projectedOnVm(captured), "captured, projected on VictoriaMetrics");
        long projectedSeries = captured.eventKinds().stream().mapToLong(k -> count(k).figure("series").orElseThrow().now()).sum();
        assertEquals(headSeries, projectedSeries, "the Prometheus count's series equal the head's");

        // the same spool without its origin comments is plain line protocol: metric_value, as /write names it
        Path plain = Files.writeString(dir.resolve("plain.lp"), Files.readAllLines(spool).stream()
            .filter(l -> !l.startsWith("#")).collect(Collectors.joining("\n", "", "\n")));
        Sample asLineProtocol = SampleReader.read(List.of(new SampleReader.Source(plain, SampleBinding.lineProtocol("plain",
            plain.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE);
        assertFalse(asLineProtocol.eventKinds().stream().anyMatch(EventKindSample::prometheusMetric));
        assertTrue(projectedOnVm(asLineProtocol).stream().allMatch(s -> s.get("__name__").endsWith("_value")));

        // a scrape of the metrics whose names the text format allows, hostile label values escaped as it asks
        Path scrape = Files.writeString(dir.resolve("scrape.prom"), exposition(series));
        Sample scraped = SampleReader.read(List.of(new SampleReader.Source(scrape, new SampleBinding("scrape", scrape.toString(),
            SampleFormat.PROMETHEUS_TEXT, null, "ns", null, null, List.of()))), SampleLimits.defaults(), ReadMonitor.NONE);
        assertEquals(List.of(), scraped.report().problems());
        Set<Map<String, String>> expected = inPrometheus.stream().filter(PrometheusOriginTest::textFormatAllows)
            .collect(Collectors.toSet());
        assertEquals(3 * 2 - 1, expected.size(), "the scrape's share: three metric names and two label names are valid");
        assertEquals(expected, projectedOnPrometheus(scraped), "scraped, projected on Prometheus");
        assertEquals(expected, projectedOnVm(scraped), "scraped, projected on VictoriaMetrics");
    }

    private static EngineCount count(EventKindSample kind) {
        Layout layout = SchemaInference.asWritten(kind, "as-written");
        return new Prometheus().counting().orElseThrow().count(new SeriesEngine.Request(null, kind, layout, ServerFor.defaults(),
            Optional.empty()));
    }

    private static Set<Map<String, String>> projectedOnPrometheus(Sample sample) {
        Set<Map<String, String>> out = new HashSet<>();
        for (EventKindSample kind : sample.eventKinds()) {
            new SampleSeries(SchemaInference.asWritten(kind, "as-written"), kind)
                .forEach((row, labels, value, ns) -> out.add(new TreeMap<>(labels)));
        }
        return out;
    }

    private static Set<Map<String, String>> projectedOnVm(Sample sample) {
        Set<Map<String, String>> out = new HashSet<>();
        for (EventKindSample kind : sample.eventKinds()) {
            out.addAll(new VmCounting().listed(new SeriesEngine.Request(null, kind, SchemaInference.asWritten(kind, "as-written"),
                ServerFor.defaults(), Optional.empty())));
        }
        return out;
    }

    /**
     * A metric name and label names the text format can write ({@code [a-zA-Z_:][a-zA-Z0-9_:]*}, labels without ':'),
     * and values without a NUL (which makes a file binary, no text a scrape gives).
     */
    private static boolean textFormatAllows(Map<String, String> labels) {
        return labels.keySet().stream().allMatch(n -> n.matches("[a-zA-Z_][a-zA-Z0-9_]*"))
            && labels.values().stream().noneMatch(v -> v.indexOf('\0') >= 0)
            && labels.get("__name__").matches("[a-zA-Z_:][a-zA-Z0-9_:]*");
    }

    private static String exposition(List<WriteRequest.Series> series) {
        StringBuilder sb = new StringBuilder("# a scrape, as curl saves one\n");
        for (WriteRequest.Series s : series) {
            if (!textFormatAllows(s.labels())) {
                continue;
            }
            String labels = s.labels().entrySet().stream().filter(e -> !e.getKey().equals("__name__"))
                .map(e -> e.getKey() + "=\"" + e.getValue().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"")
                .collect(Collectors.joining(","));
            for (int i = 0; i < s.timestampsMs().length; i++) {
                sb.append(s.labels().get("__name__")).append('{').append(labels).append("} ").append(s.values()[i]).append(' ')
                    .append(s.timestampsMs()[i]).append('\n');
            }
        }
        return sb.toString();
    }

    private static Set<Map<String, String>> labelSets(JsonNode list) {
        Set<Map<String, String>> out = new HashSet<>();
        for (JsonNode s : list) {
            Map<String, String> labels = new TreeMap<>();
            s.fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            out.add(labels);
        }
        return out;
    }

    private static JsonNode vmSeries(ScratchVictoriaMetrics vm, long startMs) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        http.send(HttpRequest.newBuilder(vm.url().resolve("/internal/force_flush")).build(), HttpResponse.BodyHandlers.ofString());
        String query = "/api/v1/series?match[]=" + URLEncoder.encode("{__name__=~\".+\"}", StandardCharsets.UTF_8)
            + "&start=" + (startMs / 1000 - 60);
        JsonNode root = JSON.readTree(http.send(HttpRequest.newBuilder(vm.url().resolve(query)).build(),
            HttpResponse.BodyHandlers.ofString()).body());
        assertEquals("success", root.path("status").asText(), root.toString());
        return root.get("data");
    }
}
