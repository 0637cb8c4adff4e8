package dev.cardinal.traffic.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.cli.CliRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The clocks a scenario's traffic can be stamped with: what each does to the timestamps, and only that. */
class ClockTest {

    @Test
    void eachClockCutsTheInstantsAndKeepsTheTrafficOtherwise(@TempDir Path dir) throws IOException {
        for (String name : Scenarios.names()) {
            long[] exact = timestamps(Scenarios.write(name, dir.resolve(name + "-exact"), 5_000, Clock.EXACT));
            for (Clock clock : new Clock[]{Clock.MILLISECONDS, Clock.SECONDS, Clock.BURST}) {
                long[] ts = timestamps(Scenarios.write(name, dir.resolve(name + "-" + clock.optionName()), 5_000, clock));
                assertEquals(5_000, ts.length, name + " " + clock);
                int longestRun = 1;
                for (int i = 0, run = 1; i < ts.length; i++) {
                    long unit = clock == Clock.SECONDS ? 1_000_000_000L : 1_000_000L;
                    assertEquals(0, ts[i] % unit, name + " " + clock + " line " + (i + 1));
                    assertTrue(i == 0 || ts[i] >= ts[i - 1], "in time order: " + name + " " + clock);
                    run = i > 0 && ts[i] == ts[i - 1] ? run + 1 : 1;
                    longestRun = Math.max(longestRun, run);
                }
                assertTrue(Math.abs(ts[ts.length - 1] - exact[exact.length - 1]) < 86_400_000_000_000L,
                    "the same span of traffic: " + name + " " + clock);
                if (clock == Clock.BURST) {
                    assertTrue(longestRun >= 4, name + ": bursts share an instant, longest " + longestRun);
                }
            }
            for (int i = 1; i < exact.length; i++) {
                // the shipped clock: the scenarios that stamp milliseconds keep them apart
                assertTrue(name.equals("weather") || exact[i] > exact[i - 1], name + " line " + (i + 1));
            }
        }
    }

    @Test
    void sampleDataTakesAClockByNameAndRefusesAnUnknownOne(@TempDir Path dir) throws IOException {
        CliRun ok = CliRun.of("sample-data", "ad-marketplace", "--rows", "1000", "--clock", "s", "-o", dir.toString());
        assertEquals(0, ok.code(), ok.err());
        long[] ts = timestamps(dir.resolve("ad-marketplace/ad-marketplace.cardinal.json"));
        assertTrue(java.util.Arrays.stream(ts).allMatch(t -> t % 1_000_000_000L == 0), "whole seconds");
        CliRun bad = CliRun.of("sample-data", "ad-marketplace", "--clock", "minutes", "-o", dir.toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--clock: unknown clock 'minutes' (expected exact, ms, s or burst)"), bad.err());
        assertThrows(IllegalArgumentException.class, () -> Clock.ofOption("sec"));
    }

    /** The timestamps of the traffic beside a scenario's workspace file, in file order. */
    private static long[] timestamps(Path workspace) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(workspace.resolveSibling(Scenario.TRAFFIC_FILE)))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).toArray();
        }
    }
}
