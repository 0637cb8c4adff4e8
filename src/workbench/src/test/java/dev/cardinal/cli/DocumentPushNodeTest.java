package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.opensearch.CustomMetricsWorkspace;
import dev.cardinal.opensearch.EngineMapping;
import dev.cardinal.opensearch.WithOpenSearchNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal plan / apply} of a workspace to an OpenSearch index, and {@code cardinal import} of one, on a real
 * 2.19.6 node: created from the layout's template, a second plan a no-op, a changed type a reindex that runs only when
 * allowed and keeps every document, the sample written with its slots and the node's numbers equal to the projected
 * ones, hostile names refused or written as they are, an API key never printed, and an import that gives back the
 * mapping that was pushed.
 */
class DocumentPushNodeTest extends WithOpenSearchNode {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "c2VjcmV0LWFwaS1rZXktZm9yLXRoZS10ZXN0";
    /** Tag keys and a field key that JSON, a URL or a mapping could be broken by, kept as they are. */
    private static final String QUOTED = "say \"hi\"}, \"type\": \"text";
    private static final String UNICODE = "température ☃";
    private static final String LONG = "k".repeat(300);

    private static CliRun cardinal(PushCommand command, String... args) {
        command.secrets = new Secrets(Map.of("CARDINAL_TEST_KEY", KEY), null);
        return CliRun.ofCommand(command, args);
    }

    private static CliRun plan(String... args) {
        return cardinal(new PlanCommand(), args);
    }

    private static CliRun apply(String... args) {
        return cardinal(new ApplyCommand(), args);
    }

    /** custom-metrics with an OpenSearch target: the slots layout's 20,000 rows, each a document. */
    private static Path customMetrics(Path dir, String index) throws Exception {
        return CustomMetricsWorkspace.write(dir, node.uri(), index, 300);
    }

