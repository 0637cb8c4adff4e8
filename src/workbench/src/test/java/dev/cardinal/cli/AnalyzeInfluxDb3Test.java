package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal analyze --kind influxdb3}: every layout of every shipped scenario counted as tables and columns, each
 * product's limits checked, and the server's recorded answers quoted where a layout runs into them (the texts of
 * influxdb3_catalog/src/error.rs at influxdb v3.9.6).
 */
class AnalyzeInfluxDb3Test {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyLayoutOfEveryScenarioIsCounted() throws Exception {
        for (String scenario : List.of("ad-marketplace", "custom-metrics", "weather")) {
            Path ws = Path.of("sample-data", scenario, scenario + ".cardinal.json");
            JsonNode layouts = JSON.readTree(ws.toFile()).get("layouts");
            List<String> ids = new ArrayList<>();
            layouts.forEach(l -> ids.add(l.get("id").asText()));
            for (String id : ids) {
                JsonNode c = count("--workspace", ws.toString(), "--layout", id);
                assertEquals(id, c.get("layout").asText());
                assertTrue(c.get("engine").asText().startsWith("InfluxDB 3 3.9.6"), c.toString());
                assertTrue(c.at("/figures/tables/now").asLong() >= 1, scenario + "/" + id + ": " + c);
                long tags = c.at("/figures/tagColumnsPerTable/now").asLong();
                long fields = c.at("/figures/fieldColumnsPerTable/now").asLong();
                assertEquals(1 + tags + fields, c.at("/figures/columnsPerTable/now").asLong(), "time + tags + fields: " + c);
                List<String> products = new ArrayList<>();
                c.get("limits").forEach(l -> products.add(l.get("setting").asText()));
                assertEquals(10, products.stream().filter(x -> x.contains(": ")).count(),
                    "every product's table, column and tag limits: " + c);
            }
        }
    }

    /**
     * The shipped weather sample's data-in-measurement layout writes one table per crop, plot and region: 72, a closed
     * set that stays below every product's table limit at any horizon, while the well-formed layout writes one.
     */
    @Test
    void theShippedDataInMeasurementLayoutWritesAClosedSetOfTables() throws Exception {
        Path ws = Path.of("sample-data/weather/weather.cardinal.json");
        JsonNode in = count("--workspace", ws.toString(), "--layout", "data-in-measurement", "--horizon", "52w");
        JsonNode three = count("--workspace", ws.toString(), "--layout", "three-tags", "--horizon", "52w");
        assertEquals(1, three.at("/figures/tables/atHorizon").asLong(), three.toString());
        assertEquals(72, in.at("/figures/tables/now").asLong(), in.toString());
        assertEquals(72, in.at("/figures/tables/atHorizon").asLong(), in.toString());
        tableLimits(in).forEach(l -> assertFalse(l.get("crossed").asBoolean(), l.toString()));
    }

