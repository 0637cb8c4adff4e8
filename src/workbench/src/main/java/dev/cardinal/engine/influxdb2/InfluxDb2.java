package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.ProjectionCounts;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.projection.FieldKeySeries;
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
                // a 2.x series key holds the field key: the layout's series once per field key it writes, at the
                // horizon too (each field key's series projected as a layout of its own: FieldKeySeries)
                return ProjectionCounts.count("InfluxDB", r, servers.versioned(r.version().orElse(defaultVersion())), (p, alike) ->
                    new EngineCount.Figure("series", "series, one per field key (influxdb.cardinality())", p.reported().series(),
                        FieldKeySeries.variants(p.layout()).stream().mapToLong(v -> alike.apply(v).seriesAtHorizon()).sum()));
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
