package dev.cardinal.engine.prometheus;

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
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A throwaway Prometheus for tests: Debian's {@code prometheus} on a free loopback port, with the remote-write
 * receiver on, no scrape config (so it holds only what is written to it), its TSDB in a temp directory removed on
 * close. Missing binary: the test is skipped, except on CI (CI=true), where .ci/run installs the package.
 */
public final class ScratchPrometheus implements AutoCloseable {
    static final Path BINARY = Path.of("/usr/bin/prometheus");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Path dir;
    public final URI url;
    private final HttpClient http = HttpClient.newHttpClient();

    private ScratchPrometheus(Process process, Path dir, URI url) {
        this.process = process;
        this.dir = dir;
        this.url = url;
    }

    static void required() {
        if (Files.isExecutable(BINARY)) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(BINARY + " is missing; .ci/run should have installed the prometheus package");
        }
        assumeTrue(false, BINARY + " is missing (install the prometheus package)");
    }

    public static ScratchPrometheus start() throws IOException, InterruptedException {
        return start(port -> "global:\n  scrape_interval: 1h\n");
    }

    /** A throwaway prometheus whose configuration {@code config} gives for the port it listens on. */
    static ScratchPrometheus start(java.util.function.IntFunction<String> config) throws IOException, InterruptedException {
        required();
        Path dir = Files.createTempDirectory("cardinal-prometheus-");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Files.writeString(dir.resolve("prometheus.yml"), config.apply(port));
        Process p = new ProcessBuilder(BINARY.toString(), "--config.file=" + dir.resolve("prometheus.yml"), "--storage.tsdb.path=" + dir.resolve("data"),
            "--web.listen-address=127.0.0.1:" + port, "--web.enable-remote-write-receiver")
            .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        ScratchPrometheus server = new ScratchPrometheus(p, dir, URI.create("http://127.0.0.1:" + port));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                String log = Files.readString(dir.resolve("prometheus.log"));
                server.close();
                throw new IOException("prometheus exited: " + log);
            }
            try {
                if (server.get("/-/ready").statusCode() == 200) {
                    return server;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        server.close();
        throw new IOException("prometheus not ready within 60 s");
    }

    RemoteWriteClient client() {
        return new RemoteWriteClient(url);
    }

    /** The {@code data} of a JSON API answer. */
    JsonNode api(String pathAndQuery) throws IOException, InterruptedException {
        HttpResponse<String> r = get(pathAndQuery);
        if (r.statusCode() != 200) {
            throw new IOException(pathAndQuery + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body()).get("data");
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(url.resolve(pathAndQuery)).timeout(Duration.ofSeconds(60)).build(),
            HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
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
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a temp directory left behind is no test failure
        }
    }
}
