package dev.cardinal.capture;

import static dev.cardinal.capture.CaptureDeadlinesTest.ascii;
import static dev.cardinal.capture.CaptureDeadlinesTest.lines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the endpoint refuses under load and abuse, and that what it refuses is never in the spool while what it takes is, once. */
class CaptureSheddingTest {
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> write(URI url, String body, Duration timeout) throws Exception {
        return http.send(HttpRequest.newBuilder(url.resolve("/write?db=app")).timeout(timeout).POST(HttpRequest.BodyPublishers.ofString(body))
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    private static CaptureServer.Settings settings(Path dir, long maxBody, long inFlight, int threads, Duration workerWait) {
        CaptureServer.Settings s = CaptureServer.Settings.loopback(0, dir.resolve("spool.lp")).withLimits(maxBody, inFlight, 256, 100_000_000)
            .withThreads(threads);
        return s.withConnections(s.connections().withWorkerWait(workerWait));
    }

    /**
     * Keeps the one worker busy: four bodies of 300,000 lines, each on its connection, queue for it, so a second or more
     * of checking lies ahead of the next write even once the JIT has compiled the reader (one body alone took under
     * 300 ms in a warm JVM, too little to rely on).
     */
    private static final class BusyWorker implements AutoCloseable {
        static final int BODIES = 4;
        static final int LINES = 300_000;
        private final List<Abusers.Raw> writers = new ArrayList<>();

        BusyWorker(URI url) throws Exception {
            for (int i = 0; i < BODIES; i++) {
                byte[] body = ascii(lines(LINES, "big" + i));
                writers.add(new Abusers.Raw(url).send("POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .send(body));
            }
            Thread.sleep(200); // the bodies are read and handed over: one is being checked, the others wait
        }

        List<Abusers.Response> answers() throws Exception {
            List<Abusers.Response> out = new ArrayList<>();
            for (Abusers.Raw w : writers) {
                out.add(w.read(Duration.ofSeconds(60)));
            }
            return out;
        }

        void answeredInFull() throws Exception {
            for (Abusers.Response a : answers()) {
                assertEquals(204, a.status(), a.body());
            }
        }

        @Override
        public void close() throws Exception {
            for (Abusers.Raw w : writers) {
                w.close();
            }
        }
    }

    @Test
    void aGzipBombIsRefusedAtTheLimitAtOnceAndTheRestIsNeverInflatedOrRead(@TempDir Path dir) throws Exception {
        byte[] bomb = Abusers.gzipBomb(4096); // 4 MB that inflate to 4 GiB
        try (CaptureServer s = CaptureServer.start(settings(dir, 1 << 20, 256 << 20, 2, Duration.ofSeconds(2)));
             Abusers.Raw c = new Abusers.Raw(s.url())) {
            long t0 = System.nanoTime();
            c.send("POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Encoding: gzip\r\nContent-Length: " + bomb.length + "\r\n\r\n");
            c.sendInBackground(bomb);
            Abusers.Response r = c.read(Duration.ofSeconds(10));
            Duration answered = Duration.ofNanos(System.nanoTime() - t0);
            assertEquals(413, r.status(), r.body());
            assertTrue(r.body().contains("over the limit of 1048576 bytes"), r.body());
            assertEquals("close", r.headers().get("connection"));
            assertTrue(answered.compareTo(Duration.ofSeconds(3)) < 0, "answered at the limit, not after inflating 4 GiB: " + answered);
            assertTrue(c.closedWithin(Duration.ofSeconds(3)), "the rest of the bomb is not read: the connection is closed");
            assertEquals(204, write(s.url(), "cpu v=1 1\n", Duration.ofSeconds(5)).statusCode());
            assertEquals(1, s.stats().tooLarge());
            assertEquals(1, s.stats().points());
        }
    }

    @Test
    void bytesInFlightAreCountedAsTheyAreReadAndBeyondTheLimitWritersGet429(@TempDir Path dir) throws Exception {
        // two bodies of about 500,000 bytes have sent 400,000 each and stall: 800,000 held of 1 MiB; a third would go over
        try (CaptureServer s = CaptureServer.start(settings(dir, 1 << 20, 1 << 20, 2, Duration.ofSeconds(2)))) {
            // two different bodies: the same points twice would be kept once (RepeatedWrites)
            byte[][] bodies = {ascii(lines(12_000, "slow")), ascii(lines(12_000, "slowb"))};
            assertTrue(bodies[0].length > 450_000 && bodies[0].length < 600_000, "about 500,000 bytes: " + bodies[0].length);
            List<Abusers.Raw> slow = new ArrayList<>();
            for (byte[] body : bodies) {
                slow.add(new Abusers.Raw(s.url()).send("POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .send(Arrays.copyOf(body, 400_000)));
            }
            Thread.sleep(300);
            HttpResponse<String> shed = write(s.url(), lines(8_000, "third"), Duration.ofSeconds(5));
            assertEquals(429, shed.statusCode(), shed.body());
            assertEquals("1", shed.headers().firstValue("Retry-After").orElse(""));
            assertEquals(204, write(s.url(), "small v=1 1\n", Duration.ofSeconds(5)).statusCode(), "a small body still fits");
            for (int i = 0; i < 2; i++) {
                Abusers.Raw r = slow.get(i);
                r.send(Arrays.copyOfRange(bodies[i], 400_000, bodies[i].length));
                Abusers.Response a = r.read(Duration.ofSeconds(5));
                assertNotNull(a);
                assertEquals(204, a.status(), a.body());
                r.close();
            }
            assertEquals(204, write(s.url(), lines(8_000, "third"), Duration.ofSeconds(5)).statusCode(), "room again once they are done");
            assertEquals(1, s.stats().shed());
        }
        String spooled = Files.readString(dir.resolve("spool.lp"));
        assertEquals(8_000, spooled.lines().filter(l -> l.startsWith("third,")).count(), "the shed body is not kept, the retried one is");
        assertEquals(12_000, spooled.lines().filter(l -> l.startsWith("slow,")).count(), "the slow bodies, whole, once each");
        assertEquals(12_000, spooled.lines().filter(l -> l.startsWith("slowb,")).count(), "the slow bodies, whole, once each");
    }

    @Test
    void aBodyWaitsForAWorkerOnlySoLongThenGets503AndIsNotKept(@TempDir Path dir) throws Exception {
        List<Abusers.Response> answers;
        try (CaptureServer s = CaptureServer.start(settings(dir, 64 << 20, 256 << 20, 1, Duration.ofMillis(100)));
             BusyWorker busy = new BusyWorker(s.url())) {
            answers = busy.answers();
        }
        List<String> spooled = Files.readAllLines(dir.resolve("spool.lp"));
        int late = 0;
        for (int i = 0; i < answers.size(); i++) {
            Abusers.Response a = answers.get(i);
            String body = "big" + i + ",";
            long kept = spooled.stream().filter(l -> l.startsWith(body)).count();
            if (a.status() == 503) {
                late++;
                assertTrue(a.body().contains("no worker was free within 100 ms"), a.body());
                assertEquals("1", a.headers().get("retry-after"));
                assertEquals(0, kept, "a shed body is not kept");
            } else {
                assertEquals(204, a.status(), a.body());
                assertEquals(BusyWorker.LINES, kept);
            }
        }
        assertTrue(late > 0, "one worker, four bodies that each take longer to check than the 100 ms the others may wait");
    }

    @Test
    void aWriteWhoseClientGaveUpIsNotKeptSoItsRetryIsNotDoubled(@TempDir Path dir) throws Exception {
        try (CaptureServer s = CaptureServer.start(settings(dir, 64 << 20, 256 << 20, 1, Duration.ofSeconds(30)));
             BusyWorker busy = new BusyWorker(s.url())) {
            assertThrows(HttpTimeoutException.class, () -> write(s.url(), "gaveup v=1 1\n", Duration.ofMillis(100)),
                "the one worker is busy: the writer gives up and closes");
            busy.answeredInFull();
            assertEquals(204, write(s.url(), "gaveup v=1 1\n", Duration.ofSeconds(30)).statusCode(), "its retry");
            assertEquals(1, s.stats().abandoned());
            assertEquals(BusyWorker.BODIES * BusyWorker.LINES + 1, s.stats().points());
        }
        List<String> spooled = Files.readAllLines(dir.resolve("spool.lp"));
        assertEquals(BusyWorker.BODIES * BusyWorker.LINES + 1, spooled.size());
        assertEquals(1, spooled.stream().filter(l -> l.startsWith("gaveup ")).count(), "given up, retried, kept once");
    }

    @Test
    void maxPointsIsExactUnderConcurrentWritersAndABodyThatWouldGoOverIsRefusedWhole(@TempDir Path dir) throws Exception {
        AtomicLong acknowledged = new AtomicLong();
        AtomicLong full = new AtomicLong();
        CaptureServer.Settings cap = settings(dir, 1 << 20, 256 << 20, 2, Duration.ofSeconds(5));
        try (CaptureServer s = CaptureServer.start(cap.withLimits(cap.maxBodyBytes(), cap.inFlightBytes(), cap.maxWaiting(), 10_000))) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                String body = lines(3_000, "w" + w);
                done.add(pool.submit(() -> {
                    for (int b = 0; b < 10; b++) {
                        HttpResponse<String> r = write(s.url(), body.replace(" v=", " b=" + b + "i,v="), Duration.ofSeconds(30));
                        if (r.statusCode() == 204) {
                            acknowledged.addAndGet(3_000);
                        } else {
                            assertEquals(503, r.statusCode(), r.body());
                            assertTrue(r.body().contains("capture is full: 10000 points"), r.body());
                            assertEquals("1", r.headers().firstValue("Retry-After").orElse(""));
                            full.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            pool.shutdown();
            assertEquals(9_000, s.stats().points(), "three bodies of 3,000 fit in 10,000; a fourth would go over");
        }
        assertEquals(9_000, acknowledged.get());
        assertEquals(77, full.get());
        assertEquals(9_000, Files.readAllLines(dir.resolve("spool.lp")).size(), "acknowledged = spooled");
    }
}
