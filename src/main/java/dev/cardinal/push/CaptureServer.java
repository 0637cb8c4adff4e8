package dev.cardinal.push;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.ReadReport;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleFormatException;
import dev.cardinal.traffic.SampleLimits;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;

/**
 * An InfluxDB-compatible write endpoint for capturing an application's real traffic: {@code /write} (1.x: db, rp,
 * precision) and {@code /api/v2/write} (2.x: org, bucket, precision), gzip bodies, {@code /ping}. Each body is
 * checked with the same line-protocol reader as sample files; good lines are appended to a spool file with their
 * timestamps in nanoseconds (a point without one gets its arrival time), bad lines get 400 with their line numbers
 * and reasons as the server words them, and the good lines of a partly bad body are kept, as the server keeps them.
 *
 * <p>Memory stays bounded: bodies over {@code maxBodyBytes} get 413 (a declared length without reading it);
 * bodies being read and checked at once are held to {@code inFlightBytes}, beyond which requests get 429; more
 * requests waiting than {@code maxWaiting} get 503; once {@code maxPoints} are captured, 503 too. Those answers carry
 * Retry-After, so writers back off instead of losing points. Captured points live on disk, in the spool.
 */
public final class CaptureServer implements AutoCloseable {
    /**
     * How the endpoint runs.
     *
     * @param bind          address to listen on (loopback unless told otherwise)
     * @param port          port, 0 for any free one
     * @param maxBodyBytes  largest body taken, after gzip is undone
     * @param inFlightBytes bodies read and checked at once, in bytes
     * @param maxWaiting    requests waiting for a worker before new ones are shed
     * @param maxPoints     points captured before the endpoint answers 503
     * @param threads       worker threads
     * @param spool         the line-protocol file captured points are appended to
     */
    public record Settings(InetAddress bind, int port, long maxBodyBytes, long inFlightBytes, int maxWaiting, long maxPoints,
                           int threads, Path spool) {
        public static Settings loopback(int port, Path spool) {
            return new Settings(InetAddress.getLoopbackAddress(), port, 25L << 20, 256L << 20, 256, 50_000_000,
                Math.max(2, Runtime.getRuntime().availableProcessors()), spool);
        }

        public Settings withLimits(long maxBody, long inFlight, int waiting, long points) {
            return new Settings(bind, port, maxBody, inFlight, waiting, points, threads, spool);
        }

        public Settings withBind(InetAddress address) {
            return new Settings(address, port, maxBodyBytes, inFlightBytes, maxWaiting, maxPoints, threads, spool);
        }
    }

    /** What the endpoint has seen so far. */
    public record Stats(long requests, long points, long badLines, long tooLarge, long shed) {
    }

    private static final String VERSION = "1.8.10";

    private final Settings settings;
    private final HttpServer server;
    private final ExecutorService workers;
    private final FileChannel spool;
    private final AtomicLong waiting = new AtomicLong();
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong points = new AtomicLong();
    private final AtomicLong badLines = new AtomicLong();
    private final AtomicLong tooLarge = new AtomicLong();
    private final AtomicLong shed = new AtomicLong();

