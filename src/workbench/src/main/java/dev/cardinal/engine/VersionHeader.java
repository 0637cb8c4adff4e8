package dev.cardinal.engine;

import dev.cardinal.model.ServerVersion;
import java.util.Optional;

/** The version a server names in a response header ({@code X-Influxdb-Version}, InfluxDB 1.x and 2.x alike). */
public final class VersionHeader {
    private VersionHeader() {
    }

    /** A version header read as a version, or empty when it is none. */
    public static Optional<ServerVersion> read(String header) {
        try {
            return header == null || header.isBlank() ? Optional.empty() : Optional.of(ServerVersion.parse(header));
        } catch (IllegalArgumentException notAVersion) {
            return Optional.empty();
        }
    }
}
