package dev.cardinal.engine.influxdb2;

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

/** The InfluxDB 2.x and Cloud engine as the seam lists it. */
public final class InfluxDb2 implements Engine {
    private final CodeGenerator code = new InfluxDb2Code();

    private final InfluxDb2Servers servers = new InfluxDb2Servers();
    private final dev.cardinal.engine.Pushing pushing = new InfluxV2Pushing();

    @Override
    public Optional<dev.cardinal.engine.Pushing> pushing() {
        return Optional.of(pushing);
    }

    /** One Flux script per window, costed by a probe, resumable. */
    @Override
    public Optional<dev.cardinal.engine.Migrating> migrating() {
        return Optional.of(new FluxMigrating());
    }

    @Override
    public Optional<dev.cardinal.engine.SeriesServers> servers() {
        return Optional.of(servers);
    }

    @Override
    public String name() {
        return "influxdb2";
    }

    @Override
    public Set<String> aliases() {
        return Set.of("influxdb-cloud");
    }

    @Override
    public String title() {
        return "InfluxDB 2.x and Cloud";
    }

    /** Counted as the core projection counts it for the version asked ({@code Projections}), through the seam. */
    @Override
    public Optional<SeriesEngine> counting() {
        return Optional.of(new SeriesEngine() {
            @Override
            public ServerVersion defaultVersion() {
                return ServerVersion.of(2, 7, 11);
            }

            @Override
            public EngineCount count(Request r) {
                // a server of a version, no Cloud plan: 2.x OSS, whose influxdb.cardinality() counts each series
                // (measurement and tag set) once across the live shard groups (InfluxDb2Servers), as 1.x from 1.7.8
                return ProjectionCounts.count("InfluxDB", r, servers.versioned(r.version().orElse(defaultVersion())), (p, alike) ->
                    new Figure("series", "series (influxdb.cardinality())", p.reported().series(), p.seriesAtHorizon()));
            }
        });
    }

    @Override
    public Optional<QueryWriter.Offered> queries() {
        return Optional.of(new QueryWriter.Offered(new FluxQuestions(), QueryWriter.Place.ALONGSIDE));
    }

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }
}
