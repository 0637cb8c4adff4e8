package dev.cardinal.ui.workspace;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.push.DocumentIndexPush;
import dev.cardinal.push.IndexComparison;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.ui.common.Tasks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Push tab for an OpenSearch or Elasticsearch target: the selected layout's documents written to a new index with
 * {@code _bulk}, and the mapping the engine reports read back beside the projected one. Credentials go to the client
 * as a header built in memory and nowhere else.
 */
final class IndexPush {
    private IndexPush() {
    }

    /** A plan made against a cluster, kept for Apply. */
    record Planned(DocumentIndexPush client, String target, String index, Layout layout, long limit, String text) {
    }

    /** Reads whether the index exists and says what Apply would do; nothing changes on the cluster. Background thread. */
    static Planned plan(DocumentIndexPush client, String target, String index, Layout layout, long limit,
                        EventKindSample sample) throws Exception {
        if (client.exists(index)) {
            throw new DocumentIndexPush.PushException("the index '" + index + "' exists on " + target
                + ": Cardinal writes a sample to a new index only, so name another");
        }
        String text = String.format(Locale.ROOT, """
            PUT /%s
              {"settings": {"number_of_shards": 1, "number_of_replicas": 0, "index.mapping.total_fields.limit": %d}}
            POST /%s/_bulk
              %s documents as layout %s writes them (@timestamp, each tag a string, each field under its key), dynamic mapping
            GET /%s/_mapping
              fields counted as the limit counts them (objects, leaves, multi-fields), beside the projection
            """, index, limit, index, Quantities.count(sample == null ? 0 : sample.rows()), layout.name(), index);
        return new Planned(client, target, index, layout, limit, text);
    }

    /** Creates the index, writes the layout's documents and compares. Background thread. */
    static ScratchPush.Result apply(Planned p, EventKindSample sample, Tasks.Progress progress) throws Exception {
        progress.update(-1, "Writing " + Quantities.count(sample.rows()) + " documents of " + p.layout().name() + " to "
            + p.index() + " on " + p.target() + "…");
        SampleIndex index = new SampleIndex(sample);
        MappingProjection projected = LayoutDocuments.project(p.layout(), index, p.limit());
        List<String> documents = new ArrayList<>(sample.rows());
        new LayoutDocuments(p.layout(), index).writeTo(d -> documents.add(d.json().toString()));
        DocumentIndexPush.Measured m = p.client().writeSample(p.index(), documents, p.limit());
        IndexComparison c = IndexComparison.dynamic(p.layout(), p.index(), projected, m);
        List<ScratchPush.Row> rows = c.rows().stream().map(r -> new ScratchPush.Row(r.what(), r.projected(), r.measured()))
            .toList();
        boolean matches = c.matches();
        String summary = p.layout().name() + " written to " + p.index() + " on " + p.target() + ": "
            + Quantities.count(m.fields()) + " mapping fields, " + (matches ? "as projected" : "NOT as projected")
            + (c.refusals().isEmpty() ? "" : "; first other refusal: " + c.refusals().get(0));
        return new ScratchPush.Result(summary, rows, matches);
    }
}
