package dev.cardinal.capture;

import static dev.cardinal.capture.CaptureDeadlinesTest.lines;
import static dev.cardinal.capture.CaptureServerTest.gzip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The clients writers really use, against the endpoint's own HTTP/1.1: curl in its usual forms, and java.net.http. */
class CaptureRealClientsTest {
    /** curl's answer: the status it printed last, and what it said on stderr with -v. */
    private record Curl(int status, String verbose) {
    }

    private static Curl curl(URI url, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("curl", "-sS", "-v", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "20"));
        cmd.addAll(List.of(args));
        cmd.add(url.resolve("/write?db=app&precision=ns").toString());
        Process p = new ProcessBuilder(cmd).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Curl(Integer.parseInt(out.strip()), err);
    }

    @Test
    void curlPlainGzipChunkedHttp10AndAboveOneMiBWithExpectContinue(@TempDir Path dir) throws Exception {
        Path plain = Files.writeString(dir.resolve("plain.lp"), lines(100, "plain"));
        Path gz = Files.write(dir.resolve("gz.lp.gz"), gzip(lines(100, "gz")));
        Path big = Files.writeString(dir.resolve("big.lp"), lines(40_000, "big")); // about 1.9 MB
        Path chunked = Files.writeString(dir.resolve("chunked.lp"), lines(100, "chunked"));
        Path old = Files.writeString(dir.resolve("old.lp"), lines(100, "old"));
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, dir.resolve("spool.lp")))) {
            assertEquals(204, curl(s.url(), "--data-binary", "@" + plain).status());
            assertEquals(204, curl(s.url(), "--data-binary", "@" + gz, "-H", "Content-Encoding: gzip").status());
            Curl expect = curl(s.url(), "--data-binary", "@" + big);
            assertEquals(204, expect.status(), expect.verbose());
            assertTrue(expect.verbose().contains("Expect: 100-continue") && expect.verbose().contains("HTTP/1.1 100 Continue"), expect.verbose());
            assertEquals(204, curl(s.url(), "--data-binary", "@" + chunked, "-H", "Transfer-Encoding: chunked").status());
            assertEquals(204, curl(s.url(), "--http1.0", "--data-binary", "@" + old).status());
            assertEquals(40_400, s.stats().points());
        }
        List<String> spooled = Files.readAllLines(dir.resolve("spool.lp"));
        for (String m : List.of("plain", "gz", "chunked", "old")) {
            assertEquals(100, spooled.stream().filter(l -> l.startsWith(m + ",")).count(), m);
        }
    }

    @Test
    void refusedBodiesReachCurlAndHttpClientAsAnswersNotResets(@TempDir Path dir) throws Exception {
        Path big = Files.writeString(dir.resolve("big.lp"), lines(40_000, "big"));
        Path bomb = Files.write(dir.resolve("bomb.gz"), Abusers.gzipBomb(1024));
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, dir.resolve("spool.lp")).withLimits(1 << 20, 256 << 20, 256, 1_000_000))) {
            Curl tooBig = curl(s.url(), "--data-binary", "@" + big);
            assertEquals(413, tooBig.status(), "declared over the limit, refused before curl sends it: " + tooBig.verbose());
            Curl bombed = curl(s.url(), "--data-binary", "@" + bomb, "-H", "Content-Encoding: gzip");
            assertEquals(413, bombed.status(), bombed.verbose());
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(s.url().resolve("/write?db=app"))
                .POST(HttpRequest.BodyPublishers.ofFile(big)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(413, r.statusCode(), "read and dropped, so the client that sends it all sees the answer");
            assertEquals(204, curl(s.url(), "--data-binary", "cpu v=1 1").status());
            assertEquals(1, s.stats().points());
            assertEquals(3, s.stats().tooLarge());
        }
    }
}