    /**
     * A small workspace whose names are hostile: one event kind, one layout (tags station and {@link #QUOTED}; fields
     * {@link #UNICODE}, count, ok and {@code extra.value}), 3 NDJSON rows, an OpenSearch target with {@code index}.
     */
    private static Path readings(Path dir, String index, String countType, boolean withExtra) throws Exception {
        ObjectNode ws = JSON.createObjectNode().put("formatVersion", 3).put("name", "readings");
        ArrayNode attributes = ws.putArray("eventKinds").addObject().put("name", "reading").putArray("attributes");
        attributes.addObject().put("name", "station").put("type", "string");
        attributes.addObject().put("name", QUOTED).put("type", "string");
        attributes.addObject().put("name", UNICODE).put("type", "float");
        attributes.addObject().put("name", "count").put("type", countType);
        attributes.addObject().put("name", "ok").put("type", "boolean");
        attributes.addObject().put("name", "extra.value").put("type", "integer");
        ObjectNode layout = ws.putArray("layouts").addObject().put("id", "readings").put("name", "readings")
            .put("eventKind", "reading").put("measurement", "readings");
        layout.putArray("tags").add("station").add(QUOTED);
        ArrayNode fields = layout.putArray("fields");
        for (String f : withExtra ? List.of(UNICODE, "count", "ok", "extra.value") : List.of(UNICODE, "count", "ok")) {
            fields.addObject().put("key", f.replace("{", "{{").replace("}", "}}")).put("attribute", f);
        }
        layout.putObject("retention").put("name", "autogen").put("duration", "INF").put("replication", 1);
        ObjectNode sample = ws.putArray("samples").addObject().put("id", "s").put("path", "readings.ndjson")
            .put("format", "ndjson").put("eventKind", "reading").put("precision", "ns").put("timeColumn", "time")
            .put("timeFormat", "rfc3339");
        sample.putArray("tagColumns").add("station").add(QUOTED);
        ws.putArray("rollups");
        ws.putArray("targets").addObject().put("id", "search").put("name", "search").put("kind", "opensearch")
            .put("url", node.uri().toString()).put("database", index);
        ws.putObject("canvas");
        Path file = dir.resolve("readings.cardinal.json");
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(ws));
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            ObjectNode row = JSON.createObjectNode().put("time", "2026-01-05T00:00:0" + i + "Z").put("station", "s" + i)
                .put(QUOTED, "\"}]" + i).put(UNICODE, 1.5 + i).put("count", 10 + i).put("ok", i % 2 == 0).put("extra.value", i);
            rows.append(row).append('\n');
        }
        Files.writeString(dir.resolve("readings.ndjson"), rows);
        return file;
    }

    @Test
    void planApplyAndPlanAgainIsANoOpWithTheSampleAsProjected(@TempDir Path dir) throws Exception {
        Path ws = customMetrics(dir, "metrics");
        CliRun first = plan(ws.toString(), "--target", "search", "--layout", "fixed-slots");
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("create    index-template cardinal-fixed-slots") && first.out().contains("create    index metrics")
            && first.out().contains("2 step(s) to apply"), first.out());
        assertTrue(node.call("HEAD", "/metrics", null).status() == 404, "plan changes nothing");

        CliRun applied = apply(ws.toString(), "--target", "search", "--layout", "fixed-slots", "--yes", "--write-sample",
            "--format", "json");
        assertEquals(0, applied.code(), applied.out() + applied.err());
        JsonNode kind = JSON.readTree(applied.out()).get("eventKinds").get(0);
        assertTrue(kind.get("matches").asBoolean(), kind.toString());
        JsonNode rows = kind.get("rows");
        // @timestamp, tenant and 50 slots
        assertEquals(52, rows.get(0).get("projected").asLong());
        assertEquals(EngineMapping.of(node, "metrics").fields(), rows.get(0).get("measured").asLong(), "the node's own mapping");
        assertEquals(20_000, rows.get(1).get("measured").asLong());
        assertEquals(0, rows.get(2).get("measured").asLong());
        JsonNode settings = JSON.readTree(node.ok("GET", "/metrics/_settings", null)).at("/metrics/settings/index");
        assertEquals("300", settings.at("/mapping/total_fields/limit").asText());
        assertEquals("strict", JSON.readTree(node.ok("GET", "/metrics/_mapping", null)).at("/metrics/mappings/dynamic").asText());

        CliRun again = plan(ws.toString(), "--target", "search", "--layout", "fixed-slots", "--format", "json");
        assertEquals(0, again.code(), again.err());
        assertTrue(JSON.readTree(again.out()).get("noOp").asBoolean(), again.out());
        CliRun twice = apply(ws.toString(), "--target", "search", "--layout", "fixed-slots", "--yes", "--write-sample");
        assertEquals(0, twice.code(), twice.out() + twice.err());
        assertTrue(twice.out().contains("nothing to do") && twice.out().contains("the index holds what was projected"), twice.out());
        assertEquals(20_000, JSON.readTree(node.ok("GET", "/metrics/_count", null)).get("count").asLong(),
            "the sample written again replaces its documents");
    }

    @Test
    void aChangedTypeIsAReindexRunOnlyWhenAllowedAndEveryDocumentIsKept(@TempDir Path dir) throws Exception {
        Path ws = readings(dir, "readings", "float", true);
        CliRun created = apply(ws.toString(), "--target", "search", "--yes", "--write-sample");
        assertEquals(0, created.code(), created.out() + created.err());
        assertEquals("double", EngineMapping.of(node, "readings").types().get("count"));

        // count becomes an integer (long) and extra.value leaves the layout: neither can change in place
        readings(dir, "readings", "integer", false);
        CliRun planned = plan(ws.toString(), "--target", "search");
        assertEquals(1, planned.code(), "a destructive step to allow: " + planned.out() + planned.err());
        assertTrue(planned.out().contains("replace   reindex readings [destructive]") && planned.out().contains("count double -> long")
            && planned.out().contains("extra.value") && planned.out().contains("PUT /readings-r2 ")
            && planned.out().contains("COPY /readings TO /readings-r2"), planned.out());

        CliRun refused = apply(ws.toString(), "--target", "search", "--yes");
        assertEquals(1, refused.code(), refused.out() + refused.err());
        assertTrue(refused.out().contains("left out (destructive): reindex readings"), refused.out());
        assertEquals("double", EngineMapping.of(node, "readings").types().get("count"), "not run without --allow");
        assertEquals(404, node.call("HEAD", "/readings-r2", null).status());

        CliRun allowed = apply(ws.toString(), "--target", "search", "--yes", "--allow", "reindex readings");
        assertEquals(0, allowed.code(), allowed.out() + allowed.err());
        JsonNode alias = JSON.readTree(node.ok("GET", "/_alias/readings", null));
        assertTrue(alias.has("readings-r2") && alias.size() == 1, "the name is now the new index's alias: " + alias);
        EngineMapping after = EngineMapping.of(node, "readings-r2");
        assertEquals("long", after.types().get("count"));
        assertFalse(after.types().containsKey("extra.value"), after.types().toString());
        JsonNode hits = JSON.readTree(node.ok("POST", "/readings/_search", "{\"sort\":[{\"@timestamp\":\"asc\"}]}")).at("/hits/hits");
        assertEquals(3, hits.size(), "every document kept");
        for (int i = 0; i < 3; i++) {
            JsonNode source = hits.get(i).get("_source");
            assertEquals(String.valueOf(i + 1), hits.get(i).get("_id").asText(), "under its own _id");
            assertEquals("\"}]" + i, source.get(QUOTED).asText());
            assertFalse(source.has("extra") || source.has("extra.value"), "the dropped field's value is gone: " + source);
        }
        CliRun settled = plan(ws.toString(), "--target", "search", "--format", "json");
        assertTrue(JSON.readTree(settled.out()).get("noOp").asBoolean(), settled.out());
    }

    @Test
    void hostileNamesAreWrittenAsTheyAreOrRefusedWithTheReason(@TempDir Path dir) throws Exception {
        Path ws = readings(dir, "hostile", "integer", true);
        CliRun applied = apply(ws.toString(), "--target", "search", "--yes", "--write-sample");
        assertEquals(0, applied.code(), applied.out() + applied.err());
        Map<String, String> types = EngineMapping.of(node, "hostile").types();
        assertEquals("keyword", types.get(QUOTED), types.toString());
        assertEquals("double", types.get(UNICODE));
        assertEquals("long", types.get("extra.value"));
        assertEquals("object", types.get("extra"));
        assertEquals(8, types.size(), "exactly the layout's fields and the object of the dotted key: " + types);

        for (String index : List.of("../_cluster", "Upper", "_all", "a b", "a\"b", "x".repeat(256))) {
            readings(dir, index, "integer", true);
            CliRun bad = plan(ws.toString(), "--target", "search");
            assertEquals(3, bad.code(), index);
            assertTrue(bad.err().contains("index name"), index + ": " + bad.err());
        }
        // a key with an empty part between dots: the engine's message would not name it, so Cardinal refuses it first
        for (String field : List.of("a..b", ".a", LONG + ".")) {
            Path other = readings(dir, "refused", "integer", true);
            Files.writeString(other, Files.readString(other).replace("\"extra.value\"", JSON.writeValueAsString(field)));
            CliRun bad = plan(other.toString(), "--target", "search");
            assertEquals(3, bad.code(), field + ": " + bad.out() + bad.err());
            assertTrue(bad.err().contains("field key '" + field + "' has an empty part between dots"), bad.err());
        }
        // a metadata field: the engine refuses the request whole, and its reason, which names the field, is printed
        Path other = readings(dir, "refused", "integer", true);
        Files.writeString(other, Files.readString(other).replace("\"extra.value\"", "\"_id\""));
        CliRun bad = apply(other.toString(), "--target", "search", "--yes", "--api-key-env", "CARDINAL_TEST_KEY");
        assertEquals(3, bad.code(), bad.out() + bad.err());
        assertTrue(bad.err().contains("PUT /_index_template/cardinal-readings: HTTP 400")
            && bad.err().contains("mapper_parsing_exception: Field [_id] is defined more than once"), bad.err());
        assertFalse(bad.out().contains(KEY) || bad.err().contains(KEY), "the API key is never printed");
        assertEquals(404, node.call("HEAD", "/refused", null).status(), "nothing half made");
        assertEquals("[\"hostile\",\"hostile-*\"]", JSON.readTree(node.ok("GET", "/_index_template/cardinal-readings", null))
            .at("/index_templates/0/index_template/index_patterns").toString(), "the template as it was");
    }

    @Test
    void anApiKeyFromTheEnvironmentIsSentAndNeverPrintedOrSaved(@TempDir Path dir) throws Exception {
        Path ws = readings(dir, "keyed", "integer", true);
        String before = Files.readString(ws);
        CliRun applied = apply(ws.toString(), "--target", "search", "--yes", "--write-sample", "--api-key-env", "CARDINAL_TEST_KEY");
        assertEquals(0, applied.code(), applied.out() + applied.err());
        CliRun planned = plan(ws.toString(), "--url", node.uri().toString(), "--kind", "opensearch", "--index", "keyed",
            "--api-key-env", "CARDINAL_TEST_KEY", "--format", "json");
        assertEquals(0, planned.code(), planned.err());
        for (CliRun r : List.of(applied, planned)) {
            assertFalse(r.out().contains(KEY) || r.err().contains(KEY), "never printed");
        }
        assertEquals(before, Files.readString(ws), "the workspace is not rewritten");
        try (var files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertFalse(Files.readString(f).contains(KEY), f + " holds the key");
            }
        }
        CliRun unset = plan(ws.toString(), "--target", "search", "--api-key-env", "NOT_SET_ANYWHERE");
        assertEquals(2, unset.code());
        assertTrue(unset.err().contains("$NOT_SET_ANYWHERE is not set"), unset.err());
        CliRun inUrl = plan(ws.toString(), "--url", "http://elastic:changeme@127.0.0.1:9200", "--kind", "opensearch", "--index", "keyed");
        assertEquals(2, inUrl.code());
        assertTrue(inUrl.err().contains("must not carry credentials"), inUrl.err());
    }

    @Test
    void anImportedIndexGivesBackThePushedMappingAndItsRecentDocuments(@TempDir Path dir) throws Exception {
        Path ws = readings(dir, "imported-from", "integer", true);
        assertEquals(0, apply(ws.toString(), "--target", "search", "--yes", "--write-sample").code());
        Path out = dir.resolve("back").resolve("back.cardinal.json");
        Files.createDirectories(out.getParent());
        ImportCommand importer = new ImportCommand();
        importer.secrets = new Secrets(Map.of(), null);
        CliRun imported = CliRun.ofCommand(importer, "--kind", "opensearch", "--url", node.uri().toString(), "--index",
            "imported-from", "-o", out.toString(), "--sample-docs", "2");
        assertEquals(0, imported.code(), imported.out() + imported.err());
        assertTrue(imported.out().contains("Wrote " + out.resolveSibling("back.sample.ndjson.gz") + " (2 recent documents)"),
            imported.out());

        // the imported workspace pushed to another index builds the same mapping
        CliRun again = apply(out.toString(), "--target", "imported-from", "--index", "round-trip", "--yes", "--write-sample",
            "--format", "json");
        assertEquals(0, again.code(), again.out() + again.err());
        assertEquals(EngineMapping.of(node, "imported-from"), EngineMapping.of(node, "round-trip"));
        JsonNode rows = JSON.readTree(again.out()).at("/eventKinds/0/rows");
        assertEquals(2, rows.get(1).get("measured").asLong(), "the two most recent documents, as the sample");
        JsonNode latest = JSON.readTree(node.ok("POST", "/round-trip/_search", "{\"sort\":[{\"@timestamp\":\"desc\"}]}"))
            .at("/hits/hits/0/_source");
        assertEquals("s2", latest.get("station").asText());
        assertEquals("\"}]2", latest.get(QUOTED).asText());
    }
}
