package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.Sample;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A migration as a front end asks for it.
 *
 * @param server      the live server and its database (the log-in kept in memory only)
 * @param workspace   the workspace with both layouts
 * @param sample      the workspace's sample, for the cost's series, bytes and memory (and the rollup rows), or null
 * @param from        the layout the data is written in now
 * @param to          the layout to rewrite it into
 * @param readPolicy  the retention policy read, or null for the live layout's ({@link Migrating.Offers#policies})
 * @param into        the copy's name, or null for the engine's default (the new layout's, with {@code _<new layout id>}
 *                    when that is the old name)
 * @param intoPolicy  the retention policy written, or null for the one read
 * @param stateFile   where the run records its progress (the same file on the command line and in the workbench)
 * @param probePoints the largest window the probe rewrites whole (a larger one: two slices, this many points and half as many)
 */
public record MigrationRequest(Connection server, Workspace workspace, Sample sample, Layout from, Layout to, String readPolicy,
                               String into, String intoPolicy, Path stateFile, long probePoints) {
    /** The largest window the probe rewrites whole unless asked otherwise; a larger one is probed by two slices. */
    public static final long PROBE_POINTS = 20_000;

    public MigrationRequest {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(stateFile, "stateFile");
    }
}
