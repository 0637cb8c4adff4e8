package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a cluster holds for one layout's index, read with {@code GET _index_template/NAME} and {@code GET /INDEX}:
 * the template, and the index (or, when the name is an alias, the indices behind it) with its mapping and settings.
 *
 * @param template  the stored {@code index_template} (patterns, template), or null when there is none of that name
 * @param concrete  the indices the name resolves to: none when absent, itself when it is an index, the alias's
 *                  indices when it is an alias
 * @param mappings  the {@code mappings} of the first of them, or null
 * @param settings  the {@code settings} of the first of them, or null
 */
record IndexState(JsonNode template, List<String> concrete, JsonNode mappings, JsonNode settings) {
    IndexState {
        concrete = List.copyOf(concrete);
    }

    static IndexState read(IndexHttp http, String templateName, String index) throws IOException, InterruptedException {
        IndexHttp.Response t = http.send("GET", "_index_template/" + IndexHttp.segment(templateName), null);
        JsonNode template = null;
        if (t.ok()) {
            for (JsonNode n : IndexHttp.JSON.readTree(t.body()).path("index_templates")) {
                if (templateName.equals(n.path("name").asText())) {
                    template = n.path("index_template");
                }
            }
        } else if (t.status() != 404) {
            throw new PushException("GET /_index_template/" + templateName + ": " + IndexHttp.problem(t));
        }
        IndexHttp.Response i = http.send("GET", IndexHttp.segment(index), null);
        if (i.status() == 404) {
            return new IndexState(template, List.of(), null, null);
        }
        if (!i.ok()) {
            throw new PushException("GET /" + index + ": " + IndexHttp.problem(i));
        }
        JsonNode body = IndexHttp.JSON.readTree(i.body());
        List<String> names = new ArrayList<>();
        body.fieldNames().forEachRemaining(names::add);
        JsonNode first = names.isEmpty() ? null : body.get(names.get(0));
        return new IndexState(template, names, first == null ? null : first.path("mappings"),
            first == null ? null : first.path("settings"));
    }

    boolean indexExists() {
        return !concrete.isEmpty();
    }

    /** Whether the name is an alias (its one index has another name), as after a reindex. */
    boolean alias(String index) {
        return concrete.size() == 1 && !concrete.get(0).equals(index);
    }
}
