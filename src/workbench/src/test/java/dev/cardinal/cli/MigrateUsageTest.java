package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal migrate}'s refusals, before any server is asked: each says why, and no credential is echoed. */
class MigrateUsageTest {
    static final String WS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    @TempDir
    Path tmp;

    @Test
    void aUrlWithCredentialsIsRefusedWithoutEchoingThem() {
        CliRun run = CliRun.of("migrate", WS, "--from", "ids-as-tags", "--to", "ids-as-fields", "--url",
            "http://admin:hunter2@127.0.0.1:1", "--database", "d");
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().contains("must not carry credentials"), run.err());
        assertFalse(run.err().contains("hunter2") || run.out().contains("hunter2"));
    }

    @Test
    void aFieldMadeATagIsRefusedWithTheReason() {
        CliRun run = CliRun.of("migrate", WS, "--from", "ids-as-fields", "--to", "ids-as-tags", "--url", "http://127.0.0.1:1",
            "--database", "d");
        assertEquals(3, run.code(), run.err());
        assertTrue(run.err().contains("'listing_id' is a field in 'ids-as-fields' and a tag in 'ids-as-tags'"), run.err());
    }

    @Test
    void dropOldNeedsExecuteAndAnUnknownLayoutIsNamed() {
        CliRun drop = CliRun.of("migrate", WS, "--from", "ids-as-tags", "--to", "ids-as-fields", "--url", "http://127.0.0.1:1",
            "--database", "d", "--drop-old", "listing_event");
        assertEquals(2, drop.code());
        assertTrue(drop.err().contains("--drop-old runs only with --execute"), drop.err());
        CliRun unknown = CliRun.of("migrate", WS, "--from", "nope", "--to", "ids-as-fields", "--url", "http://127.0.0.1:1",
            "--database", "d");
        assertEquals(3, unknown.code());
        assertTrue(unknown.err().contains("no layout 'nope'"), unknown.err());
    }

    @Test
    void aStateFileOfAnotherPlanIsRefused() throws Exception {
        Path state = Files.writeString(tmp.resolve("s.json"), "{\"plan\": \"SELECT other\", \"done\": []}");
        var e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
            () -> dev.cardinal.engine.influxdb1.MigrationState.open(state, "SELECT mine"));
        assertTrue(e.getMessage().contains("holds the progress of another migration plan"), e.getMessage());
        Files.writeString(state, "{not json");
        e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
            () -> dev.cardinal.engine.influxdb1.MigrationState.open(state, "SELECT mine"));
        assertTrue(e.getMessage().startsWith(state + ": not a migration state file"), e.getMessage());
    }
}
