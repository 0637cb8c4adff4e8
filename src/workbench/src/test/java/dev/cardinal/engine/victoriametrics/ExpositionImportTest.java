package dev.cardinal.engine.victoriametrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.lineprotocol.LineProtocolEscaping;
import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.PrometheusOrigin;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.net.URI;
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
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The text exposition a Prometheus metric is written as ({@link ExpositionImport}) against the real VictoriaMetrics
 * 1.79.5: hostile metric names, label names and values that the rule lets through read back exactly as counted (name,
 * every label, the db extra label over a tag of that name); and each name the rule holds back is one the server misreads
 * when sent as it is, so holding it back loses nothing the server would have kept.
 */
class ExpositionImportTest {
    private static final List<String> METRICS = List.of("plain", "cpu load\"x", "a,b=c", "ü_m", "back\\slash", "hash#mid",
        "__hidden", "brace{x", " lead", "trail ");
    /** A metric name line protocol cannot carry (a comment), so in no capture's spool, but in a server's remote write. */
    private static final String COMMENT = "#hash";
    private static final List<String> LABELS = List.of("job", "weird key-ü\"\\x", "a,b c", "__x", "mid}brace", "db", "eq=x",
        "}brace", " lead", "trail\t");
    private static final List<String> VALUES = List.of("v\"\\x", "a,b=c }", "#x", "ü \\n", "{\"}");

    @Test
    void whatIsSentReadsBackAsCountedAndWhatIsHeldBackWouldBeMisread(@TempDir Path dir) throws Exception {
        ScratchVictoriaMetrics.required();
        long ms = System.currentTimeMillis() - 60_000;
        StringBuilder spool = new StringBuilder();
        METRICS.forEach(m -> spool.append(PrometheusOrigin.line(m)));
        int i = 0;
        for (String m : METRICS) {
            for (String l : LABELS) {
                spool.append(LineProtocolEscaping.measurement(m)).append(',').append(LineProtocolEscaping.tag(l)).append('=')
                    .append(LineProtocolEscaping.tag(VALUES.get(i++ % VALUES.size()))).append(",instance=h value=")
                    .append(i).append(' ').append(ms * 1_000_000L).append('\n');
            }
        }
        Path file = Files.writeString(dir.resolve("spool.lp"), spool.toString());
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(file, SampleBinding.lineProtocol("s", file.toString(),
            "ns"))), SampleLimits.defaults(), ReadMonitor.NONE);
        assertEquals(METRICS.size(), sample.eventKinds().size());

        Set<Map<String, String>> counted = new HashSet<>();
        StringBuilder sent = new StringBuilder();
        StringBuilder raw = new StringBuilder();
        long held = 0;
        for (EventKindSample kind : sample.eventKinds()) {
            Layout layout = SchemaInference.asWritten(kind, "l");
            ExpositionImport imp = new ExpositionImport(layout, kind, "t");
            VmIngest ingest = ExpositionImport.ingest(VmFlags.defaults());
            for (int row = 0; row < kind.rows(); row++) {
                String line = imp.line(row, 0, r -> ingest.series(r).forEach(s -> counted.add(s.asMap())));
                if (line != null) {
                    sent.append(line);
                }
            }
            held += imp.notWritten().values().stream().mapToLong(Long::longValue).sum();
        }
        List<String> rawMetrics = new ArrayList<>(METRICS);
        rawMetrics.add(COMMENT);
        for (String m : rawMetrics) {
            for (String l : LABELS) {
                boolean refused = ExpositionImport.whyNot(m, true).isPresent() || ExpositionImport.whyNot(l, false).isPresent();
                if (refused) {
                    raw.append(m).append('{').append(l).append("=\"v\",instance=\"h\"} 1 ").append(ms).append('\n');
                }
            }
        }
        assertEquals(3 * LABELS.size() + (METRICS.size() - 3) * 4, held, "rows of a refused metric, or a refused label");

        try (ScratchVictoriaMetrics vm = ScratchVictoriaMetrics.start()) {
            post(vm.url(), ExpositionImport.path("t"), sent.toString());
            post(vm.url(), ExpositionImport.path("raw"), raw.toString());
            post(vm.url(), "/internal/force_flush", "");
            Set<Map<String, String>> read = new HashSet<>(vm.series("{db=\"t\"}", ms - 60_000, ms + 60_000));
            assertEquals(counted, read, "every name, label and value as counted, db the extra label's");
            assertTrue(read.stream().anyMatch(s -> s.get("__name__").equals("cpu load\"x") && s.get("weird key-ü\"\\x") != null));
            assertTrue(read.stream().allMatch(s -> "t".equals(s.get("db"))), "the extra db label wins over a tag named db");

            List<Map<String, String>> misread = vm.series("{db=\"raw\"}", ms - 60_000, ms + 60_000);
            List<String> keptAsSent = new ArrayList<>();
            for (String m : rawMetrics) {
                for (String l : LABELS) {
                    boolean refused = ExpositionImport.whyNot(m, true).isPresent() || ExpositionImport.whyNot(l, false).isPresent();
                    if (refused && misread.stream().anyMatch(s -> m.equals(s.get("__name__")) && "v".equals(s.get(l))
                        && "h".equals(s.get("instance")))) {
                        keptAsSent.add(m + " / " + l);
                    }
                }
            }
            assertEquals(List.of(), keptAsSent, "a name held back that the server would have kept as sent: " + misread);
            assertFalse(misread.isEmpty(), "the server reads some of them, as something else");
        }
    }

    private static void post(URI server, String path, String body) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.resolve(path))
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(2, r.statusCode() / 100, path + ": " + r.body());
    }
}
