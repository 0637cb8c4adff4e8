package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.util.Collection;
import java.util.List;

/** A server Cardinal plans and applies layouts on: InfluxDB 1.x (and 3 through its v1 API), 2.x, or a relational database. */
public interface PushTarget extends AutoCloseable {

    /** Where, for display: URL and database, never credentials. */
    String target();

    /** Reads the live state and says what apply would do; changes nothing. */
    Plan plan(Workspace ws, List<Layout> layouts) throws IOException, InterruptedException;

    /**
     * Runs the plan's changing steps in order; destructive ones only when their subject is in {@code allowed}.
     * Stops between steps when the monitor says so.
     */
    Applied apply(Plan plan, Collection<String> allowed, PushMonitor monitor) throws IOException, InterruptedException;

    /**
     * The server that answers, as its version header names it, when what its own series query counts depends on
     * its version (InfluxDB 1.x and what answers its API); empty for another server. Asked once.
     */
    default java.util.Optional<dev.cardinal.projection.Server> server() throws IOException, InterruptedException {
        return java.util.Optional.empty();
    }

    @Override
    default void close() throws IOException {
    }
}
