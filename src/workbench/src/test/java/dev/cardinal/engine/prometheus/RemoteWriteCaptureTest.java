package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.capture.CaptureServer;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@code cardinal capture} takes Prometheus remote write: a real Prometheus scraping itself sends its series to the
 * capture, whose spool then reads back as a sample with each metric an event kind and its labels as tags; hostile
 * label values stay text, what line protocol cannot hold is counted, and bodies that are not remote write are refused.
 */
class RemoteWriteCaptureTest {

    private static Sample spool(Path file) {
        return SampleReader.read(List.of(new SampleReader.Source(file, SampleBinding.lineProtocol("spool", file.toString(), "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
    }

    @Test
    void aRealPrometheusRemoteWritesItsOwnSeriesToTheCapture(@TempDir Path dir) throws Exception {
        ScratchPrometheus.required();
        Path spool = dir.resolve("spool.lp");
        try (CaptureServer capture = CaptureServer.start(CaptureServer.Settings.loopback(0, spool));
             ScratchPrometheus prometheus = ScratchPrometheus.start(port -> "global:\n  scrape_interval: 1s\n"
                 + "scrape_configs:\n  - job_name: self\n    static_configs:\n      - targets: ['127.0.0.1:" + port + "']\n"
                 + "remote_write:\n  - url: " + capture.url().resolve(CaptureServer.REMOTE_WRITE) + "\n"
                 + "    queue_config:\n      batch_send_deadline: 1s\n")) {
            WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> capture.stats().points() > 500);
            // what Prometheus holds of its own scrape: the `up` series of the job
            var up = prometheus.api("/api/v1/series?match[]=" + ScratchPrometheus.encode("up{job=\"self\"}"));
            assertEquals(1, up.size(), up.toString());
        }
        Sample sample = spool(spool);
        EventKindSample up = sample.eventKind("up").orElseThrow(() -> new AssertionError("no up in " + sample.eventKinds()));
        Set<String> attributes = new HashSet<>();
        up.attributes().forEach(a -> attributes.add(a.name()));
        assertEquals(Set.of("instance", "job", "value"), attributes);
        assertEquals("self", up.column("job").text(0));
        assertTrue(sample.eventKinds().size() > 50, "every metric of Prometheus' own: " + sample.eventKinds().size());
    }

    @Test
    void hostileLabelsStayTextAndWhatLineProtocolCannotHoldIsCounted(@TempDir Path dir) throws Exception {
        Path spool = dir.resolve("spool.lp");
        List<String> hostile = HostileLabelsTest.VALUES;
        List<WriteRequest.Series> series = new java.util.ArrayList<>();
        long t = 1_700_000_000_000L;
        for (int i = 0; i < hostile.size(); i++) {
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("__name__", "hostile_metric");
            labels.put("who", hostile.get(i));
            labels.put("empty", "");
            series.add(new WriteRequest.Series(labels, new long[] {t + i}, new double[] {i}));
        }
        series.add(new WriteRequest.Series(Map.of("__name__", "stale", "a", "b"), new long[] {t, t + 1}, new double[] {1, Double.NaN}));
        series.add(new WriteRequest.Series(Map.of("a", "no name"), new long[] {t}, new double[] {1}));
        try (CaptureServer capture = CaptureServer.start(CaptureServer.Settings.loopback(0, spool))) {
            new RemoteWriteClient(capture.url()).send(series);
            long unwritable = hostile.stream().filter(v -> dev.cardinal.lineprotocol.LineProtocolEscaping.whyNotTag(v) != null).count();
            assertTrue(unwritable > 0, "the list holds values line protocol cannot carry (a newline)");
            assertEquals(hostile.size() - unwritable + 1, capture.stats().points(), "the writable ones and the stale series' number");
            assertEquals(unwritable + 2, capture.stats().badLines(), "each unwritable value, the NaN and the series without a name");

            // bodies that are not remote write: refused with the reason
            HttpClient http = HttpClient.newHttpClient();
            URI write = capture.url().resolve(CaptureServer.REMOTE_WRITE);
            assertEquals(400, post(http, write, "snappy", "not snappy".getBytes()).statusCode());
            HttpResponse<String> notProto = post(http, write, "snappy", org.xerial.snappy.Snappy.compress(new byte[] {(byte) 0xff, 1, 2}));
            assertEquals(400, notProto.statusCode());
            assertTrue(notProto.body().contains("not a prometheus.WriteRequest"), notProto.body());
            assertEquals(415, post(http, write, "gzip", WriteRequest.body(series)).statusCode());
            assertEquals(405, http.send(HttpRequest.newBuilder(write).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode());
        }
        EventKindSample read = spool(spool).eventKind("hostile_metric").orElseThrow();
        Set<String> who = new HashSet<>();
        for (int row = 0; row < read.rows(); row++) {
            who.add(read.column("who").text(row));
        }
        Set<String> writable = new HashSet<>();
        hostile.stream().filter(v -> dev.cardinal.lineprotocol.LineProtocolEscaping.whyNotTag(v) == null).forEach(writable::add);
        assertEquals(writable, who, "each value read back as it was sent");
        assertTrue(read.attributes().stream().noneMatch(a -> a.name().equals("empty")),
            "an empty label is left out, as Prometheus leaves it out");
    }

    private static HttpResponse<String> post(HttpClient http, URI uri, String encoding, byte[] body) throws Exception {
        return http.send(HttpRequest.newBuilder(uri).header("Content-Encoding", encoding).header("Content-Type", "application/x-protobuf")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
