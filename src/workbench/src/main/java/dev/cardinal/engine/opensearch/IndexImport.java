package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.ImportedSchema;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.Target;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.io.Writer;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds a workspace from what an OpenSearch or Elasticsearch index holds ({@code GET INDEX/_mapping}): one event
 * kind and one layout named after the index, its paths dotted as a writer sends them. A {@code keyword} is a tag
 * (what a filter or a terms aggregation reads); a number or a boolean is a field of that type; a {@code text} is a
 * string field (free text is a value, not something to group by) and its multi-fields are the engine's, not the
 * writer's, so they are left out; {@code @timestamp} is the time; another date is a string field; any other type
 * (ip, geo_point, nested, ...) is left out with a note. Nothing is written to the cluster.
 */
public final class IndexImport {
    private final IndexHttp http;
    private final Target.Kind kind;

    /** @param authorization the Authorization header's value, or null */
    public IndexImport(URI url, Target.Kind kind, String authorization, Duration timeout) {
        if (!kind.isDocument()) {
            throw new IllegalArgumentException(kind.product() + " does not hold indices");
        }
        this.http = new IndexHttp(url, authorization, timeout);
        this.kind = kind;
    }

    public ImportedWorkspace read(String index) throws IOException, InterruptedException {
        var bad = IndexNames.problem(index);
        if (bad.isPresent()) {
            throw new IllegalArgumentException(bad.get());
        }
        JsonNode answer = http.okJson("GET", IndexHttp.segment(index), null);
        if (answer.size() != 1) {
            throw new PushException("'" + index + "' is an alias of " + answer.size() + " indices: import one of them");
        }
        JsonNode only = answer.elements().next();
        IndexMapping mapping = IndexMapping.of(only.path("mappings"));
        List<String> notes = new ArrayList<>();
        List<String> tags = new ArrayList<>();
        Map<String, ValueType> fields = new LinkedHashMap<>();
        mapping.leaves().forEach((path, type) -> {
            if (isMultiField(path, mapping)) {
                return;
            }
            if (path.equals(LayoutDocuments.TIME_KEY)) {
                return;
            }
            Optional<ValueType> value = valueType(type);
            if (type.equals("keyword")) {
                tags.add(path);
            } else if (value.isPresent()) {
                fields.put(path, value.get());
                if (type.equals("text") || type.startsWith("date")) {
                    notes.add(path + " is " + type + ": imported as a string field");
                }
            } else {
                notes.add(path + " is " + type + ", which Cardinal does not project: left out");
            }
        });
        if (!mapping.leaves().containsKey(LayoutDocuments.TIME_KEY)) {
            notes.add("the index maps no " + LayoutDocuments.TIME_KEY + ": its documents carry no time Cardinal reads");
        }
        ImportedSchema schema = new ImportedSchema();
        if (fields.isEmpty()) {
            notes.add("index " + index + " maps no number, boolean or text field: nothing to make a layout of");
        } else {
            schema.add(index, tags, fields, RetentionPlan.AUTOGEN);
        }
        notes.addAll(schema.notes);
        String limit = IndexPlanner.settings(only.path("settings")).get("index.mapping.total_fields.limit");
        Target target = new Target(SchemaInference.slug(index), index + " at " + URI.create(http.url()).getHost(), kind,
            http.url(), index, null, null, limit == null ? ServerLimits.DEFAULTS
            : new ServerLimits(null, null, null, Long.parseLong(limit)));
        Workspace ws = new Workspace(index, schema.kinds, schema.layouts, List.of(), List.of(), List.of(target), Map.of());
        return new ImportedWorkspace(ws, Map.of(), notes);
    }

    /** A multi-field ({@code title.keyword} of the text {@code title}) is the engine's copy, not a key of the document. */
    private static boolean isMultiField(String path, IndexMapping mapping) {
        int dot = path.lastIndexOf('.');
        return dot > 0 && mapping.leaves().containsKey(path.substring(0, dot));
    }

    static Optional<ValueType> valueType(String engineType) {
        return switch (engineType) {
            case "long", "integer", "short", "byte" -> Optional.of(ValueType.INTEGER);
            case "unsigned_long" -> Optional.of(ValueType.UNSIGNED);
            case "double", "float", "half_float", "scaled_float" -> Optional.of(ValueType.FLOAT);
            case "boolean" -> Optional.of(ValueType.BOOLEAN);
            case "keyword", "text", "date", "date_nanos", "match_only_text", "wildcard", "constant_keyword" -> Optional.of(ValueType.STRING);
            default -> Optional.empty();
        };
    }

    /** How the documents {@link #recentDocuments} writes are read back as the workspace's sample. */
    public static SampleBinding binding(Layout layout, String path) {
        return new SampleBinding("imported", path, SampleFormat.NDJSON, layout.eventKind(), "ns", LayoutDocuments.TIME_KEY,
            "rfc3339", layout.tags().stream().map(t -> t.key()).toList());
    }

    /**
     * The most recent {@code limit} documents of the index ({@code @timestamp} descending), written oldest first, one
     * {@code _source} per line. Returns how many.
     */
    public long recentDocuments(String index, int limit, Writer out) throws IOException, InterruptedException {
        ObjectNode search = IndexHttp.JSON.createObjectNode().put("size", limit);
        search.putArray("sort").addObject().putObject(LayoutDocuments.TIME_KEY).put("order", "desc");
        JsonNode hits = http.okJson("POST", IndexHttp.segment(index) + "/_search", search.toString()).path("hits").path("hits");
        for (int i = hits.size() - 1; i >= 0; i--) {
            out.write(IndexHttp.JSON.writeValueAsString(hits.get(i).path("_source")));
            out.write('\n');
        }
        return hits.size();
    }
}
