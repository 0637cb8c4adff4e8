package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingType;
import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One document stream under each cure for the mapping explosion, side by side with dynamic mapping and the slots:
 * fields counted toward {@code index.mapping.total_fields.limit}, documents refused, fields ignored, what queries
 * can still do, and the index template. The cures act on the object where the names arrive (the dynamic
 * projection's {@link MappingProjection#busiestObject}); every other key stays under dynamic mapping, followed by
 * {@link DocumentMapping}. Counts for {@code flat_object} are checked on OpenSearch 2.19.6 ({@code
 * MappingCuresNodeTest}); the Elasticsearch-only cures follow its documented rules, cited on each row.
 */
public final class MappingCures implements NdjsonDocuments.Sink {
    /** Stands for a dot inside a key under {@code subobjects: false}, where a dot no longer makes an object. */
    private static final String KEPT_DOT = "\uE000";

    /**
     * One cure.
     *
     * @param cure          its name ({@code flat_object}, {@code subobjects: false}, ...)
     * @param engine        the engines and versions that have it
     * @param openSearch    what OpenSearch 2.19.6 does with it (measured)
     * @param fields        fields counted toward the limit after the stream
     * @param refused       documents refused
     * @param ignoredFields distinct field names the engine ignores (kept only in {@code _source})
     * @param documentsWithIgnored documents indexed with some fields ignored
     * @param queries       what searches can still do over the cured keys
     * @param note          what else the count holds (duplicates refused with 409, ...), or empty
     * @param source        where the rule comes from: the node it was measured on, or the documentation
     * @param template      the body of {@code PUT _index_template/NAME}, or null (the slots: {@code cardinal generate})
     */
    public record Row(String cure, String engine, String openSearch, long fields, long refused, long ignoredFields,
                      long documentsWithIgnored, String queries, String note, String source, String template) {
    }

    private final MappingProjection dynamic;
    private final String object;
    private final List<String> dimensions;
    private final DocumentMapping rest;
    private final OneFieldObject flatObject;
    private final OneFieldObject flattened;
    private final DocumentMapping noSubobjects;
    private final DocumentMapping timeSeries;
    private final IgnoreBeyondLimit ignoring;
    private final Set<String> seriesAtTime = new HashSet<>();
    private long duplicates;
    private long noTimestamp;
    private long noDimension;
    private long restRefused;
    private long noSubobjectsRefused;
    private long timeSeriesRefused;

    /**
     * @param dynamic the stream's projection under dynamic mapping: its limit and refusals
     * @param wanted  the mapping the stream's keys make without a limit: where the names arrive, which keys are strings
     */
    public MappingCures(MappingProjection dynamic, Map<String, MappingType> wanted) {
        this.dynamic = dynamic;
        this.object = object(wanted);
        // the top-level strings (neither dates nor the object) are the documents' tags: a time series' dimensions
        List<String> dims = new ArrayList<>();
        new TreeMap<>(wanted).forEach((path, type) -> {
            if (type == MappingType.TEXT && path.indexOf('.') < 0) {
                dims.add(path);
            }
        });
        this.dimensions = List.copyOf(dims);
        long limit = dynamic.limit();
        // what a template declares counts from the start: the one field of the object, the dimensions
        this.rest = new DocumentMapping(Math.max(1, limit - 1), DocumentMapping.DEFAULT_DEPTH);
        this.flatObject = object == null ? null : new OneFieldObject(object, OneFieldObject.Type.FLAT_OBJECT, limit);
        this.flattened = object == null ? null : new OneFieldObject(object, OneFieldObject.Type.FLATTENED, limit);
        this.noSubobjects = new DocumentMapping(limit, DocumentMapping.DEFAULT_DEPTH);
        this.timeSeries = new DocumentMapping(Math.max(1, limit - dims.size()), DocumentMapping.DEFAULT_DEPTH);
        this.ignoring = new IgnoreBeyondLimit(limit);
    }

    /**
     * The cures of one stream.
     *
     * @param object the object whose keys the cures map otherwise, or null when the names are at the top level
     * @param rows   dynamic mapping and the slots first, then each cure
     */
    public record Table(String object, List<Row> rows) {
        public static final Table NONE = new Table(null, List.of());
    }

    /**
     * The cures for {@code file}'s documents, read twice more after {@code dynamic} was projected from them: once for
     * the mapping their keys want (a limit that refuses the first documents hides where the names go), once to count.
     */
    public static Table of(Path file, MappingProjection dynamic, List<String> patterns, Duration horizon) throws IOException {
        DocumentMapping wanted = new DocumentMapping(Long.MAX_VALUE, Integer.MAX_VALUE);
        NdjsonDocuments.read(file, d -> wanted.index(d.json()));
        MappingCures cures = new MappingCures(dynamic, wanted.fields());
        NdjsonDocuments.read(file, cures);
        return new Table(cures.object, cures.rows(patterns, horizon));
    }

    /** The index patterns of a stream's templates when no index is known: its name as a slug, then any suffix. */
    public static List<String> patterns(String kindName) {
        return List.of(SchemaInference.slug(kindName) + "*");
    }

    /** The object of {@code mapping} holding the most fields, or null when the top level holds more. */
    private static String object(Map<String, MappingType> mapping) {
        String busiest = MappingProjection.busiestObject(mapping);
        return mapping.get(busiest) == MappingType.OBJECT ? busiest : null;
    }

    @Override
    public void accept(NdjsonDocuments.Document d) {
        JsonNode doc = d.json();
        ignoring.index(doc);
        if (object != null) {
            ObjectNode without = doc.deepCopy();
            without.remove(object);
            restRefused += rest.index(without).accepted() ? 0 : 1;
            flatObject.index(doc, without);
            flattened.index(doc, without);
            ObjectNode flat = doc.deepCopy();
            if (doc.path(object).isObject()) {
                ObjectNode leaves = flat.putObject(object);
                flatten("", doc.get(object), leaves);
            }
            noSubobjectsRefused += noSubobjects.index(flat).accepted() ? 0 : 1;
        }
        timeSeries(doc);
    }

    /** Under {@code subobjects: false} a key keeps its dots and an object's keys become dotted leaves. */
    private static void flatten(String prefix, JsonNode object, ObjectNode into) {
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            String key = prefix + e.getKey().replace(".", KEPT_DOT);
            if (e.getValue().isObject() && !e.getValue().isEmpty()) {
                flatten(key + KEPT_DOT, e.getValue(), into);
            } else {
                into.set(key, e.getValue());
            }
        }
    }

    private void timeSeries(JsonNode doc) {
        if (!doc.path("@timestamp").isValueNode()) {
            noTimestamp++;
            timeSeriesRefused++;
            return;
        }
        StringBuilder key = new StringBuilder(doc.get("@timestamp").asText());
        boolean any = false;
        ObjectNode metrics = doc.deepCopy();
        for (String dim : dimensions) {
            JsonNode v = metrics.remove(dim);
            any |= v != null && !v.isNull();
            key.append('\u0000').append(v == null || v.isNull() ? "\u0001" : v.toString());
        }
        if (!any) {
            noDimension++;
            timeSeriesRefused++;
        } else if (seriesAtTime.contains(key.toString())) {
            // the _id is made of the dimensions and @timestamp: the second document is a 409, version conflict
            duplicates++;
            timeSeriesRefused++;
        } else if (timeSeries.index(metrics).accepted()) {
            seriesAtTime.add(key.toString());
        } else {
            timeSeriesRefused++;
        }
    }

    private long dynamicRefused() {
        return dynamic.refused().values().stream().mapToLong(Long::longValue).sum();
    }

    /** The rows, dynamic mapping and the slots first; the object's cures only when the names arrive under an object. */
    public List<Row> rows(List<String> patterns, Duration horizon) {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("dynamic mapping", "OpenSearch, Elasticsearch", "the default", dynamic.fields(), dynamicRefused(),
            0, 0, "every leaf typed: ranges and aggregations on numbers; documents past the limit are refused", "",
            "measured on OpenSearch 2.19.6 (DocumentMappingNodeTest)", null));
        if (object != null && dynamic.slots() != null && dynamic.slots().object().equals(object)) {
            long slots = dynamic.slots().toProvision(horizon.toSeconds());
            rows.add(new Row("slots", "OpenSearch, Elasticsearch", "yes", rest.totalFields() + 1 + slots, restRefused,
                0, 0, "each slot typed: ranges and aggregations per slot; a name is found through the slot tables",
                slots + " slots per tenant under " + object + ", strict mapping", "cardinal generate (StrictMappingNodeTest)",
                null));
        }
        if (object == null) {
            return rows;
        }
        rows.add(new Row("flat_object", "OpenSearch 2.7+", "yes: one field, counted on the node", flatObject.fields(),
            flatObject.refused(), 0, 0,
            "each leaf a keyword: term, prefix and match on " + object + ".KEY; range compares strings (\"10\" < \"9\");"
                + " sum, avg and other numeric aggregations refused, terms aggregation empty", "",
            "measured on OpenSearch 2.19.6 (MappingCuresNodeTest); "
                + "https://docs.opensearch.org/latest/field-types/supported-field-types/flat-object/",
            CureTemplates.text(CureTemplates.oneField(patterns, object, "flat_object"))));
        rows.add(new Row("flattened", "Elasticsearch 7.3+", "no: No handler for type [flattened]", flattened.fields(),
            flattened.refused(), 0, 0,
            "each leaf a keyword: term, terms, prefix, range as strings, terms aggregation; no numeric range, sum or avg", "",
            "https://www.elastic.co/guide/en/elasticsearch/reference/current/flattened.html",
            CureTemplates.text(CureTemplates.oneField(patterns, object, "flattened"))));
        rows.add(new Row("subobjects: false", "Elasticsearch 8.3+", "no: unsupported parameters [subobjects : false]",
            noSubobjects.totalFields(), noSubobjectsRefused, 0, 0,
            "every leaf typed as under dynamic mapping, its dots kept in its name; one field per name still",
            "no object per dot: a.b.c is one field", "https://www.elastic.co/guide/en/elasticsearch/reference/current/subobjects.html",
            CureTemplates.text(CureTemplates.noSubobjects(patterns, object))));
        rows.add(new Row("ignore_dynamic_beyond_limit", "Elasticsearch 8.13+", "no: unknown setting", ignoring.fields(),
            ignoring.refused(), ignoring.ignoredFields(), ignoring.documentsWithIgnored(),
            "fields within the limit as under dynamic mapping; an ignored field is only in _source: not searchable,"
                + " found with term on _ignored", "",
            "https://www.elastic.co/guide/en/elasticsearch/reference/current/mapping-settings-limit.html",
            CureTemplates.text(CureTemplates.ignoreBeyondLimit(patterns, dynamic.limit()))));
        rows.add(timeSeriesRow(patterns));
        return rows;
    }

    private Row timeSeriesRow(List<String> patterns) {
        long fields = timeSeries.totalFields() + dimensions.size();
        String note = dimensions.isEmpty()
            ? "no top-level string to make a dimension: a time series index routes on at least one"
                + " (index.routing_path), so every document is refused"
            : dimensions.size() + " dimension(s) " + String.join(", ", dimensions)
                + " (at most index.mapping.dimension_fields.limit, 32 documented in 8.x); " + duplicates
                + " refused with 409 (same dimensions and @timestamp), " + noTimestamp + " without @timestamp, "
                + noDimension + " without a dimension";
        return new Row("time_series", "Elasticsearch 8.7+", "no: unknown setting [index.mode]", fields, timeSeriesRefused,
            0, 0, "dimensions filter like tags; metrics typed; the metric names still make one field each", note,
            "https://www.elastic.co/guide/en/elasticsearch/reference/current/tsds.html",
            CureTemplates.text(CureTemplates.timeSeries(patterns, dimensions)));
    }
}
