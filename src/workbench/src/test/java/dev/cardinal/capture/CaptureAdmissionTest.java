package dev.cardinal.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31: a web page the user opens may not post into a capture on localhost, neither from its own origin (a form or
 * a no-cors fetch: the browser sends its Origin) nor from a name it made resolve to 127.0.0.1 (DNS rebinding: the
 * browser sends that name as Host). curl plays the browser, with the headers Chrome sends for such a post; applications,
 * which send no Origin and the address they were given, are served as before.
 */
class CaptureAdmissionTest {
    /** A browser's cross-site POST, as Chrome sends it for {@code fetch(url, {method: 'POST', mode: 'no-cors', body})}. */
    private static final List<String> BROWSER = List.of(
        "-H", "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "-H", "Content-Type: text/plain;charset=UTF-8", "-H", "Accept: */*", "-H", "Sec-Fetch-Site: cross-site",
        "-H", "Sec-Fetch-Mode: no-cors", "-H", "Sec-Fetch-Dest: empty", "-H", "Accept-Language: en-US,en;q=0.9");

    private static final java.util.concurrent.atomic.AtomicLong TIME = new java.util.concurrent.atomic.AtomicLong();

    private record Answer(int status, String body) {
    }

    private static Answer curl(String url, List<String> headers, String... more) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("curl", "-sS", "--max-time", "20", "-w", "\n%{http_code}", "--data-binary",
            "cpu,host=a v=1i " + TIME.incrementAndGet() + "\n")); // another point each time: the same one again would be kept once
        cmd.addAll(headers);
        cmd.addAll(List.of(more));
        cmd.add(url);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        int nl = out.lastIndexOf('\n');
        return new Answer(Integer.parseInt(out.substring(nl + 1).strip()), out.substring(0, nl));
    }

    private static List<String> browser(String origin) {
        List<String> h = new ArrayList<>(BROWSER);
        h.addAll(List.of("-H", "Origin: " + origin, "-H", "Referer: " + origin + "/"));
        return h;
    }

    @Test
    void aPageOfAnotherOriginOrARenamedHostCannotWriteAnApplicationCan(@TempDir Path dir) throws Exception {
        Path spool = dir.resolve("spool.lp");
        try (CaptureServer s = CaptureServer.start(CaptureServer.Settings.loopback(0, spool))) {
            int port = s.url().getPort();
            String write = s.url() + "/write?db=app";
            Answer evil = curl(write, browser("http://evil.example"));
            assertEquals(403, evil.status(), evil.body());
            assertTrue(evil.body().contains("a web page from http://evil.example may not write here"), evil.body());
            assertEquals(403, curl(write, browser("null")).status(), "a sandboxed frame or a file:// page");

            // DNS rebinding: to the browser the page and the capture are one origin, and it names evil.example as Host
            String renamed = "http://evil.example:" + port + "/write?db=app";
            Answer rebound = curl(renamed, browser("http://evil.example:" + port), "--resolve", "evil.example:" + port + ":127.0.0.1");
            assertEquals(421, rebound.status(), rebound.body());
            assertTrue(rebound.body().contains("Host evil.example:" + port + " is not this endpoint's address"), rebound.body());
            assertEquals(0, s.stats().points(), "nothing of the refused writes is kept");

            assertEquals(204, curl(write, List.of()).status(), "curl as an application uses it");
            assertEquals(204, curl("http://localhost:" + port + "/write?db=app", List.of()).status(), "localhost is loopback's own name");
            assertEquals(204, curl(write, browser("http://127.0.0.1:" + port)).status(), "a page the endpoint itself served");
            assertEquals(204, curl(s.url() + "/api/v2/write?org=o&bucket=b", List.of("-H", "Authorization: Token x")).status());
            assertEquals(4, s.stats().points());
        }
    }

    @Test
    void theUserMayAllowAnOriginAndAName(@TempDir Path dir) throws Exception {
        CaptureServer.Settings settings = CaptureServer.Settings.loopback(0, dir.resolve("spool.lp"))
            .withAdmission(new CaptureAdmission(List.of("capture.test"), List.of("http://Grafana.local:3000/")));
        try (CaptureServer s = CaptureServer.start(settings)) {
            int port = s.url().getPort();
            assertEquals(204, curl(s.url() + "/write?db=app", browser("http://grafana.local:3000")).status());
            assertEquals(403, curl(s.url() + "/write?db=app", browser("http://grafana.local:3001")).status(), "another port is another origin");
            assertEquals(204, curl("http://capture.test:" + port + "/write?db=app", List.of(), "--resolve", "capture.test:" + port + ":127.0.0.1")
                .status());
            assertEquals(421, curl("http://other.test:" + port + "/write?db=app", List.of(), "--resolve", "other.test:" + port + ":127.0.0.1")
                .status());
            assertEquals(2, s.stats().points());
        }
    }
}
