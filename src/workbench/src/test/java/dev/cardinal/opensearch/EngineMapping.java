package dev.cardinal.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/** An index's mapping as the node reports it in {@code GET index/_mapping}: its paths, types and field count. */
public record EngineMapping(Map<String, String> types, long fields) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads the mapping of {@code index} from the node. */
    public static EngineMapping of(OpenSearchNode node, String index) throws IOException, InterruptedException {
        JsonNode root = JSON.readTree(node.ok("GET", "/" + index + "/_mapping", null));
        JsonNode properties = root.path(index).path("mappings").path("properties");
        Map<String, String> types = new TreeMap<>();
        long[] count = {0};
        walk(null, properties, types, count);
        return new EngineMapping(types, count[0]);
    }

    /** Objects and leaves count 1, each multi-field 1 more, as the engine counts toward its total-fields limit. */
    private static void walk(String prefix, JsonNode properties, Map<String, String> types, long[] count) {
        for (Map.Entry<String, JsonNode> e : properties.properties()) {
            String path = prefix == null ? e.getKey() : prefix + "." + e.getKey();
            JsonNode f = e.getValue();
            count[0]++;
            types.put(path, f.path("type").asText("object"));
            if (f.has("properties")) {
                walk(path, f.get("properties"), types, count);
            }
            count[0] += f.path("fields").size();
        }
    }
}
