package dev.cardinal.engine;

import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where a server is and how to reach it, as a front end hands it to an engine's {@link Pushing}.
 *
 * @param kind          what the server is
 * @param url           its address, without credentials
 * @param database      the target's database (what it means is the engine's: {@link Pushing#database()}), or null
 * @param timeout       per request
 * @param authorization the {@code Authorization} header to send, or null: kept in memory only, never shown
 */
public record Connection(Target.Kind kind, URI url, String database, Duration timeout, String authorization) {
    public Connection {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(timeout, "timeout");
        if (UrlCredentials.problem(url.toString()).isPresent()) {
            throw new IllegalArgumentException("the URL carries credentials: " + UrlCredentials.redacted(url));
        }
    }

    /**
     * The {@code Authorization} header of HTTP basic authentication; {@code password} is cleared. The header is a
     * String (what an HTTP client takes), kept in memory only.
     */
    public static String basic(String user, char[] password) {
        java.nio.ByteBuffer bytes = java.nio.charset.StandardCharsets.UTF_8.encode(java.nio.CharBuffer.wrap(password));
        byte[] name = (user + ":").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] pair = new byte[name.length + bytes.remaining()];
        System.arraycopy(name, 0, pair, 0, name.length);
        bytes.get(pair, name.length, bytes.remaining());
        java.util.Arrays.fill(password, '\0');
        try {
            return "Basic " + java.util.Base64.getEncoder().encodeToString(pair);
        } finally {
            java.util.Arrays.fill(pair, (byte) 0);
        }
    }

    /** This connection, or an IllegalArgumentException when its URL is no http(s) one, naming {@code product}. */
    public Connection requireHttp() {
        String scheme = url.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            throw new IllegalArgumentException(kind.product() + " is reached over http(s), not " + where());
        }
        return this;
    }

    /** URL and database, for display: never the authorization. */
    public String where() {
        return UrlCredentials.redacted(url) + (database == null ? "" : " " + database);
    }

    @Override
    public String toString() {
        return kind.product() + " at " + where();
    }
}
