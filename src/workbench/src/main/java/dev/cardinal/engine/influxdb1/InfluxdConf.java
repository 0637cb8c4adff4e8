package dev.cardinal.engine.influxdb1;

import java.nio.file.Path;

/** The influxdb.conf a {@link ScratchInfluxd} runs with, rendered from its {@link ScratchInfluxdSettings}. */
final class InfluxdConf {
    private InfluxdConf() {
    }

    /** The influxdb.conf text for a server keeping everything under {@code dir}. */
    static String text(ScratchInfluxdSettings s, Path dir, int httpPort, int rpcPort) {
        // Both reporting keys: upstream reads reporting-disabled, the Debian build reads reporting-enabled.
        return """
            reporting-disabled = true
            reporting-enabled = false
            bind-address = "127.0.0.1:%d"

            [meta]
              dir = %s

            [data]
              dir = %s
              wal-dir = %s
              index-version = "%s"
              max-series-per-database = %d
              max-values-per-tag = %d
              query-log-enabled = false

            [http]
              enabled = true
              bind-address = "127.0.0.1:%d"
              log-enabled = false
              auth-enabled = %b
            %s
            [monitor]
              store-enabled = false

            [continuous_queries]
              enabled = %b
            """.formatted(rpcPort, toml(dir.resolve("meta")), toml(dir.resolve("data")), toml(dir.resolve("wal")),
            s.indexVersion(), s.maxSeriesPerDatabase(), s.maxValuesPerTag(), httpPort, s.authEnabled(), s.tls()
                ? "  https-enabled = true\n  https-certificate = " + toml(s.tlsCertificate()) + "\n  https-private-key = "
                + toml(s.tlsPrivateKey()) + "\n" : "", s.continuousQueries());
    }

    private static String toml(Path p) {
        return "\"" + p.toAbsolutePath().toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
