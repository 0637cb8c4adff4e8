package dev.cardinal.engine.influxdb1;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How to run a {@link ScratchInfluxd}; the defaults suit tests: no series or tag-value limits (0 = off), inmem
 * index, no continuous queries, no auth, binary from the PATH ({@code binary} null).
 */
public record ScratchInfluxdSettings(Path binary, boolean continuousQueries, long maxSeriesPerDatabase,
                                     long maxValuesPerTag, String indexVersion, boolean authEnabled,
                                     Duration startTimeout, Path tlsCertificate, Path tlsPrivateKey) {
    public static ScratchInfluxdSettings defaults() {
        return new ScratchInfluxdSettings(null, false, 0, 0, "inmem", false, Duration.ofSeconds(30), null, null);
    }

    /** Serve HTTPS with this PEM certificate and private key (for testing TLS handling). */
    public ScratchInfluxdSettings withTls(Path certificate, Path privateKey) {
        return new ScratchInfluxdSettings(binary, continuousQueries, maxSeriesPerDatabase, maxValuesPerTag,
            indexVersion, authEnabled, startTimeout, certificate, privateKey);
    }

    public boolean tls() {
        return tlsCertificate != null;
    }

    /** With auth on, 1.x lets the first CREATE USER ... WITH ALL PRIVILEGES through without credentials. */
    public ScratchInfluxdSettings withAuthEnabled(boolean on) {
        return new ScratchInfluxdSettings(binary, continuousQueries, maxSeriesPerDatabase, maxValuesPerTag,
            indexVersion, on, startTimeout, tlsCertificate, tlsPrivateKey);
    }

    public ScratchInfluxdSettings withBinary(Path path) {
        return new ScratchInfluxdSettings(path, continuousQueries, maxSeriesPerDatabase, maxValuesPerTag,
            indexVersion, authEnabled, startTimeout, tlsCertificate, tlsPrivateKey);
    }

    public ScratchInfluxdSettings withContinuousQueries(boolean on) {
        return new ScratchInfluxdSettings(binary, on, maxSeriesPerDatabase, maxValuesPerTag,
            indexVersion, authEnabled, startTimeout, tlsCertificate, tlsPrivateKey);
    }

    /** The server's own limits; 0 switches a limit off. */
    public ScratchInfluxdSettings withLimits(long seriesPerDatabase, long valuesPerTag) {
        return new ScratchInfluxdSettings(binary, continuousQueries, seriesPerDatabase, valuesPerTag,
            indexVersion, authEnabled, startTimeout, tlsCertificate, tlsPrivateKey);
    }

    public ScratchInfluxdSettings withIndexVersion(String version) {
        return new ScratchInfluxdSettings(binary, continuousQueries, maxSeriesPerDatabase, maxValuesPerTag,
            version, authEnabled, startTimeout, tlsCertificate, tlsPrivateKey);
    }

    public ScratchInfluxdSettings withStartTimeout(Duration timeout) {
        return new ScratchInfluxdSettings(binary, continuousQueries, maxSeriesPerDatabase, maxValuesPerTag,
            indexVersion, authEnabled, timeout, tlsCertificate, tlsPrivateKey);
    }
}
