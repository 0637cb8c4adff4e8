package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A limit the sample itself already crosses is said to be crossed by the sample, on every engine's line: its time to
 * the limit is zero, which the duration format writes {@code INF} (a retention's forever), so a layout with 80,000
 * series on VictoriaMetrics read "-search.maxSeries after INF", the opposite of what it meant.
 */
class LimitCrossedBySampleTest {

    @Test
    void aLimitTheSampleCrossesIsSaidToBeCrossedAlready(@TempDir Path dir) throws Exception {
        CliRun data = CliRun.of("sample-data", "id-explosion", "--rows", "40000", "-o", dir.toString());
        assertEquals(0, data.code(), data.err());
        String ws = dir.resolve("id-explosion/id-explosion.cardinal.json").toString();

        CliRun text = CliRun.of("analyze", "--workspace", ws, "--layout", "ids-as-tags", "--engines", "victoriametrics");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("first limit: -search.maxSeries already by the sample"), text.out());
        assertFalse(text.out().contains("INF"), text.out());

        CliRun json = CliRun.of("analyze", "--workspace", ws, "--layout", "ids-as-tags", "--engines", "victoriametrics",
            "--format", "json");
        assertEquals(0, json.code(), json.err());
        JsonNode limits = new ObjectMapper().readTree(json.out()).get("counts").get(0).get("limits");
        JsonNode maxSeries = null;
        for (JsonNode l : limits) {
            if (l.get("setting").asText().equals("-search.maxSeries")) {
                maxSeries = l;
            }
        }
        assertTrue(maxSeries != null, limits.toString());
        assertEquals("0s", maxSeries.get("after").asText(), maxSeries.toString());
    }
}
