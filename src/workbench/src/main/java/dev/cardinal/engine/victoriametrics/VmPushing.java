package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.SelectorText;
import dev.cardinal.engine.SeriesApi;
import dev.cardinal.engine.SeriesImport;
import dev.cardinal.model.Target;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/**
 * Plan, apply and import on a single-node VictoriaMetrics. A target's database is the {@code db} label of every
 * series the sample write makes ({@code /write?db=}, flag {@code -influxDBLabel}), which also tells them apart from
 * other writers' series when they are read back.
 */
final class VmPushing implements Pushing {
    /**
     * VictoriaMetrics' /api/v1/series and labels read the last day unless given a start, and it takes a start of 0 as
     * none given: every time is asked for from the first second on.
     */
    static final long ALL_TIME_MS = 1_000;

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.VICTORIAMETRICS);
    }

    @Override
    public Optional<String> database() {
        return Optional.of("the db label every series written gets (as /write?db= gives it)");
    }

    @Override
    public String exampleUrl() {
        return "http://127.0.0.1:8428";
    }

    @Override
    public PushTarget connect(Connection server) {
        return new VmPush(check(server), System::currentTimeMillis);
    }

    @Override
    public ImportedWorkspace read(Connection server) throws IOException, InterruptedException {
        Connection c = check(server);
        String db = "db=" + SelectorText.quoted(c.database());
        return SeriesImport.read(new SeriesApi(c, new VmHttp(c)), db, "db", ALL_TIME_MS, System.currentTimeMillis() + VmTally.MAX_AHEAD_MS);
    }

    private static Connection check(Connection server) {
        if (server.requireHttp().database() == null || server.database().isEmpty()) {
            throw new IllegalArgumentException("VictoriaMetrics needs a database: the db label of the series written and read");
        }
        return server;
    }
}
