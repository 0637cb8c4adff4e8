package dev.cardinal.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code cardinal capture} in-process: traffic posted to it is projected live and analysed at the end. */
class CaptureCommandTest {
    /** A capture run in-process on a free port, its output so far, and its exit code once it ends. */
    private record Capture(int port, StringWriter out, StringWriter err, CompletableFuture<Integer> run) {
        /** Starts {@code cardinal capture --port FREE ARGS...} and waits until it says it is listening. */
        static Capture start(String... args) throws Exception {
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            List<String> line = new java.util.ArrayList<>(List.of("capture", "--port", Integer.toString(port)));
            line.addAll(List.of(args));
            CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> new CommandLine(new Main())
                .setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(line.toArray(String[]::new)));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!err.toString().contains("listening on") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            return new Capture(port, out, err, run);
        }
    }

    @Test
    void capturesWhatIsPostedProjectsItLiveAndReportsLikeAnalyze(@TempDir Path dir) throws Exception {
        Path kept = dir.resolve("captured.lp");
        Capture c = Capture.start("--tags", "host", "--every", "500ms", "--duration", "4s",
                "-o", kept.toString(), "--format", "json");
        int port = c.port();
        StringWriter out = c.out();
        StringWriter err = c.err();
        CompletableFuture<Integer> run = c.run();
        assertTrue(err.toString().contains("listening on http://127.0.0.1:" + port), err.toString());
        HttpClient http = HttpClient.newHttpClient();
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            body.append("cpu,host=h").append(i % 7).append(",request=r").append(i).append(" v=").append(i).append(' ')
                .append(1_700_000_000L + i).append('\n');
        }
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/write?db=app&precision=s"))
            .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(204, r.statusCode(), r.body());
        assertEquals(0, run.get(30, TimeUnit.SECONDS), err.toString());

        String text = out.toString();
        assertTrue(java.util.regex.Pattern.compile("(?m)^300 points, 0 bad lines, 0 shed; cpu \\([^)]*\\): 7 series, \\d+ at 30d$")
            .matcher(text).find(), "a live line: " + text);
        JsonNode report = new ObjectMapper().readTree(text.substring(text.indexOf('{')));
        JsonNode cpu = report.path("eventKinds").get(0);
        assertEquals("cpu", cpu.path("name").asText());
        assertEquals(300, cpu.path("points").asLong());
        assertEquals(7, cpu.path("series").asLong(), "--tags host: request ids stay fields");
        assertEquals(300, Files.readAllLines(kept).size(), "-o keeps the captured traffic");
        assertTrue(err.toString().contains("300 points in 1 requests, 0 bad lines"), err.toString());
    }

    @Test
    void theLiveLineAndTheReportShowHostileNamesAsEscapes() throws Exception {
        Capture c = Capture.start("--every", "300ms", "--duration", "3s");
        int port = c.port();
        StringWriter out = c.out();
        StringWriter err = c.err();
        CompletableFuture<Integer> run = c.run();
        // ESC [2J clears the screen; OSC 0 sets the window title
        String body = "cpu\u001b[2J,host\u001b]0;pwned\u0007=h1 v=1 1700000000\n";
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
            + "/write?db=app&precision=s")).POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(204, r.statusCode(), r.body());
        assertEquals(0, run.get(30, TimeUnit.SECONDS), err.toString());
        String all = out.toString() + err.toString();
        assertTrue(all.contains("cpu\\u001b[2J"), all);
        assertTrue(all.chars().noneMatch(ch -> ch == 0x1b || ch == 0x07), "no raw terminal control reaches the output: " + all);
    }

    /** What the endpoint says it is (/ping) and what its report is projected for are one server. */
    @ParameterizedTest(name = "--server-version ''{0}''")
    @CsvSource({"'', 1.8.10, true", "1.6.7, 1.6.7, false"})
    void theVersionItNamesIsTheOneItProjectsFor(String given, String named, boolean assumed) throws Exception {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("--every", "10s", "--duration", "3s", "--format", "json"));
        if (!given.isEmpty()) {
            args.addAll(java.util.List.of("--server-version", given));
        }
        Capture c = Capture.start(args.toArray(String[]::new));
        int port = c.port();
        StringWriter out = c.out();
        StringWriter err = c.err();
        CompletableFuture<Integer> run = c.run();
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> ping = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/ping")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(named, ping.headers().firstValue("X-Influxdb-Version").orElse(""));
        http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/write?db=app&precision=s"))
            .POST(HttpRequest.BodyPublishers.ofString("cpu,host=a v=1 1700000000\n")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(0, run.get(30, TimeUnit.SECONDS), err.toString());
        JsonNode server = new ObjectMapper().readTree(out.toString().substring(out.toString().indexOf('{'))).at("/eventKinds/0/server");
        assertEquals(named, server.get("version").asText());
        assertEquals(assumed, server.get("assumed").asBoolean());
    }

    /**
     * Issue 31: a capture whose report fails (here the workspace's layout uses attributes the traffic does not carry)
     * holds acknowledged points no one has seen; its temporary spool is kept and named, not deleted with them.
     */
    @Test
    void aSpoolWhoseReportFailedIsKeptAndNamed() throws Exception {
        Capture c = Capture.start("--workspace", "sample-data/weather/weather.cardinal.json",
                "--layout", "three-tags", "--every", "10s", "--duration", "3s");
        int port = c.port();
        StringWriter out = c.out();
        StringWriter err = c.err();
        CompletableFuture<Integer> run = c.run();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("captured traffic in (\\S+)").matcher(err.toString());
        assertTrue(m.find(), err.toString());
        Path spool = Path.of(m.group(1));
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/write?db=app"))
            .POST(HttpRequest.BodyPublishers.ofString("weather,crop=wheat temp=21.5 1700000000000000000\n")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(204, r.statusCode(), r.body());
        try {
            assertEquals(3, run.get(30, TimeUnit.SECONDS), err.toString());
            Path unreported = spool.resolveSibling(spool.getFileName().toString().replace("cardinal-capture-", "cardinal-capture-unreported-"));
            assertTrue(err.toString().contains("the report failed; the 1 captured points are kept in " + unreported), err.toString());
            assertEquals(java.util.List.of("weather,crop=wheat temp=21.5 1700000000000000000"), Files.readAllLines(unreported),
                "renamed so that no later capture removes it as a leftover");
            assertTrue(CaptureSpools.removeLeftovers(spool.getParent()).stream().noneMatch(l -> l.contains(unreported.toString())));
            assertTrue(Files.exists(unreported));
        } finally {
            Files.deleteIfExists(spool);
            Files.deleteIfExists(spool.resolveSibling(spool.getFileName().toString().replace("cardinal-capture-", "cardinal-capture-unreported-")));
        }
    }

    /** Issue 31: a web page may not post into a capture unless the user allows its origin (--allow-origin, in --help). */
    @Test
    void anOriginTheUserAllowsMayWriteAnotherGets403(@TempDir Path dir) throws Exception {
        StringWriter help = new StringWriter();
        new CommandLine(new Main()).setOut(new PrintWriter(help, true)).execute("capture", "--help");
        assertTrue(help.toString().contains("--allow-origin=ORIGIN") && help.toString().contains("--allow-host=NAME"), help.toString());
        Path kept = dir.resolve("captured.lp");
        Capture c = Capture.start("--allow-origin", "http://grafana.local:3000", "--every", "10s", "--duration", "3s",
            "-o", kept.toString());
        int port = c.port();
        StringWriter err = c.err();
        CompletableFuture<Integer> run = c.run();
        HttpClient http = HttpClient.newHttpClient();
        URI write = URI.create("http://127.0.0.1:" + port + "/write?db=app");
        HttpResponse<String> allowed = http.send(HttpRequest.newBuilder(write).header("Origin", "http://grafana.local:3000")
            .POST(HttpRequest.BodyPublishers.ofString("cpu,host=a v=1 1700000000000000000\n")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(204, allowed.statusCode(), allowed.body());
        HttpResponse<String> evil = http.send(HttpRequest.newBuilder(write).header("Origin", "http://evil.example")
            .POST(HttpRequest.BodyPublishers.ofString("cpu,host=b v=1 1700000000000000001\n")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, evil.statusCode(), evil.body());
        assertEquals(0, run.get(30, TimeUnit.SECONDS), err.toString());
        assertEquals(java.util.List.of("cpu,host=a v=1 1700000000000000000"), Files.readAllLines(kept));
    }

    @Test
    void nothingCapturedIsExitCode1AndABadBindIsAUsageError() {
        StringWriter err = new StringWriter();
        int code = new CommandLine(new Main()).setOut(new PrintWriter(new StringWriter())).setErr(new PrintWriter(err, true))
            .execute("capture", "--port", "0", "--duration", "300ms");
        assertEquals(1, code, err.toString());
        assertTrue(err.toString().contains("nothing was captured"));
        assertEquals(2, new CommandLine(new Main()).setOut(new PrintWriter(new StringWriter())).setErr(new PrintWriter(new StringWriter()))
            .execute("capture", "--bind", "no such host.invalid", "--duration", "1s"));
        assertEquals(2, new CommandLine(new Main()).setOut(new PrintWriter(new StringWriter())).setErr(new PrintWriter(new StringWriter()))
            .execute("capture", "--layout", "x"));
    }
}
