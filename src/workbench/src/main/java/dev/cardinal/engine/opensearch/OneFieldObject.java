package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardinal.projection.DocumentMapping;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * An object mapped as one field ({@code flat_object}, {@code flattened}) with the other keys under dynamic mapping:
 * the one field counts from the start, and a document is refused when the field does not take the object's value or
 * the other keys refuse it.
 * <ul>
 *   <li>{@code flat_object} (measured on OpenSearch 2.19.6, {@code MappingCuresNodeTest}): takes an object, null, or an
 *   array of those, at any depth; each leaf's term in {@code OBJECT._valueAndPath}, {@code OBJECT.OBJECT.PATH=VALUE}
 *   (the object's name twice), must fit Lucene's 32,766 UTF-8 bytes;</li>
 *   <li>{@code flattened} (Elasticsearch, not run here): the same values taken, and no object nested deeper than its
 *   {@code depth_limit}, 20 by default
 *   (https://www.elastic.co/guide/en/elasticsearch/reference/current/flattened.html).</li>
 * </ul>
 */
final class OneFieldObject {
    /** Lucene's longest term, in UTF-8 bytes: a longer one refuses its document. */
    private static final int MAX_TERM_BYTES = 32_766;
    private static final int FLATTENED_DEPTH_LIMIT = 20;

    enum Type { FLAT_OBJECT, FLATTENED }

    private final String object;
    private final Type type;
    private final DocumentMapping rest;
    private long refused;

    OneFieldObject(String object, Type type, long limit) {
        this.object = object;
        this.type = type;
        this.rest = new DocumentMapping(Math.max(1, limit - 1), DocumentMapping.DEFAULT_DEPTH);
    }

    /** One document, and the same without the object. */
    void index(JsonNode document, JsonNode without) {
        if (!takes(document.get(object)) || !rest.index(without).accepted()) {
            refused++;
        }
    }

    long fields() {
        return rest.totalFields() + 1;
    }

    long refused() {
        return refused;
    }

    private boolean takes(JsonNode value) {
        if (value == null || value.isNull()) {
            return true;
        }
        if (value.isArray()) {
            for (JsonNode element : value) {
                if (!element.isNull() && !(element.isObject() && takesObject(element))) {
                    return false;
                }
            }
            return true;
        }
        return value.isObject() && takesObject(value);
    }

    private boolean takesObject(JsonNode value) {
        return type == Type.FLAT_OBJECT ? termsFit(object + "." + object, value) : depth(value) <= FLATTENED_DEPTH_LIMIT;
    }

    private static boolean termsFit(String path, JsonNode value) {
        if (value.isObject()) {
            for (Map.Entry<String, JsonNode> e : value.properties()) {
                if (!termsFit(path + "." + e.getKey(), e.getValue())) {
                    return false;
                }
            }
            return true;
        }
        if (value.isArray()) {
            for (JsonNode element : value) {
                if (!termsFit(path, element)) {
                    return false;
                }
            }
            return true;
        }
        return value.isNull() || (path + "=" + value.asText()).getBytes(StandardCharsets.UTF_8).length <= MAX_TERM_BYTES;
    }

    /** Objects nested in {@code value}, itself included: {@code {"a":1}} is 1, {@code {"a":{"b":1}}} 2. */
    private static int depth(JsonNode value) {
        int inner = 0;
        for (JsonNode child : value) {
            if (child.isObject() || child.isArray()) {
                inner = Math.max(inner, depth(child)); // an array adds no depth: its objects do
            }
        }
        return value.isObject() ? inner + 1 : inner;
    }
}
