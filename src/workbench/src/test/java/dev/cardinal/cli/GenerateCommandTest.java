package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal generate}: one file per artefact and an index; refusals leave the folder as it was. */
class GenerateCommandTest {
    private static final String WEATHER = "sample-data/weather/weather.cardinal.json";

    @Test
    void writesTheInfluxQlOfEachKindsFirstLayoutAndAnIndex(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("generate", WEATHER, "-o", dir.toString());
        assertEquals(0, r.code(), r.err());
        String influxql = Files.readString(dir.resolve("three-tags.influxql"));
        assertTrue(influxql.startsWith("-- setup\n-- the database\nCREATE DATABASE \"weather\";\n"), influxql);
        assertTrue(influxql.contains("SELECT COUNT(\"temp\") FROM \"weather\" GROUP BY \"crop\";"), influxql);
        String index = Files.readString(dir.resolve("README.md"));
        assertTrue(index.contains("`three-tags.influxql`: InfluxQL for InfluxDB 1.x, layout three-tags"), index);
        try (var files = Files.list(dir)) {
            assertEquals(List.of("README.md", "ThreeTagsWriter.java", "three-tags.bucket-schema.json", "three-tags.buckets.sh",
                    "three-tags.es-mapping.json", "three-tags.examples.flux", "three-tags.influxdb3.influxql", "three-tags.influxdb3.sh",
                    "three-tags.influxdb3.sql", "three-tags.influxql", "three-tags.lp", "three-tags.prometheus.yml",
                    "three-tags.vmagent-relabel.yml", "three-tags.writer.js"),
                files.map(f -> f.getFileName().toString()).sorted().toList());
        }
        String buckets = Files.readString(dir.resolve("three-tags.buckets.sh"));
        assertTrue(buckets.contains("influx bucket create --org weather --name weather/autogen --retention 0"), buckets);
    }

    @Test
    void aRollupIntoATableGetsItsSqlForBothEngines(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("generate", "sample-data/ad-marketplace/ad-marketplace.cardinal.json", "--layout", "ids-as-fields",
            "-o", dir.toString());
        assertEquals(0, r.code(), r.err());
        String maria = Files.readString(dir.resolve("listing-daily.mariadb.sql"));
        assertTrue(maria.contains("CREATE TABLE `listing_daily`") && !maria.contains("?"), maria);
        assertTrue(Files.readString(dir.resolve("listing-daily.mariadb.statements.txt")).contains("ON DUPLICATE KEY UPDATE"));
        String pg = Files.readString(dir.resolve("listing-daily.postgresql.sql"));
        assertTrue(pg.contains("PRIMARY KEY (\"listing_id\", \"day\", \"event\")") && !pg.contains("?"), pg);
        assertTrue(Files.readString(dir.resolve("listing-daily.postgresql.statements.txt")).contains("ON CONFLICT"));
        assertTrue(Files.readString(dir.resolve("ids-as-fields.influxql")).contains("-- rollup listing-daily goes to relational-table"));
        assertTrue(Files.readString(dir.resolve("listing-daily-mariadb.task.flux")).contains("sql.to(driverName: \"mysql\""));
        assertTrue(Files.readString(dir.resolve("listing-daily-postgresql.task.flux")).contains("sql.to(driverName: \"postgres\""));
    }

