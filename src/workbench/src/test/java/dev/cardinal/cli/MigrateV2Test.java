package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.influxdb2.RecordedInfluxV2;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal migrate --kind influxdb-2} against recorded answers ({@link RecordedInfluxV2}). */
class MigrateV2Test {
    static final String WS = RecordedMigrations.WS;
    static final String TOKEN = "v2-t0ken-never-shown";

    @TempDir
    Path tmp;
    RecordedInfluxV2 server;

    @BeforeEach
    void start() throws Exception {
        server = new RecordedInfluxV2("listing_event", "listing_event_ids-as-fields");
        server.points.put(Instant.parse("2026-01-01T00:00:00Z"), 1200L); // autogen: 7-day windows, from a Thursday
        server.points.put(Instant.parse("2026-01-08T00:00:00Z"), 800L);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private CliRun migrate(String... more) {
        return RecordedMigrations.migrate(TOKEN, List.of("--kind", "influxdb-2", "--url", server.url().toString(), "--org", "acme", "--database", "ads",
            "--state", tmp.resolve("state.json").toString()), more);
    }

    @Test
    void aDryRunShowsEachWindowsFluxAndWritesNothing() {
        CliRun run = migrate();
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("migrate listing_event in bucket ads/autogen into listing_event_ids-as-fields in bucket"
            + " ads/autogen (InfluxDB 2.x, org acme): 2 window(s) of 1w"), run.out());
        assertTrue(run.out().contains("-- window 2 of 2: 2026-01-08T00:00:00Z .. 2026-01-15T00:00:00Z\nfrom(bucket: \"ads/autogen\")"),
            run.out());
        assertTrue(run.out().contains("dry run: nothing written"), run.out());
        assertTrue(server.writes().isEmpty(), "a dry run sends no script that writes");
        assertEquals(2, server.requests.size(), "only the earliest and latest time are read");
        assertFalse(Files.exists(tmp.resolve("state.json")));
    }

    @Test
    void executeRunsAndARerunSkipsWhatIsDone() {
        CliRun run = migrate("--execute");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("migrated: 2000 points in 2 window(s) (2 run now, 0 done before)"), run.out());
        assertEquals(2, server.writes().size());
        CliRun again = migrate("--execute");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("migrated: 2000 points in 2 window(s) (0 run now, 2 done before)"), again.out());
        assertEquals(2, server.writes().size(), "no window runs twice");
    }

    @Test
    void aRejectedTokenIsAClearErrorWithoutTheToken() {
        server.status = 401;
        CliRun run = migrate("--execute");
        assertEquals(MigrateCommand.FAILED, run.code());
        assertTrue(run.err().contains("HTTP 401 from POST /api/v2/query at " + server.url() + ": unauthorized access (token"
            + " missing or rejected"), run.err());
        assertFalse(run.err().contains(TOKEN) || run.out().contains(TOKEN));
    }

    @Test
    void dropOldAndAMissingOrgAreRefused() {
        CliRun drop = migrate("--execute", "--drop-old", "listing_event");
        assertEquals(2, drop.code());
        assertTrue(drop.err().contains("--drop-old is not offered for InfluxDB 2.x"), drop.err());
        MigrateCommand command = new MigrateCommand();
        command.secrets = new Secrets(Map.of(), null);
        CliRun noToken = CliRun.ofCommand(command, WS, "--from", "ids-as-tags", "--to", "ids-as-fields", "--kind", "influxdb-2",
            "--url", server.url().toString(), "--org", "acme", "--database", "ads");
        assertEquals(2, noToken.code());
        assertTrue(noToken.err().contains("InfluxDB 2.x needs a token: set $INFLUX_TOKEN"), noToken.err());
        assertTrue(server.requests.isEmpty());
    }
}
