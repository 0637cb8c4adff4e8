package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.opensearch.MappingCures;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingProjector;
import dev.cardinal.projection.Projections;
import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.scenarios.CustomMetricsDocuments;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cures for the mapping explosion on a real OpenSearch 2.19.6 node. {@code flat_object}: the stream written with
 * {@code _bulk} to an index made from the generated template (the 40,000 custom-metrics documents of the documentation), and the node's {@code _mapping}, the field count it
 * enforces (an index with that mapping is created at a limit of that many fields and refused at one fewer) and
 * the documents it refuses equal the projected ones (dynamic mapping's beside it are the projection that
 * {@link ScenarioMappingNodeTest} checks against the node); what a search can still do
 * over a {@code flat_object} leaf. The Elasticsearch-only cures' templates are refused by the node, each with its
 * reason. Hostile keys under the object stay keys.
 */
class MappingCuresNodeTest extends WithOpenSearchNode {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long LIMIT = 1000;

    private static Map<String, MappingCures.Row> cures(Path file, long limit, String tenant) throws Exception {
        MappingProjection p = Projections.documents(file, tenant, limit).projection();
        return MappingCures.of(file, p, List.of("stream*"), Duration.ofDays(30)).rows().stream()
            .collect(Collectors.toMap(MappingCures.Row::cure, r -> r));
    }

    /** Creates {@code index} with a template's settings and mappings, the limit set; writes the lines; the refusals. */
    private static long write(String index, JsonNode template, long limit, List<String> lines) throws Exception {
        ObjectNode body = template.path("template").deepCopy();
        ((ObjectNode) body.get("settings")).put("index.mapping.total_fields.limit", limit);
        node.ok("PUT", "/" + index, JSON.writeValueAsString(body));
        long refused = 0;
        for (int from = 0; from < lines.size(); from += 2_000) {
            StringBuilder bulk = new StringBuilder();
            lines.subList(from, Math.min(lines.size(), from + 2_000))
                .forEach(l -> bulk.append("{\"index\":{}}\n").append(l).append('\n'));
            for (JsonNode item : JSON.readTree(node.ok("POST", "/" + index + "/_bulk?refresh=true", bulk.toString())).get("items")) {
                if (item.path("index").has("error")) {
                    refused++;
                }
            }
        }
        return refused;
    }

    /** The fields the node enforces for {@code index}'s mapping: a copy is created at that limit, refused at one fewer. */
    private static void assertEnforced(String index, long fields) throws Exception {
        JsonNode mappings = JSON.readTree(node.ok("GET", "/" + index + "/_mapping", null)).path(index).path("mappings");
        String at = "{\"settings\":{\"index.mapping.total_fields.limit\":%d},\"mappings\":" + JSON.writeValueAsString(mappings) + "}";
        assertEquals(200, node.call("PUT", "/" + index + "-at", String.format(at, fields)).status(), "at " + fields);
        NodeAnswer below = NodeAnswer.of(node.call("PUT", "/" + index + "-below", String.format(at, fields - 1)));
        assertEquals(400, below.status(), below.reason());
        assertTrue(below.reason().contains("Limit of total fields [" + (fields - 1) + "] has been exceeded"), below.reason());
        assertEquals(fields, EngineMapping.of(node, index).fields(), "fields in " + index + "'s _mapping");
    }

    private record NodeAnswer(int status, String reason) {
        static NodeAnswer of(OpenSearchNode.Response r) throws Exception {
            return new NodeAnswer(r.status(), r.status() / 100 == 2 ? "" : JSON.readTree(r.body()).at("/error/root_cause/0/reason").asText());
        }
    }

    @Test
    void flatObjectCountsAreTheNodes(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        CustomMetricsDocuments.write(out, CustomMetricsDocuments.defaultRows());
        Path file = dir.resolve("custom.ndjson");
        Files.writeString(file, out.toString());
        List<String> lines = out.toString().lines().toList();
        Map<String, MappingCures.Row> cures = cures(file, LIMIT, "tenant");

        MappingCures.Row flat = cures.get("flat_object");
        long refused = write("flat", JSON.readTree(flat.template()), LIMIT, lines);
        assertEnforced("flat", flat.fields());
        assertEquals(flat.refused(), refused, "documents refused under flat_object");

        // dynamic mapping's row is the projection of these documents, which ScenarioMappingNodeTest writes to the node
        // under dynamic mapping and finds equal to its _mapping and refusals (written here too, it took 30 s more)
        MappingCures.Row dynamic = cures.get("dynamic mapping");
        MappingProjector projector = new MappingProjector();
        try (var in = Files.newInputStream(file)) {
            NdjsonDocuments.read(in, "docs", projector::accept);
        }
        MappingProjection projected = projector.result();
        assertEquals(projected.fields(), dynamic.fields());
        assertEquals(projected.refused().values().stream().mapToLong(Long::longValue).sum(), dynamic.refused());
        assertTrue(dynamic.refused() > flat.refused() + 1_000, "the limit refuses documents only under dynamic mapping: "
            + dynamic.refused() + " against " + flat.refused());
        // the table in opensearch.md
        assertEquals(List.of(9L, 0L, 1000L, 6605L, 25L), List.of(flat.fields(), flat.refused(), dynamic.fields(),
            dynamic.refused(), cures.get("slots").fields()));
        // flattened counts as flat_object does, by Elasticsearch's documented rule
        assertEquals(flat.fields(), cures.get("flattened").fields());
    }

