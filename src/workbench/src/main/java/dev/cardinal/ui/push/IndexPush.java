package dev.cardinal.ui.push;

import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.engine.opensearch.DocumentIndexPush;
import dev.cardinal.engine.opensearch.DocumentPush;
import dev.cardinal.engine.opensearch.IndexComparison;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.common.Tasks;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The Push tab for an OpenSearch or Elasticsearch target. A layout whose fields can be listed in advance is planned and
 * applied as {@code cardinal plan/apply} does it ({@link DocumentPush}: the layout's strict index template and the
 * index, new fields added, a changed type or a dropped field left as a destructive reindex for the command line), and
 * its sample is written through the strict mapping; a layout whose field keys carry data has no such mapping, so its
 * documents go to a new index under dynamic mapping, which shows what the engine makes of them. Either way the
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
    record Planned(String target, String index, Workspace ws, Layout layout, long limit, String text, DocumentPush push,
                   Plan plan, DocumentIndexPush dynamic) {
        /** True for a layout with a strict mapping: planned as {@code cardinal plan} does it, not a dynamic new index. */
        boolean strict() {
            return push != null;
        }
    }

    /** Reads the cluster's state and says what Apply would do; nothing changes on the cluster. Background thread. */
    static Planned plan(URI url, String authorization, Target.Kind kind, String index, Workspace ws, Layout layout, long limit,
                        EventKindSample sample) throws Exception {
        String documents = Quantities.count(sample == null ? 0 : sample.rows());
        String unlistable = SchemaFiles.unlistable(layout);
        if (unlistable == null) {
            Target target = new Target("push", "push", kind, url.toString(), index, null, null,
                new ServerLimits(null, null, null, limit));
            DocumentPush push = new DocumentPush(target, authorization, DocumentIndexPush.SAMPLE_REQUEST_TIMEOUT);
            Plan plan = push.plan(ws, List.of(layout));
            String text = plan.text() + "then: the " + documents + " documents of layout " + layout.name() + " written with _bulk"
                + " under the strict mapping, each under its row number (writing them again replaces them), and the mapping"
                + " and documents the engine reports read back beside the projection\n";
            return new Planned(push.target(), index, ws, layout, limit, text, push, plan, null);
        }
        DocumentIndexPush client = new DocumentIndexPush(url, authorization, DocumentIndexPush.SAMPLE_REQUEST_TIMEOUT);
        if (client.exists(index)) {
            throw new DocumentIndexPush.PushException("the index '" + index + "' exists on " + url + ": layout " + layout.name()
                + " has no fixed mapping (" + unlistable + "), so Cardinal writes its documents to a new index only: name another");
        }
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
        return new Planned(url.toString(), index, ws, layout, limit, text, null, null, client);
    }

    /** Runs the plan (or creates the dynamic index), writes the layout's documents and compares. Background thread. */
    static ScratchPush.Result apply(Planned p, EventKindSample sample, Tasks.Progress progress) throws Exception {
        if (p.push() != null) {
            return applyStrict(p, sample, progress);
        }
        progress.update(-1, "Writing " + Quantities.count(sample.rows()) + " documents of " + p.layout().name() + " to "
            + p.index() + " on " + p.target() + "…");
        ProjectionInput.Rows rows = ProjectionInput.rows(sample);
        // a mapping reads no horizon, traffic or server: the input carries the one limit it counts toward
        MappingProjection projected = Projections.project(p.ws(), p.layout(), new ProjectionInput.Mapped(rows, p.limit()),
            dev.cardinal.engines.ServerFor.defaults()).as(Projected.Mapping.class).projection();
        SampleIndex index = rows.index(sample.name()).orElseThrow();
        List<String> documents = new ArrayList<>(sample.rows());
        new LayoutDocuments(p.layout(), index).writeTo(d -> documents.add(d.json().toString()));
        DocumentIndexPush.Measured m = p.dynamic().writeSample(p.index(), documents, p.limit(), ScratchPush.writing(progress, "documents"));
        IndexComparison c = IndexComparison.dynamic(p.layout(), p.index(), projected, m);
        return result(p, c, "first other refusal");
    }

    private static ScratchPush.Result applyStrict(Planned p, EventKindSample sample, Tasks.Progress progress) throws Exception {
        progress.update(-1, "Applying " + p.layout().name() + " on " + p.target() + "…");
        PushMonitor monitor = ScratchPush.writing(progress, "documents");
        var applied = p.push().apply(p.plan(), Set.of(), monitor);
        if (!applied.blocked().isEmpty()) {
            // the index still has the mapping the destructive step would change: the sample would be refused or mixed
            return new ScratchPush.Result(p.layout().name() + " not written to " + p.target() + ScratchPush.blocked(applied),
                List.of(), false);
        }
        IndexComparison c = p.push().writeSample(p.ws(), p.layout(), sample, monitor);
        return result(p, c, "first refusal");
    }

    private static ScratchPush.Result result(Planned p, IndexComparison c, String refusal) {
        List<ScratchPush.Row> rows = c.rows().stream().map(r -> new ScratchPush.Row(r.what(), r.projected(), r.measured()))
            .toList();
        // a plan's target names the index already: "URL index NAME"
        String where = p.push() != null ? p.target() : p.index() + " on " + p.target();
        String summary = p.layout().name() + " written to " + where + ": "
            + Quantities.count(rows.get(0).measured()) + " mapping fields, " + (c.matches() ? "as projected" : "NOT as projected")
            + (c.refusals().isEmpty() ? "" : "; " + refusal + ": " + c.refusals().get(0));
        return new ScratchPush.Result(summary, rows, c.matches());
    }
}
