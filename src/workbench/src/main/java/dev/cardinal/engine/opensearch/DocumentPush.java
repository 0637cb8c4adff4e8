package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.Applied;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.SampleCheck;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.SampleWriteOptions;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Plan and apply one layout on an OpenSearch or Elasticsearch index (the target's {@code database}), and write the
 * sample through it. The plan is {@link IndexPlanner}'s; apply sends its statements as they are shown, one request
 * each, except {@code COPY /OLD TO /NEW} of a reindex, which Cardinal runs itself: every document of the old index,
 * read with a {@code _search} scroll and written with {@code _bulk} under its own {@code _id}, less the fields the new
 * mapping no longer has. Cardinal copies rather than calling {@code _reindex} because the reindex module is not
 * in every deployment (a minimal node, a serverless collection), and because copying lets it drop removed fields
 * and stop before the swap, naming the document and field, when a value does not fit its new type; the cost is that
 * the documents travel through Cardinal, which suits the test and staging clusters it pushes to. Writes arriving at
 * the old index during the copy are not copied.
 */
public final class DocumentPush implements PushTarget, SampleCheck {
    private static final int BATCH = 1_000;
    private final IndexHttp http;
    private final Target target;

    /**
     * @param target        a document target: its {@code database} is the index, its limits the index's settings
     * @param authorization the Authorization header's value ({@link DocumentIndexPush#apiKey},
     *                      {@link DocumentIndexPush#basic}), or null
     */
    public DocumentPush(Target target, String authorization, Duration timeout) {
        if (!target.kind().isDocument()) {
            throw new IllegalArgumentException("target " + target.id() + " is " + target.kind().product() + ", not an index");
        }
        this.target = target;
        this.http = new IndexHttp(URI.create(target.url()), authorization, timeout);
    }

    public String index() {
        return target.database();
    }

    @Override
    public String target() {
        return http.url() + " index " + index();
    }

    /** The one layout an index holds, its event kind, or why not. */
    private static EventKind kindOf(Workspace ws, List<Layout> layouts, String index) {
        if (layouts.size() != 1) {
            throw new IllegalArgumentException("index " + index + " holds the documents of one layout, " + layouts.size()
                + " given (" + String.join(", ", layouts.stream().map(Layout::id).toList()) + "): choose one with --layout");
        }
        return ws.eventKind(layouts.get(0).eventKind()).orElseThrow(() -> new IllegalArgumentException(
            "layout " + layouts.get(0).id() + " is of event kind " + layouts.get(0).eventKind() + ", which the workspace lacks"));
    }

    @Override
    public Plan plan(Workspace ws, List<Layout> layouts) throws IOException, InterruptedException {
        EventKind kind = kindOf(ws, layouts, index());
        var bad = IndexNames.problem(index());
        if (bad.isPresent()) {
            throw new IllegalArgumentException("target " + target.id() + ": " + bad.get());
        }
        IndexTemplate.body(kind, layouts.get(0), target); // a layout without a fixed mapping is refused before any request
        IndexState state = IndexState.read(http, IndexTemplate.name(layouts.get(0)), index());
        return IndexPlanner.plan(kind, layouts.get(0), target, target(), state);
    }

    @Override
    public Applied apply(Plan plan, Collection<String> allowed, PushMonitor monitor) throws IOException, InterruptedException {
        return Applied.run(plan, allowed, monitor, this::run);
    }

    /** Sends one statement of a plan as it reads: {@code METHOD /path [body]}, or copies for {@code COPY}. */
    private void run(String statement) throws IOException, InterruptedException {
        String[] parts = statement.split(" ", 3);
        if (parts[0].equals(IndexPlanner.COPY)) {
            copy(name(parts[1]), name(statement.substring(statement.indexOf(" TO /") + 4)));
        } else {
            http.ok(parts[0], parts[1], parts.length > 2 ? parts[2] : null);
        }
    }

    private static String name(String path) {
        return URLDecoder.decode(path.substring(1), StandardCharsets.UTF_8);
    }

    /**
     * Copies every document of {@code from} into {@code to}; when the new mapping refuses one, deletes {@code to}
     * (Cardinal made it in this apply) and says which document and why: {@code from} is left as it was.
     */
    private void copy(String from, String to) throws IOException, InterruptedException {
        IndexMapping wanted = IndexMapping.of(http.okJson("GET", IndexHttp.segment(to) + "/_mapping", null)
            .path(to).path("mappings"));
        JsonNode page = http.okJson("POST", IndexHttp.segment(from) + "/_search?scroll=2m",
            "{\"size\":" + BATCH + ",\"sort\":[\"_doc\"]}");
        String scroll = page.path("_scroll_id").asText();
        long copied = 0;
        try {
            while (page.path("hits").path("hits").size() > 0) {
                StringBuilder bulk = new StringBuilder();
                for (JsonNode hit : page.path("hits").path("hits")) {
                    ObjectNode action = IndexHttp.JSON.createObjectNode();
                    action.putObject("index").put("_id", hit.path("_id").asText());
                    bulk.append(action).append('\n').append(prune("", (ObjectNode) hit.path("_source"), wanted)).append('\n');
                }
                JsonNode result = http.okJson("POST", http.bulk(IndexHttp.segment(to)), bulk.toString());
                if (result.path("errors").asBoolean()) {
                    http.send("DELETE", IndexHttp.segment(to), null);
                    throw new PushException("reindex " + from + " into " + to + ": the new mapping refuses "
                        + firstError(result) + "; " + to + " deleted, " + from + " unchanged (change the layout, or the documents)");
                }
                copied += page.path("hits").path("hits").size();
                ObjectNode next = IndexHttp.JSON.createObjectNode().put("scroll", "2m").put("scroll_id", scroll);
                page = http.okJson("POST", "_search/scroll", next.toString());
                scroll = page.path("_scroll_id").asText(scroll);
            }
        } finally {
            ObjectNode clear = IndexHttp.JSON.createObjectNode();
            clear.putArray("scroll_id").add(scroll);
            http.send("DELETE", "_search/scroll", clear.toString());
        }
        http.ok("POST", IndexHttp.segment(to) + "/_refresh", null);
        long inOld = http.okJson("GET", IndexHttp.segment(from) + "/_count", null).path("count").asLong();
        long inNew = http.okJson("GET", IndexHttp.segment(to) + "/_count", null).path("count").asLong();
        if (inOld != inNew || inNew != copied) {
            http.send("DELETE", IndexHttp.segment(to), null);
            throw new PushException("reindex " + from + " into " + to + ": " + copied + " copied, " + inOld
                + " in " + from + " and " + inNew + " in " + to + " (written to during the copy?); " + to + " deleted, " + from
                + " unchanged");
        }
    }

    /** The source less the keys the new mapping does not hold (a dotted key and its nested form alike). */
    private static ObjectNode prune(String prefix, ObjectNode source, IndexMapping wanted) {
        ObjectNode kept = IndexHttp.JSON.createObjectNode();
        for (Map.Entry<String, JsonNode> e : source.properties()) {
            String path = prefix + e.getKey();
            if (e.getValue().isObject() && wanted.objects().contains(path)) {
                kept.set(e.getKey(), prune(path + ".", (ObjectNode) e.getValue(), wanted));
            } else if (wanted.leaves().containsKey(path)) {
                kept.set(e.getKey(), e.getValue());
            }
        }
        return kept;
    }

    /** {@code document _id 7: type: reason (caused by ...)} of a {@code _bulk} answer's first refused item. */
    private static String firstError(JsonNode bulk) {
        for (JsonNode item : bulk.path("items")) {
            JsonNode op = item.elements().next();
            if (op.has("error")) {
                return "document _id " + op.path("_id").asText() + ": " + IndexHttp.error(op.path("error"));
            }
        }
        return "a document";
    }

    /**
     * The fields of the strict mapping Cardinal generates for {@code layout} (the mapping of its index template, which
     * Push applies), as the engine counts them toward {@code index.mapping.total_fields.limit}: fixed by the layout,
     * whatever the traffic. Empty for a layout without a fixed mapping ({@link SchemaFiles#unlistable}).
     */
    public static OptionalLong strictFields(EventKind kind, Layout layout) {
        return SchemaFiles.unlistable(layout) != null ? OptionalLong.empty() : OptionalLong.of(strictMapping(kind, layout).fields());
    }

    /** The mapping of the layout's index template ({@link IndexTemplate#body} holds the same). */
    private static IndexMapping strictMapping(EventKind kind, Layout layout) {
        try {
            return IndexMapping.of(IndexHttp.JSON.readTree(StrictMapping.of(kind, layout)).path("mappings"));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Writes the layout's documents of {@code sample} to the index with {@code _bulk}, slots included, each under its
     * row number as {@code _id} (writing the sample again replaces the same documents), then reads back the mapping
     * ({@code GET INDEX/_mapping}, fields counted as the limit counts them) and the documents
     * ({@code GET INDEX/_stats/docs}) beside the projection: the strict mapping's fields, and every row a document.
     * The two agree on an index only this sample is written to. A document the engine refuses (200 with
     * {@code errors: true}) is counted, and the first few are named with the engine's reason. Batches are the
     * engine's own ({@value #BATCH} documents); a stopped write is not resumed: writing it again replaces it.
     */
    @Override
    public SampleComparison writeSample(Workspace ws, Layout layout, EventKindSample sample, SampleWriteOptions options,
                                        PushMonitor monitor) throws IOException, InterruptedException {
        return compare(ws, layout, sample, monitor).shown(sample.name(), "first refusal");
    }

    private IndexComparison compare(Workspace ws, Layout layout, EventKindSample sample, PushMonitor monitor)
        throws IOException, InterruptedException {
        EventKind kind = kindOf(ws, List.of(layout), index());
        IndexMapping projected = strictMapping(kind, layout);
        LayoutDocuments documents = new LayoutDocuments(layout, new SampleIndex(sample));
        String path = IndexHttp.segment(index());
        long refused = 0;
        List<String> reasons = new ArrayList<>();
        for (int from = 0; from < documents.rows(); from += BATCH) {
            if (monitor.cancelled()) {
                throw new PushException("stopped as asked after " + from + " of " + documents.rows()
                    + " documents; writing the sample again replaces them");
            }
            StringBuilder bulk = new StringBuilder();
            int to = Math.min(documents.rows(), from + BATCH);
            for (int row = from; row < to; row++) {
                bulk.append("{\"index\":{\"_id\":\"").append(row + 1).append("\"}}\n")
                    .append(documents.document(row).json()).append('\n');
            }
            JsonNode items = http.okJson("POST", http.bulk(path), bulk.toString()).path("items");
            for (int i = 0; i < items.size(); i++) {
                JsonNode error = items.get(i).path("index").path("error");
                if (!error.isMissingNode()) {
                    refused++;
                    if (reasons.size() < 5) {
                        reasons.add("document " + (from + i + 1) + ": " + IndexHttp.error(error));
                    }
                }
            }
            monitor.progress("writing the sample to " + index(), to, documents.rows());
        }
        http.ok("POST", path + "/_refresh", null);
        JsonNode mapping = http.okJson("GET", path + "/_mapping", null);
        long fields = IndexMapping.of(mapping.elements().next().path("mappings")).fields();
        long docs = http.okJson("GET", path + "/_stats/docs", null).path("_all").path("primaries").path("docs").path("count").asLong();
        List<IndexComparison.Row> rows = List.of(
            new IndexComparison.Row("mapping fields (objects + leaves + multi-fields)", projected.fields(), fields),
            new IndexComparison.Row("documents in the index", documents.rows(), docs),
            new IndexComparison.Row("documents refused", 0, refused));
        return new IndexComparison(layout, index(), rows, reasons);
    }
}