    private CaptureServer(Settings settings) throws IOException {
        this.settings = settings;
        this.spool = FileChannel.open(settings.spool(), StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        this.server = HttpServer.create(new InetSocketAddress(settings.bind(), settings.port()), 128);
        ExecutorService pool = Executors.newFixedThreadPool(settings.threads(), r -> {
            Thread t = new Thread(r, "cardinal-capture");
            t.setDaemon(true);
            return t;
        });
        this.workers = pool;
        server.setExecutor(task -> {
            waiting.incrementAndGet();
            pool.execute(task);
        });
        server.createContext("/", this::handle);
    }

    public static CaptureServer start(Settings settings) throws IOException {
        CaptureServer s = new CaptureServer(settings);
        s.server.start();
        return s;
    }

    /** Where writers point: {@code http://127.0.0.1:PORT}. */
    public URI url() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort());
    }

    public Path spool() {
        return settings.spool();
    }

    public Stats stats() {
        return new Stats(requests.get(), points.get(), badLines.get(), tooLarge.get(), shed.get());
    }

    private void handle(HttpExchange ex) throws IOException {
        long queued = waiting.getAndDecrement();
        try (ex) {
            requests.incrementAndGet();
            String path = ex.getRequestURI().getPath();
            if (path.equals("/ping") || path.equals("/health")) {
                ex.getResponseHeaders().add("X-Influxdb-Version", VERSION);
                ex.getResponseHeaders().add("X-Influxdb-Build", "OSS");
                respond(ex, 204, null);
                return;
            }
            boolean v2 = path.equals("/api/v2/write");
            if (!v2 && !path.equals("/write")) {
                respond(ex, 404, error(false, "not found", path));
                return;
            }
            if (!ex.getRequestMethod().equals("POST")) {
                ex.getResponseHeaders().add("Allow", "POST");
                respond(ex, 405, error(v2, "method not allowed", "use POST"));
                return;
            }
            if (queued > settings.maxWaiting()) {
                shed(ex, 503, v2, "too many writes waiting; retry later");
                return;
            }
            write(ex, v2);
        }
    }

    private void write(HttpExchange ex, boolean v2) throws IOException {
        Map<String, String> q = query(ex.getRequestURI());
        Long per = CaptureLines.nanosPer(q.get("precision"));
        if (per == null) {
            respond(ex, 400, error(v2, "invalid", "precision " + q.get("precision") + " is not one of n, u, ms, s, m, h"));
            return;
        }
        if (v2 ? q.get("bucket") == null : q.get("db") == null) {
            respond(ex, v2 ? 400 : 404, error(v2, v2 ? "invalid" : "database not found", v2 ? "bucket is required" : "database is required"));
            return;
        }
        if (points.get() >= settings.maxPoints()) {
            shed(ex, 503, v2, "capture is full: " + settings.maxPoints() + " points");
            return;
        }
        String length = ex.getRequestHeaders().getFirst("Content-Length");
        long declared = length == null ? -1 : parseLong(length);
        boolean gzip = "gzip".equalsIgnoreCase(ex.getRequestHeaders().getFirst("Content-Encoding"));
        if (declared > settings.maxBodyBytes() && !gzip) {
            tooLarge.incrementAndGet();
            drain(ex, 4 * settings.maxBodyBytes());
            respond(ex, 413, error(v2, "request too large", "body of " + declared + " bytes is over the limit of " + settings.maxBodyBytes()));
            return;
        }
        long reserve = declared >= 0 && !gzip ? declared : settings.maxBodyBytes();
        if (inFlight.addAndGet(reserve) > settings.inFlightBytes() && inFlight.get() != reserve) {
            inFlight.addAndGet(-reserve);
            shed(ex, 429, v2, "too many bytes in flight; retry later");
            return;
        }
        try {
            byte[] body = read(gzip ? new GZIPInputStream(ex.getRequestBody()) : ex.getRequestBody(), settings.maxBodyBytes());
            if (body == null) {
                tooLarge.incrementAndGet();
                respond(ex, 413, error(v2, "request too large", "body is over the limit of " + settings.maxBodyBytes() + " bytes"));
                return;
            }
            accept(ex, v2, body, per);
        } catch (java.util.zip.ZipException e) {
            respond(ex, 400, error(v2, "invalid", "body is not gzip: " + e.getMessage()));
        } finally {
            inFlight.addAndGet(-reserve);
        }
    }

    /** Checks the body, appends its good lines to the spool, and answers as the server would. */
    private void accept(HttpExchange ex, boolean v2, byte[] body, long per) throws IOException {
        long arrived = System.currentTimeMillis() * 1_000_000L;
        SampleBuilder check = new SampleBuilder(new SampleLimits(Integer.MAX_VALUE - 8, 256L << 20, 10_000));
        ReadReport report;
        try {
            new LineProtocolReader().read(new ByteArrayInputStream(body), "body",
                SampleBinding.lineProtocol("capture", "body", "ns"), check, ReadMonitor.NONE);
            report = check.build().report();
        } catch (SampleFormatException e) {
            badLines.incrementAndGet();
            respond(ex, 400, error(v2, "invalid", "unable to parse the body: " + e.getMessage()));
            return;
        }
        if (report.problemsOmitted() > 0) {
            // bad lines beyond the ones kept are not known by number: keep nothing rather than something unchecked
            badLines.addAndGet(report.lines());
            respond(ex, 400, error(v2, "invalid", "more than " + report.problems().size() + " bad lines in one body: nothing kept"));
            return;
        }
        Set<Long> bad = new HashSet<>();
        ReadProblem first = null;
        for (ReadProblem p : report.problems()) {
            bad.add(p.line());
            first = first == null ? p : first;
        }
        String[] lines = new String(body, StandardCharsets.UTF_8).split("\n", -1);
        ByteArrayOutputStream good = new ByteArrayOutputStream(body.length + 64);
        long kept = 0;
        String unparsable = null;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            if (line.isBlank() || line.stripLeading().startsWith("#") || bad.contains((long) i + 1)) {
                continue;
            }
            String normal = CaptureLines.normalise(line, per, arrived);
            if (normal == null) {
                unparsable = unparsable == null ? line : unparsable;
                continue;
            }
            good.writeBytes(CaptureLines.bytes(normal));
            good.write('\n');
            kept++;
        }
        synchronized (spool) {
            ByteBuffer buf = ByteBuffer.wrap(good.toByteArray());
            while (buf.hasRemaining()) {
                spool.write(buf);
            }
        }
        points.addAndGet(kept);
        long dropped = report.badLines() + (unparsable == null ? 0 : 1);
        badLines.addAndGet(dropped);
        if (dropped == 0) {
            respond(ex, 204, null);
            return;
        }
        String where = first != null ? "line " + first.line() + ": unable to parse '" + lines[(int) first.line() - 1].strip() + "': "
            + first.message() : "unable to parse '" + unparsable + "': timestamp does not fit in nanoseconds";
        respond(ex, 400, error(v2, "invalid", "partial write: " + where + " dropped=" + dropped));
    }

    private void shed(HttpExchange ex, int status, boolean v2, String why) throws IOException {
        shed.incrementAndGet();
        drain(ex, Long.MAX_VALUE);
        ex.getResponseHeaders().add("Retry-After", "1");
        respond(ex, status, error(v2, status == 429 ? "too many requests" : "unavailable", why));
    }

    /**
     * Reads and discards the request body (nothing is kept), so the writer gets the answer on a healthy connection
     * instead of a reset while it is still sending; beyond {@code max} bytes the connection is given up.
     */
    private static void drain(HttpExchange ex, long max) {
        byte[] skip = new byte[64 * 1024];
        long total = 0;
        try (InputStream in = ex.getRequestBody()) {
            for (int n = in.read(skip); n >= 0 && total <= max; n = in.read(skip)) {
                total += n;
            }
        } catch (IOException e) {
            // the writer went away; there is no one to answer
        }
    }

    /** The body, or null when it is longer than {@code max}. */
    private static byte[] read(InputStream in, long max) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[64 * 1024];
        long total = 0;
        for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
            total += n;
            if (total > max) {
                in.transferTo(OutputStream.nullOutputStream());
                return null;
            }
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    /** A JSON error as each API words it: 1.x {@code {"error": ...}}, 2.x {@code {"code": ..., "message": ...}}. */
    private static String error(boolean v2, String code, String message) {
        String m = json(message);
        return v2 ? "{\"code\":\"" + json(code) + "\",\"message\":\"" + m + "\"}" : "{\"error\":\"" + m + "\"}";
    }

    private static String json(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.toString();
    }

    private static void respond(HttpExchange ex, int status, String json) throws IOException {
        if (json == null) {
            ex.sendResponseHeaders(status, -1);
            return;
        }
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length);
        ex.getResponseBody().write(b);
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> out = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            out.put(k, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    private static long parseLong(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Stops listening (requests in progress finish), then closes the spool so it is whole on disk. */
    @Override
    public void close() throws IOException {
        server.stop(1);
        workers.shutdown();
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (spool) {
            spool.force(true);
            spool.close();
        }
    }
}
