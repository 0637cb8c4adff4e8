package dev.cardinal.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Slow, stalled, idle and too many clients, over real sockets: none of them holds a worker or the endpoint. */
class CaptureDeadlinesTest {
    private static final Duration HEAD = Duration.ofSeconds(1);
    private static final Duration BODY = Duration.ofSeconds(1);
    private static final Duration IDLE = Duration.ofSeconds(1);

    private final HttpClient http = HttpClient.newHttpClient();

    private static CaptureServer.Settings settings(Path dir) {
        CaptureServer.Settings s = CaptureServer.Settings.loopback(0, dir.resolve("spool.lp")).withThreads(2);
        return s.withConnections(s.connections().withTimeouts(HEAD, BODY, IDLE));
    }

    private HttpResponse<String> write(URI url, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(url.resolve("/write?db=app")).timeout(Duration.ofSeconds(5))
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void slowAndStalledClientsHoldNoWorkerAndAreCutOffAtTheirDeadlinesInAll(@TempDir Path dir) throws Exception {
        try (CaptureServer s = CaptureServer.start(settings(dir))) {
            List<Abusers.Slowloris> lorises = new ArrayList<>();
            List<Abusers.Raw> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 10; i++) {
                    lorises.add(new Abusers.Slowloris(s.url(), Duration.ofMillis(200)));
                }
                for (int i = 0; i < 2; i++) {
                    stalled.add(new Abusers.Raw(s.url()).send("POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\ncpu v=1"));
                }
                Thread.sleep(300);
                long t0 = System.nanoTime();
                assertEquals(204, write(s.url(), "cpu,host=legit v=1 1\n").statusCode());
                Duration legit = Duration.ofNanos(System.nanoTime() - t0);
                // generous for a loaded build machine: the server before this one held the write until the client's 5 s timeout
                assertTrue(legit.compareTo(Duration.ofSeconds(3)) < 0, "10 slow heads and 2 stalled bodies on 2 workers; a write took " + legit);

                for (Abusers.Raw r : stalled) {
                    Abusers.Response a = r.read(BODY.multipliedBy(3));
                    assertNotNull(a, "a stalled body is answered before the close");
                    assertEquals(408, a.status(), a.body());
                    assertTrue(r.closedWithin(Duration.ofSeconds(1)));
                }
                long until = System.nanoTime() + HEAD.multipliedBy(5).toNanos();
                while (lorises.stream().anyMatch(l -> l.keptOpen() == null) && System.nanoTime() < until) {
                    Thread.sleep(50);
                }
                for (Abusers.Slowloris l : lorises) {
                    Duration open = l.keptOpen();
                    assertNotNull(open, "a head that never ends is cut off, however often a line of it comes");
                    // a line every 200 ms would keep a per-read timeout of 1 s waiting forever; the deadline is for the whole head
                    assertTrue(open.compareTo(HEAD.multipliedBy(3)) < 0, "kept open " + open + " for a head deadline of " + HEAD);
                    assertTrue(l.answer() != null && l.answer().startsWith("HTTP/1.1 408"), l.answer());
                }
            } finally {
                closeAll(lorises);
                closeAll(stalled);
            }
            assertEquals(12, s.stats().timedOut());
            assertEquals(1, s.stats().points());
        }
    }

    @Test
    void aKeptAliveConnectionServesRequestsAndIsClosedOnceIdle(@TempDir Path dir) throws Exception {
        try (CaptureServer s = CaptureServer.start(settings(dir)); Abusers.Raw c = new Abusers.Raw(s.url())) {
            String write = "POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\ncpu v=1 1\n";
            // two requests pipelined in one send, then a third on the same connection
            c.send(write + "GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            assertEquals(204, c.read(IDLE).status());
            Abusers.Response ping = c.read(IDLE);
            assertEquals(204, ping.status());
            assertEquals("1.8.10", ping.headers().get("x-influxdb-version"));
            Thread.sleep(IDLE.toMillis() / 2);
            c.send(write.replace("v=1 1", "v=1 2")); // another point: the same one again would be kept once (RepeatedWrites)
            assertEquals(204, c.read(IDLE).status());
            long t0 = System.nanoTime();
            assertTrue(c.closedWithin(IDLE.multipliedBy(3)), "an idle kept-alive connection is closed");
            Duration idle = Duration.ofNanos(System.nanoTime() - t0);
            assertTrue(idle.compareTo(IDLE.minusMillis(100)) > 0, "closed only once idle: " + idle);
            assertEquals(2, s.stats().points());
        }
    }

    @Test
    void connectionsBeyondTheCapAreRefusedWith503AndRetryAfter(@TempDir Path dir) throws Exception {
        CaptureServer.Settings base = CaptureServer.Settings.loopback(0, dir.resolve("spool.lp"));
        try (CaptureServer s = CaptureServer.start(base.withConnections(base.connections().withMax(4)))) {
            List<Abusers.Raw> idle = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                idle.add(new Abusers.Raw(s.url()));
            }
            Thread.sleep(200);
            HttpResponse<String> refused = write(s.url(), "cpu v=1 1\n");
            assertEquals(503, refused.statusCode());
            assertEquals("1", refused.headers().firstValue("Retry-After").orElse(""));
            assertTrue(refused.body().contains("too many connections (4 open)"), refused.body());
            try (Abusers.Raw fifth = new Abusers.Raw(s.url())) {
                assertEquals(503, fifth.read(Duration.ofSeconds(2)).status(), "answered without sending anything");
                assertTrue(fifth.closedWithin(Duration.ofSeconds(3)));
            }
            idle.get(0).close();
            idle.get(1).close();
            Thread.sleep(200);
            assertEquals(204, write(s.url(), "cpu v=1 1\n").statusCode());
            closeAll(idle);
            assertEquals(1, s.stats().points());
            assertEquals(2, s.stats().shed());
        }
    }

    @Test
    void headsAreReadStrictly(@TempDir Path dir) throws Exception {
        try (CaptureServer s = CaptureServer.start(settings(dir))) {
            String big = "X-Big: " + "a".repeat(20_000) + "\r\n";
            assertRefused(s.url(), "POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\n" + big + "\r\n", 431);
            assertRefused(s.url(), "POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400);
            assertRefused(s.url(), "POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabc", 400);
            assertRefused(s.url(), "POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\n folded\r\n\r\n", 400);
            assertRefused(s.url(), "POST /write?db=app HTTP/1.1\r\nContent-Length: 0\r\n\r\n", 400);
            assertRefused(s.url(), "POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n", 501);
            assertRefused(s.url(), "POST /write?db=app HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505);
            assertRefused(s.url(), "POST /write?db=app HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400);
            assertEquals(0, s.stats().points());
        }
    }

    private static void assertRefused(URI url, String request, int status) throws Exception {
        try (Abusers.Raw c = new Abusers.Raw(url)) {
            Abusers.Response r = c.send(request).read(Duration.ofSeconds(3));
            assertEquals(status, r.status(), request + " -> " + r.body());
            assertEquals("close", r.headers().get("connection"));
            assertNull(c.read(Duration.ofSeconds(3)), "a request that cannot be framed closes the connection");
        }
    }

    private static void closeAll(List<? extends AutoCloseable> connections) throws Exception {
        for (AutoCloseable c : connections) {
            c.close();
        }
    }

    static String lines(int n, String measurement) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(measurement).append(",n=").append(i).append(" v=").append(i).append("i ").append(1_700_000_000_000_000_000L + i).append('\n');
        }
        return b.toString();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
