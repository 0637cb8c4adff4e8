package dev.cardinal.ui.projection;

import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.engines.ServerFor;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Quantities;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The server the Projection panel projects for: its version decides what the server's series query reports and which
 * limits it has. A workspace target (its version and its own limits), InfluxDB 1.8.10 assumed (nobody named a server:
 * its own limits, as the command line assumes it), a version chosen from the list, every product's limits (figures as
 * 1.8.10 reports them), or a document engine (OpenSearch or Elasticsearch), for which the panel shows the index
 * mapping the layout builds instead of series. The first choice offered is the one the command line makes when no
 * server is named ({@link ServerFor#of}), unless the workspace's first target is a document engine.
 *
 * @param label        as the choice box shows it: short enough for the panel at 1280x800
 * @param detail       the whole choice in a sentence, for the choice box's tooltip
 * @param target       the workspace's target this choice is, or null
 * @param server       the server and its limits; null for a document engine
 * @param mappingLimit for a document engine, its {@code index.mapping.total_fields.limit}; null for InfluxDB
 */
public record ServerChoice(String label, String detail, Target target, ServerFor server, Long mappingLimit) {
    /** No server named: the assumed version, with its own limits. */
    static final ServerChoice ASSUMED = new ServerChoice("InfluxDB " + ServerFor.ASSUMED + " (assumed)",
        "InfluxDB " + ServerFor.ASSUMED + ", assumed because the workspace names no server: its own limits, as the command line"
            + " assumes it.", null, ServerFor.of((Workspace) null), null);
    /** Asked for: no server in particular, every product's limits. */
    static final ServerChoice EVERY_PRODUCT = new ServerChoice("every product's limits", "No server in particular: every"
        + " InfluxDB product's limits, with the figures as " + ServerFor.ASSUMED + " reports them.", null, ServerFor.everyProduct(), null);
    /** An OpenSearch or Elasticsearch index with the default total-fields limit. */
    static final ServerChoice DOCUMENTS = new ServerChoice("OpenSearch / Elasticsearch index, "
        + Quantities.count(DocumentMapping.DEFAULT_TOTAL_FIELDS) + " fields", "An OpenSearch or Elasticsearch index with the"
        + " default index.mapping.total_fields.limit (" + Quantities.count(DocumentMapping.DEFAULT_TOTAL_FIELDS) + "): the"
        + " panel shows the mapping each layout builds.", null, null, DocumentMapping.DEFAULT_TOTAL_FIELDS);

    /** The versions whose counting differs: up to 1.7.7 per shard group, from 1.7.8 once, 1.9's estimates, 2.x and 3.x. */
    private static final List<ServerVersion> VERSIONS = List.of(ServerVersion.of(1, 7, 7), ServerVersion.of(1, 8, 10),
        ServerVersion.of(1, 9, 0), ServerVersion.of(2, 7, 0), ServerVersion.of(3, 0, 0));

    /**
     * Every choice for {@code ws}: its targets first (the one to pick by default first of all), the assumed version
     * when it has no InfluxDB target, then the versions, every product's limits and any index.
     */
    static List<ServerChoice> offered(Workspace ws) {
        List<ServerChoice> out = new ArrayList<>();
        if (ws != null) {
            for (Target t : ws.targets()) {
                if (t.kind().isInflux()) {
                    ServerFor s = ServerFor.target(t, null);
                    out.add(new ServerChoice(t.name() + ": " + s.server().product() + (s.server().assumed() ? " (assumed)" : ""),
                        "The workspace's target " + t.name() + " (" + t.url() + "): " + s.server().describe() + ", with its"
                            + " own limits.", t, s, null));
                } else if (t.kind().isDocument()) {
                    long limit = mappingLimit(t);
                    String index = t.kind().product() + " index " + (t.database() == null ? "" : t.database() + ", ");
                    out.add(new ServerChoice(t.name() + ": " + index + Quantities.count(limit) + " fields", "The workspace's"
                        + " target " + t.name() + " (" + t.url() + "): " + index + "total-fields limit " + Quantities.count(limit)
                        + ".", t, null, limit));
                }
            }
        }
        if (ServerFor.of(ws).target() == null) {
            out.add(ASSUMED);
        }
        for (ServerVersion v : VERSIONS) {
            ServerFor s = ServerFor.version(v);
            out.add(new ServerChoice("InfluxDB " + v, "InfluxDB " + v + ": " + s.server().seriesMeaning() + ".", null, s, null));
        }
        out.add(EVERY_PRODUCT);
        out.add(DOCUMENTS);
        return out;
    }

    /** A document target's total-fields limit: its own, else the engine's default (0, unlimited, as the largest). */
    public static long mappingLimit(Target t) {
        Long own = t.limits().totalFields();
        return own == null ? DocumentMapping.DEFAULT_TOTAL_FIELDS : own == 0 ? Long.MAX_VALUE : own;
    }

    /** True when the panel shows the mapping a layout builds in an index rather than series. */
    boolean documents() {
        return mappingLimit != null;
    }

    /**
     * The projection settings for this server; for a document engine, every product's limits (the index's total-fields
     * limit among them).
     */
    ProjectionSettings settings(Duration horizon, double traffic) {
        return (server == null ? ServerFor.everyProduct() : server).settings(horizon, traffic);
    }

    @Override
    public String toString() {
        return label;
    }
}
