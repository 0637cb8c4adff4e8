package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.lint.Rule;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * InfluxDB 3 as the seam lists it. Its products (Core, Enterprise, Cloud Serverless, Cloud Dedicated, Clustered) count
 * alike and differ only in their limits, so they are names of one engine whose counts check every product's limits
 * side by side: whichever name is asked for, the user sees where each product would stop.
 */
public final class InfluxDb3 implements Engine {
    private final SeriesEngine counting = new TableCount();
    private final CodeGenerator code = new InfluxDb3Code();

    private final InfluxDb3Servers servers = new InfluxDb3Servers();
    private final Optional<dev.cardinal.engine.Pushing> pushing;

    /** InfluxDB 3 without a client for live servers. */
    public InfluxDb3() {
        this.pushing = Optional.empty();
    }

    /**
     * @param v1Api the client of InfluxDB 1.x's API (/query, /write), which InfluxDB 3 answers too: planned, applied
     *              and imported through it. The list of engines hands it over, so this package names no other engine.
     */
    public InfluxDb3(dev.cardinal.engine.Pushing v1Api) {
        this.pushing = Optional.of(dev.cardinal.engine.Pushing.through(v1Api,
            java.util.Set.of(dev.cardinal.model.Target.Kind.INFLUXDB_3), "http://127.0.0.1:8181"));
    }

    @Override
    public Optional<dev.cardinal.engine.Pushing> pushing() {
        return pushing;
    }

    /** A re-write through the server's own API per window, costed by a probe, resumable. */
    @Override
    public Optional<dev.cardinal.engine.Migrating> migrating() {
        return Optional.of(new V3Migrating());
    }

    @Override
    public Optional<dev.cardinal.engine.SeriesServers> servers() {
        return Optional.of(servers);
    }

    @Override
    public String name() {
        return "influxdb3";
    }

    @Override
    public Set<String> aliases() {
        return Set.of("influxdb3-core", "influxdb3-enterprise", "influxdb-cloud-serverless", "influxdb-cloud-dedicated",
            "influxdb-clustered");
    }

    @Override
    public String title() {
        return "InfluxDB 3";
    }

    @Override
    public Optional<CodeGenerator> code() {
        return Optional.of(code);
    }

    @Override
    public List<Rule> lintRules() {
        return List.of(new TagOrderRule(), new ClashRule(), new ColumnBudgetRule());
    }

    @Override
    public Optional<SeriesEngine> counting() {
        return Optional.of(counting);
    }
}