    /** Top-level keys that keep arriving beside the object: the limit refuses documents under flat_object too. */
    @Test
    void flatObjectCountsItsDeclaredFieldTowardTheLimit(@TempDir Path dir) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            ObjectNode doc = JSON.createObjectNode().put("@timestamp", 1_767_571_200_000L + i).put("extra_" + i, i);
            ObjectNode m = doc.putObject("metrics");
            for (int k = 0; k < 50; k++) {
                m.put("name " + (i * 3 + k), k);
            }
            sb.append(JSON.writeValueAsString(doc)).append('\n');
        }
        Path file = dir.resolve("beside.ndjson");
        Files.writeString(file, sb);
        Map<String, MappingCures.Row> cures = cures(file, 20, null);
        MappingCures.Row flat = cures.get("flat_object");
        assertEquals(20, flat.fields(), "@timestamp, metrics and 18 of the extra keys");
        assertEquals(22, flat.refused());
        assertEquals(flat.refused(), write("beside", JSON.readTree(flat.template()), 20, sb.toString().lines().toList()));
        assertEnforced("beside", flat.fields());
    }

    /** Odd values where the object's keys go: a number, an array of objects, null, deep nesting, an empty object. */
    @Test
    void oddValuesUnderTheObject(@TempDir Path dir) throws Exception {
        String deep = "{\"x\":".repeat(25) + "1" + "}".repeat(25);
        List<String> lines = List.of(
            "{\"m\":{\"a\":1,\"b\":2,\"c\":3,\"d\":4}}",
            "{\"m\":5}",
            "{\"m\":[{\"a\":1},{\"e\":\"x\"}]}",
            "{\"m\":null}",
            "{\"m\":" + deep + "}",
            "{\"m\":{}}",
            "{\"m\":{\"a\":[1,2,\"three\"],\"b\":true,\"c\":1.5}}",
            "{\"m\":\"text\"}",
            "{\"m\":[1,2]}",
            "{\"m\":[]}",
            "{\"m\":[{\"a\":1},3]}",
            "{\"m\":[null,{\"a\":1}]}",
            // m.m.KEY=1 of 32,766 UTF-8 bytes is the longest term m._valueAndPath takes; one more refuses the document
            "{\"m\":{\"" + "k".repeat(32_766 - 6) + "\":1}}",
            "{\"m\":{\"" + "k".repeat(32_766 - 5) + "\":1}}",
            "{\"m\":{\"\u00e9" + "k".repeat(32_766 - 8) + "\":1}}",
            "{\"m\":{\"\u00e9" + "k".repeat(32_766 - 7) + "\":1}}",
            "{\"m\":{\"a\":{\"b\":\"" + "v".repeat(32_766 - 10) + "\"}}}",
            "{\"m\":{\"v\":[\"" + "v".repeat(32_766 - 5) + "\"]}}");
        Path file = dir.resolve("odd.ndjson");
        Files.writeString(file, String.join("\n", lines) + "\n");
        MappingCures.Row flat = cures(file, 1000, null).get("flat_object");
        long refused = write("odd", JSON.readTree(flat.template()), 1000, lines);
        assertEquals(refused, flat.refused(), "documents refused");
        assertEquals(7, refused, "4 values that are not objects, 3 terms too long");
        assertEnforced("odd", flat.fields());
    }

    @Test
    void flatObjectLeavesAreKeywords() throws Exception {
        node.ok("PUT", "/leaves", "{\"mappings\":{\"properties\":{\"metrics\":{\"type\":\"flat_object\"}}}}");
        node.ok("POST", "/leaves/_doc?refresh=true", "{\"metrics\":{\"cpu\":9}}");
        node.ok("POST", "/leaves/_doc?refresh=true", "{\"metrics\":{\"cpu\":10}}");
        JsonNode range = JSON.readTree(node.ok("POST", "/leaves/_search",
            "{\"query\":{\"range\":{\"metrics.cpu\":{\"gte\":5}}}}"));
        assertEquals(1, range.at("/hits/total/value").asInt(), "range compares strings: \"10\" < \"5\"");
        assertEquals(9, range.at("/hits/hits/0/_source/metrics/cpu").asInt());
        NodeAnswer sum = NodeAnswer.of(node.call("POST", "/leaves/_search",
            "{\"size\":0,\"aggs\":{\"s\":{\"sum\":{\"field\":\"metrics.cpu\"}}}}"));
        assertEquals(400, sum.status());
        assertTrue(sum.reason().contains("not supported for aggregation [sum]"), sum.reason());
    }

    @Test
    void elasticsearchOnlyCuresAreRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("small.ndjson");
        Files.writeString(file, "{\"@timestamp\":\"2026-01-05T00:00:00Z\",\"host\":\"a\",\"m\":{\"x.y\":1,\"b\":2,\"c\":3,\"d\":4}}\n");
        Map<String, MappingCures.Row> cures = cures(file, 1000, null);
        Map<String, String> reasons = Map.of("flattened", "No handler for type [flattened]",
            "subobjects: false", "unsupported parameters:  [subobjects : false]",
            "ignore_dynamic_beyond_limit", "unknown setting [index.mapping.total_fields.ignore_dynamic_beyond_limit]",
            "time_series", "unknown setting [index.mode]");
        for (Map.Entry<String, String> e : reasons.entrySet()) {
            JsonNode body = JSON.readTree(cures.get(e.getKey()).template()).path("template");
            NodeAnswer a = NodeAnswer.of(node.call("PUT", "/refused-" + e.getKey().replaceAll("[^a-z]", ""),
                JSON.writeValueAsString(body)));
            assertEquals(400, a.status(), e.getKey());
            assertTrue(a.reason().contains(e.getValue()), e.getKey() + ": " + a.reason());
        }
        // nor at the root, nor under OpenSearch's later name for it, nor the dimensions' limit
        Map<String, String> others = Map.of("{\"mappings\":{\"subobjects\":false}}", "unsupported parameters:  [subobjects : false]",
            "{\"mappings\":{\"disable_objects\":true}}", "unsupported parameters:  [disable_objects : true]",
            "{\"settings\":{\"index.mapping.dimension_fields.limit\":4}}", "unknown setting [index.mapping.dimension_fields.limit]");
        int n = 0;
        for (Map.Entry<String, String> e : others.entrySet()) {
            NodeAnswer a = NodeAnswer.of(node.call("PUT", "/refused-other-" + n++, e.getKey()));
            assertEquals(400, a.status(), e.getKey());
            assertTrue(a.reason().contains(e.getValue()), e.getKey() + ": " + a.reason());
        }
    }

    @Test
    void hostileKeysStayKeys(@TempDir Path dir) throws Exception {
        String object = "m\u00e9\"trics";
        List<String> keys = List.of("a.b.c", "quote\"d", "back\\slash", "emoji \uD83D\uDE00", "new\nline", "tab\tname",
            "<script>alert(1)</script>", "{\"dynamic\":true}", "k".repeat(1_000), "\u0645\u0642\u064a\u0627\u0633", "*");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            ObjectNode doc = JSON.createObjectNode().put("@timestamp", String.format("2026-01-05T00:00:%02dZ", i)).put("tenant", "t" + i % 3);
            ObjectNode m = doc.putObject(object);
            for (int k = 0; k <= i; k++) {
                m.put(keys.get(k), i * 10 + k);
            }
            sb.append(JSON.writeValueAsString(doc)).append('\n');
        }
        // a key too long for flat_object's term (refused there), under dynamic mapping a field like any other
        ObjectNode immense = JSON.createObjectNode().put("@timestamp", "2026-01-05T00:01:00Z").put("tenant", "t0");
        immense.putObject(object).put("l".repeat(33_000), 1);
        sb.append(JSON.writeValueAsString(immense)).append('\n');
        Path file = dir.resolve("hostile.ndjson");
        Files.writeString(file, sb);
        Map<String, MappingCures.Row> cures = cures(file, 1000, "tenant");
        MappingCures.Row flat = cures.get("flat_object");
        assertEquals(1, flat.refused());
        assertEquals(1, write("hostile", JSON.readTree(flat.template()), 1000, sb.toString().lines().toList()));
        assertEnforced("hostile", flat.fields());
        for (String key : keys) {
            ObjectNode q = JSON.createObjectNode();
            q.putObject("query").putObject("term").put(object + "." + key, String.valueOf(keys.indexOf(key) * 11));
            JsonNode hits = JSON.readTree(node.ok("POST", "/hostile/_search", JSON.writeValueAsString(q)));
            assertEquals(1, hits.at("/hits/total/value").asInt(), key);
        }
        MappingCures.Row dynamic = cures.get("dynamic mapping");
        assertEquals(dynamic.refused(), write("hostile-dynamic", JSON.readTree("{\"template\":{\"settings\":{}}}"), 1000,
            sb.toString().lines().toList()));
        assertEnforced("hostile-dynamic", dynamic.fields());
    }
}
