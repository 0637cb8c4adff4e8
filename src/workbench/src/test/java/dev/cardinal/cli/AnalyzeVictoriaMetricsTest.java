package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code cardinal analyze --kind victoriametrics} over a scenario's workspace: the figures VictoriaMetrics holds per
 * layout, in JSON and as text, with its limits and the note on what {@code /api/v1/series/count} reports.
 */
class AnalyzeVictoriaMetricsTest {
    @Test
    void jsonFiguresPerLayout() throws Exception {
        CliRun r = CliRun.of("analyze", "--workspace", "sample-data/weather/weather.cardinal.json", "--kind", "victoriametrics",
            "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode counts = new ObjectMapper().readTree(r.out()).get("counts");
        assertEquals(4, counts.size(), "one count per layout");
        JsonNode threeTags = counts.get(0);
        assertEquals("VictoriaMetrics 1.79.5", threeTags.get("engine").asText());
        assertEquals("three-tags", threeTags.get("layout").asText());
        // 3 crops x 6 plots x 4 regions, every one of them written on every day of the sample
        assertEquals(72, threeTags.at("/figures/series/now").asLong());
        assertEquals(72, threeTags.at("/figures/seriesPerDay/now").asLong());
        assertEquals(3, threeTags.at("/figures/values:crop/now").asLong());
        assertEquals(1, threeTags.at("/figures/values:__name__/now").asLong());
        assertEquals(4, threeTags.at("/figures/labelsPerSeries/now").asLong(), "__name__, crop, plot, region (no ?db=)");
        assertEquals("-maxLabelsPerTimeseries", threeTags.at("/limits/0/setting").asText());
        assertEquals(30, threeTags.at("/limits/0/value").asLong());
        assertTrue(threeTags.at("/limits/0/source").asText().contains("app/vminsert/main.go"));
        assertTrue(threeTags.get("notes").toString().contains("/api/v1/series/count"), threeTags.get("notes").toString());
        JsonNode inMeasurement = counts.get(1);
        assertEquals(72, inMeasurement.at("/figures/values:__name__/now").asLong(), "the data went into metric names");
    }

    @Test
    void textAndTheVersionAsked() {
        CliRun r = CliRun.of("analyze", "--workspace", "sample-data/custom-metrics/custom-metrics.cardinal.json", "--kind", "vm",
            "--server-version", "1.93.0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("VictoriaMetrics 1.93.0: "), r.out());
        assertTrue(r.out().contains("the rules counted are those of 1.79.5"), r.out());
        assertTrue(r.out().contains("limit -search.maxSeries"), r.out());
    }
}
