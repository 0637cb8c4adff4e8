package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.InsecureTls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway InfluxDB 1.x server: its own config, data and log under a fresh temp dir, loopback ports picked
 * free, gone again on {@link #close()} (or at JVM exit). Used to read back real cardinality for a layout and by
 * the tests; it never touches a user's installation.
 */
public final class ScratchInfluxd implements AutoCloseable {
    private static final int START_ATTEMPTS = 3;
    private static final int LOG_TAIL_LINES = 20;

    private final Process process;
    private final Path dir;
    private final URI url;
    private final Thread shutdownHook;
    private boolean closed;

    private ScratchInfluxd(Process process, Path dir, URI url) {
        this.process = process;
        this.dir = dir;
        this.url = url;
        this.shutdownHook = new Thread(this::close, "scratch-influxd-cleanup");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** True when an {@code influxd} executable is on the PATH. */
    public static boolean available() {
        return findOnPath().isPresent();
    }

    public static Optional<Path> findOnPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of(path.split(java.io.File.pathSeparator))
            .filter(s -> !s.isEmpty())
            .map(s -> Path.of(s, "influxd"))
            .filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
            .findFirst();
    }

    /** Removes what scratch servers of dead processes left (see {@link ScratchLeftovers}); the next start does it too. */
    public static void removeLeftovers() {
        ScratchLeftovers.sweep(Path.of(System.getProperty("java.io.tmpdir")));
    }

    public static ScratchInfluxd start() throws IOException {
        return start(ScratchInfluxdSettings.defaults());
    }

    /**
     * Starts a server and waits until {@code /ping} answers 204. A free port can be taken by someone else between
     * picking and binding it, so a server that dies at once is retried on fresh ports a few times.
     */
    public static ScratchInfluxd start(ScratchInfluxdSettings settings) throws IOException {
        Path binary = settings.binary() != null ? settings.binary()
            : findOnPath().orElseThrow(() -> new IOException("influxd is not on the PATH (install InfluxDB 1.x)"));
        removeLeftovers();
        IOException last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            Path dir = Files.createTempDirectory(ScratchLeftovers.PREFIX);
            try {
                ScratchLeftovers.claim(dir);
                return startIn(dir, binary, settings);
            } catch (IOException e) {
                deleteTree(dir);
                last = e;
                if (!(e instanceof PortTakenException)) {
                    break;
                }
            }
        }
        throw last;
    }

    private static ScratchInfluxd startIn(Path dir, Path binary, ScratchInfluxdSettings settings) throws IOException {
        int httpPort = freePort();
        int rpcPort = freePort();
        while (rpcPort == httpPort) {
            rpcPort = freePort();
        }
        Path config = dir.resolve("influxdb.conf");
        Files.writeString(config, InfluxdConf.text(settings, dir, httpPort, rpcPort), StandardCharsets.UTF_8);
        Path log = dir.resolve("influxd.log");
        ProcessBuilder pb = new ProcessBuilder(watched(binary.toString(), "-config", config.toString()))
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
        // INFLUXDB_* variables override the config file; a developer's own settings must not leak in.
        pb.environment().keySet().removeIf(k -> k.startsWith("INFLUXDB_"));
        Process process = pb.start();
        URI url = URI.create((settings.tls() ? "https" : "http") + "://127.0.0.1:" + httpPort);
        ScratchInfluxd server = new ScratchInfluxd(process, dir, url);
        try {
            server.awaitReady(settings.startTimeout());
            return server;
        } catch (IOException | RuntimeException e) {
            String tail = tail(log);
            server.stopProcess();
            server.removeHook();
            if (tail.contains("address already in use")) {
                throw new PortTakenException(e.getMessage() + "\n" + tail);
            }
            throw new IOException(e.getMessage() + "; last lines of influxd's log:\n" + tail, e);
        }
    }

    /**
     * The server's command under a watchdog that stops it when this JVM goes, however it goes: a shutdown hook does not
     * run after kill -9, and an influxd left running holds its ports and its temp directory. The watchdog (a POSIX
     * shell, the server's parent) passes a stop on to the server and exits with the server's exit code.
     */
    static List<String> watched(String... command) {
        if (System.getProperty("os.name", "").startsWith("Windows")) {
            return List.of(command);
        }
        String watchdog = "\"$@\" & c=$!\n"
            + "trap 'kill -TERM $c 2>/dev/null; wait $c; exit $?' TERM INT HUP\n"
            + "while kill -0 $PPID 2>/dev/null && kill -0 $c 2>/dev/null; do sleep 1 & wait $!; done\n"
            + "kill -TERM $c 2>/dev/null\n"
            + "wait $c\n";
        List<String> out = new java.util.ArrayList<>(List.of("/bin/sh", "-c", watchdog, "cardinal-watchdog"));
        out.addAll(List.of(command));
        return out;
    }

    private void awaitReady(Duration timeout) throws IOException {
        // our own server, with the certificate we gave it: readiness does not need to verify it
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1));
        if ("https".equals(url.getScheme())) {
            b.sslContext(InsecureTls.trustingEveryCertificate());
        }
        HttpClient http = b.build();
        HttpRequest ping = HttpRequest.newBuilder(url.resolve("/ping")).timeout(Duration.ofSeconds(2)).GET().build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("influxd exited with code " + process.exitValue() + " before answering /ping");
            }
            try {
                if (http.send(ping, HttpResponse.BodyHandlers.discarding()).statusCode() == 204) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet: poll again
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for influxd to start", e);
            }
            sleep(50);
        }
        throw new IOException("influxd did not answer GET " + url + "/ping with 204 within "
            + timeout.toMillis() + " ms");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The HTTP API, e.g. {@code http://127.0.0.1:40123}. */
    public URI url() {
        return url;
    }

    public Path directory() {
        return dir;
    }

    /** influxd's own output (stdout and stderr). */
    public Path logFile() {
        return dir.resolve("influxd.log");
    }

    public boolean isRunning() {
        return process.isAlive();
    }

    /** Stops the server (politely, then forcibly) and deletes its directory. Safe to call twice. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopProcess();
        deleteTree(dir);
        removeHook();
    }

    private void stopProcess() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The server and its watchdog: the watchdog killed alone would leave the server running. */
    private void destroyForcibly() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // we are running inside the hook itself
        }
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException ignored) {
            // best effort: it is a temp dir, and the JVM may be exiting
        }
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for influxd to start", e);
        }
    }

    @Override
    public String toString() {
        return "ScratchInfluxd[" + url + ", " + dir + (closed ? ", closed" : "") + "]";
    }

    private static final class PortTakenException extends IOException {
        PortTakenException(String message) {
            super(message);
        }
    }
}
