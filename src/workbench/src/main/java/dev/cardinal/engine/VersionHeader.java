package dev.cardinal.engine;

import dev.cardinal.model.ServerVersion;
import java.util.Optional;

/** The version a server names in a response header ({@code X-Influxdb-Version}, InfluxDB 1.x and 2.x alike). */
public final class VersionHeader {
    private VersionHeader() {
    }

    /**
     * The server that answers a target of {@code kind} with {@code version} in its header (null: it sent none), as
     * the list of engines knows them: a server behind one engine's API may be another engine's.
     */
    @FunctionalInterface
    public interface Answering {
        dev.cardinal.projection.Server server(dev.cardinal.model.Target.Kind kind, ServerVersion version);
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
