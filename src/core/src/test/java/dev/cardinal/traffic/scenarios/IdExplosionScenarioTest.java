package dev.cardinal.traffic.scenarios;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdExplosionScenarioTest {

    private static List<String> lines(Path dir) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve(Scenario.TRAFFIC_FILE)))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedOtherIds(@TempDir Path a, @TempDir Path b, @TempDir Path c)
        throws IOException {
        Scenarios.writeExplosion(a, 2_000, 7);
        Scenarios.writeExplosion(b, 2_000, 7);
        Scenarios.writeExplosion(c, 2_000, 8);
        assertArrayEquals(Files.readAllBytes(a.resolve(Scenario.TRAFFIC_FILE)), Files.readAllBytes(b.resolve(Scenario.TRAFFIC_FILE)));
        assertFalse(Arrays.equals(Files.readAllBytes(a.resolve(Scenario.TRAFFIC_FILE)),
            Files.readAllBytes(c.resolve(Scenario.TRAFFIC_FILE))));
    }

    @Test
    void nearlyEveryLineIsANewSeriesWithManyValuesPerIdTag(@TempDir Path dir) throws IOException {
        int rows = 20_000;
        Scenarios.write(Scenarios.EXPLOSION, dir, rows);
        List<String> lines = lines(dir);
        assertEquals(rows, lines.size());
        Set<String> series = new HashSet<>();
        Set<String> users = new HashSet<>();
        Set<String> devices = new HashSet<>();
        long last = Long.MIN_VALUE;
        for (String line : lines) {
            String key = line.substring(0, line.indexOf(' '));
            series.add(key);
            users.add(key.replaceAll(".*,user_id=([^,]*).*", "$1"));
            devices.add(key.replaceAll(".*,device_id=([^,]*).*", "$1"));
            long t = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            assertTrue(t >= last, "time sorted");
            last = t;
        }
        assertTrue(series.size() > 0.99 * rows, series.size() + " series");
        // pools of 0.4 and 0.6 of the rows, drawn uniformly: 0.4 (1 - e^-2.5) and 0.6 (1 - e^-1/0.6) of the rows
        assertEquals(0.367 * rows, users.size(), 0.02 * rows);
        assertEquals(0.487 * rows, devices.size(), 0.02 * rows);
        assertTrue(users.stream().allMatch(u -> u.matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
        assertTrue(Files.exists(dir.resolve("id-explosion.cardinal.json")));
    }

    @Test
    void itIsWritableByNameButNotOneOfTheShippedScenarios() {
        assertTrue(Scenarios.writable().contains(Scenarios.EXPLOSION));
        assertFalse(Scenarios.names().contains(Scenarios.EXPLOSION));
    }
}
