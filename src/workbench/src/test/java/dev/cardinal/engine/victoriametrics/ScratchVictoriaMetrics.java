package dev.cardinal.engine.victoriametrics;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A throwaway single-node VictoriaMetrics ({@code victoria-metrics} from Debian's package) on a free loopback port,
 * its data in a fresh temp directory, keeping 100 years so that a historic sample is kept as it is; stopped and
 * deleted by {@link #close()}. Under a shell watchdog that stops it when the test JVM goes, however it goes.
 */
public final class ScratchVictoriaMetrics implements AutoCloseable {
    static final Path BINARY = Path.of("/usr/bin/victoria-metrics");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Path dir;
    private final URI url;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private ScratchVictoriaMetrics(Process process, Path dir, URI url) {
        this.process = process;
        this.dir = dir;
        this.url = url;
    }

    /** Skips where the binary is missing, except on CI (CI=true), where .ci/run installs it and its absence fails. */
    static void required() {
        if (Files.isExecutable(BINARY)) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(BINARY + " is missing; .ci/run should have installed the victoria-metrics package");
        }
        assumeTrue(false, BINARY + " is missing (install the victoria-metrics package)");
    }

    /** Starts one with these extra flags ({@code -maxLabelsPerTimeseries=3}) and waits until {@code /health} answers. */
    public static ScratchVictoriaMetrics start(String... flags) throws IOException, InterruptedException {
        required();
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            Path dir = Files.createTempDirectory("cardinal-vm");
            int port = freePort();
            List<String> command = new ArrayList<>(List.of(BINARY.toString(), "-storageDataPath=" + dir.resolve("data"),
                "-httpListenAddr=127.0.0.1:" + port, "-retentionPeriod=100y", "-search.maxSeries=10000000",
                "-search.maxUniqueTimeseries=10000000", "-loggerLevel=ERROR"));
            command.addAll(List.of(flags));
            Process p = new ProcessBuilder(watched(command)).redirectErrorStream(true)
                .redirectOutput(dir.resolve("victoria-metrics.log").toFile()).start();
            ScratchVictoriaMetrics vm = new ScratchVictoriaMetrics(p, dir, URI.create("http://127.0.0.1:" + port));
            try {
                vm.awaitHealthy();
                return vm;
            } catch (IOException e) {
                last = new IOException(e.getMessage() + "\n" + vm.log(), e);
                vm.close();
            }
        }
        throw last;
    }

    private static List<String> watched(List<String> command) {
        String watchdog = "\"$@\" & c=$!\n"
            + "trap 'kill -TERM $c 2>/dev/null; wait $c; exit $?' TERM INT HUP\n"
            + "while kill -0 $PPID 2>/dev/null && kill -0 $c 2>/dev/null; do sleep 1 & wait $!; done\n"
            + "kill -TERM $c 2>/dev/null\nwait $c\n";
        List<String> out = new ArrayList<>(List.of("/bin/sh", "-c", watchdog, "cardinal-vm-watchdog"));
        out.addAll(command);
        return out;
    }

    private void awaitHealthy() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("victoria-metrics exited with " + process.exitValue());
            }
            try {
                if (http.send(HttpRequest.newBuilder(url.resolve("/health")).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(50);
        }
        throw new IOException("victoria-metrics did not answer /health within 30 s");
    }

    public URI url() {
        return url;
    }

    /** Writes line protocol bodies to {@code /write?db=...&precision=ns} and makes them searchable. */
    void write(String db, Iterator<byte[]> bodies) throws IOException, InterruptedException {
        String query = "/write?precision=ns" + (db == null ? "" : "&db=" + enc(db));
        while (bodies.hasNext()) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(url.resolve(query))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bodies.next())).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw new IOException("write: " + r.statusCode() + " " + r.body());
            }
        }
        get("/internal/force_flush");
    }

    /** {@code /api/v1/series} for {@code match} over [from, to] (milliseconds): each series' labels. */
    List<Map<String, String>> series(String match, long fromMs, long toMs) throws IOException, InterruptedException {
        JsonNode data = getJson("/api/v1/series?match[]=" + enc(match) + "&start=" + seconds(fromMs) + "&end=" + seconds(toMs));
        List<Map<String, String>> out = new ArrayList<>();
        for (JsonNode s : data) {
            Map<String, String> labels = new TreeMap<>();
            s.fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            out.add(labels);
        }
        return out;
    }

    /** {@code /api/v1/query} of {@code expr} at {@code timeMs}: each result's labels. */
    List<Map<String, String>> query(String expr, long timeMs) throws IOException, InterruptedException {
        List<Map<String, String>> out = new ArrayList<>();
        for (JsonNode r : getJson("/api/v1/query?query=" + enc(expr) + "&time=" + seconds(timeMs)).get("result")) {
            Map<String, String> labels = new TreeMap<>();
            r.get("metric").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            out.add(labels);
        }
        return out;
    }

    /** {@code /api/v1/status/tsdb}'s {@code totalSeries} for one UTC day (its first millisecond) and {@code match}. */
    long seriesOnDay(String match, long dayMs) throws IOException, InterruptedException {
        String date = LocalDate.ofInstant(java.time.Instant.ofEpochMilli(dayMs), ZoneOffset.UTC).toString();
        return getJson("/api/v1/status/tsdb?date=" + date + "&match[]=" + enc(match)).get("totalSeries").asLong();
    }

    /** {@code /api/v1/series/count}, which counts per-day index entries too. */
    long seriesCount() throws IOException, InterruptedException {
        return getJson("/api/v1/series/count").get(0).asLong();
    }

    private JsonNode getJson(String path) throws IOException, InterruptedException {
        JsonNode root = JSON.readTree(get(path));
        if (!"success".equals(root.path("status").asText())) {
            throw new IOException(path + ": " + root);
        }
        return root.get("data");
    }

    private String get(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(url.resolve(path)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException(path + ": " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }

    String log() {
        try {
            return Files.readString(dir.resolve("victoria-metrics.log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static String seconds(long ms) {
        return String.format(java.util.Locale.ROOT, "%d.%03d", Math.floorDiv(ms, 1000), Math.floorMod(ms, 1000));
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind is the OS's to clean; the server is stopped
        }
    }
}
