package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;

/**
 * The Elasticsearch/OpenSearch index mapping with {@code "dynamic": "strict"}: a document with a key the layout does
 * not have is refused instead of growing the mapping.
 */
public final class StrictMapping {
    private StrictMapping() {
    }

    /** An index mapping: {@code @timestamp}, tags as keywords, fields by type, and nothing else allowed. */
    public static String of(EventKind kind, Layout layout) {
        SchemaFiles.requireListable(layout);
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode mappings = root.putObject("mappings");
        mappings.put("dynamic", "strict");
        ObjectNode properties = mappings.putObject("properties");
        properties.putObject("@timestamp").put("type", "date_nanos");
        for (TagSpec t : layout.tags()) {
            properties.putObject(t.key()).put("type", "keyword");
        }
        for (FieldSpec f : layout.fields()) {
            String type = switch (SchemaFiles.typeOf(kind, f.attribute())) {
                case STRING -> "keyword";
                case INTEGER -> "long";
                case UNSIGNED -> "unsigned_long";
                case FLOAT -> "double";
                case BOOLEAN -> "boolean";
            };
            for (String key : SchemaFiles.fieldKeys(f)) {
                properties.putObject(key).put("type", type);
            }
        }
        return SchemaFiles.write(root);
    }
}
