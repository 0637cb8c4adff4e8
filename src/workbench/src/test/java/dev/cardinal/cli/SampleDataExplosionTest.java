package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal sample-data id-explosion}: by name only, seeded, and analyzed as every line a new series. */
class SampleDataExplosionTest {

    @Test
    void theSeedDecidesTheBytesAndEveryLineIsANewSeries(@TempDir Path a, @TempDir Path b, @TempDir Path c) throws Exception {
        assertEquals(0, CliRun.of("sample-data", "id-explosion", "--rows", "5000", "--seed", "3", "-o", a.toString()).code());
        assertEquals(0, CliRun.of("sample-data", "id-explosion", "--rows", "5000", "--seed", "3", "-o", b.toString()).code());
        assertEquals(0, CliRun.of("sample-data", "id-explosion", "--rows", "5000", "--seed", "4", "-o", c.toString()).code());
        Path traffic = a.resolve("id-explosion").resolve("traffic.lp.gz");
        assertArrayEquals(Files.readAllBytes(traffic), Files.readAllBytes(b.resolve("id-explosion").resolve("traffic.lp.gz")));
        assertFalse(Arrays.equals(Files.readAllBytes(traffic), Files.readAllBytes(c.resolve("id-explosion").resolve("traffic.lp.gz"))));
        CliRun r = CliRun.of("analyze", "--workspace", a.resolve("id-explosion").resolve("id-explosion.cardinal.json").toString(),
            "--layout", "ids-as-tags", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode k = new ObjectMapper().readTree(r.out()).get("eventKinds").get(0);
        assertEquals(5000, k.get("points").asLong());
        assertTrue(k.get("series").asLong() > 4950, k.get("series").asText());
    }

    @Test
    void allMeansTheThreeShippedScenarios(@TempDir Path dir) {
        CliRun r = CliRun.of("sample-data", "--rows", "10", "-o", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertFalse(Files.exists(dir.resolve("id-explosion")));
        assertTrue(CliRun.of("sample-data", "no-such", "-o", dir.toString()).err().contains("id-explosion"));
    }
}
