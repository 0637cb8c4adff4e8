package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.codegen.SchemaFiles;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated strict mapping ({@link SchemaFiles#elasticsearchMapping}) on a real OpenSearch 2.19.6 node, for
 * every listable layout of every sample scenario and for hostile attribute names: the node creates the index with
 * exactly the generated fields, accepts a document that carries all of them, and refuses one field more with
 * {@code strict_dynamic_mapping_exception}.
 */
class StrictMappingNodeTest extends WithOpenSearchNode {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyListableLayoutOfEverySampleScenario() throws Exception {
        int checked = 0;
        for (String name : Scenarios.names()) {
            Workspace ws = WorkspaceFiles.load(Path.of("sample-data", name, name + WorkspaceFiles.EXTENSION)).workspace();
            for (Layout l : ws.layouts()) {
                if (SchemaFiles.unlistable(l) == null) {
                    check("s" + checked, ws.eventKind(l.eventKind()).orElseThrow(), l);
                    checked++;
                }
            }
        }
        assertTrue(checked >= 4, "layouts checked: " + checked);
    }

    @Test
    void hostileNamesStayNames() throws Exception {
        List<String> names = List.of("a\"b", "back\\slash", "<script>alert(1)</script>", "drop table x; --",
            "emoji \uD83D\uDE00", "tab\tname", "{\"dynamic\":true}", "*", "new\nline");
        List<Attribute> attributes = new java.util.ArrayList<>();
        List<FieldSpec> fields = new java.util.ArrayList<>();
        for (String n : names) {
            attributes.add(new Attribute(n, ValueType.FLOAT));
            fields.add(new FieldSpec(Template.literal(n), n));
        }
        attributes.add(new Attribute("tenant'", ValueType.STRING));
        EventKind kind = new EventKind("hostile", attributes);
        Layout layout = new Layout("hostile", "hostile", "hostile", Template.literal("m"), List.of(TagSpec.of("tenant'")),
            fields, RetentionPlan.AUTOGEN);
        Map<String, String> types = check("hostile", kind, layout);
        for (String n : names) {
            assertEquals("double", types.get(n), n);
        }
        assertEquals("keyword", types.get("tenant'"));
    }

    /** Creates the index, writes a full document and one with an extra field; returns the node's paths and types. */
    private static Map<String, String> check(String index, EventKind kind, Layout layout) throws Exception {
        JsonNode generated = JSON.readTree(SchemaFiles.elasticsearchMapping(kind, layout));
        ObjectNode body = generated.deepCopy();
        body.putObject("settings").put("number_of_shards", 1).put("number_of_replicas", 0);
        node.ok("PUT", "/" + index, JSON.writeValueAsString(body));
        JsonNode properties = generated.at("/mappings/properties");
        EngineMapping engine = EngineMapping.of(node, index);
        assertEquals(properties.size(), engine.types().size(), layout.id() + ": " + engine.types());

        ObjectNode doc = JSON.createObjectNode();
        for (Map.Entry<String, JsonNode> p : properties.properties()) {
            switch (p.getValue().get("type").asText()) {
                case "date_nanos" -> doc.put(p.getKey(), "2026-01-05T00:00:00.123456789Z");
                case "keyword" -> doc.put(p.getKey(), "v\"'<x>");
                case "long", "unsigned_long" -> doc.put(p.getKey(), 7);
                case "double" -> doc.put(p.getKey(), 1.5);
                case "boolean" -> doc.put(p.getKey(), true);
                default -> throw new AssertionError("unexpected type in " + p);
            }
        }
        OpenSearchNode.Response accepted = node.call("POST", "/" + index + "/_doc", JSON.writeValueAsString(doc));
        assertEquals(201, accepted.status(), layout.id() + ": " + accepted.body());
        doc.put("not_in_the_mapping", 1);
        OpenSearchNode.Response refused = node.call("POST", "/" + index + "/_doc", JSON.writeValueAsString(doc));
        assertEquals(400, refused.status(), refused.body());
        assertTrue(refused.body().contains("strict_dynamic_mapping_exception"), refused.body());
        node.deleteIndex(index);
        return engine.types();
    }
}
