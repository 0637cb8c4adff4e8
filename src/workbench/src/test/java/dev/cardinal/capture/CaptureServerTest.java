package dev.cardinal.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.domain.WritePrecision;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capture endpoint with real HTTP clients: what it keeps, what it answers, and that it sheds rather than loses. */
class CaptureServerTest {
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> post(URI url, String path, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(url.resolve(path)).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static byte[] gzip(String s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(s.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    @Test
    void writesPingPrecisionGzipAndErrorsAsTheServerAnswersThem(@TempDir Path dir) throws Exception {
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, dir.resolve("spool.lp")))) {
            URI url = s.url();
            assertTrue(url.toString().startsWith("http://127.0.0.1:"), "loopback unless told otherwise: " + url);
            HttpResponse<String> ping = http.send(HttpRequest.newBuilder(url.resolve("/ping")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(204, ping.statusCode());
            assertTrue(ping.headers().firstValue("X-Influxdb-Version").isPresent());

            assertEquals(204, post(url, "/write?db=app&precision=s", "cpu,host=a v=1 1700000000\n".getBytes(StandardCharsets.UTF_8)).statusCode());
            assertEquals(204, post(url, "/write?db=app&precision=ms", gzip("cpu,host=b v=2 1700000000001\n"), "Content-Encoding", "gzip").statusCode());
            assertEquals(204, post(url, "/api/v2/write?org=o&bucket=b&precision=ns", "cpu,host=c v=3 1700000000000000002".getBytes(StandardCharsets.UTF_8)).statusCode());
            HttpResponse<String> partial = post(url, "/write?db=app", "cpu,host=d v=4 1700000000000000003\ncpu,host=e v= 5\ncpu,host=f v=6 1700000000000000004\n"
                .getBytes(StandardCharsets.UTF_8));
            assertEquals(400, partial.statusCode());
            assertTrue(partial.body().startsWith("{\"error\":\"partial write: line 2: unable to parse 'cpu,host=e v= 5': "), partial.body());
            assertTrue(partial.body().endsWith(" dropped=1\"}"), partial.body());
            HttpResponse<String> v2bad = post(url, "/api/v2/write?org=o&bucket=b", "cpu v=\n".getBytes(StandardCharsets.UTF_8));
            assertEquals(400, v2bad.statusCode());
            assertTrue(v2bad.body().startsWith("{\"code\":\"invalid\",\"message\":"), v2bad.body());
            assertEquals(404, post(url, "/write", "cpu v=1".getBytes(StandardCharsets.UTF_8)).statusCode(), "1.x needs db");
            assertEquals(400, post(url, "/write?db=app&precision=fortnight", "cpu v=1".getBytes(StandardCharsets.UTF_8)).statusCode());
            assertEquals(405, http.send(HttpRequest.newBuilder(url.resolve("/write?db=app")).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
            long arrival = System.currentTimeMillis() * 1_000_000L;
            assertEquals(204, post(url, "/write?db=app", "mem,host=g used=7i\n".getBytes(StandardCharsets.UTF_8)).statusCode());
            assertEquals(6, s.stats().points());
            assertEquals(2, s.stats().badLines());
        }
        List<String> spooled = Files.readAllLines(dir.resolve("spool.lp"));
        assertEquals(List.of("cpu,host=a v=1 1700000000000000000", "cpu,host=b v=2 1700000000001000000", "cpu,host=c v=3 1700000000000000002",
            "cpu,host=d v=4 1700000000000000003", "cpu,host=f v=6 1700000000000000004"), spooled.subList(0, 5));
        long stamped = Long.parseLong(spooled.get(5).substring("mem,host=g used=7i ".length()));
        assertTrue(Math.abs(stamped - System.currentTimeMillis() * 1_000_000L) < 60_000_000_000L, "a point without time gets its arrival time");
    }

    @Test
    void bodiesOverTheLimitGet413WithoutBeingKept(@TempDir Path dir) throws Exception {
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, dir.resolve("spool.lp")).withLimits(1024, 1 << 20, 64, 1_000))) {
            String big = "cpu,host=a v=1 1\n".repeat(200);
            assertEquals(413, post(s.url(), "/write?db=app", big.getBytes(StandardCharsets.UTF_8)).statusCode());
            assertEquals(413, post(s.url(), "/write?db=app", gzip(big), "Content-Encoding", "gzip").statusCode(), "a small gzip that inflates too far");
            assertEquals(0, s.stats().points());
            assertEquals(2, s.stats().tooLarge());
        }
    }

    @Test
    void influxdbClientJavasWriteApiLandsAndTheProjectionEqualsTheFiles(@TempDir Path dir) throws Exception {
        Path ws = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");
        Workspace w = WorkspaceFiles.load(ws).workspace();
        List<String> lines;
        try (var in = new GZIPInputStream(Files.newInputStream(Path.of("sample-data/ad-marketplace/traffic.lp.gz")))) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, dir.resolve("spool.lp")));
             InfluxDBClient client = InfluxDBClientFactory.create(s.url().toString(), "token".toCharArray(), "acme", "ads")) {
            var write = client.getWriteApiBlocking();
            for (int i = 0; i < lines.size(); i += 1_000) {
                write.writeRecords(WritePrecision.NS, lines.subList(i, Math.min(lines.size(), i + 1_000)));
            }
            assertEquals(lines.size(), s.stats().points());
        }
        Layout layout = w.layout("ids-as-tags").orElseThrow();
        LayoutMeasure captured = measure(dir.resolve("spool.lp"), layout);
        Files.write(dir.resolve("file.lp"), lines);
        LayoutMeasure fromFile = measure(dir.resolve("file.lp"), layout);
        assertEquals(fromFile.points(), captured.points());
        assertEquals(fromFile.series(), captured.series());
        assertEquals(fromFile.shardGroupSeries(), captured.shardGroupSeries());
        assertEquals(fromFile.liveSeries(), captured.liveSeries());
        assertEquals(fromFile.tags(), captured.tags());
        assertEquals(fromFile.fieldKeys(), captured.fieldKeys());
        assertEquals(12_934, captured.series());
    }

    private static LayoutMeasure measure(Path lp, Layout layout) throws Exception {
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(lp, dev.cardinal.model.SampleBinding.lineProtocol("t", lp.toString(), "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
        return new LayoutMeasurer(new SampleIndex(sample.eventKind("listing_event").orElseThrow())).measure(layout);
    }

    @Test
    void concurrentWritersAreShedWith429And503AndEveryPointLandsExactlyOnce(@TempDir Path dir) throws Exception {
        int writers = 8;
        int batches = 50;
        int perBatch = 250; // 100,000 points
        CaptureServer.Settings tight = new CaptureServer.Settings(java.net.InetAddress.getLoopbackAddress(), 0, 1 << 20, 3 * 8_000, 2,
            10_000_000, 2, dir.resolve("spool.lp"));
        AtomicLong shedSeen = new AtomicLong();
        try (CaptureServer s = CaptureServer.start(tight)) {
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    for (int b = 0; b < batches; b++) {
                        StringBuilder body = new StringBuilder();
                        for (int i = 0; i < perBatch; i++) {
                            body.append("load,writer=w").append(writer).append(" n=").append(b * perBatch + i).append("i ")
                                .append(1_700_000_000_000_000_000L + (long) (writer * batches + b) * perBatch + i).append('\n');
                        }
                        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
                        while (true) {
                            HttpResponse<String> r = post(s.url(), "/write?db=load", bytes);
                            if (r.statusCode() == 204) {
                                break;
                            }
                            assertTrue(r.statusCode() == 429 || r.statusCode() == 503, r.statusCode() + " " + r.body());
                            assertEquals("1", r.headers().firstValue("Retry-After").orElse(""));
                            shedSeen.incrementAndGet();
                            Thread.sleep(5);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            pool.shutdown();
            assertEquals((long) writers * batches * perBatch, s.stats().points());
            assertEquals(shedSeen.get(), s.stats().shed());
        }
        assertTrue(shedSeen.get() > 0, "with 2 workers and room for 3 bodies, 8 writers are shed");
        List<String> lines = Files.readAllLines(dir.resolve("spool.lp"));
        assertEquals(writers * batches * perBatch, lines.size());
        assertEquals(lines.size(), lines.stream().distinct().count(), "no point twice");
    }
}
