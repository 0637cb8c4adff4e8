package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The index template of each cure for the mapping explosion, as the body of {@code PUT _index_template/NAME}: only
 * what the cure changes is declared (the object of user-named keys, the settings, the dimensions); every other key
 * stays under dynamic mapping, which is what {@link MappingCures} counts. Every name reaches the body as a JSON string
 * written by Jackson.
 */
final class CureTemplates {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CureTemplates() {
    }

    /** A template for {@code patterns}, with one shard and no replica; the caller fills in its settings and mappings. */
    private static ObjectNode base(List<String> patterns) {
        ObjectNode root = JSON.createObjectNode();
        patterns.forEach(root.putArray("index_patterns")::add);
        root.putObject("template").putObject("settings").put("number_of_shards", 1).put("number_of_replicas", 0);
        return root;
    }

    /** The object as one field of {@code type} ({@code flat_object} for OpenSearch, {@code flattened} for Elasticsearch). */
    static ObjectNode oneField(List<String> patterns, String object, String type) {
        ObjectNode root = base(patterns);
        ((ObjectNode) root.get("template")).putObject("mappings").putObject("properties").putObject(object).put("type", type);
        return root;
    }

    /** The object with {@code subobjects: false} (Elasticsearch 8.3+): its dotted keys are leaves, without objects. */
    static ObjectNode noSubobjects(List<String> patterns, String object) {
        ObjectNode root = base(patterns);
        ((ObjectNode) root.get("template")).putObject("mappings").putObject("properties").putObject(object)
            .put("type", "object").put("subobjects", false);
        return root;
    }

    /** Dynamic mapping that keeps documents and ignores the fields beyond the limit (Elasticsearch 8.13+). */
    static ObjectNode ignoreBeyondLimit(List<String> patterns, long limit) {
        ObjectNode root = base(patterns);
        ((ObjectNode) root.get("template").get("settings")).put("index.mapping.total_fields.limit", limit)
            .put("index.mapping.total_fields.ignore_dynamic_beyond_limit", true);
        return root;
    }

    /**
     * A time series data stream (Elasticsearch 8.7+ GA): {@code index.mode: time_series}, the dimensions as keywords
     * with {@code time_series_dimension}, routed on them, {@code @timestamp} a date.
     */
    static ObjectNode timeSeries(List<String> patterns, List<String> dimensions) {
        ObjectNode root = base(patterns);
        root.putObject("data_stream");
        ObjectNode template = (ObjectNode) root.get("template");
        ObjectNode settings = (ObjectNode) template.get("settings");
        settings.put("index.mode", "time_series");
        dimensions.forEach(settings.putArray("index.routing_path")::add);
        ObjectNode properties = template.putObject("mappings").putObject("properties");
        properties.putObject("@timestamp").put("type", "date");
        dimensions.forEach(d -> properties.putObject(d).put("type", "keyword").put("time_series_dimension", true));
        return root;
    }

    static String text(ObjectNode body) {
        try {
            return JSON.writeValueAsString(body) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
