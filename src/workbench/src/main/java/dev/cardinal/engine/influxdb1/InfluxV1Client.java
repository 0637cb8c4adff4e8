package dev.cardinal.engine.influxdb1;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.InsecureTls;
import dev.cardinal.engine.influxdb1.InfluxV1Exception.Kind;
import dev.cardinal.model.UrlCredentials;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Iterator;
import java.util.zip.GZIPOutputStream;

/**
 * The InfluxDB 1.x HTTP API ({@code /ping}, {@code /query}, {@code /write}) over {@code java.net.http}. Every
 * failure becomes an {@link InfluxV1Exception} whose kind says what went wrong. Credentials are kept as char
 * arrays, sent in the Authorization header only (never in the URL, where logs would keep them), and appear in no
 * message and no {@code toString}.
 */
public final class InfluxV1Client {
    /** Bodies above this are gzipped: the server inflates them, and line protocol shrinks about tenfold. */
    static final int GZIP_THRESHOLD = 64 * 1024;
    public static final int DEFAULT_BATCH = 5_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI url;
    private final HttpClient http;
    private final Duration timeout;
    private final String authScheme;
    private final char[] credentials;
    private final boolean insecure;

    private InfluxV1Client(URI url, Duration timeout, String authScheme, char[] credentials, boolean insecure) {
        UrlCredentials.problem(url.toString()).ifPresent(p -> {
            throw new IllegalArgumentException(p + "; use basicAuth or token");
        });
        this.url = URI.create(url.toString().replaceAll("/+$", ""));
        this.timeout = timeout;
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(timeout);
        if (insecure) {
            b.sslContext(InsecureTls.trustingEveryCertificate());
        }
        this.http = b.build();
        this.authScheme = authScheme;
        this.credentials = credentials;
        this.insecure = insecure;
    }

    public static InfluxV1Client of(URI url) {
        return new InfluxV1Client(url, Duration.ofSeconds(30), null, null, false);
    }

    /** Basic auth; the password array is copied, so the caller may clear its own. */
    public InfluxV1Client withBasicAuth(String username, char[] password) {
        char[] userPass = new char[username.length() + 1 + password.length];
        username.getChars(0, username.length(), userPass, 0);
        userPass[username.length()] = ':';
        System.arraycopy(password, 0, userPass, username.length() + 1, password.length);
        try {
            return new InfluxV1Client(url, timeout, "Basic", base64(userPass), insecure);
        } finally {
            Arrays.fill(userPass, '\0');
        }
    }

    /** {@code Authorization: Token ...} (1.8+ and the 2.x compatibility API accept it); the array is copied. */
    public InfluxV1Client withToken(char[] token) {
        return new InfluxV1Client(url, timeout, "Token", token.clone(), insecure);
    }

    /** Time allowed to connect and for each request to be answered. */
    public InfluxV1Client withTimeout(Duration newTimeout) {
        return new InfluxV1Client(url, newTimeout, authScheme, credentials == null ? null : credentials.clone(), insecure);
    }

    /**
     * Accepts any certificate and host name: for a test instance with a self-signed certificate only. The caller
     * must show that verification is off.
     */
    public InfluxV1Client withoutTlsVerification() {
        InsecureTls.disableHostnameVerification();
        return new InfluxV1Client(url, timeout, authScheme, credentials == null ? null : credentials.clone(), true);
    }

    public boolean verifiesTls() {
        return !insecure;
    }

    public URI url() {
        return url;
    }

    /** {@code GET /ping}; returns the server's version header ({@code X-Influxdb-Version}), or "" if none. */
    public String ping() throws InfluxV1Exception, InterruptedException {
        HttpResponse<byte[]> r = send(request("/ping").GET().build(), "ping");
        if (r.statusCode() != 204) {
            throw InfluxV1Results.failure(r, url, authScheme != null, "ping");
        }
        return r.headers().firstValue("X-Influxdb-Version").orElse("");
    }

    /**
     * Runs InfluxQL with {@code POST /query} (which takes reads and writes alike); times come back as epoch ns.
     * An error in any statement's result becomes a {@link Kind#QUERY_ERROR}.
     */
    public InfluxV1Result query(String influxql, String db) throws InfluxV1Exception, InterruptedException {
        String form = "q=" + enc(influxql) + (db == null ? "" : "&db=" + enc(db)) + "&epoch=ns";
        HttpRequest req = request("/query").header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        String what = "query '" + influxql + "'";
        HttpResponse<byte[]> r = send(req, what);
        if (r.statusCode() != 200) {
            InfluxV1Exception e = InfluxV1Results.failure(r, url, authScheme != null, what);
            // A 400 from /query is InfluxQL the server could not parse or run: a query error, not a write error.
            throw e.status() == 400 ? new InfluxV1Exception(Kind.QUERY_ERROR, 400, e.getMessage(),
                e.serverMessage(), -1, null) : e;
        }
        JsonNode root;
        try {
            root = JSON.readTree(r.body());
        } catch (IOException e) {
            throw new InfluxV1Exception(Kind.OTHER, 200, what + " at " + url + ": unreadable answer: " + e.getMessage(),
                null, -1, e);
        }
        return InfluxV1Results.parse(root, what + " at " + url);
    }

