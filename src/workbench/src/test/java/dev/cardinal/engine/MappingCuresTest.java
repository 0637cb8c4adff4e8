package dev.cardinal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.opensearch.MappingCures;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projections;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Elasticsearch-only cures counted by Elasticsearch's documented rules, on documents small enough to count by
 * hand (no Elasticsearch runs here; {@code MappingCuresNodeTest} checks what OpenSearch has on the node).
 */
class MappingCuresTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Map<String, MappingCures.Row> cures(Path dir, long limit, String... lines) throws Exception {
        Path file = dir.resolve("d.ndjson");
        Files.writeString(file, String.join("\n", lines) + "\n");
        MappingProjection p = Projections.documents(file, null, limit).projection();
        return MappingCures.of(file, p, List.of("d*"), Duration.ofDays(1)).rows().stream()
            .collect(Collectors.toMap(MappingCures.Row::cure, r -> r));
    }

    /** The start of a document at {@code second} past midnight, 5 January 2026. */
    private static String at(int second) {
        return "{\"@timestamp\":\"2026-01-05T00:00:0" + second + "Z\",";
    }

    @Test
    void ignoreBeyondLimitKeepsDocumentsAndIgnoresFields(@TempDir Path dir) throws Exception {
        // limit 9: @timestamp 1, host 2 (text + .keyword), m 1, m.a..m.d 4 = 8 after the first document
        Map<String, MappingCures.Row> c = cures(dir, 9,
            at(0) + "\"host\":\"h\",\"m\":{\"a\":1,\"b\":1,\"c\":1,\"d\":1}}",
            at(1) + "\"m\":{\"e\":1,\"f\":1}}",
            at(2) + "\"m\":{\"g\":\"text\"}}",
            at(3) + "\"m\":{\"a\":\"n/a\"}}");
        MappingCures.Row dynamic = c.get("dynamic mapping");
        assertEquals(8, dynamic.fields());
        assertEquals(3, dynamic.refused(), "e+f and g pass the limit, 'n/a' is no long");
        MappingCures.Row ignore = c.get("ignore_dynamic_beyond_limit");
        assertEquals(9, ignore.fields(), "m.e fits, m.f does not");
        assertEquals(2, ignore.ignoredFields(), "m.f, and m.g (a text wants 2)");
        assertEquals(2, ignore.documentsWithIgnored());
        assertEquals(1, ignore.refused(), "a value its field cannot take still refuses its document");
        JsonNode t = JSON.readTree(ignore.template()).path("template").path("settings");
        assertTrue(t.path("index.mapping.total_fields.ignore_dynamic_beyond_limit").asBoolean());
        assertEquals(9, t.path("index.mapping.total_fields.limit").asLong());
    }

    @Test
    void subobjectsFalseCountsNoObjectPerDot(@TempDir Path dir) throws Exception {
        Map<String, MappingCures.Row> c = cures(dir, 1000,
            at(0) + "\"m\":{\"a.b.c\":1,\"a.b.d\":2,\"q\":{\"r\":1},\"s\":1,\"t\":1}}");
        // dynamic: @timestamp, m, m.a, m.a.b, m.a.b.c, m.a.b.d, m.q, m.q.r, m.s, m.t
        assertEquals(10, c.get("dynamic mapping").fields());
        // subobjects false: @timestamp, m, m.a.b.c, m.a.b.d, m.q.r, m.s, m.t
        assertEquals(7, c.get("subobjects: false").fields());
        assertEquals(2, c.get("flat_object").fields(), "@timestamp and m");
        assertEquals(c.get("flat_object").fields(), c.get("flattened").fields());
    }

    @Test
    void timeSeriesRefusesARepeatedDimensionSetAndTimestamp(@TempDir Path dir) throws Exception {
        Map<String, MappingCures.Row> c = cures(dir, 1000,
            at(0) + "\"host\":\"a\",\"m\":{\"w\":1,\"x\":1,\"y\":1,\"z\":1}}",
            at(0) + "\"host\":\"b\",\"m\":{\"w\":2}}",
            at(0) + "\"host\":\"a\",\"m\":{\"w\":3}}",
            "{\"time\":\"2026-01-05T00:00:01Z\",\"host\":\"a\",\"m\":{\"w\":4}}",
            at(2) + "\"m\":{\"w\":5}}");
        MappingCures.Row ts = c.get("time_series");
        assertEquals(3, ts.refused(), ts.note());
        assertTrue(ts.note().contains("1 refused with 409"), ts.note());
        assertTrue(ts.note().contains("1 without @timestamp") && ts.note().contains("1 without a dimension"), ts.note());
        // host a keyword dimension (1, not text's 2), @timestamp, m and its four, time (the fourth document is refused)
        assertEquals(7, ts.fields());
        JsonNode t = JSON.readTree(ts.template());
        assertEquals("time_series", t.at("/template/settings/index.mode").asText());
        assertTrue(t.at("/template/mappings/properties/host/time_series_dimension").asBoolean());
    }

    @Test
    void flattenedRefusesObjectsDeeperThanItsDepthLimit(@TempDir Path dir) throws Exception {
        String twenty = "{\"x\":".repeat(19) + "1" + "}".repeat(19);
        String deeper = "{\"x\":".repeat(20) + "1" + "}".repeat(20);
        Map<String, MappingCures.Row> c = cures(dir, 1000,
            "{\"m\":{\"a\":1,\"b\":2,\"c\":3,\"d\":4}}",
            "{\"m\":{\"a\":" + twenty + "}}",
            "{\"m\":{\"a\":[" + deeper + "]}}",
            "{\"m\":{\"a\":" + deeper + "}}");
        assertEquals(2, c.get("flattened").refused(), "m and 20 objects within it are taken, 21 are not");
        assertEquals(0, c.get("flat_object").refused(), "OpenSearch 2.19.6 takes 25 levels (MappingCuresNodeTest)");
    }
}
