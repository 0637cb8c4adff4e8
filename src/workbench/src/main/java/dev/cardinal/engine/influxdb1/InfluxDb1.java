package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.Figure;
import dev.cardinal.engine.ProjectionCounts;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.engine.QueryWriter;
import java.util.Optional;
import java.util.Set;

/** The InfluxDB 1.x engine as the seam lists it. */
public final class InfluxDb1 implements Engine {
    private final CodeGenerator code = new InfluxDb1Code();

    private final InfluxDb1Servers servers = new InfluxDb1Servers();
    private final dev.cardinal.engine.Pushing pushing;

    /** InfluxDB 1.x alone: a server answering its API with another major version is refused. */
    public InfluxDb1() {
        this((kind, version) -> InfluxV1Push.oneX(version));
    }

    /**
     * @param answering the server answering its API by the version it names, as the list of engines knows them: the
     *                  API is also InfluxDB 3's
     */
    public InfluxDb1(dev.cardinal.engine.VersionHeader.Answering answering) {
        this.pushing = new InfluxV1Pushing(answering);
    }

    /** Plan, apply and import through the 1.x API (its client is InfluxDB 3's too: {@link #pushing}). */
    @Override
    public Optional<dev.cardinal.engine.Pushing> pushing() {
        return Optional.of(pushing);
    }

    /** SELECT INTO per shard group, costed by a probe, resumable. */
    @Override
    public Optional<dev.cardinal.engine.Migrating> migrating() {
        return Optional.of(new InfluxV1Migrating());
    }

    @Override
    public Optional<dev.cardinal.engine.SeriesServers> servers() {
        return Optional.of(servers);
    }

    @Override
    public String name() {
        return "influxdb";
    }

    @Override
    public Set<String> aliases() {
        return Set.of("influxdb1");
    }

    @Override
    public String title() {
        return "InfluxDB 1.x";
    }

    /** Counted as the core projection counts it for the version asked ({@code Projections}), through the seam. */
    @Override
    public Optional<SeriesEngine> counting() {
        return Optional.of(new SeriesEngine() {
            @Override
            public ServerVersion defaultVersion() {
                return InfluxDb1Servers.ASSUMED;
            }

            @Override
            public EngineCount count(Request r) {
                // each series once, as the index holds it and max-series-per-database counts it; what the version's
                // own query reports over the sample (once per shard group up to 1.7.7) is in the notes
                return ProjectionCounts.count("InfluxDB", r, servers.versioned(r.version().orElse(defaultVersion())), (p, alike) ->
                    new Figure("series", "series in the index", p.seriesNow(), p.seriesAtHorizon()));
            }
        });
    }

    @Override
    public Optional<QueryWriter.Offered> queries() {
        return Optional.of(new QueryWriter.Offered(new InfluxQlQuestions(), QueryWriter.Place.MAIN));
    }

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }
}
