package dev.cardinal.engine;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.traffic.Sample;
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
 * @param credentials   how to log in ({@link Credentials#NONE} for no log-in): kept in memory only, never shown
 * @param organisation  the organisation, for an engine that has them ({@link Logins#organisation}), or null
 * @param limits        the target's own limits (an index's total-fields limit), or the defaults
 * @param skipTlsVerification accept any certificate: a test instance only, for an engine that offers it
 *                      ({@link Logins.Tls#SKIPPABLE}); the front end says it is off
 * @param sample        the workspace's sample, for an engine that reads it ({@link Pushing#readsSample}), or null
 */
public record Connection(Target.Kind kind, URI url, String database, Duration timeout, Credentials credentials,
                         String organisation, ServerLimits limits, boolean skipTlsVerification, Sample sample) {
    public Connection {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(timeout, "timeout");
        credentials = credentials == null ? Credentials.NONE : credentials;
        limits = limits == null ? ServerLimits.DEFAULTS : limits;
        if (UrlCredentials.problem(url.toString()).isPresent()) {
            throw new IllegalArgumentException("the URL carries credentials: " + UrlCredentials.redacted(url));
        }
    }

    /** A server reached with the defaults: no organisation, the default limits, its certificate checked, no sample. */
    public Connection(Target.Kind kind, URI url, String database, Duration timeout, Credentials credentials) {
        this(kind, url, database, timeout, credentials, null, ServerLimits.DEFAULTS, false, null);
    }

    /** The {@code Authorization} header an HTTP server of this connection gets ({@link Credentials#header}), or null. */
    public String authorization() {
        return credentials.header();
    }

    public Connection withOrganisation(String org) {
        return new Connection(kind, url, database, timeout, credentials, org, limits, skipTlsVerification, sample);
    }

    public Connection withLimits(ServerLimits own) {
        return new Connection(kind, url, database, timeout, credentials, organisation, own, skipTlsVerification, sample);
    }

    public Connection skippingTlsVerification(boolean skip) {
        return new Connection(kind, url, database, timeout, credentials, organisation, limits, skip, sample);
    }

    public Connection withSample(Sample read) {
        return new Connection(kind, url, database, timeout, credentials, organisation, limits, skipTlsVerification, read);
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

    /** Why {@code url} is no URL of an HTTP server ({@code 'jdbc:...' is not an http(s) URL}), or empty. */
    public static java.util.Optional<String> notHttp(URI url) {
        return "http".equals(url.getScheme()) || "https".equals(url.getScheme()) ? java.util.Optional.empty()
            : java.util.Optional.of("'" + UrlCredentials.redacted(url) + "' is not an http(s) URL");
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
