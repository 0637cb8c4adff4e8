package dev.cardinal.capture;

import dev.cardinal.model.ServerVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * An InfluxDB-compatible write endpoint for capturing an application's real traffic: {@code /write} (1.x: db, rp,
 * precision) and {@code /api/v2/write} (2.x: org, bucket, precision), gzip bodies, {@code /ping}; and Prometheus
 * remote write at {@code /api/v1/write} ({@link RemoteWrite}), so that a Prometheus or vmagent can send its series. Each body is
 * checked with the same line-protocol reader as sample files; good lines are appended to a spool file with their
 * timestamps in nanoseconds (a point without one gets its arrival time), bad lines get 400 with their line numbers
 * and reasons as the server words them, and the good lines of a partly bad body are kept, as the server keeps them.
 *
 * <p>Memory stays bounded and no client can hold up the others: bodies over {@code maxBodyBytes} get 413 (a declared
 * length without reading it, a gzip body as soon as it inflates past the limit); bodies held at once are held to
 * {@code inFlightBytes}, counted as they are read, beyond which requests get 429; a whole body waits for one of the
 * {@code threads} workers only so long ({@link ConnectionLimits#workerWait}) and only {@code maxWaiting} wait at once,
 * beyond which 503; a body that would take the capture past {@code maxPoints} is refused whole with 503. Those
 * answers carry Retry-After, so writers back off instead of losing points. A body is spooled only if its writer is
 * still connected to hear the answer, and points kept already by an earlier write to the same place are not kept
 * again ({@link RepeatedWrites}), so a writer that gave up and sends a body again does not get it twice. The HTTP
 * side (connections, deadlines, body reading) is {@link CaptureHttp}; this class is what the writes mean.
 */
public final class CaptureServer implements AutoCloseable {
    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(CaptureServer.class.getName());
    /** Where Prometheus and vmagent remote-write ({@code remote_write: - url: http://HOST:PORT/api/v1/write}). */
    public static final String REMOTE_WRITE = "/api/v1/write";
    /**
     * The version {@code /ping} answers with when the command gives none: the one projections assume when nobody names
     * a server (the front ends' {@code ServerFor.ASSUMED}; a test keeps the two equal).
     */
    public static final ServerVersion PRESENTED = ServerVersion.of(1, 8, 10);
    /**
     * How the endpoint runs.
     *
     * @param bind          address to listen on (loopback unless told otherwise)
     * @param port          port, 0 for any free one
     * @param maxBodyBytes  largest body taken, after gzip is undone
     * @param inFlightBytes bodies held in memory at once (being read, waiting for a worker, being checked), in bytes
     * @param maxWaiting    whole bodies waiting for a worker before new ones are shed
     * @param maxPoints     points captured before the endpoint answers 503
     * @param threads       worker threads that check and spool bodies
     * @param spool         the line-protocol file captured points are appended to
     * @param connections   how connections are held to account: their number, deadlines and rates
     * @param version       the InfluxDB version the endpoint names in {@code X-Influxdb-Version}: the one the capture's
     *                      numbers are projected for, so a client and the report agree on the server
     * @param admission     the names and web origins allowed besides the endpoint's own
     */
    public record Settings(InetAddress bind, int port, long maxBodyBytes, long inFlightBytes, int maxWaiting, long maxPoints,
                           int threads, Path spool, ConnectionLimits connections, ServerVersion version, CaptureAdmission admission) {
        public Settings {
            Objects.requireNonNull(connections, "connections");
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(admission, "admission");
            if (maxBodyBytes < 1 || maxBodyBytes > 1L << 30) {
                throw new IllegalArgumentException("the largest body must be from 1 byte to 1 GiB: " + maxBodyBytes);
            }
            if (threads < 1) {
                throw new IllegalArgumentException("at least one worker thread: " + threads);
            }
        }

        public Settings(InetAddress bind, int port, long maxBodyBytes, long inFlightBytes, int maxWaiting, long maxPoints, int threads,
                        Path spool) {
            this(bind, port, maxBodyBytes, inFlightBytes, maxWaiting, maxPoints, threads, spool, ConnectionLimits.defaults(),
                PRESENTED, CaptureAdmission.none());
        }

        public static Settings loopback(int port, Path spool) {
            return new Settings(InetAddress.getLoopbackAddress(), port, 25L << 20, 256L << 20, 256, 50_000_000,
                Math.max(2, Runtime.getRuntime().availableProcessors()), spool);
        }

        public Settings withLimits(long maxBody, long inFlight, int waiting, long points) {
            return new Settings(bind, port, maxBody, inFlight, waiting, points, threads, spool, connections, version, admission);
        }

        public Settings withBind(InetAddress address) {
            return new Settings(address, port, maxBodyBytes, inFlightBytes, maxWaiting, maxPoints, threads, spool, connections, version, admission);
        }

        public Settings withThreads(int workers) {
            return new Settings(bind, port, maxBodyBytes, inFlightBytes, maxWaiting, maxPoints, workers, spool, connections, version, admission);
        }

        public Settings withConnections(ConnectionLimits c) {
            return new Settings(bind, port, maxBodyBytes, inFlightBytes, maxWaiting, maxPoints, threads, spool, c, version, admission);
        }

        /** The endpoint names this version (the capture's numbers are projected for it). */
        public Settings withVersion(ServerVersion v) {
            return new Settings(bind, port, maxBodyBytes, inFlightBytes, maxWaiting, maxPoints, threads, spool, connections, v, admission);
        }

        /** These names and web origins may write too, besides the endpoint's own. */
        public Settings withAdmission(CaptureAdmission a) {
            return new Settings(bind, port, maxBodyBytes, inFlightBytes, maxWaiting, maxPoints, threads, spool, connections, version, a);
        }
    }

    private final Settings settings;
    private final CaptureHttp http;
    private final URI url;
    /** Where the endpoint listens: the names a request's Host may give (see {@link CaptureAdmission}). */
    private final InetSocketAddress bound;
    private final FileChannel spool;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong points = new AtomicLong();
    /** Guarded by the spool's lock. */
    private final CapturedFieldTypes fieldTypes = new CapturedFieldTypes();
    private final AtomicLong badLines = new AtomicLong();
    private final AtomicLong tooLarge = new AtomicLong();
    private final AtomicLong shed = new AtomicLong();
    private final AtomicLong abandoned = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final AtomicLong repeated = new AtomicLong();
    /** Guarded by the spool's lock. */
    private final RepeatedWrites kept = new RepeatedWrites(100_000, Duration.ofMinutes(10));

    private CaptureServer(Settings settings) throws IOException {
        this.settings = settings;
        this.http = new CaptureHttp(settings, new Writes()); // binds first: a port in use leaves no spool file behind
        try {
            InetSocketAddress a = http.address();
            this.bound = a;
            String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
            this.url = URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort());
            this.spool = FileChannel.open(settings.spool(), StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (IOException | RuntimeException e) {
            http.close();
            throw e;
        }
    }

    public static CaptureServer start(Settings settings) throws IOException {
        CaptureServer s = new CaptureServer(settings);
        s.http.start();
        return s;
    }

    /** Where writers point: {@code http://127.0.0.1:PORT}. */
    public URI url() {
        return url;
    }

    public Path spool() {
        return settings.spool();
    }

    public CaptureStats stats() {
        return new CaptureStats(requests.get(), points.get(), badLines.get(), tooLarge.get(), shed.get(), abandoned.get(), timedOut.get(),
            repeated.get());
    }

    /** The InfluxDB write API over {@link CaptureHttp}: routes, parameters, and every answer worded and counted. */
    private final class Writes implements CaptureHttp.Endpoint {
        @Override
        public Answer answer(HttpHead head) {
            requests.incrementAndGet();
            String path = head.path();
            CaptureAdmission.Refusal refused = settings.admission().check(head, bound);
            if (refused != null) {
                return error(refused.status(), path.equals("/api/v2/write"), "forbidden", refused.why());
            }
            if (path.equals("/ping") || path.equals("/health")) {
                return Answer.empty(204);
            }
            if (path.equals(REMOTE_WRITE)) {
                return remoteWriteHead(head);
            }
            boolean v2 = path.equals("/api/v2/write");
            if (!v2 && !path.equals("/write")) {
                return error(404, false, "not found", path);
            }
            if (!head.method().equals("POST")) {
                return error(405, v2, "method not allowed", "use POST").withHeader("Allow", "POST");
            }
            String encoding = head.header("content-encoding");
            if (encoding != null && !encoding.equalsIgnoreCase("gzip") && !encoding.equalsIgnoreCase("identity")) {
                return error(415, v2, "unsupported media type", "Content-Encoding " + encoding + " is not taken (gzip or none)");
            }
            Map<String, String> q = query(head.rawQuery());
            if (Precisions.nanosPer(q.get("precision")) == null) {
                return error(400, v2, "invalid", "precision " + q.get("precision") + " is not one of n, u, ms, s, m, h");
            }
            if (v2 ? q.get("bucket") == null : q.get("db") == null) {
                return error(v2 ? 400 : 404, v2, v2 ? "invalid" : "database not found", v2 ? "bucket is required" : "database is required");
            }
            if (points.get() >= settings.maxPoints()) {
                return shed(503, v2, "capture is full: " + settings.maxPoints() + " points");
            }
            return null;
        }

        /** Prometheus remote write: POST, a snappy body, and room for its points. */
        private Answer remoteWriteHead(HttpHead head) {
            if (!head.method().equals("POST")) {
                return error(405, false, "method not allowed", "use POST").withHeader("Allow", "POST");
            }
            String encoding = head.header("content-encoding");
            if (encoding == null || !encoding.equalsIgnoreCase("snappy")) {
                return error(415, false, "unsupported media type", "a remote-write body is Content-Encoding: snappy, not "
                    + (encoding == null ? "none" : encoding));
            }
            if (points.get() >= settings.maxPoints()) {
                return shed(503, false, "capture is full: " + settings.maxPoints() + " points");
            }
            return null;
        }

        @Override
        public Answer write(HttpHead head, byte[] body, BooleanSupplier answerable) {
            if (head.path().equals(REMOTE_WRITE)) {
                return remoteWrite(body, answerable);
            }
            try {
                Map<String, String> q = query(head.rawQuery());
                boolean v2 = head.path().equals("/api/v2/write");
                String destination = v2 ? "org=" + q.get("org") + "&bucket=" + q.get("bucket") : "db=" + q.get("db") + "&rp=" + q.get("rp");
                return accept(v2, destination, body, new byte[0], Precisions.nanosPer(q.get("precision")), answerable);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot append to the spool " + settings.spool(), e);
            }
        }

        @Override
        public Answer refuse(HttpHead head, int status, String why) {
            boolean v2 = head != null && head.path().equals("/api/v2/write");
            return switch (status) {
                case 408 -> {
                    timedOut.incrementAndGet();
                    yield error(status, v2, "request timeout", why);
                }
                case 413 -> {
                    tooLarge.incrementAndGet();
                    yield error(status, v2, "request too large", why);
                }
                case 429 -> shed(status, v2, why);
                case 503 -> shed(status, v2, why);
                case 431 -> error(status, v2, "request header fields too large", why);
                case 500 -> error(status, v2, "internal error", why);
                case 501, 505 -> error(status, v2, "not implemented", why);
                default -> error(status, v2, "invalid", why);
            };
        }

        @Override
        public void abandoned() {
            abandoned.incrementAndGet();
        }
    }

    /**
     * A remote-write body as line protocol ({@link RemoteWrite}), then as any write. A well-formed body is answered 204
     * (400 would make the sender drop it for good): what line protocol cannot hold is counted with the bad lines and
     * logged with its reason.
     */
    private Answer remoteWrite(byte[] body, BooleanSupplier answerable) {
        RemoteWrite.Lines lines;
        try {
            lines = RemoteWrite.lines(body, settings.maxBodyBytes());
        } catch (RemoteWrite.BadBody e) {
            badLines.incrementAndGet();
            return error(400, false, "invalid", e.getMessage());
        }
        if (lines.notWrittenCount() > 0) {
            badLines.addAndGet(lines.notWrittenCount());
            lines.notWritten().forEach(why -> LOG.info("remote write: " + why));
        }
        try {
            return accept(false, "remote-write", lines.lineProtocol(), lines.origin(), 1_000_000L, answerable);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the spool " + settings.spool(), e);
        }
    }

    /**
     * Checks the body, appends its good lines to the spool, and answers as the server would; nothing is appended
     * unless {@code answerable} says, just before, that the writer is still there to be answered, nor when the same
     * points were kept already by a write to the same {@code destination} (a writer that gave up after they were kept
     * and sent them again). {@code comments} go to the spool before the good lines when any is kept (the check keeps
     * no comment of the body's own).
     */
    private Answer accept(boolean v2, String destination, byte[] body, byte[] comments, long per, BooleanSupplier answerable)
        throws IOException {
        if (!answerable.getAsBoolean()) {
            return gone(v2); // before the check too: no work for a writer that left while its body waited
        }
        CaptureBody.Checked checked = CaptureBody.check(body, per, System.currentTimeMillis() * 1_000_000L);
        if (checked.kept() > 0) {
            // a point given the time it arrived is a new point each time, even within one millisecond (influxd's clock is
            // in nanoseconds): only writes whose points all carry their own times can be repeats
            WriteDigest digest = checked.ownTimes() ? WriteDigest.of(destination, checked.spool()) : null;
            synchronized (spool) {
                // decided where nothing else can write in between: the cap is exact, field types agree with what the
                // spool holds (else its report would refuse what was acknowledged), and a writer that left gets nothing
                if (!answerable.getAsBoolean()) {
                    return gone(v2);
                }
                if (digest != null && kept.seen(digest, System.nanoTime())) {
                    repeated.incrementAndGet();
                    return answered(v2, checked);
                }
                if (points.get() + checked.kept() > settings.maxPoints()) {
                    return shed(503, v2, "capture is full: " + settings.maxPoints() + " points (" + points.get() + " captured; this body's "
                        + checked.kept() + " would go over)");
                }
                String conflict = fieldTypes.conflict(checked.fieldTypes());
                if (conflict != null) {
                    badLines.addAndGet(checked.kept() + checked.bad());
                    return error(400, v2, "invalid", "field type conflict: " + conflict + " (nothing of this write was kept)");
                }
                for (byte[] bytes : new byte[][] {comments, checked.spool()}) {
                    ByteBuffer buf = ByteBuffer.wrap(bytes);
                    while (buf.hasRemaining()) {
                        spool.write(buf);
                    }
                }
                fieldTypes.add(checked.fieldTypes());
                points.addAndGet(checked.kept());
                if (digest != null) {
                    kept.kept(digest, System.nanoTime());
                }
            }
        }
        return answered(v2, checked);
    }

    /** The answer to a checked write whose good points are kept: 204, or 400 naming its bad lines. */
    private Answer answered(boolean v2, CaptureBody.Checked checked) {
        badLines.addAndGet(checked.bad());
        if (checked.bad() == 0) {
            return Answer.empty(204);
        }
        // every bad line named, one a line as influxd joins them, and the good ones kept, as influxd keeps them
        String named = String.join("\n", checked.named()) + (checked.bad() > checked.named().size()
            ? "\n... and " + (checked.bad() - checked.named().size()) + " more bad lines" : "");
        return error(400, v2, "invalid", checked.kept() == 0 ? named : "partial write: " + named + " dropped=" + checked.bad());
    }

    private Answer gone(boolean v2) {
        abandoned.incrementAndGet();
        return error(503, v2, "unavailable", "the writer left before its write could be answered: nothing of it was kept")
            .withHeader("Retry-After", "1");
    }

    private Answer shed(int status, boolean v2, String why) {
        shed.incrementAndGet();
        return error(status, v2, status == 429 ? "too many requests" : "unavailable", why).withHeader("Retry-After", "1");
    }

    /** A JSON error as each API words it: 1.x {@code {"error": ...}}, 2.x {@code {"code": ..., "message": ...}}. */
    private static Answer error(int status, boolean v2, String code, String message) {
        String m = json(message);
        return Answer.json(status, v2 ? "{\"code\":\"" + json(code) + "\",\"message\":\"" + m + "\"}" : "{\"error\":\"" + m + "\"}");
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

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            try {
                String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                out.put(k, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException badEscape) {
                // a malformed %-escape: the parameter is left out, as if it had not been given
            }
        }
        return out;
    }

    /** Stops listening (writes under way are spooled and answered), then closes the spool so it is whole on disk. */
    @Override
    public void close() throws IOException {
        http.close();
        synchronized (spool) {
            spool.force(true);
            spool.close();
        }
    }
}
