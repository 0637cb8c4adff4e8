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

/** {@code cardinal lint --engine influxdb3}: InfluxDB 3's own rules, contributed by the engine through the seam. */
class LintInfluxDb3Test {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    @Test
    void aGrowingTagBeforeClosedSetTagsIsReportedWithTheOrderToWrite() throws Exception {
        List<JsonNode> found = findings("lint", ADS, "--layout", "ids-as-tags", "--engine", "influxdb3");
        JsonNode order = found.stream().filter(f -> f.get("rule").asText().equals("influxdb3-tag-order")).findFirst().orElseThrow();
        assertEquals("listing_id", order.get("subject").asText());
        assertTrue(order.get("message").asText().endsWith("first: event, device, listing_id, user_id, session_id."), order.toString());
        assertTrue(order.get("fix").get("applicable").asBoolean(), order.toString());
        List<JsonNode> without = findings("lint", ADS, "--layout", "ids-as-tags");
        assertFalse(without.stream().anyMatch(f -> f.get("rule").asText().startsWith("influxdb3-")), without.toString());
    }

    @Test
    void aNameWrittenAsTagAndFieldIsAnErrorQuotingTheServer(@TempDir Path dir) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            sb.append("cpu,host=h").append(i % 3).append(" value=").append(i).append(",host=").append(i).append(".5 ")
                .append(1_700_000_000_000_000_000L + i * 1_000_000_000L).append('\n');
        }
        Path lp = Files.writeString(dir.resolve("clash.lp"), sb);
        Path ws = dir.resolve("clash.cardinal.json");
        assertEquals(0, CliRun.of("infer", lp.toString(), "-o", ws.toString()).code());
        List<JsonNode> found = findings("lint", ws.toString(), "--engine", "influxdb3");
        JsonNode clash = found.stream().filter(f -> f.get("rule").asText().equals("influxdb3-tag-field-clash")).findFirst()
            .orElseThrow(() -> new AssertionError(found.toString()));
        assertEquals("error", clash.get("severity").asText());
        assertEquals("host", clash.get("subject").asText());
        assertTrue(clash.get("message").asText().contains("invalid column type for column 'host', expected "
            + "iox::column_type::tag, got iox::column_type::field::float"), clash.toString());
        assertTrue(clash.get("evidence").toString().contains("20"), clash.toString());
    }

    /** The column budget finding follows the count: beyond a product's column limit at the horizon, and only then. */
    @Test
    void theColumnBudgetFollowsTheWidestTableAtTheHorizon() throws Exception {
        String ws = "sample-data/custom-metrics/custom-metrics.cardinal.json";
        for (String layout : List.of("metric-names-as-field-keys", "fixed-slots")) {
            for (String horizon : List.of("7d", "52w")) {
                CliRun a = CliRun.of("analyze", "--workspace", ws, "--layout", layout, "--kind", "influxdb3", "--horizon", horizon,
                    "--format", "json");
                assertEquals(0, a.code(), a.err());
                JsonNode count = JSON.readTree(a.out()).get("counts").get(0);
                long columns = count.at("/figures/columnsPerTable/atHorizon").asLong();
                List<JsonNode> found = findings("lint", ws, "--layout", layout, "--engine", "influxdb3", "--horizon", horizon);
                List<JsonNode> budget = found.stream().filter(f -> f.get("rule").asText().equals("influxdb3-column-budget")).toList();
                assertEquals(columns > 200, !budget.isEmpty(), layout + " " + horizon + ": " + columns + " columns, " + budget);
                budget.forEach(b -> assertEquals(columns > 500 ? "error" : "warning", b.get("severity").asText(), b.toString()));
            }
        }
    }

    private static List<JsonNode> findings(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--format", "json"));
        CliRun r = CliRun.of(all.toArray(String[]::new));
        assertTrue(r.code() == 0 || r.code() == LintCommand.FINDINGS, r.err() + r.out());
        List<JsonNode> out = new ArrayList<>();
        JSON.readTree(r.out()).get("findings").forEach(out::add);
        return out;
    }
}
