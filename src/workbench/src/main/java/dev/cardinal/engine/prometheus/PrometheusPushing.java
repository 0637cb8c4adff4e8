package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.SeriesApi;
import dev.cardinal.engine.SeriesImport;
import dev.cardinal.model.Target;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/** Plan, apply and import on a Prometheus 2.x: written by remote write, read through its HTTP API. It takes no database. */
final class PrometheusPushing implements Pushing {
    /** Prometheus reads every time it holds from a start this early. */
    static final long ALL_TIME_MS = 0;

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.PROMETHEUS);
    }

    @Override
    public Optional<String> database() {
        return Optional.empty();
    }

    @Override
    public String exampleUrl() {
        return "http://127.0.0.1:9090";
    }

    @Override
    public PushTarget connect(Connection server) {
        return new PrometheusPush(check(server), System::currentTimeMillis);
    }

    @Override
    public ImportedWorkspace read(Connection server) throws IOException, InterruptedException {
        Connection c = check(server);
        return SeriesImport.read(new SeriesApi(c, new RemoteWriteClient(c.url(), c.timeout(), c.authorization())), "", null, ALL_TIME_MS, System.currentTimeMillis() + 60_000);
    }

    private static Connection check(Connection server) {
        if (server.requireHttp().database() != null) {
            throw new IllegalArgumentException("Prometheus takes no database (a series is its metric name and labels):"
                + " leave it out");
        }
        return server;
    }
}
