package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.prometheus.Promtool;
import dev.cardinal.engine.prometheus.ScratchPrometheus;
import dev.cardinal.engine.victoriametrics.ScratchVictoriaMetrics;
import dev.cardinal.engine.victoriametrics.VmTools;
import dev.cardinal.lineprotocol.LineProtocolEscaping;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.PrometheusOrigin;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workspace built from Prometheus metrics (a capture's spool, hostile names included) keeps their origin in its file,
 * and every command names the series after the metric on the real engines: {@code generate}'s recording rules read the
 * metric (loaded by promtool and vmalert, and answering on the servers after the write), {@code plan} names it, {@code
 * apply --write-sample} writes it to Prometheus by remote write and to VictoriaMetrics as text exposition and reads back
 * exactly the projected series, and {@code import} from either server gives event kinds of that origin whose plan finds
 * the metric on the server.
 */
class MetricOriginCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String REQUESTS = "http_requests_total";
    private static final String HOSTILE = "cpu load\"x";
    private static final String HOSTILE_LABEL = "weird key-ü\"\\x";
    /** A label name the text format cannot carry ('=' ends it): its rows go by remote write only. */
    private static final String EQUALS = "eq";

    @Test
    void aWorkspaceOfPrometheusMetricsNamesItsSeriesAfterThem(@TempDir Path dir) throws Exception {
        long lastMs = System.currentTimeMillis() - 20 * 60_000;
        Path spool = spool(dir.resolve("spool.lp"), lastMs);
        Path file = dir.resolve("m" + WorkspaceFiles.EXTENSION);
        CliRun infer = CliRun.of("infer", spool.toString(), "-o", file.toString());
        assertEquals(0, infer.code(), infer.out() + infer.err());
        String text = Files.readString(file);
        assertTrue(text.contains("\"formatVersion\": 5"), text);
        assertEquals(4, text.split("\"origin\": \"prometheus-metric\"", -1).length - 1, text);
        Workspace ws = withRollups(file);
        String w = file.toString();

        Path out = dir.resolve("code");
        CliRun generate = CliRun.of("generate", w, "-o", out.toString());
        assertEquals(0, generate.code(), generate.out() + generate.err());
        List<Path> files;
        try (Stream<Path> s = Files.list(out)) {
            files = s.sorted().toList();
        }
        List<String> promRules = new ArrayList<>();
        List<String> vmRules = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            String code = Files.readString(f);
            if (name.endsWith(".rules.yml") || name.endsWith(".prometheus.yml")) {
                Promtool.check(f);
                assertFalse(code.contains("_value"), "the metric, not metric_value: " + code);
                if (name.endsWith(".rules.yml")) {
                    promRules.addAll(expressions(code));
                } else {
                    assertFalse(code.contains("labeldrop"), "the sample value is no label to drop: " + code);
                }
            } else if (VmTools.generated(f)) {
                assertTrue(name.endsWith(".vmalert-rules.yml"), "every label is kept, the value is none: no relabelling " + name);
                VmTools.check(f);
                assertFalse(code.contains("_value"), "the metric, not metric_value: " + code);
                if (name.endsWith(".vmalert-rules.yml")) {
                    vmRules.addAll(expressions(code));
                }
            }
        }
        assertEquals(List.of("max by () (max_over_time({__name__=\"cpu load\\\"x\"}[300s]))",
            "sum by (job) (sum_over_time({__name__=\"http_requests_total\"}[300s]))"), promRules,
            "the hostile label is no PromQL identifier: its rule does not group by it (said in a comment)");
        assertEquals(2, vmRules.size(), vmRules.toString());
        assertTrue(vmRules.contains("sum by (job) (sum_over_time({__name__=\"http_requests_total\"}[300s]))"), vmRules.toString());

        try (ScratchPrometheus prometheus = ScratchPrometheus.start(); ScratchVictoriaMetrics vm = ScratchVictoriaMetrics.start()) {
            String prom = prometheus.url.toString();
            String vmUrl = vm.url().toString();
            CliRun plan = CliRun.of("plan", w, "--url", prom, "--kind", "prometheus");
            assertEquals(0, plan.code(), plan.out() + plan.err());
            assertTrue(plan.out().contains("metric " + REQUESTS + ": not on the server"), plan.out());
            assertFalse(plan.out().contains("_value"), plan.out());
            CliRun vmPlan = CliRun.of("plan", w, "--url", vmUrl, "--kind", "victoriametrics", "--database", "d");
            assertEquals(0, vmPlan.code(), vmPlan.out() + vmPlan.err());
            assertTrue(vmPlan.out().contains("metric " + REQUESTS + ": not on the server"), vmPlan.out());
            assertFalse(vmPlan.out().contains("_value"), vmPlan.out());

            for (Layout l : ws.layouts()) {
                apply(w, l.id(), "--url", prom, "--kind", "prometheus");
                JsonNode kind = apply(w, l.id(), "--url", vmUrl, "--kind", "victoriametrics", "--database", "d");
                assertTrue(kind.get("notes").toString().contains("text exposition"), kind.toString());
                if (l.eventKind().equals("eq_metric")) {
                    assertTrue(kind.get("notes").toString().contains("rows not written: a label name with '='"), kind.toString());
                }
            }
            Set<String> inPrometheus = names(get(prometheus.url, "/api/v1/label/__name__/values"));
            assertEquals(Set.of(REQUESTS, HOSTILE, "colon:metric", "eq_metric"), inPrometheus);
            Set<String> inVm = names(get(vm.url(), "/api/v1/label/__name__/values?start=1"));
            assertEquals(Set.of(REQUESTS, HOSTILE, "colon:metric"), inVm, "eq_metric's label cannot be sent as text");

            // the rules read the metrics the write made: each answers with the rollup's groups
            for (String expr : promRules) {
                assertEquals(expr.contains("job") ? 2 : 1, query(prometheus.url, expr, System.currentTimeMillis()).size(), expr);
            }
            for (String expr : vmRules) {
                assertFalse(query(vm.url(), expr, lastMs).isEmpty(), expr);
            }

            Path fromProm = dir.resolve("from-prometheus" + WorkspaceFiles.EXTENSION);
            imported(fromProm, "--url", prom, "--kind", "prometheus");
            CliRun again = CliRun.of("plan", fromProm.toString(), "--url", prom, "--kind", "prometheus");
            assertEquals(0, again.code(), again.out() + again.err());
            assertTrue(again.out().contains("metric " + REQUESTS + ": on the server: 20 series"), again.out());
            Path fromVm = dir.resolve("from-vm" + WorkspaceFiles.EXTENSION);
            imported(fromVm, "--url", vmUrl, "--kind", "victoriametrics", "--database", "d");
            CliRun vmAgain = CliRun.of("plan", fromVm.toString(), "--url", vmUrl, "--kind", "victoriametrics", "--database", "d");
            assertEquals(0, vmAgain.code(), vmAgain.out() + vmAgain.err());
            assertTrue(vmAgain.out().contains("metric " + REQUESTS + ": on the server: 20 series (20 with db=d)"), vmAgain.out());
        }
    }

    /**
     * A capture's spool of four metrics over an hour ending at {@code lastMs}: http_requests_total (20 series), one with a
     * hostile name and label, one with ':' in its name, one with a label the text format cannot carry.
     */
    private static Path spool(Path file, long lastMs) throws Exception {
        StringBuilder lines = new StringBuilder();
        for (String m : List.of(REQUESTS, HOSTILE, "colon:metric", "eq_metric")) {
            lines.append(PrometheusOrigin.line(m));
        }
        for (int i = 0; i < 60; i++) {
            long ns = (lastMs - (59 - i) * 60_000L) * 1_000_000L;
            String job = i % 2 == 0 ? "api" : "web";
            lines.append(point(REQUESTS, ns, i, "code", i % 4 < 2 ? "200" : "500", "instance", "host-" + (i % 5), "job", job));
            lines.append(point(HOSTILE, ns, i, HOSTILE_LABEL, "v\"\\ " + (i % 3), "job", job));
            lines.append(point("colon:metric", ns, i, "job", job));
            lines.append(point("eq_metric", ns, i, "a=" + EQUALS, "x", "job", job));
        }
        return Files.writeString(file, lines.toString());
    }

    private static String point(String metric, long ns, double value, String... labels) {
        StringBuilder sb = new StringBuilder(LineProtocolEscaping.measurement(metric));
        for (int i = 0; i < labels.length; i += 2) {
            sb.append(',').append(LineProtocolEscaping.tag(labels[i])).append('=').append(LineProtocolEscaping.tag(labels[i + 1]));
        }
        return sb.append(" value=").append(value).append(' ').append(ns).append('\n').toString();
    }

    /** Adds a rollup per metric with labels to group by (the job; the hostile label) and saves the workspace. */
    private static Workspace withRollups(Path file) throws Exception {
        Workspace ws = WorkspaceFiles.load(file).workspace();
        assertTrue(ws.eventKinds().stream().allMatch(k -> k.origin() == EventKind.Origin.PROMETHEUS_METRIC), ws.toString());
        Rollup.Destination to = new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, "five", Duration.ZERO);
        List<Rollup> rollups = List.of(
            new Rollup("by-job", "by-job", layoutOf(ws, REQUESTS), Duration.ofMinutes(5),
                List.of(new Rollup.AggregateSpec("value", Aggregate.SUM, null)), List.of("job"), to),
            new Rollup("by-weird", "by-weird", layoutOf(ws, HOSTILE), Duration.ofMinutes(5),
                List.of(new Rollup.AggregateSpec("value", Aggregate.MAX, null)), List.of(HOSTILE_LABEL), to));
        Workspace next = new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), rollups, ws.targets(), ws.canvas());
        WorkspaceFiles.save(file, next);
        return next;
    }

    private static String layoutOf(Workspace ws, String kind) {
        return ws.layoutsOf(kind).get(0).id();
    }

    /** The apply's event kind in JSON, checked to match the projection in every row. */
    private static JsonNode apply(String ws, String layout, String... target) throws Exception {
        List<String> args = new ArrayList<>(List.of("apply", ws, "--layout", layout, "--write-sample", "--yes", "--format", "json"));
        args.addAll(List.of(target));
        CliRun apply = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, apply.code(), apply.out() + apply.err());
        JsonNode kind = JSON.readTree(apply.out()).get("eventKinds").get(0);
        assertTrue(kind.get("matches").asBoolean(), kind.toString());
        kind.get("rows").forEach(r -> assertFalse(r.get("differs").asBoolean(), r.toString()));
        return kind;
    }

    private static void imported(Path out, String... server) throws Exception {
        List<String> args = new ArrayList<>(List.of("import", "-o", out.toString()));
        args.addAll(List.of(server));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.code(), run.out() + run.err());
        Workspace ws = WorkspaceFiles.load(out).workspace();
        assertTrue(ws.eventKinds().stream().allMatch(EventKind::prometheusMetric), ws.eventKinds().toString());
        assertTrue(ws.eventKind(HOSTILE).isPresent(), "the metric's name as the server holds it: " + ws.eventKinds());
        assertTrue(ws.layoutsOf(HOSTILE).get(0).tags().stream().anyMatch(t -> t.key().equals(HOSTILE_LABEL)));
        assertTrue(Files.readString(out).contains("\"formatVersion\": 5"));
    }

    /** Each {@code expr:} of a generated rules file, unquoted (its scalars are JSON-compatible double-quoted YAML). */
    private static List<String> expressions(String yaml) throws Exception {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\s+expr: (\".*\")$").matcher(yaml);
        while (m.find()) {
            out.add(JSON.readValue(m.group(1), String.class));
        }
        return out;
    }

    private static List<JsonNode> query(URI server, String expr, long timeMs) throws Exception {
        JsonNode data = get(server, "/api/v1/query?query=" + URLEncoder.encode(expr, StandardCharsets.UTF_8) + "&time="
            + timeMs / 1000.0);
        List<JsonNode> out = new ArrayList<>();
        data.get("result").forEach(out::add);
        return out;
    }

    private static JsonNode get(URI server, String pathAndQuery) throws Exception {
        HTTP.send(HttpRequest.newBuilder(server.resolve("/internal/force_flush")).build(), HttpResponse.BodyHandlers.discarding());
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(server.resolve(pathAndQuery)).build(),
            HttpResponse.BodyHandlers.ofString());
        JsonNode root = JSON.readTree(r.body());
        assertEquals("success", root.path("status").asText(), pathAndQuery + ": " + r.body());
        return root.get("data");
    }

    private static Set<String> names(JsonNode list) {
        Set<String> out = new TreeSet<>();
        list.forEach(n -> out.add(n.asText()));
        return out;
    }
}
