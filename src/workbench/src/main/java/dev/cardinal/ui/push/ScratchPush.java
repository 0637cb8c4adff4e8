package dev.cardinal.ui.push;

import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.Connection;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.Scratch;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.ui.common.Tasks;
import java.time.Duration;
import java.util.Optional;

/**
 * The workbench's one-button push: a throwaway influxd (started once, stopped when the window closes), a fresh
 * database for the layout, the plan applied, the sample written through the layout, and the server's numbers set
 * beside the projection's.
 */
public final class ScratchPush implements AutoCloseable {
    /** The engine whose scratch servers the one button starts. */
    private static final Target.Kind KIND = Target.Kind.INFLUXDB_1;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private Scratch.Server server;

    private static Optional<Scratch> scratch() {
        return Engines.pushing(KIND).flatMap(Pushing::scratch);
    }

    /** Whether a scratch server can start here (influxd on the PATH). */
    static boolean available() {
        return scratch().map(Scratch::available).orElse(false);
    }

    /** Removes what the scratch servers of an earlier run left behind: at start-up, off the UI thread. */
    public static void removeLeftovers() {
        scratch().ifPresent(Scratch::removeLeftovers);
    }

    /** Runs on a background thread: a throwaway influxd, a fresh database, the plan applied, the sample written. */
    synchronized PushOutcome push(Workspace ws, Layout layout, EventKindSample sample, Tasks.Progress progress) throws Exception {
        if (server == null) {
            progress.update(-1, "Starting a scratch influxd…");
            server = scratch().orElseThrow(() -> new IllegalStateException(KIND.product() + " offers no scratch server")).start();
        }
        String db = "cardinal_" + SchemaInference.slug(layout.id()).replace('-', '_');
        Connection fresh = server.emptied(db, TIMEOUT);
        PushTarget push = Engines.pushing(KIND).orElseThrow().connect(fresh);
        return SeamPush.apply(SeamPush.planned(push, ws, layout), sample, true, progress);
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
