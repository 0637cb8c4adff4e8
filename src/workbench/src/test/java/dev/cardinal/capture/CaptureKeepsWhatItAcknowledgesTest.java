package dev.cardinal.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whatever the capture answers 204 (or keeps in a partial write) is in the report of the spool, byte for byte as the
 * application sent it; the rest is refused as influxd 1.6.7 refuses it (checked on it: the good lines of a body with
 * bad ones are kept, every bad line is named, a line may start with white space, a string may span lines, a NUL in a
 * tag is kept).
 */
class CaptureKeepsWhatItAcknowledgesTest {
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> write(URI url, byte[] body) throws Exception {
        return http.send(HttpRequest.newBuilder(url.resolve("/write?db=app")).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
            HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> write(URI url, String body) throws Exception {
        return write(url, body.getBytes(StandardCharsets.UTF_8));
    }

    /** The spool as the report reads it: through the same reader as any sample file. */
    private static Sample report(Path spool) {
        return SampleReader.read(List.of(new SampleReader.Source(spool, SampleBinding.lineProtocol("s", spool.toString(), "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
    }

    @Test
    void aStringOverSeveralLinesALeadingBlankAndANulInATagAreKeptAsSent(@TempDir Path dir) throws Exception {
        Path spool = dir.resolve("spool.lp");
        byte[] nul = "log,host=a\0b msg=\"ok\" 1700000000000000000\n".getBytes(StandardCharsets.UTF_8);
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, spool))) {
            // the NUL first, so it lies in the spool's first bytes, where a file is judged binary or text
            assertEquals(204, write(s.url(), nul).statusCode());
            assertEquals(204, write(s.url(), "log,host=c msg=\"first line\nsecond line\" 1700000000000000001\n"
                + "  \tlog,host=d msg=\"indented\" 1700000000000000002\n").statusCode());
            StringBuilder many = new StringBuilder();
            for (int i = 0; i < 100_000; i++) {
                many.append("cpu,host=h").append(i % 50).append(" v=").append(i).append(' ').append(1_700_000_000_000_000_000L + i).append('\n');
            }
            assertEquals(204, write(s.url(), many.toString()).statusCode());
            assertEquals(100_003, s.stats().points());
        }
        Sample r = report(spool);
        assertEquals(List.of(), r.report().problems(), "the report reads every acknowledged point");
        assertEquals(100_003, r.rows());
        EventKindSample log = r.eventKind("log").orElseThrow();
        List<String> hosts = new java.util.ArrayList<>();
        List<String> messages = new java.util.ArrayList<>();
        for (int row = 0; row < log.rows(); row++) {
            hosts.add(log.column("host").text(row));
            messages.add(log.column("msg").text(row));
        }
        assertEquals(List.of("a\0b", "c", "d"), hosts);
        assertEquals(List.of("ok", "first line\nsecond line", "indented"), messages);
    }

    /**
     * Issue 31: a writer that gave up waiting sends its body again, and the first copy may have been kept already. The
     * same points to the same place are kept once, as influxd holds them once (the second write overwrites each point
     * with itself); points without a timestamp get a new one each time, and a write to another database is another
     * write, so those are kept again, as influxd keeps them.
     */
    @Test
    void theSamePointsSentAgainToTheSamePlaceAreKeptOnce(@TempDir Path dir) throws Exception {
        Path spool = dir.resolve("spool.lp");
        String timed = "cpu,host=a v=1i 1700000000000000000\ncpu,host=b v=2i 1700000000000000001\nnot a point\n";
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, spool))) {
            HttpResponse<String> first = write(s.url(), timed);
            HttpResponse<String> again = write(s.url(), timed);
            assertEquals(400, again.statusCode(), "answered as the first was: the bad line named");
            assertEquals(first.body(), again.body());
            assertEquals(2, s.stats().points());
            assertEquals(1, s.stats().repeated());
            assertEquals(first.body(), http.send(HttpRequest.newBuilder(s.url().resolve("/write?db=other"))
                .POST(HttpRequest.BodyPublishers.ofString(timed)).build(), HttpResponse.BodyHandlers.ofString()).body());
            assertEquals(4, s.stats().points(), "the same points to another database are another write");
            for (int i = 0; i < 2; i++) { // at once: the arrival time given to a point without one is in milliseconds
                assertEquals(204, write(s.url(), "beat,host=a up=1i\n").statusCode());
            }
            assertEquals(6, s.stats().points(), "a heartbeat sent twice is two heartbeats");
            assertEquals(1, s.stats().repeated());
        }
        assertEquals(6, report(spool).rows());
    }

