package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scrape in the Prometheus text exposition format as a sample: each metric an event kind, its labels tags, its
 * value a field; escapes, empty labels, NaN and infinities, both kinds of timestamp, exemplars; bad lines named with
 * their column; and a real Prometheus' own /metrics read whole.
 */
class ExpositionSampleTest {

    private static Sample read(Path file) throws Exception {
        assertEquals(SampleFormat.PROMETHEUS_TEXT, SampleReader.detectFormat(file));
        SampleBinding binding = new SampleBinding("scrape", file.toString(), SampleFormat.PROMETHEUS_TEXT, null, "ns", null, null, List.of());
        return SampleReader.read(List.of(new SampleReader.Source(file, binding)), SampleLimits.defaults(), ReadMonitor.NONE);
    }

    private static Set<String> column(EventKindSample kind, String attribute) {
        Set<String> values = new HashSet<>();
        for (int row = 0; row < kind.rows(); row++) {
            if (kind.column(attribute).present(row)) {
                values.add(kind.column(attribute).text(row));
            }
        }
        return values;
    }

    @Test
    void eachMetricIsAnEventKindWithItsLabelsAsTags(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("scrape.prom"), """
            # HELP http_requests_total The total number of HTTP requests.
            # TYPE http_requests_total counter
            http_requests_total{method="post",code="200"} 1027 1395066363000
            http_requests_total{method="post",code="400"}    3 1395066363000
            http_requests_total{method="get",code="200",path="C:\\\\DIR\\\\FILE.TXT"} 5
            msdos_file_access_time_seconds{path="C:\\\\DIR\\\\FILE.TXT",error="Cannot find file:\\n\\"FILE.TXT\\""} 1.458255915e9
            metric_without_labels 12.47 1700000000.5
            weird{empty="",quote="a \\"b\\" c",unicode="ünï ✓"} NaN
            # TYPE rpc_duration_seconds histogram
            rpc_duration_seconds_bucket{le="0.05"} 24054 # {trace_id="KOO5S4vxi0o"} 0.67
            rpc_duration_seconds_bucket{le="+Inf"} +Inf
            rpc_duration_seconds_sum 1.7560473e+07
            rpc_duration_seconds_count 2693
            this is not a sample
            bad_value{a="b"} twelve
            unclosed{a="b} 1
            twice{a="1",a="2"} 1
            # EOF
            """);
        Sample s = read(file);
        EventKindSample requests = s.eventKind("http_requests_total").orElseThrow();
        assertEquals(3, requests.rows());
        assertEquals(Set.of("post", "get"), column(requests, "method"));
        assertEquals(Set.of("C:\\DIR\\FILE.TXT"), column(requests, "path"), "\\\\ is one backslash");
        assertEquals(1_395_066_363_000L * 1_000_000L, requests.timestamp(0), "milliseconds");
        EventKindSample msdos = s.eventKind("msdos_file_access_time_seconds").orElseThrow();
        assertEquals(Set.of("Cannot find file:\n\"FILE.TXT\""), column(msdos, "error"), "\\n and \\\" unescaped");
        assertEquals(1_700_000_000_500_000_000L, s.eventKind("metric_without_labels").orElseThrow().timestamp(0), "OpenMetrics seconds");
        EventKindSample weird = s.eventKind("weird").orElseThrow();
        assertTrue(weird.attributes().stream().noneMatch(a -> a.name().equals("empty")), "an empty label is left out");
        assertEquals(Set.of("a \"b\" c"), column(weird, "quote"));
        assertEquals(Set.of("ünï ✓"), column(weird, "unicode"));
        assertTrue(Double.isNaN(Double.parseDouble(weird.column("value").text(0))), weird.column("value").text(0));
        assertEquals(2, s.eventKind("rpc_duration_seconds_bucket").orElseThrow().rows(), "the exemplar is no sample");
        assertTrue(s.eventKind("rpc_duration_seconds_sum").isPresent() && s.eventKind("rpc_duration_seconds_count").isPresent());

        List<ReadProblem> problems = s.report().problems();
        assertEquals(4, s.report().badLines(), problems.toString());
        assertEquals(List.of(14L, 15L, 16L, 17L), problems.stream().map(ReadProblem::line).toList());
        assertTrue(problems.get(0).message().contains("the value 'is' is not a number"), problems.get(0).message());
        assertTrue(problems.get(1).message().contains("'twelve' is not a number"), problems.get(1).message());
        assertTrue(problems.get(2).message().contains("no closing quote"), problems.get(2).message());
        assertTrue(problems.get(3).message().contains("appears twice"), problems.get(3).message());
    }

    @Test
    void aFileThatIsNoScrapeIsRefusedAtItsFirstLine(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("lp.prom"), "cpu,host=a value=1 1\n");
        SampleBinding binding = new SampleBinding("x", file.toString(), SampleFormat.PROMETHEUS_TEXT, null, "ns", null, null, List.of());
        Sample s = SampleReader.read(List.of(new SampleReader.Source(file, binding)), SampleLimits.defaults(), ReadMonitor.NONE);
        assertTrue(s.eventKinds().isEmpty());
        ReadProblem refused = s.report().problems().get(0);
        assertEquals(ReadProblem.Kind.NOT_THIS_FORMAT, refused.kind());
        assertTrue(refused.message().contains("is not in the Prometheus text format: line 1, column 4"), refused.message());
    }

    @Test
    void aRealPrometheusOwnMetricsAreReadWhole(@TempDir Path dir) throws Exception {
        ScratchPrometheus.required();
        String body;
        try (ScratchPrometheus server = ScratchPrometheus.start()) {
            body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.url.resolve("/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        }
        Path file = Files.writeString(dir.resolve("metrics.prom"), body);
        Sample s = read(file);
        long samples = body.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).count();
        assertEquals(0, s.report().badLines(), s.report().problems().toString());
        assertEquals(samples, s.eventKinds().stream().mapToLong(EventKindSample::rows).sum(), "every sample line a row");
        assertTrue(s.eventKind("prometheus_build_info").isPresent());
        assertTrue(s.eventKinds().size() > 100, s.eventKinds().size() + " metrics");
    }
}
