package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cures table of {@code cardinal analyze --kind opensearch}, as text and as JSON, on the custom-metrics documents. */
class AnalyzeCuresTest {

    @Test
    void curesSideBySide(@TempDir Path dir) throws Exception {
        CliRun written = CliRun.of("sample-data", "custom-metrics", "--documents", "-o", dir.toString());
        assertEquals(0, written.code(), written.err());
        String docs = dir.resolve("custom-metrics/documents.ndjson.gz").toString();
        CliRun json = CliRun.of("analyze", docs, "--kind", "opensearch", "--tenant", "tenant", "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode k = new ObjectMapper().readTree(json.out()).get("eventKinds").get(0);
        assertEquals("metrics", k.get("curesObject").asText());
        Map<String, JsonNode> cures = new HashMap<>();
        k.get("cures").forEach(c -> cures.put(c.get("cure").asText(), c));
        assertEquals(7, cures.size(), cures.keySet().toString());
        // what a template declares (the dimensions, the one field) counts toward the limit from the start
        cures.values().forEach(c -> assertTrue(c.get("fields").asLong() <= 1000, c.toString()));
        JsonNode dynamic = cures.get("dynamic mapping");
        assertEquals(k.at("/mapping/fields").asLong(), dynamic.get("fields").asLong());
        JsonNode flat = cures.get("flat_object");
        assertTrue(flat.get("fields").asLong() < 20, flat.toString());
        assertEquals("flat_object", flat.at("/template/template/mappings/properties/metrics/type").asText());
        assertEquals(16 + flat.get("fields").asLong(), cures.get("slots").get("fields").asLong(),
            "the slots: the other keys, metrics and 16 slots in place of its one field");
        assertTrue(dynamic.get("refused").asLong() > flat.get("refused").asLong() + 6_000);
        JsonNode ignore = cures.get("ignore_dynamic_beyond_limit");
        assertEquals(1000, ignore.get("fields").asLong());
        assertTrue(ignore.get("ignoredFields").asLong() > 800, ignore.toString());
        assertEquals(0, ignore.get("refused").asLong() - k.at("/refused/type").asLong(),
            "only the documents with a value their field cannot take are refused");
        assertTrue(cures.get("subobjects: false").get("fields").asLong() < dynamic.get("fields").asLong()
            || cures.get("subobjects: false").get("refused").asLong() < dynamic.get("refused").asLong());
        assertTrue(cures.get("time_series").get("note").asText().startsWith("1 dimension(s) tenant"));

        Path curesDir = dir.resolve("cures");
        CliRun text = CliRun.of("analyze", docs, "--kind", "opensearch", "--tenant", "tenant", "--cures-dir", curesDir.toString());
        assertTrue(text.err().contains("wrote 5 index templates"), text.err());
        JsonNode template = new ObjectMapper().readTree(curesDir.resolve("documents.flat-object.index-template.json").toFile());
        assertEquals(flat.get("template"), template);
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("  cures for the names under metrics, against the limit of 1,000:"), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith("    flat_object ") && l.contains("OpenSearch 2.7+")),
            text.out());
    }

    @Test
    void hostileObjectNameIsShownInert(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.ndjson");
        Files.writeString(file, "{\"@timestamp\":\"2026-01-05T00:00:00Z\",\"bad\\nname */\":{\"a\":1,\"b\":2,\"c\":3,\"d\":4}}\n");
        CliRun text = CliRun.of("analyze", file.toString(), "--kind", "opensearch");
        assertEquals(0, text.code(), text.err());
        assertFalse(text.out().lines().anyMatch(l -> l.startsWith("name */")), text.out());
        assertTrue(text.out().contains("cures for the names under bad"), text.out());
    }

    @Test
    void generateWritesEachCuresTemplateForADocumentTarget(@TempDir Path dir) throws Exception {
        Path ws = DocumentWorkspace.write(dir);
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("generate", ws.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        Path flat = out.resolve("custom-metric.flat-object.index-template.json");
        assertTrue(r.out().contains("Wrote " + flat), r.out());
        JsonNode template = new ObjectMapper().readTree(flat.toFile());
        assertEquals("flat_object", template.at("/template/mappings/properties/metrics/type").asText());
        assertEquals("[\"metrics\",\"metrics-*\"]", template.get("index_patterns").toString(), "the target's index");
        JsonNode ignore = new ObjectMapper().readTree(out.resolve("custom-metric.ignore-dynamic-beyond-limit.index-template.json").toFile());
        assertEquals(5000, ignore.at("/template/settings/index.mapping.total_fields.limit").asLong(), "the target's limit");
    }
}