    /**
     * {@code POST /write}. A 204 is success; {@code rp} and {@code precision} may be null for the database's
     * default policy and nanoseconds.
     */
    public void write(String db, String rp, String precision, byte[] lineProtocol)
        throws InfluxV1Exception, InterruptedException {
        StringBuilder path = new StringBuilder("/write?db=").append(enc(db));
        if (rp != null) {
            path.append("&rp=").append(enc(rp));
        }
        if (precision != null) {
            path.append("&precision=").append(enc(precision));
        }
        HttpRequest.Builder b = request(path.toString()).header("Content-Type", "text/plain; charset=utf-8");
        byte[] body = lineProtocol;
        if (body.length > GZIP_THRESHOLD) {
            body = gzip(body);
            b.header("Content-Encoding", "gzip");
        }
        String what = "write to database '" + db + "'";
        HttpResponse<byte[]> r = send(b.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), what);
        if (r.statusCode() != 204) {
            throw InfluxV1Results.failure(r, url, authScheme != null, what);
        }
    }

    /**
     * Writes lines (one line each, with or without its newline) in requests of {@code batchSize} lines. Stops at
     * the first failing request; its exception says which lines it held. Returns the number of lines sent.
     */
    public long writeBatched(String db, String rp, String precision, Iterator<byte[]> lines, int batchSize)
        throws InfluxV1Exception, InterruptedException {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be positive");
        }
        ByteArrayOutputStream batch = new ByteArrayOutputStream(1 << 20);
        long sent = 0;
        int inBatch = 0;
        while (lines.hasNext()) {
            byte[] line = lines.next();
            batch.write(line, 0, line.length);
            if (line.length == 0 || line[line.length - 1] != '\n') {
                batch.write('\n');
            }
            if (++inBatch == batchSize || !lines.hasNext()) {
                try {
                    write(db, rp, precision, batch.toByteArray());
                } catch (InfluxV1Exception e) {
                    throw new InfluxV1Exception(e.kind(), e.status(), e.getMessage() + " (in the batch of lines "
                        + (sent + 1) + " to " + (sent + inBatch) + ")", e.serverMessage(), e.dropped(), e);
                }
                sent += inBatch;
                inBatch = 0;
                batch.reset();
            }
        }
        return sent;
    }

    private HttpRequest.Builder request(String pathAndQuery) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + pathAndQuery)).timeout(timeout);
        if (authScheme != null) {
            b.header("Authorization", authScheme + " " + new String(credentials));
        }
        return b;
    }

    private HttpResponse<byte[]> send(HttpRequest req, String what) throws InfluxV1Exception, InterruptedException {
        try {
            return http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw new InfluxV1Exception(Kind.TIMEOUT, 0, what + " at " + url + ": no answer within "
                + timeout.toMillis() + " ms", null, -1, e);
        } catch (javax.net.ssl.SSLException e) {
            throw new InfluxV1Exception(Kind.TLS, 0, what + " at " + url + ": TLS failed (" + e.getMessage()
                + "); is the certificate trusted by this JVM and issued for this host name? For a test instance"
                + " with a self-signed certificate, skip verification explicitly", null, -1, e);
        } catch (ConnectException e) {
            throw new InfluxV1Exception(Kind.CONNECTION_REFUSED, 0, what + " at " + url
                + ": connection refused (is the server running and is this its address?)", null, -1, e);
        } catch (IOException e) {
            throw new InfluxV1Exception(Kind.OTHER, 0, what + " at " + url + ": " + e, null, -1, e);
        }
    }

    private static byte[] gzip(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 4);
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16)) {
            gz.write(body);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("gzip in memory cannot fail", e);
        }
        return out.toByteArray();
    }

    private static char[] base64(char[] chars) {
        var bytes = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
        byte[] raw = new byte[bytes.remaining()];
        bytes.get(raw);
        byte[] encoded = Base64.getEncoder().encode(raw);
        Arrays.fill(raw, (byte) 0);
        char[] out = new char[encoded.length];
        for (int i = 0; i < encoded.length; i++) {
            out[i] = (char) encoded[i];
        }
        return out;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "InfluxV1Client[" + UrlCredentials.redacted(url) + (authScheme == null ? "" : ", " + authScheme.toLowerCase() + " auth") + "]";
    }
}
