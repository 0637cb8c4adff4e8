package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.ProbingProxy;
import dev.cardinal.engine.influxdb2.ProbingInfluxV2;
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

/**
 * {@code cardinal migrate --kind influxdb-2} against recorded answers ({@link RecordedInfluxV2}, with the cost's probe
 * answered beside it by {@link ProbingInfluxV2}).
 */
class MigrateV2Test {
    static final String WS = RecordedMigrations.WS;
    static final String TOKEN = "v2-t0ken-never-shown";

    @TempDir
    Path tmp;
    ProbingInfluxV2 probing;
    RecordedInfluxV2 server;

    @BeforeEach
    void start() throws Exception {
        probing = new ProbingInfluxV2("listing_event", "listing_event_ids-as-fields");
        server = probing.recorded;
        server.points.put(Instant.parse("2026-01-01T00:00:00Z"), 1200L); // autogen: 7-day windows, from a Thursday
        server.points.put(Instant.parse("2026-01-08T00:00:00Z"), 800L);
    }

    @AfterEach
    void stop() {
        probing.close();
    }

    private CliRun migrate(String... more) {
        return RecordedMigrations.migrate(TOKEN, List.of("--kind", "influxdb-2", "--url", probing.url().toString(), "--org", "acme", "--database", "ads",
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
        assertTrue(run.out().contains("dry run: nothing written but the probe (deleted again)"), run.out());
        assertTrue(server.writes().isEmpty(), "a dry run sends no script that writes into the new measurement");
        // the earliest and latest time, each window's points, and the probe's count of each window it rewrote, both sides
        // (the probe's own side answered by the old measurement's count, as ProbingInfluxV2 records it)
        assertEquals(8, server.requests.size(), server.requests.toString());
        // the cost: the points counted on the server, the layouts projected over the sample, the time at the probed pace
        assertTrue(run.out().contains("points to rewrite:   2,000 in 2 shard-group window(s)"), run.out());
        assertTrue(run.out().contains("series (sample):") && run.out().contains("index memory freed:"), run.out());
        assertTrue(run.out().matches("(?s).*time: +[0-9.]+ s at the target's measured pace.*"), run.out());
        // the probe wrote into a measurement of its own (2 windows of 1,200 and 800 points: each whole) and deleted it again
        String name = dev.cardinal.engine.MigrationPace.probeName("listing_event_ids-as-fields");
        List<ProbingProxy.Request> probe = probing.proxy.answered;
        assertEquals(2, probe.stream().filter(r -> r.body().contains("|> to(bucket: \"ads/autogen\"")).count(), probe.toString());
        ProbingProxy.Request delete = probe.get(probe.size() - 1);
        assertEquals("POST /api/v2/delete?org=acme&bucket=ads%2Fautogen", delete.method() + " " + delete.pathAndQuery());
        assertEquals("{\"start\":\"2026-01-01T00:00:00Z\",\"stop\":\"2026-01-15T00:00:00Z\",\"predicate\":\"_measurement=\\\"" + name
            + "\\\"\"}", delete.body());
        assertEquals("Token " + TOKEN, delete.authorization());
        assertFalse(probing.probeHolds(), "the probe's points are deleted");
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
        assertTrue(run.err().contains("HTTP 401 from POST /api/v2/query at " + probing.url() + ": unauthorized access (token"
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
            "--url", probing.url().toString(), "--org", "acme", "--database", "ads");
        assertEquals(2, noToken.code());
        assertTrue(noToken.err().contains("InfluxDB 2.x needs a token: set $INFLUX_TOKEN"), noToken.err());
        assertTrue(server.requests.isEmpty());
    }
}
