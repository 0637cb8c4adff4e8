package dev.cardinal.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code cardinal capture} in a process of its own, stopped as a user or a service manager stops it: Ctrl-C (SIGINT)
 * and SIGTERM end it as --duration does, with the summary, the report, the documented exit code, and no spool left.
 */
class CaptureSignalsTest {
    private static final Pattern LISTENING = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");

    /** A child JVM; {@code env --default-signal} undoes a SIGINT ignored by whoever started the build (a shell's background job). */
    private static Process cardinal(Path tmp, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("env", "--default-signal=INT,TERM", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Djava.io.tmpdir=" + tmp, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
    }

    private final List<Thread> readers = new ArrayList<>();

    /** Everything a stream says, collected on a thread of its own so the child never blocks on a full pipe. */
    private StringBuffer collect(InputStream in) {
        StringBuffer text = new StringBuffer();
        Thread t = new Thread(() -> {
            byte[] b = new byte[8192];
            try {
                for (int n = in.read(b); n >= 0; n = in.read(b)) {
                    text.append(new String(b, 0, n, StandardCharsets.UTF_8));
                }
            } catch (IOException ended) {
                // the child is gone
            }
        });
        t.setDaemon(true);
        t.start();
        readers.add(t);
        return text;
    }

    /** Waits for the child to end and for its output to be read to the end. */
    private boolean ended(Process p) throws InterruptedException {
        boolean ended = p.waitFor(60, TimeUnit.SECONDS);
        for (Thread t : readers) {
            t.join(5_000);
        }
        readers.clear();
        return ended;
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }

    @Test
    void sigtermAndCtrlCStopTheCaptureWithItsReportItsExitCodeAndNoSpoolLeft(@TempDir Path dir) throws Exception {
        for (String signal : List.of("TERM", "INT")) {
            Path tmp = Files.createDirectories(dir.resolve(signal));
            Process p = cardinal(tmp, "capture", "--port", "0", "--tags", "host", "--every", "1h", "--format", "json");
            StringBuffer out = collect(p.getInputStream());
            StringBuffer err = collect(p.getErrorStream());
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                Matcher m = LISTENING.matcher("");
                while (!(m = LISTENING.matcher(err)).find() && System.nanoTime() < deadline && p.isAlive()) {
                    Thread.sleep(20);
                }
                assertTrue(m.find(0), err.toString());
                StringBuilder body = new StringBuilder();
                for (int i = 0; i < 300; i++) {
                    body.append("cpu,host=h").append(i % 7).append(" v=").append(i).append(' ').append(1_700_000_000L + i).append('\n');
                }
                HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(m.group(1) + "/write?db=app&precision=s"))
                    .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(204, r.statusCode());
                assertFalse(files(tmp).isEmpty(), "the temporary spool is in the temp folder while capturing");
                if (signal.equals("TERM")) {
                    assertTrue(p.toHandle().destroy()); // SIGTERM; Process.destroy would also close the pipes the report comes on
                } else {
                    assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
                }
                assertTrue(ended(p), "stopped by SIG" + signal);
                assertEquals(0, p.exitValue(), "SIG" + signal + ": captured and reported\n" + err);
            } finally {
                p.destroyForcibly();
            }
            assertTrue(err.toString().contains("300 points in 1 requests, 0 bad lines"), err + "\n---\n" + out);
            JsonNode report = new ObjectMapper().readTree(out.substring(out.indexOf("{")));
            assertEquals(300, report.path("eventKinds").get(0).path("points").asLong(), out.toString());
            assertEquals(7, report.path("eventKinds").get(0).path("series").asLong());
            assertEquals(List.of(), files(tmp), "SIG" + signal + " leaves no spool behind");
        }
    }

    /**
     * Issue 31: a capture killed outright (kill -9) cannot remove its spool; the next capture does, and says so, while
     * the spool of a capture still running is left alone.
     */
    @Test
    void theSpoolOfACaptureKilledOutrightIsRemovedByTheNextOne(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Process killed = cardinal(tmp, "capture", "--port", "0", "--every", "1h");
        Process running = cardinal(tmp, "capture", "--port", "0", "--every", "1h");
        try {
            for (Process p : List.of(killed, running)) {
                StringBuffer err = collect(p.getErrorStream());
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                Matcher m = LISTENING.matcher("");
                while (!(m = LISTENING.matcher(err)).find() && System.nanoTime() < deadline && p.isAlive()) {
                    Thread.sleep(20);
                }
                assertTrue(m.find(0), err.toString());
                HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(m.group(1) + "/write?db=app"))
                    .POST(HttpRequest.BodyPublishers.ofString("cpu,host=a v=1 1700000000000000000\n")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(204, r.statusCode());
            }
            Path left = Path.of(tmp.toString(), "cardinal-capture-" + killed.pid() + "-");
            List<Path> before = files(tmp);
            assertEquals(2, before.size(), before.toString());
            Path spoolOfKilled = before.stream().filter(f -> f.toString().startsWith(left.toString())).findFirst().orElseThrow();
            killed.destroyForcibly(); // SIGKILL: no hook runs
            assertTrue(killed.waitFor(30, TimeUnit.SECONDS));
            assertTrue(Files.exists(spoolOfKilled), "kill -9 leaves the spool behind");

            Process next = cardinal(tmp, "capture", "--port", "0", "--duration", "1s");
            StringBuffer err = collect(next.getErrorStream());
            assertTrue(ended(next));
            assertEquals(1, next.exitValue(), err.toString());
            assertTrue(err.toString().contains("removed " + spoolOfKilled + " (35 bytes), the spool of a capture (pid " + killed.pid()
                + ") that ended without its report"), err.toString());
            List<Path> after = files(tmp);
            assertEquals(1, after.size(), after.toString());
            assertTrue(after.get(0).getFileName().toString().startsWith("cardinal-capture-" + running.pid() + "-"),
                "the spool of the capture still running is kept: " + after);
        } finally {
            killed.destroyForcibly();
            running.destroyForcibly();
        }
    }

    @Test
    void aPortInUseLeavesNoSpoolBehind(@TempDir Path dir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String port = Integer.toString(taken.getLocalPort());
            Path tmp = Files.createDirectories(dir.resolve("tmp"));
            Process temp = cardinal(tmp, "capture", "--port", port, "--duration", "5s");
            StringBuffer err = collect(temp.getErrorStream());
            assertTrue(ended(temp));
            assertEquals(3, temp.exitValue(), err.toString());
            assertTrue(err.toString().contains("cannot listen on 127.0.0.1:" + port), err.toString());
            assertEquals(List.of(), files(tmp), "no temporary spool left");

            Path kept = dir.resolve("kept.lp");
            Process named = cardinal(tmp, "capture", "--port", port, "--duration", "5s", "-o", kept.toString());
            assertTrue(ended(named));
            assertEquals(3, named.exitValue());
            assertFalse(Files.exists(kept), "-o FILE is not created when nothing can be captured into it");
        }
    }
}