    @Test
    void rollupsWhoseIdsSlugAlikeGetFilesOfTheirOwn(@TempDir Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(
            Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json").toFile());
        com.fasterxml.jackson.databind.node.ArrayNode rollups = root.withArray("rollups");
        JsonNode daily = rollups.get(0);
        rollups.removeAll();
        for (String id : List.of("x y", "x-y", "X_Y")) {
            rollups.add(daily.deepCopy()).get(rollups.size() - 1);
            ((com.fasterxml.jackson.databind.node.ObjectNode) rollups.get(rollups.size() - 1)).put("id", id).put("name", "rollup " + id);
        }
        Files.copy(Path.of("sample-data/ad-marketplace/traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        Path ws = dir.resolve("ads.cardinal.json");
        json.writeValue(ws.toFile(), root);
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("generate", ws.toString(), "--layout", "ids-as-fields", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        for (String stem : List.of("x-y", "x-y-2", "x-y-3")) {
            for (String engine : List.of("mariadb", "postgresql")) {
                assertTrue(Files.exists(out.resolve(stem + "." + engine + ".sql")), stem + "." + engine + ".sql");
                assertTrue(Files.exists(out.resolve(stem + "." + engine + ".statements.txt")));
                assertTrue(Files.exists(out.resolve(stem + "-" + engine + ".task.flux")), stem + "-" + engine + ".task.flux");
            }
        }
        String index = Files.readString(out.resolve("README.md"));
        assertTrue(index.contains("x-y-3.mariadb.sql") && index.contains("x-y-2.postgresql.sql"), index);
        assertTrue(Files.readString(out.resolve("x-y-3-mariadb.task.flux")).contains("rollup X_Y"), "each file is its own rollup's");
    }

    @Test
    void aLayoutWhoseColumnsCannotBeListedGetsNoSchemaAndTheIndexSaysWhy(@TempDir Path dir) throws Exception {
        assertEquals(0, CliRun.of("generate", WEATHER, "--layout", "data-in-measurement", "-o", dir.toString()).code());
        assertFalse(Files.exists(dir.resolve("data-in-measurement.es-mapping.json")));
        String index = Files.readString(dir.resolve("README.md"));
        assertTrue(index.contains("no bucket schema or index mapping for data-in-measurement: the measurement name is a template"), index);
    }

    @Test
    void slotsGetTheirTables(@TempDir Path dir) throws Exception {
        assertEquals(0, CliRun.of("generate", "sample-data/custom-metrics/custom-metrics.cardinal.json", "--layout", "fixed-slots",
            "-o", dir.toString()).code());
        String pg = Files.readString(dir.resolve("fixed-slots.slots-metric.postgresql.sql"));
        assertTrue(pg.contains("CREATE TABLE \"fixed_slots_metric_slot_map\"") && pg.contains("BETWEEN 1 AND 50"), pg);
        assertTrue(Files.readString(dir.resolve("fixed-slots.slots-metric.mariadb.sql")).contains("ON DUPLICATE KEY UPDATE `next_slot` = `next_slot`"));
        String writer = Files.readString(dir.resolve("FixedSlotsSlotWriter.java"));
        assertTrue(writer.contains("public int slotOf(String tenant, String metric)") && writer.contains(
            "\"SELECT \\\"slot\\\" FROM \\\"fixed_slots_metric_slot_map\\\" WHERE \\\"tenant\\\" = ? AND \\\"metric\\\" = ?\""), writer);
        assertTrue(Files.readString(dir.resolve("README.md")).contains("`FixedSlotsSlotWriter.java`: the slot writer in Java"));
    }

    @Test
    void aDocumentTargetGetsAnIndexTemplatePerLayout(@TempDir Path dir) throws Exception {
        Path ws = dir.resolve("metrics.cardinal.json");
        Files.writeString(ws, Files.readString(Path.of("sample-data/custom-metrics/custom-metrics.cardinal.json"))
            .replaceFirst("\"formatVersion\" *: *1", "\"formatVersion\": 3")
            .replaceFirst("\"targets\" *: *\\[ *]", "\"targets\": [{ \"id\": \"search\", \"name\": \"search\", \"kind\":"
                + " \"opensearch\", \"url\": \"http://127.0.0.1:9200\", \"database\": \"metrics\", \"limits\": {"
                + " \"totalFields\": 300 } }]"));
        Files.copy(Path.of("sample-data/custom-metrics/traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("generate", ws.toString(), "--layout", "fixed-slots", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode t = new ObjectMapper().readTree(out.resolve("fixed-slots.index-template-search.json").toFile());
        assertEquals("[\"metrics\",\"metrics-*\"]", t.get("index_patterns").toString());
        assertEquals(300, t.at("/template/settings/index.mapping.total_fields.limit").asLong());
        assertEquals("strict", t.at("/template/mappings/dynamic").asText());
        assertTrue(Files.readString(out.resolve("README.md")).contains("PUT _index_template/cardinal-fixed-slots"));
        JsonNode searches = new ObjectMapper().readTree(out.resolve("fixed-slots.slot-searches-search.json").toFile());
        assertEquals(50, searches.size(), "one search per slot (max=50)");
        assertEquals("GET /metrics/_search", searches.at("/0/request").asText());
        assertEquals("slot_1", searches.at("/0/body/aggs/stats/stats/field").asText());
        assertTrue(searches.at("/0/body/query/bool/filter/0/term/tenant").isTextual(), searches.get(0).toString());
    }

    @Test
    void refusalsWriteNothing(@TempDir Path dir) {
        CliRun missing = CliRun.of("generate", WEATHER, "--layout", "nope", "-o", dir.toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("no layout 'nope'"), missing.err());
        CliRun slash = CliRun.of("generate", WEATHER, "--database", "a/b", "-o", dir.resolve("out").toString());
        assertEquals(1, slash.code());
        assertTrue(slash.err().contains("'a/b' cannot be used on InfluxDB 1.x"), slash.err());
        assertFalse(Files.exists(dir.resolve("out")));
        // influxd 1.6.7 answers "invalid name" for a database or retention policy it cannot print (line breaks, tabs)
        CliRun unprintable = CliRun.of("generate", WEATHER, "--database", "a\nb", "-o", dir.resolve("out").toString());
        assertEquals(1, unprintable.code());
        assertTrue(unprintable.err().contains("'a\\nb' cannot be used on InfluxDB 1.x: names must be printable"), unprintable.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }
}