    @Test
    void theGoodLinesOfABodyWithBadOnesAreKeptAndEveryBadLineIsNamed(@TempDir Path dir) throws Exception {
        Path spool = dir.resolve("spool.lp");
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, spool))) {
            // twenty bad lines first: a file like it would not be read as line protocol at all, a write is
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < 20; i++) {
                body.append("bad").append(i).append('\n');
            }
            for (int i = 0; i < 100; i++) {
                body.append("cpu v=").append(i).append(' ').append(1_700_000_000_000_000_000L + i).append('\n');
            }
            HttpResponse<String> partial = write(s.url(), body.toString());
            assertEquals(400, partial.statusCode());
            assertTrue(partial.body().startsWith("{\"error\":\"partial write: line 1: unable to parse 'bad0': "), partial.body());
            assertTrue(partial.body().contains("\\nline 20: unable to parse 'bad19': ") && partial.body().endsWith(" dropped=20\"}"),
                partial.body());
            assertEquals(100, s.stats().points());

            // over 10,000 bad lines: the good ones are still kept, the answer names the first hundred and counts the rest
            StringBuilder worse = new StringBuilder();
            for (int i = 0; i < 12_000; i++) {
                worse.append("bad").append(i).append('\n').append("mem v=").append(i).append(' ').append(1_700_000_000_000_000_000L + i)
                    .append('\n');
            }
            HttpResponse<String> most = write(s.url(), worse.toString());
            assertEquals(400, most.statusCode());
            assertTrue(most.body().contains("... and 11900 more bad lines dropped=12000"), most.body().substring(most.body().length() - 200));
            assertEquals(12_100, s.stats().points());

            HttpResponse<String> none = write(s.url(), "bad\nworse x\n");
            assertEquals(400, none.statusCode());
            assertEquals("{\"error\":\"line 1: unable to parse 'bad': missing fields\\nline 2: unable to parse 'worse x': "
                + "invalid field format\"}", none.body(), "nothing kept: no 'partial write', as influxd words it");
        }
        assertEquals(12_100, report(spool).rows());
    }

    @Test
    void aFieldOfAnotherTypeThanCapturedBeforeIsRefusedSoTheSpoolReadsBackWhole(@TempDir Path dir) throws Exception {
        Path spool = dir.resolve("spool.lp");
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, spool))) {
            assertEquals(204, write(s.url(), "cpu v=1 1700000000000000000\n").statusCode());
            HttpResponse<String> conflict = write(s.url(), "cpu v=\"text\" 1700000000000000001\nmem v=1 1700000000000000002\n");
            assertEquals(400, conflict.statusCode());
            assertTrue(conflict.body().contains("field type conflict: input field \\\"v\\\" on measurement \\\"cpu\\\" is type string,"
                + " already exists as type float"), conflict.body());
            assertEquals(1, s.stats().points());
        }
        Sample r = report(spool);
        assertEquals(List.of(), r.report().problems());
        assertEquals(1, r.rows());
    }

    @Test
    void aTimestampThatDoesNotFitAtItsPrecisionIsABadLine(@TempDir Path dir) throws Exception {
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, dir.resolve("spool.lp")))) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(s.url().resolve("/write?db=app&precision=s"))
                .POST(HttpRequest.BodyPublishers.ofString("cpu v=1 1700000000\ncpu v=2 9223372036854775\n")).build(),
                HttpResponse.BodyHandlers.ofString());
            assertEquals(400, r.statusCode());
            assertTrue(r.body().contains("line 2: unable to parse 'cpu v=2 9223372036854775': timestamp out of range"), r.body());
            assertEquals(1, s.stats().points());
        }
    }
}
