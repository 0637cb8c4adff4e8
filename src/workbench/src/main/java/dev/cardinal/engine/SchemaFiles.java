package dev.cardinal.engine;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import java.util.ArrayList;
import java.util.List;

/**
 * What the schemas that stop a layout from drifting share, whatever the engine (the InfluxDB Cloud explicit bucket
 * schema, {@code engine.influxdb2.BucketSchema}; the strict Elasticsearch/OpenSearch index mapping,
 * {@code engine.opensearch.StrictMapping}): each needs every column known in advance, a literal measurement and
 * field keys that are literal or bounded slots, and lists the keys a field can write.
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

    /** The attribute's type in the event kind (text when the event kind does not have it). */
    public static ValueType typeOf(EventKind kind, String attribute) {
        return kind.attribute(attribute).map(a -> a.type()).orElse(ValueType.STRING);
    }

    /** @throws IllegalArgumentException when the layout's columns cannot be listed ({@link #unlistable}) */
    public static void requireListable(Layout layout) {
        String why = unlistable(layout);
        if (why != null) {
            throw new IllegalArgumentException("layout " + layout.id() + ": " + why);
        }
    }

    /** A schema file's text: indented JSON and a final line break. */
    public static String write(Object node) {
        try {
            return JSON.writeValueAsString(node) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
