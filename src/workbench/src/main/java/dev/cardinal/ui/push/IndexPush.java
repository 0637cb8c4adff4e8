package dev.cardinal.ui.push;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.DynamicIndex;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.SampleCheck;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.common.Tasks;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The Push tab for an OpenSearch or Elasticsearch target. A layout whose fields can be listed in advance is planned and
 * applied as {@code cardinal plan/apply} does it (the engine's client through the seam: the layout's strict index template and the
 * index, new fields added, a changed type or a dropped field left as a destructive reindex for the command line), and
 * its sample is written through the strict mapping; a layout whose field keys carry data has no such mapping, so its
 * documents go to a new index under dynamic mapping ({@link DynamicIndex}), which shows what the engine makes of them. Either way the
 * mapping and documents the engine reports are read back beside the projected ones. Credentials go to the client as a
 * header built in memory and nowhere else.
 */
final class IndexPush {
    private IndexPush() {
    }

    /**
     * A plan made against a cluster, kept for Apply: {@code push} and {@code plan} for a strict mapping, else
     * {@code dynamic} for a new index under dynamic mapping.
     */
    record Planned(String target, Connection server, Workspace ws, Layout layout, String text, PushTarget push, Plan plan,
                   DynamicIndex dynamic) {
        /** True for a layout with a strict mapping: planned as {@code cardinal plan} does it, not a dynamic new index. */
        boolean strict() {
            return push != null;
        }

        String index() {
            return server.database();
        }
    }

    /**
     * Reads the cluster's state and says what Apply would do; nothing changes on the cluster. Background thread.
     *
     * @param server the cluster, its database the index, its limits the index's total-fields limit
     */
    static Planned plan(Connection server, Workspace ws, Layout layout, EventKindSample sample) throws Exception {
        Pushing pushing = Engines.pushing(server.kind()).orElseThrow(() -> new IllegalArgumentException(
            server.kind().product() + " is not an engine Cardinal writes documents to"));
        String documents = Quantities.count(sample == null ? 0 : sample.rows());
        String unlistable = SchemaFiles.unlistable(layout);
        if (unlistable == null) {
            PushTarget push = pushing.connect(server);
            Plan plan = push.plan(ws, List.of(layout));
            String text = plan.text() + "then: the " + documents + " documents of layout " + layout.name() + " written with _bulk"
                + " under the strict mapping, each under its row number (writing them again replaces them), and the mapping"
                + " and documents the engine reports read back beside the projection\n";
            return new Planned(push.target(), server, ws, layout, text, push, plan, null);
        }
        DynamicIndex dynamic = pushing.dynamicIndex().orElseThrow(() -> new IllegalArgumentException(
            server.kind().product() + " has no dynamic mapping to write layout " + layout.name() + " under"));
        String index = server.database();
        String url = server.url().toString();
        if (dynamic.exists(server)) {
            throw new IOException("the index '" + index + "' exists on " + url + ": layout " + layout.name()
                + " has no fixed mapping (" + unlistable + "), so Cardinal writes its documents to a new index only: name another");
        }
        long limit = limit(server);
        String text = String.format(Locale.ROOT, """
            layout %s has no fixed mapping: %s.
            Its documents go to a new index under dynamic mapping, to show what the engine makes of them:
            PUT /%s
              {"settings": {"number_of_shards": 1, "number_of_replicas": 0, "index.mapping.total_fields.limit": %d}}
            POST /%s/_bulk
              %s documents as layout %s writes them (@timestamp, each tag a string, each field under its key), dynamic mapping
            GET /%s/_mapping
              fields counted as the limit counts them (objects, leaves, multi-fields), beside the projection
            """, layout.name(), unlistable, index, limit, index, documents, layout.name(), index);
        return new Planned(url, server, ws, layout, text, null, null, dynamic);
    }

    private static long limit(Connection server) {
        Long own = server.limits().totalFields();
        return own != null ? own : dev.cardinal.projection.DocumentMapping.DEFAULT_TOTAL_FIELDS;
    }

    /** Runs the plan (or creates the dynamic index), writes the layout's documents and compares. Background thread. */
    static PushOutcome apply(Planned p, EventKindSample sample, Tasks.Progress progress) throws Exception {
        if (p.strict()) {
            return applyStrict(p, sample, progress);
        }
        progress.update(-1, "Writing " + Quantities.count(sample.rows()) + " documents of " + p.layout().name() + " to "
            + p.index() + " on " + p.target() + "…");
        ProjectionInput.Rows rows = ProjectionInput.rows(sample);
        // a mapping reads no horizon, traffic or server: the input carries the one limit it counts toward
        MappingProjection projected = Projections.project(p.ws(), p.layout(), new ProjectionInput.Mapped(rows, limit(p.server())),
            dev.cardinal.engines.ServerFor.defaults()).as(Projected.Mapping.class).projection();
        SampleIndex index = rows.index(sample.name()).orElseThrow();
        List<String> documents = new ArrayList<>(sample.rows());
        new LayoutDocuments(p.layout(), index).writeTo(d -> documents.add(d.json().toString()));
        DynamicIndex.Measured m = p.dynamic().write(p.server(), documents, new WriteProgress(progress, "documents"));
        // a plan's target names the index already ("URL index NAME"); this one is the cluster's URL
        return PushOutcome.shown(p.layout(), p.index() + " on " + p.target(),
            p.dynamic().compared(sample.name(), p.layout(), p.index(), projected, m));
    }

    private static PushOutcome applyStrict(Planned p, EventKindSample sample, Tasks.Progress progress) throws Exception {
        progress.update(-1, "Applying " + p.layout().name() + " on " + p.target() + "…");
        PushMonitor monitor = new WriteProgress(progress, "documents");
        var applied = p.push().apply(p.plan(), Set.of(), monitor);
        if (!applied.blocked().isEmpty()) {
            // the index still has the mapping the destructive step would change: the sample would be refused or mixed
            return new PushOutcome(p.layout().name() + " not written to " + p.target() + PushOutcome.blocked(applied),
                List.of(), false);
        }
        if (!(p.push() instanceof SampleCheck check)) {
            return new PushOutcome(p.target() + " does not take a sample write", List.of(), false);
        }
        return PushOutcome.shown(p.layout(), p.target(), check.writeSample(p.ws(), p.layout(), sample, monitor));
    }
}
