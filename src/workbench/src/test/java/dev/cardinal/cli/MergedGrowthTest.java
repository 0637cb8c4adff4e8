package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.model.Layout;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.SummaryProjector;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Growth from merged summaries: {@code cardinal analyze A B --workspace W} on the summaries the real job made of the
 * two halves of the ad marketplace's traffic gives every growth class the whole gives (attributes from its rows, series
 * from its one summary), and the whole's numbers at the horizon lie within the merged figures' ranges.
 */
class MergedGrowthTest {
    @TempDir
    Path dir;

    @Test
    void twoHalvesGiveTheWholesClassesAndHorizonWithinRange() throws Exception {
        Path ws = SummaryFixtures.scenario("ad-marketplace", dir);
        CliRun merged = CliRun.of("analyze", SummaryFixtures.summary("ad-marketplace-first-half").toString(),
            SummaryFixtures.summary("ad-marketplace-second-half").toString(), "--workspace", ws.toString(), "--format", "json");
        CliRun rows = CliRun.of("analyze", "--workspace", ws.toString(), "--format", "json");
        assertEquals(0, merged.code(), merged.err());
        assertEquals(0, rows.code(), rows.err());
        JsonNode m = new ObjectMapper().readTree(merged.out()).get("eventKinds").get(0);
        JsonNode r = new ObjectMapper().readTree(rows.out()).get("eventKinds");
        TrafficSummary.Kind whole = TrafficSummaryFile.read(SummaryFixtures.summary("ad-marketplace")).eventKinds().get(0);
        ProjectionSettings settings = dev.cardinal.engines.ServerFor.defaults();
        int checked = 0;
        for (JsonNode layout : m.get("layouts")) {
            String id = layout.get("layout").asText();
            JsonNode exact = find(r, id);
            Layout l = WorkspaceFiles.load(ws).workspace().layout(id).orElseThrow();
            String seriesGrowth = new SummaryProjector(whole).project(l, settings).orElseThrow().seriesFit().growth().name();
            assertEquals(seriesGrowth.toLowerCase(Locale.ROOT), layout.get("seriesGrowth").asText(), id + ": series growth");
            for (JsonNode a : layout.get("attributes")) {
                JsonNode truth = find(exact.get("attributes"), "name", a.get("name").asText());
                String at = id + "/" + a.get("name").asText();
                assertEquals(truth.get("growth"), a.get("growth"), at + ": growth class");
                within(at + " at the horizon", truth.get("atHorizon").asLong(), a.get("atHorizonRange"));
                checked++;
            }
            JsonNode p = layout.get("projection");
            within(id + " series at the horizon", exact.get("projection").get("series").asLong(), p.get("seriesRange"));
            exact.get("projection").get("tags").fields().forEachRemaining(t ->
                within(id + " values of " + t.getKey() + " at the horizon", t.getValue().asLong(), p.get("tagsRange").get(t.getKey())));
            checked++;
        }
        assertEquals(2 * 7 + 2, checked);
    }

    private static void within(String what, long truth, JsonNode range) {
        assertTrue(range != null && range.get("low").asLong() <= truth && truth <= range.get("high").asLong(),
            what + ": the whole gives " + truth + ", the merged halves " + range);
    }

    private static JsonNode find(JsonNode kinds, String layout) {
        return find(kinds, "layout", layout);
    }

    private static JsonNode find(JsonNode array, String key, String value) {
        for (JsonNode n : array) {
            if (n.get(key).asText().equals(value)) {
                return n;
            }
        }
        throw new AssertionError("no " + key + " " + value + " in " + array);
    }
}
