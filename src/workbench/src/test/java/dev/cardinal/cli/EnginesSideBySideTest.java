package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code cardinal analyze --engines}: one design on several engines, each counted as the engine counts it, and the
 * numbers the same as each engine's own projection ({@code --server-version}) says them.
 */
class EnginesSideBySideTest {
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";
    private static final String WEATHER = "sample-data/weather/weather.cardinal.json";

    private static JsonNode json(String... args) throws Exception {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.code(), r.err());
        return new ObjectMapper().readTree(r.out());
    }

    /** The projection's own JSON for one layout and server version: the figures --engines must agree with. */
    private static JsonNode projection(String workspace, String layout, String version) throws Exception {
        return json("analyze", "--workspace", workspace, "--layout", layout, "--server-version", version, "--format", "json")
            .get("eventKinds").get(0);
    }

    @Test
    void eachEngineCountsEveryLayoutAsItsOwnProjectionDoes() throws Exception {
        for (String ws : List.of(ADS, WEATHER)) {
            JsonNode counts = json("analyze", "--workspace", ws, "--engines", "influxdb,influxdb2,influxdb@1.6.7",
                "--format", "json").get("counts");
            List<String> seen = new ArrayList<>();
            for (JsonNode c : counts) {
                String layout = c.get("layout").asText();
                String engine = c.get("engine").asText();
                seen.add(engine);
                JsonNode series = c.get("figures").get("series");
                if (engine.equals("InfluxDB 2.7.11")) {
                    JsonNode own = projection(ws, layout, "2.7.11");
                    assertEquals(own.get("serverReportedSeries").asLong(), series.get("now").asLong(),
                        ws + " " + layout + ": each 2.x series once, as influxdb.cardinality() reports it");
                    assertEquals(projection(ws, layout, "1.8.10").get("serverReportedSeries").asLong(), series.get("now").asLong(),
                        ws + " " + layout + ": 2.x OSS counts as 1.x from 1.7.8");
                    JsonNode atHorizon = own.get("projection").has("series") ? own.get("projection").get("series") : own.get("series");
                    assertEquals(atHorizon.asLong(), series.get("atHorizon").asLong(), ws + " " + layout + " on 2.x at the horizon");
                } else {
                    String version = engine.substring("InfluxDB ".length());
                    JsonNode own = projection(ws, layout, version);
                    assertEquals(own.get("series").asLong(), series.get("now").asLong(), ws + " " + layout + " on " + engine);
                    JsonNode atHorizon = own.get("projection").has("series") ? own.get("projection").get("series") : own.get("series");
                    assertEquals(atHorizon.asLong(), series.get("atHorizon").asLong(), ws + " " + layout + " on " + engine);
                    assertEquals(own.get("measurements").asLong(), c.get("figures").get("measurements").get("now").asLong());
                    assertTrue(c.get("notes").get(0).asText().contains("reports " + String.format(java.util.Locale.ROOT, "%,d",
                        own.get("serverReportedSeries").asLong())), c.get("notes").toString());
                }
            }
            assertEquals(List.of("InfluxDB 1.8.10", "InfluxDB 2.7.11", "InfluxDB 1.6.7"), seen.subList(0, 3), "in the order asked");
        }
    }

    @Test
    void theTextPutsTheEnginesOfALayoutSideBySide() {
        CliRun r = CliRun.of("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--engines", "influxdb,influxdb2");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertTrue(lines[0].startsWith("listing_event / layout ids-as-tags (at the horizon: 30d)"), r.out());
        assertTrue(lines[1].strip().startsWith("InfluxDB 1.8.10  series 12,934 -> "), r.out());
        assertTrue(lines[2].strip().startsWith("InfluxDB 2.7.11  series 12,934 -> "), r.out());
    }

    @Test
    void theAttributesThatMakeTheMostChurnComeWithEachSeriesEngine() throws Exception {
        JsonNode counts = json("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--engines",
            "victoriametrics,prometheus,influxdb,influxdb2,influxdb3", "--format", "json").get("counts");
        JsonNode vm = counts.get(0).get("churn");
        assertEquals("VictoriaMetrics 1.79.5", counts.get(0).get("engine").asText());
        // what VmProjectionAccuracyTest measures on the real server's per-day index for this layout
        assertEquals("session_id", vm.get(0).get("attribute").asText(), vm.toString());
        assertEquals("1d", vm.get(0).get("window").asText());
        assertEquals(vm.get(0).get("created").asDouble() / vm.get(0).get("windows").asDouble(),
            vm.get(0).get("createdPerWindow").asDouble(), 1e-9);
        JsonNode prometheus = counts.get(1).get("churn");
        assertEquals("1h", prometheus.get(0).get("window").asText(), prometheus.toString());
        assertTrue(prometheus.get(0).get("created").asLong() > 0, prometheus.toString());
        // InfluxDB 1.x and 2.x per 7-day shard group (ProjectionAccuracyTest counts 1.x's from the real server's shard
        // groups); the sample spans three, so two come after the first; a 2.x OSS series holds no field key, so as 1.x
        JsonNode v1 = counts.get(2).get("churn");
        assertEquals("InfluxDB 1.8.10", counts.get(2).get("engine").asText());
        assertEquals("session_id", v1.get(0).get("attribute").asText(), v1.toString());
        assertEquals("1w", v1.get(0).get("window").asText());
        assertEquals(List.of(6435L, 12908L, 2L), List.of(v1.get(0).get("created").asLong(), v1.get(0).get("gone").asLong(),
            v1.get(0).get("windows").asLong()));
        JsonNode v2 = counts.get(3).get("churn");
        assertEquals(List.of(6435L, 12908L), List.of(v2.get(0).get("created").asLong(), v2.get(0).get("gone").asLong()), v2.toString());
        assertEquals(0, counts.get(4).get("churn").size(), "InfluxDB 3 counts tables and columns, no series");

        CliRun text = CliRun.of("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--engines", "victoriametrics");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("most churn: session_id +1,706.3/1d -1,840.3/1d"), text.out());
    }

    @Test
    void anEngineThatCountsNoRowsOrABadVersionIsRefusedWithTheNames() {
        CliRun r = CliRun.of("analyze", "--workspace", ADS, "--engines", "influxdb,graphite");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--engines: 'graphite' is not an engine that counts a sample of rows (influxdb, influxdb2"),
            r.err());
        CliRun v = CliRun.of("analyze", "--workspace", ADS, "--engines", "influxdb@one.two");
        assertEquals(2, v.code());
        assertTrue(v.err().contains("--engines influxdb@one.two"), v.err());
    }
}
