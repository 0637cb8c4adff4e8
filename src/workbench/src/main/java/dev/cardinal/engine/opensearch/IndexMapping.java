package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A mapping as the paths it defines: each leaf's dotted path and type (a multi-field is a leaf of its own at
 * {@code path.name}), and each object's path. A dotted property name ({@code "a.b"}, as Cardinal's strict mapping
 * writes slot keys) and the nested form the engine answers with ({@code "a": {"properties": {"b": ...}}}) give the
 * same paths, so what Cardinal sends and what {@code GET _mapping} returns compare as equals.
 *
 * @param leaves  path to type ({@code keyword}, {@code long}, ...)
 * @param objects paths of objects
 * @param dynamic the root's {@code dynamic} setting as text, or null when it is not set (the engine's default, true)
 */
record IndexMapping(Map<String, String> leaves, Set<String> objects, String dynamic) {
    IndexMapping {
        leaves = Collections.unmodifiableMap(new TreeMap<>(leaves));
        objects = Collections.unmodifiableSet(new TreeSet<>(objects));
    }

    /** The paths of a {@code mappings} object (with {@code properties} and maybe {@code dynamic}). */
    static IndexMapping of(JsonNode mappings) {
        Map<String, String> leaves = new TreeMap<>();
        Set<String> objects = new TreeSet<>();
        walk("", mappings.path("properties"), leaves, objects);
        JsonNode dynamic = mappings.path("dynamic");
        return new IndexMapping(leaves, objects, dynamic.isMissingNode() || dynamic.isNull() ? null : dynamic.asText());
    }

    private static void walk(String prefix, JsonNode properties, Map<String, String> leaves, Set<String> objects) {
        for (Map.Entry<String, JsonNode> e : properties.properties()) {
            String path = prefix + e.getKey();
            // each dot of a property name is an object the engine makes
            for (int dot = path.indexOf('.', prefix.length()); dot >= 0; dot = path.indexOf('.', dot + 1)) {
                objects.add(path.substring(0, dot));
            }
            JsonNode f = e.getValue();
            if (f.has("properties") || !f.has("type") || "object".equals(f.path("type").asText())) {
                objects.add(path);
                walk(path + ".", f.path("properties"), leaves, objects);
            } else {
                leaves.put(path, f.path("type").asText());
                for (Map.Entry<String, JsonNode> sub : f.path("fields").properties()) {
                    leaves.put(path + "." + sub.getKey(), sub.getValue().path("type").asText());
                }
            }
        }
    }

    /**
     * Fields as the engine counts them toward {@code index.mapping.total_fields.limit}: each object, each leaf and
     * each multi-field once.
     */
    long fields() {
        return leaves.size() + objects.size();
    }

    /** Whether {@code path} is a leaf, or an object some leaf lies under. */
    boolean holds(String path) {
        return leaves.containsKey(path) || objects.contains(path);
    }
}
