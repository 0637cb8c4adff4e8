package dev.cardinal.ui.workspace;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.Engine;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Quantities;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The server the Projection panel projects for: its version decides what the server's series query reports and which
 * limits it has. A workspace target (its version and its own limits), a version chosen from the list, nobody's in
 * particular (figures as 1.8.10 reports them, every product's limits), or a document engine (OpenSearch or
 * Elasticsearch), for which the panel shows the index mapping the layout builds instead of series.
 *
 * @param label        as the choice box shows it
 * @param engine       the server, or null for nobody's in particular
 * @param limits       the server's own limits
 * @param mappingLimit for a document engine, its {@code index.mapping.total_fields.limit}; null for InfluxDB
 */
record ServerChoice(String label, Engine engine, ServerLimits limits, Long mappingLimit) {
    /** No server named: the figures of the assumed version, every product's limits. */
    static final ServerChoice ANY = new ServerChoice("any server (figures as " + Engine.ASSUMED + " reports them)", null,
        ServerLimits.DEFAULTS, null);
    /** An OpenSearch or Elasticsearch index with the default total-fields limit. */
    static final ServerChoice DOCUMENTS = new ServerChoice("OpenSearch / Elasticsearch index (mapping, "
        + Quantities.count(DocumentMapping.DEFAULT_TOTAL_FIELDS) + " fields)", null, ServerLimits.DEFAULTS,
        DocumentMapping.DEFAULT_TOTAL_FIELDS);

    /** The versions whose counting differs: up to 1.7.7 per shard group, from 1.7.8 once, 1.9's estimates, 2.x and 3.x. */
    private static final List<ServerVersion> VERSIONS = List.of(ServerVersion.of(1, 7, 7), ServerVersion.of(1, 8, 10),
        ServerVersion.of(1, 9, 0), ServerVersion.of(2, 7, 0), ServerVersion.of(3, 0, 0));

    /** Every choice for {@code ws}: its targets first (the one to pick by default first of all), then the versions. */
    static List<ServerChoice> offered(Workspace ws) {
        List<ServerChoice> out = new ArrayList<>();
        if (ws != null) {
            for (Target t : ws.targets()) {
                if (t.kind().isInflux()) {
                    Engine e = Engine.of(t);
                    out.add(new ServerChoice("target " + t.name() + " (" + e.describe() + ")", e, t.limits(), null));
                } else if (t.kind().isDocument()) {
                    long limit = mappingLimit(t);
                    out.add(new ServerChoice("target " + t.name() + " (" + t.kind().product() + " index "
                        + (t.database() == null ? "" : t.database() + ", ") + "mapping, " + Quantities.count(limit) + " fields)",
                        null, t.limits(), limit));
                }
            }
        }
        out.add(ANY);
        for (ServerVersion v : VERSIONS) {
            out.add(new ServerChoice("InfluxDB " + v, Engine.of(v), ServerLimits.DEFAULTS, null));
        }
        out.add(DOCUMENTS);
        return out;
    }

    /** A document target's total-fields limit: its own, else the engine's default (0, unlimited, as the largest). */
    static long mappingLimit(Target t) {
        Long own = t.limits().totalFields();
        return own == null ? DocumentMapping.DEFAULT_TOTAL_FIELDS : own == 0 ? Long.MAX_VALUE : own;
    }

    /** True when the panel shows the mapping a layout builds in an index rather than series. */
    boolean documents() {
        return mappingLimit != null;
    }

    /** The projection settings for this server. */
    ProjectionSettings settings(Duration horizon, double traffic) {
        return engine == null ? new ProjectionSettings(horizon, traffic, Limit.defaults())
            : ProjectionSettings.of(horizon, traffic, engine, limits);
    }

    @Override
    public String toString() {
        return label;
    }
}
