package dev.cardinal.engine;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.Server;
import java.util.List;

/**
 * The servers of an engine whose series the core projects from rows: for each version, what its own series query
 * reports and which limits it has. An engine package implements it ({@code InfluxDb1Servers}); the front ends reach
 * it through {@code dev.cardinal.engines.ServerFor}, never by name.
 */
public interface SeriesServers {
    /** The kind of workspace target these servers are. */
    Target.Kind kind();

    /** The version a target of this kind is taken to have when it gives none: the newest behaviour of its major. */
    ServerVersion assumedVersion();

    /** Every limit these servers ship with, from the engine's {@code limits.json}. */
    List<Limit> shipped();

    /** Whether a workspace target of this kind is one of these servers. */
    default boolean serves(Target.Kind asked) {
        return asked == kind();
    }

    /** Whether a version number is one of these servers' (by its major version). */
    default boolean hasVersion(ServerVersion version) {
        return version.major() == assumedVersion().major();
    }

    /**
     * The server of {@code version}, with a target's own limit values over the shipped ones.
     *
     * @param assumed true when nobody gave the version: the front ends say the figures are assumed
     */
    Server server(ServerVersion version, boolean assumed, ServerLimits own);

    /**
     * The server of {@code version}, given by the user, with its shipped limits.
     *
     * @throws IllegalArgumentException when the version is not one of these servers'
     */
    default Server versioned(ServerVersion version) {
        if (!hasVersion(version)) {
            throw new IllegalArgumentException("version " + version + " is not one of this engine's (its servers are "
                + assumedVersion().major() + ".x)");
        }
        return server(version, false, ServerLimits.DEFAULTS);
    }
}
