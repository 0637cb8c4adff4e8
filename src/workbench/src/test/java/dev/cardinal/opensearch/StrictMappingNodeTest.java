package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.SchemaFiles;
import dev.cardinal.engine.opensearch.IndexTemplate;
import dev.cardinal.engine.opensearch.SlotSearches;
import dev.cardinal.engine.opensearch.StrictMapping;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LpFixture;
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

    private static final List<String> HOSTILE = List.of("a\"b", "back\\slash", "<script>alert(1)</script>",
        "drop table x; --", "emoji \uD83D\uDE00", "tab\tname", "{\"dynamic\":true}", "*", "new\nline", "end */ of comment");

    private static EventKind hostileKind() {
        List<Attribute> attributes = new java.util.ArrayList<>();
        HOSTILE.forEach(n -> attributes.add(new Attribute(n, ValueType.FLOAT)));
        attributes.add(new Attribute("tenant'", ValueType.STRING));
        return new EventKind("hostile", attributes);
    }

    private static Layout hostileLayout() {
        List<FieldSpec> fields = new java.util.ArrayList<>();
        HOSTILE.forEach(n -> fields.add(new FieldSpec(Template.literal(n), n)));
        return new Layout("hostile \"*/", "hostile", "hostile", Template.literal("m"), List.of(TagSpec.of("tenant'")),
            fields, RetentionPlan.AUTOGEN);
    }

    @Test
    void hostileNamesStayNames() throws Exception {
        Map<String, String> types = check("hostile", hostileKind(), hostileLayout());
        for (String n : HOSTILE) {
            assertEquals("double", types.get(n), n);
        }
        assertEquals("keyword", types.get("tenant'"));
    }

    @Test
    void theIndexTemplateShapesEveryIndexOfTheTarget() throws Exception {
        Target target = new Target("search", "search", Target.Kind.OPENSEARCH, node.uri().toString(), "metrics", null,
            null, new ServerLimits(null, null, null, 50L));
        String name = IndexTemplate.name(hostileLayout());
        assertEquals("cardinal-hostile", name);
        node.ok("PUT", "/_index_template/" + name, IndexTemplate.body(hostileKind(), hostileLayout(), target));
        for (String index : List.of("metrics", "metrics-2026-01")) {
            ObjectNode doc = JSON.createObjectNode().put("@timestamp", "2026-01-05T00:00:00Z").put("tenant'", "t\"1");
            HOSTILE.forEach(n -> doc.put(n, 1.5));
            OpenSearchNode.Response created = node.call("POST", "/" + index + "/_doc?refresh=true",
                JSON.writeValueAsString(doc));
            assertEquals(201, created.status(), created.body());
            EngineMapping m = EngineMapping.of(node, index);
            for (String n : HOSTILE) {
                assertEquals("double", m.types().get(n), n);
            }
            assertEquals(HOSTILE.size() + 2, m.fields(), "the strict mapping and nothing else: " + m.types());
            JsonNode settings = JSON.readTree(node.ok("GET", "/" + index + "/_settings", null));
            assertEquals("50", settings.at("/" + index + "/settings/index/mapping/total_fields/limit").asText());
            assertEquals("0", settings.at("/" + index + "/settings/index/number_of_replicas").asText());
            doc.put("unknown", 1);
            OpenSearchNode.Response refused = node.call("POST", "/" + index + "/_doc", JSON.writeValueAsString(doc));
            assertTrue(refused.body().contains("strict_dynamic_mapping_exception"), refused.body());
            node.deleteIndex(index);
        }
        node.ok("DELETE", "/_index_template/" + name, null);
    }

    @Test
    void theSlotSearchesAnswerForOneTenant() throws Exception {
        String tenantAttr = "ten\"ant */";
        EventKind kind = new EventKind("usage", List.of(new Attribute(tenantAttr, ValueType.STRING),
            new Attribute("metric", ValueType.STRING), new Attribute("value", ValueType.FLOAT)));
        Layout layout = new Layout("slots", "slots", "usage", Template.literal("usage"), List.of(TagSpec.of(tenantAttr)),
            List.of(new FieldSpec(Template.parse("slot_{slot(metric, " + tenantAttr + ", max=3)}"),
                "value")), RetentionPlan.AUTOGEN);
        Target target = new Target("search", "search", Target.Kind.OPENSEARCH, node.uri().toString(), "usage", null,
            null, new ServerLimits(null, null, null, null));
        assertTrue(SlotSearches.applies(layout));
        node.ok("PUT", "/_index_template/" + IndexTemplate.name(layout), IndexTemplate.body(kind, layout, target));
        String tenant = "c\"1\\ \n*/ \u00e9";
        StringBuilder bulk = new StringBuilder();
        String[][] docs = {{tenant, "slot_1", "1.5", "00"}, {tenant, "slot_1", "2.5", "10"}, {tenant, "slot_2", "4", "00"},
            {"other", "slot_1", "100", "00"}};
        for (String[] d : docs) {
            ObjectNode doc = JSON.createObjectNode().put("@timestamp", "2026-01-05T" + d[3] + ":00:00Z").put(tenantAttr, d[0])
                .put(d[1], Double.parseDouble(d[2]));
            bulk.append("{\"index\":{}}\n").append(JSON.writeValueAsString(doc)).append('\n');
        }
        JsonNode written = JSON.readTree(node.ok("POST", "/usage/_bulk?refresh=true", bulk.toString()));
        assertEquals(false, written.get("errors").asBoolean(), written.toString());
        JsonNode searches = JSON.readTree(SlotSearches.forTenant(layout, target, tenant));
        assertEquals(3, searches.size(), "one search per slot");
        double[][] expected = {{2, 4.0}, {1, 4.0}, {0, 0}};
        for (int i = 0; i < 3; i++) {
            JsonNode s = searches.get(i);
            assertEquals("GET /usage/_search", s.get("request").asText());
            JsonNode r = JSON.readTree(node.ok("POST", "/usage/_search", JSON.writeValueAsString(s.get("body"))));
            assertEquals((long) expected[i][0], r.at("/hits/total/value").asLong(), s.toString());
            assertEquals((long) expected[i][0], r.at("/aggregations/stats/count").asLong());
            assertEquals(expected[i][1], r.at("/aggregations/stats/sum").asDouble(), 1e-9);
        }
        JsonNode first = JSON.readTree(node.ok("POST", "/usage/_search", JSON.writeValueAsString(searches.get(0).get("body"))));
        assertEquals(11, first.at("/aggregations/hourly/buckets").size(), "00:00 to 10:00, hour by hour");
        node.deleteIndex("usage");
        node.ok("DELETE", "/_index_template/" + IndexTemplate.name(layout), null);
    }

    @Test
    void projectedDocumentsOfRowsWithoutASlotsNameOrScopeAreAccepted() throws Exception {
        // rows 2 and 4 lack the slot's name (metric), row 3 its scope (tenant): the slot writer gives them no slot
        EventKindSample sample = LpFixture.read("""
            usage,ten"ant=t\\ 1,metric=c"pu value=1.5 1000
            usage,ten"ant=t\\ 1 value=2.5 2000
            usage,metric=c"pu value=3.5 3000
            usage,ten"ant=t\\ 1 value=4.5 4000
            usage,ten"ant=t\\ 1,metric=CPU value=5.5 5000
            """).eventKinds().get(0);
        EventKind kind = new EventKind("usage", List.of(new Attribute("ten\"ant", ValueType.STRING),
            new Attribute("metric", ValueType.STRING), new Attribute("value", ValueType.FLOAT)));
        Layout layout = new Layout("named", "named", "usage", Template.literal("usage"), List.of(TagSpec.of("ten\"ant")),
            List.of(new FieldSpec(Template.parse("slot_{slot(metric, ten\"ant, max=3)}"), "value")), RetentionPlan.AUTOGEN);
        Target target = new Target("search", "search", Target.Kind.OPENSEARCH, node.uri().toString(), "named", null,
            null, new ServerLimits(null, null, null, null));
        LayoutDocuments projected = new LayoutDocuments(layout, new SampleIndex(sample));
        assertEquals(5, projected.rows());
        StringBuilder bulk = new StringBuilder();
        List<String> keys = new java.util.ArrayList<>();
        for (int row = 0; row < projected.rows(); row++) {
            JsonNode doc = projected.document(row).json();
            keys.add(String.join(" ", (Iterable<String>) () -> doc.fieldNames()));
            bulk.append("{\"index\":{}}\n").append(JSON.writeValueAsString(doc)).append('\n');
        }
        assertEquals(List.of("@timestamp ten\"ant slot_1", "@timestamp ten\"ant", "@timestamp", "@timestamp ten\"ant",
            "@timestamp ten\"ant slot_2"), keys);
        node.ok("PUT", "/_index_template/" + IndexTemplate.name(layout), IndexTemplate.body(kind, layout, target));
        try {
            JsonNode written = JSON.readTree(node.ok("POST", "/named/_bulk?refresh=true", bulk.toString()));
            assertEquals(false, written.get("errors").asBoolean(), "the strict mapping refused a document: " + written);
            JsonNode count = JSON.readTree(node.ok("GET", "/named/_count", null));
            assertEquals(5, count.get("count").asLong());
        } finally {
            node.call("DELETE", "/named", null);
            node.call("DELETE", "/_index_template/" + IndexTemplate.name(layout), null);
        }
    }

    /** Creates the index, writes a full document and one with an extra field; returns the node's paths and types. */
    private static Map<String, String> check(String index, EventKind kind, Layout layout) throws Exception {
        JsonNode generated = JSON.readTree(StrictMapping.of(kind, layout));
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