    /**
     * The same layout over traffic where a new plot appears every three minutes (20 tables an hour, steadily): the
     * fit crosses the Cloud products' 500 tables after about 25 hours, Core's 2000 after about 100 and Enterprise's
     * 10000 after about 500, each refused with the server's TooManyTables answer.
     */
    @Test
    void dataInTheMeasurementNameCrossesEachTableLimitWhenItsGrowthSays(@TempDir Path dir) throws Exception {
        StringBuilder sb = new StringBuilder();
        long start = 1_767_571_200_000_000_000L;
        for (int i = 0; i < 600; i++) {
            sb.append("weather,crop=blueberries,plot=").append(i / 3).append(",region=north temp=1.5 ")
                .append(start + i * 60_000_000_000L).append('\n');
        }
        Files.writeString(dir.resolve("traffic.lp"), sb);
        com.fasterxml.jackson.databind.node.ObjectNode w = (com.fasterxml.jackson.databind.node.ObjectNode)
            JSON.readTree(Path.of("sample-data/weather/weather.cardinal.json").toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) w.withArray("samples").get(0)).put("path", "traffic.lp");
        Path ws = dir.resolve("weather.cardinal.json");
        JSON.writeValue(ws.toFile(), w);
        JsonNode in = count("--workspace", ws.toString(), "--layout", "data-in-measurement", "--horizon", "52w");
        assertEquals(200, in.at("/figures/tables/now").asLong(), in.toString());
        for (JsonNode l : tableLimits(in)) {
            assertTrue(l.get("crossed").asBoolean(), l.toString());
            double hours = dev.cardinal.model.Durations.parse(l.get("after").asText()).toMinutes() / 60.0;
            double expected = l.get("value").asLong() / 20.0;
            assertTrue(hours > expected * 0.6 && hours < expected * 1.6, l + ": expected about " + expected + " hours");
        }
        assertTrue(in.get("notes").toString().contains("Update to schema would exceed number of tables limit: attempted to "
            + "create table but already have 2000 table(s) (limit: 2000)"), in.toString());
    }

    private static List<JsonNode> tableLimits(JsonNode count) {
        List<JsonNode> out = new ArrayList<>();
        count.get("limits").forEach(l -> {
            if (l.get("subject").asText().equals("the layout's tables")) {
                out.add(l);
            }
        });
        assertEquals(4, out.size(), count.toString());
        return out;
    }

    /**
     * A name written as a tag and as a field: the reader keeps both, the server refuses the line that carries both
     * with its InvalidColumnType answer (versions/v2/update/tests.rs, "Test 5").
     */
    @Test
    void aTagWrittenAsAFieldIsRefusedWithTheServersAnswer(@TempDir Path dir) throws Exception {
        Path lp = dir.resolve("clash.lp");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            sb.append("cpu,host=h").append(i % 3).append(" value=").append(i).append(' ').append(1_700_000_000_000_000_000L + i * 1_000_000_000L).append('\n');
        }
        sb.append("cpu,host=h1 value=1,host=2.5 1700000100000000000\n");
        Files.writeString(lp, sb);
        JsonNode c = count(lp.toString());
        assertEquals(1, c.at("/figures/tagFieldClashes/now").asLong(), c.toString());
        assertEquals(1, c.at("/figures/refusedLines/now").asLong(), c.toString());
        String notes = c.get("notes").toString();
        assertTrue(notes.contains("invalid column type for column 'host', expected iox::column_type::tag, got "
            + "iox::column_type::field::float"), notes);
        assertTrue(notes.contains("as a tag in some lines and as a field in others"), notes);
    }

    /** The explosion-shaped sample: one table whatever the ids, no cache keyed by a tag that grows. */
    @Test
    void anIdExplosionIsOneTableAndKeysNoCacheByTheIds(@TempDir Path dir) throws Exception {
        assertEquals(0, CliRun.of("sample-data", "id-explosion", "--rows", "3000", "--seed", "3", "-o", dir.toString()).code());
        Path ws = dir.resolve("id-explosion").resolve("id-explosion.cardinal.json");
        JsonNode c = count("--workspace", ws.toString(), "--layout", "ids-as-tags");
        assertEquals(1, c.at("/figures/tables/atHorizon").asLong(), c.toString());
        for (JsonNode l : c.get("limits")) {
            assertFalse(l.get("crossed").asBoolean() && l.get("setting").asText().contains("table"), l.toString());
        }
        assertTrue(c.get("notes").toString().contains("primary key: "), c.toString());
    }

    /** Names with terminal controls reach the notes as visible escapes. */
    @Test
    void hostileNamesAreInertInTheText(@TempDir Path dir) throws Exception {
        Path lp = dir.resolve("hostile.lp");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            sb.append("cpu,ho\u001b[2Jst=h").append(i % 2).append(",re'gion=eu value=").append(i).append(' ')
                .append(1_700_000_000_000_000_000L + i * 1_000_000_000L).append('\n');
        }
        Files.writeString(lp, sb);
        CliRun r = CliRun.of("analyze", lp.toString(), "--kind", "influxdb3");
        assertEquals(0, r.code(), r.err());
        assertFalse(r.out().contains("\u001b"), r.out());
        assertTrue(r.out().contains("ho\\u001b[2Jst") || r.out().contains("ho\\x{1b}[2Jst"), r.out());
    }

    private static JsonNode count(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("analyze"));
        all.addAll(List.of(args));
        all.addAll(List.of("--kind", "influxdb3", "--format", "json"));
        CliRun r = CliRun.of(all.toArray(String[]::new));
        assertEquals(0, r.code(), r.err() + r.out());
        JsonNode counts = JSON.readTree(r.out()).get("counts");
        assertEquals(1, counts.size(), r.out());
        return counts.get(0);
    }
}
