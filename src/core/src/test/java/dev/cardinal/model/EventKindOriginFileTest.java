package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An event kind's origin in the workspace file (format 5): written only for a Prometheus metric, so every existing file
 * reads and writes back byte for byte; read back equal; a wrong one refused with its JSON path; a workspace inferred
 * from a scrape records it.
 */
class EventKindOriginFileTest {
    @Test
    void existingFilesRoundTripByteForByteAndAreRecords() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of("sample-data"))) {
            files = s.filter(p -> p.toString().endsWith(WorkspaceFiles.EXTENSION)).sorted().toList();
        }
        assertEquals(3, files.size(), files.toString());
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            Workspace ws = WorkspaceReader.read(bytes, f.toString()).workspace();
            assertTrue(ws.eventKinds().stream().allMatch(k -> k.origin() == EventKind.Origin.RECORD), f.toString());
            assertTrue(ws.formatVersion() < 5, f.toString());
            assertEquals(new String(bytes, StandardCharsets.UTF_8), new String(WorkspaceWriter.write(ws), StandardCharsets.UTF_8),
                f.toString());
            assertFalse(new String(bytes, StandardCharsets.UTF_8).contains("\"origin\""), f.toString());
        }
    }

    @Test
    void aPrometheusMetricIsWrittenAsFormat5AndReadBack() throws Exception {
        EventKind metric = new EventKind("http_requests_total", List.of(new Attribute("job", ValueType.STRING),
            new Attribute("value", ValueType.FLOAT)), EventKind.Origin.PROMETHEUS_METRIC);
        EventKind record = new EventKind("weather", List.of(new Attribute("temp", ValueType.FLOAT)));
        Workspace ws = new Workspace("w", List.of(metric, record), List.of(), List.of(), List.of(), List.of(), java.util.Map.of());
        assertEquals(5, ws.formatVersion(), "a format-4 reader would drop the origin on its next save");
        byte[] written = WorkspaceWriter.write(ws);
        String text = new String(written, StandardCharsets.UTF_8);
        assertTrue(text.contains("\"formatVersion\": 5"), text);
        assertTrue(text.contains("\"name\": \"http_requests_total\",\n      \"origin\": \"prometheus-metric\",\n"), text);
        assertEquals(1, text.split("\"origin\"", -1).length - 1, "only the metric says where it comes from: " + text);
        WorkspaceReader.Loaded back = WorkspaceReader.read(written, "w");
        assertEquals(ws, back.workspace());
        assertEquals(List.of(), back.warnings());
        assertArrayEquals(written, WorkspaceWriter.write(back.workspace()));
        assertTrue(back.workspace().eventKind("http_requests_total").orElseThrow().prometheusMetric());
        assertFalse(back.workspace().eventKind("weather").orElseThrow().prometheusMetric());
    }

    @Test
    void aWrongOriginIsRefusedWhereItIs() {
        String text = """
            {"formatVersion": 5, "name": "w", "eventKinds": [
              {"name": "k", "attributes": [{"name": "value", "type": "float"}]},
              {"name": "m", "origin": "graphite", "attributes": [{"name": "value", "type": "float"}]}]}
            """;
        WorkspaceFormatException e = assertThrows(WorkspaceFormatException.class,
            () -> WorkspaceReader.read(text.getBytes(StandardCharsets.UTF_8), "w"));
        assertEquals(List.of("eventKinds[1].origin: unknown origin 'graphite' (expected one of record, prometheus-metric)"),
            e.problems().stream().map(p -> p.toString().replaceAll(" \\(line \\d+\\)$", "")).toList());
        String newer = text.replace("\"formatVersion\": 5", "\"formatVersion\": 6");
        assertThrows(WorkspaceFormatException.class, () -> WorkspaceReader.read(newer.getBytes(StandardCharsets.UTF_8), "w"));
    }

    @Test
    void aWorkspaceInferredFromAScrapeRecordsItsMetrics(@TempDir Path dir) throws Exception {
        Path scrape = Files.writeString(dir.resolve("s.prom"), """
            # TYPE up gauge
            up{job="a"} 1 1700000000000
            http_requests_total{job="a",code="200"} 5 1700000000000
            """);
        Path lp = Files.writeString(dir.resolve("t.lp"), "weather,crop=x temp=1 1700000000000000000\n");
        Sample sample = SampleReader.read(List.of(
                new SampleReader.Source(scrape, new SampleBinding("s", scrape.toString(), SampleFormat.PROMETHEUS_TEXT, null, "ns",
                    null, null, List.of())),
                new SampleReader.Source(lp, SampleBinding.lineProtocol("t", lp.toString(), "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
        assertTrue(sample.eventKinds().stream().filter(k -> !k.name().equals("weather")).allMatch(EventKindSample::prometheusMetric));
        Workspace ws = SchemaInference.infer("w", sample, List.of());
        assertEquals(EventKind.Origin.PROMETHEUS_METRIC, ws.eventKind("up").orElseThrow().origin());
        assertEquals(EventKind.Origin.PROMETHEUS_METRIC, ws.eventKind("http_requests_total").orElseThrow().origin());
        assertEquals(EventKind.Origin.RECORD, ws.eventKind("weather").orElseThrow().origin());
        assertEquals(ws, WorkspaceReader.read(WorkspaceWriter.write(ws), "w").workspace());
    }
}
