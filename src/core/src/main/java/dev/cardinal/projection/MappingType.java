package dev.cardinal.projection;

import java.util.Locale;

/**
 * A field type that OpenSearch and Elasticsearch dynamic mapping creates, and how many fields each adds toward
 * {@code index.mapping.total_fields.limit}: a string becomes {@code text} with a {@code .keyword} multi-field (2),
 * everything else is 1 (an object counts itself; its fields count on their own).
 */
public enum MappingType {
    OBJECT(1), LONG(1), FLOAT(1), BOOLEAN(1), DATE(1), TEXT(2);

    private final int fields;

    MappingType(int fields) {
        this.fields = fields;
    }

    /** Fields this type adds toward the total-fields limit. */
    public int fields() {
        return fields;
    }

    /** The engine's name: {@code long}, {@code text}, ... */
    public String engineName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
