package dev.cardinal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Schemas that stop a layout from drifting: the InfluxDB Cloud explicit bucket schema ({@code influx bucket-schema
 * create --columns-file}), and an Elasticsearch/OpenSearch index mapping with {@code "dynamic": "strict"}, so a write
 * with a key the layout does not have is refused instead of growing the schema. Both need every column known in
 * advance: a literal measurement, and field keys that are literal or bounded slots.
 */
public final class SchemaFiles {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SchemaFiles() {
    }

    /** Why the layout's columns cannot be listed in advance, or null when they can. */
    public static String unlistable(Layout layout) {
        if (!layout.measurement().isLiteral()) {
            return "the measurement name is a template (" + layout.measurement().pattern() + "): there is no one table to describe";
        }
        for (FieldSpec f : layout.fields()) {
            if (f.key().parts().stream().anyMatch(p -> p instanceof Template.Ref)) {
                return "the field key " + f.key().pattern() + " carries data: its keys cannot be listed in advance (see cardinal lint)";
            }
            if (f.key().parts().stream().anyMatch(p -> p instanceof Template.SlotRef s && s.max() == 0)) {
                return "the field key " + f.key().pattern() + " has slots without a bound: give the slot a max= so its keys can be"
                    + " listed in advance";
            }
        }
        return null;
    }

    /** The field keys a layout can write: literal keys, and every key a slot template can make. */
    public static List<String> fieldKeys(FieldSpec f) {
        List<String> keys = new ArrayList<>();
        keys.add("");
        for (Template.Part p : f.key().parts()) {
            List<String> next = new ArrayList<>();
            if (p instanceof Template.Literal l) {
                keys.forEach(k -> next.add(k + l.text()));
            } else if (p instanceof Template.SlotRef s) {
                for (String k : keys) {
                    for (int slot = 1; slot <= s.max(); slot++) {
                        next.add(k + slot);
                    }
                }
            }
            keys = next;
        }
        return keys;
    }

    private static ValueType typeOf(EventKind kind, String attribute) {
        return kind.attribute(attribute).map(a -> a.type()).orElse(ValueType.STRING);
    }

    /** The columns file of the layout's measurement: time, each tag, each field key with its type. */
    public static String bucketSchemaColumns(EventKind kind, Layout layout) {
        requireListable(layout);
        ArrayNode columns = JSON.createArrayNode();
        columns.addObject().put("name", "time").put("type", "timestamp");
        Set<String> tags = new LinkedHashSet<>();
        layout.tags().forEach(t -> tags.add(t.key()));
        tags.forEach(t -> columns.addObject().put("name", t).put("type", "tag"));
        for (FieldSpec f : layout.fields()) {
            String type = switch (typeOf(kind, f.attribute())) {
                case STRING -> "string";
                case INTEGER -> "integer";
                case UNSIGNED -> "unsigned";
                case FLOAT -> "float";
                case BOOLEAN -> "boolean";
            };
            for (String key : fieldKeys(f)) {
                columns.addObject().put("name", key).put("type", "field").put("dataType", type);
            }
        }
        return write(columns);
    }

    /** An index mapping: {@code @timestamp}, tags as keywords, fields by type, and nothing else allowed. */
    public static String elasticsearchMapping(EventKind kind, Layout layout) {
        requireListable(layout);
        ObjectNode root = JSON.createObjectNode();
        ObjectNode mappings = root.putObject("mappings");
        mappings.put("dynamic", "strict");
        ObjectNode properties = mappings.putObject("properties");
        properties.putObject("@timestamp").put("type", "date_nanos");
        for (TagSpec t : layout.tags()) {
            properties.putObject(t.key()).put("type", "keyword");
        }
        for (FieldSpec f : layout.fields()) {
            String type = switch (typeOf(kind, f.attribute())) {
                case STRING -> "keyword";
                case INTEGER -> "long";
                case UNSIGNED -> "unsigned_long";
                case FLOAT -> "double";
                case BOOLEAN -> "boolean";
            };
            for (String key : fieldKeys(f)) {
                properties.putObject(key).put("type", type);
            }
        }
        return write(root);
    }

    private static void requireListable(Layout layout) {
        String why = unlistable(layout);
        if (why != null) {
            throw new IllegalArgumentException("layout " + layout.id() + ": " + why);
        }
    }

    private static String write(Object node) {
        try {
            return JSON.writeValueAsString(node) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
