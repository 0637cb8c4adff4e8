package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.traffic.SchemaInference;
import java.io.UncheckedIOException;

/**
 * The body of {@code PUT _index_template/NAME} for a layout written to a document target: the target's index and
 * its rolled-over names ({@code INDEX-*}) as patterns, one shard, no replica, the target's total-fields limit when it
 * has one, and the layout's strict mapping ({@link SchemaFiles#elasticsearchMapping}). Every name reaches the file as
 * a JSON string written by Jackson, so none can change the document's shape.
 */
public final class IndexTemplate {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private IndexTemplate() {
    }

    /** The template's name: the layout's id as a slug, prefixed so that Cardinal's templates are recognised. */
    public static String name(Layout layout) {
        return "cardinal-" + SchemaInference.slug(layout.id());
    }

    /** The template body for {@code layout} written to {@code target}'s index. */
    public static String body(EventKind kind, Layout layout, Target target) {
        if (!target.kind().isDocument()) {
            throw new IllegalArgumentException("target " + target.id() + " is " + target.kind().product() + ", not an index");
        }
        try {
            JsonNode mapping = JSON.readTree(StrictMapping.of(kind, layout)).get("mappings");
            ObjectNode root = JSON.createObjectNode();
            root.putArray("index_patterns").add(target.database()).add(target.database() + "-*");
            ObjectNode template = root.putObject("template");
            ObjectNode settings = template.putObject("settings").put("number_of_shards", 1).put("number_of_replicas", 0);
            Long limit = target.limits() == null ? null : target.limits().totalFields();
            if (limit != null && limit > 0) {
                settings.put("index.mapping.total_fields.limit", limit);
            }
            template.set("mappings", mapping);
            return JSON.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
