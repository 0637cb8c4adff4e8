package dev.cardinal.engine.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.projection.DocumentMapping;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An Elasticsearch 8.13+ index with {@code index.mapping.total_fields.ignore_dynamic_beyond_limit: true}, document
 * after document, as the documented rule says
 * (https://www.elastic.co/guide/en/elasticsearch/reference/current/mapping-settings-limit.html): a dynamic field that
 * would take the mapping past {@code index.mapping.total_fields.limit} is not added (as under {@code dynamic: false}),
 * its name goes to the document's {@code _ignored}, and the document is kept. A field is added only with its objects
 * and its {@code .keyword}, in the order the document gives them. A document refused for another reason (a value its
 * field cannot take) is still refused. OpenSearch has no such setting: 2.19.6 answers {@code unknown setting}
 * ({@code MappingCuresNodeTest}).
 */
final class IgnoreBeyondLimit {
    private final DocumentMapping mapping;
    private final Set<String> ignored = new HashSet<>();
    private long documentsWithIgnored;
    private long refused;

    IgnoreBeyondLimit(long limit) {
        this.mapping = new DocumentMapping(limit, DocumentMapping.DEFAULT_DEPTH);
    }

    void index(JsonNode document) {
        DocumentMapping.Outcome o = mapping.index(document);
        if (o.accepted()) {
            return;
        }
        if (o.refusal() != DocumentMapping.Refusal.TOTAL_FIELDS) {
            refused++;
            return;
        }
        // the whole document's values are valid (the limit is checked after them): add its fields one by one
        boolean any = false;
        for (Leaf leaf : leaves(document)) {
            if (!mapping.index(leaf.document()).accepted()) {
                any = true;
                ignored.add(leaf.path());
            }
        }
        if (any) {
            documentsWithIgnored++;
        }
    }

    long fields() {
        return mapping.totalFields();
    }

    /** Distinct field names that went to {@code _ignored}. */
    long ignoredFields() {
        return ignored.size();
    }

    long documentsWithIgnored() {
        return documentsWithIgnored;
    }

    long refused() {
        return refused;
    }

    /** One value of a document, wrapped in its keys as the document gives them. */
    private record Leaf(String path, JsonNode document) {
    }

    private static List<Leaf> leaves(JsonNode document) {
        List<Leaf> out = new ArrayList<>();
        walk(new ArrayList<>(), document, out);
        return out;
    }

    private static void walk(List<String> keys, JsonNode object, List<Leaf> out) {
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            keys.add(e.getKey());
            if (e.getValue().isObject() && !e.getValue().isEmpty()) {
                walk(keys, e.getValue(), out);
            } else {
                JsonNode wrapped = e.getValue();
                for (int i = keys.size() - 1; i >= 0; i--) {
                    ObjectNode o = JsonNodeFactory.instance.objectNode();
                    o.set(keys.get(i), wrapped);
                    wrapped = o;
                }
                out.add(new Leaf(String.join(".", keys), wrapped));
            }
            keys.remove(keys.size() - 1);
        }
    }
}
