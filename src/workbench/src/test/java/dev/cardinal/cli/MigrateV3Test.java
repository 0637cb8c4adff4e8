package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.ProbingProxy;
import dev.cardinal.engine.influxdb3.ProbingInfluxV3;
import dev.cardinal.engine.influxdb3.RecordedInfluxV3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal migrate --kind influxdb-3} against recorded answers ({@link RecordedInfluxV3}, with the cost's probe
 * answered beside it by {@link ProbingInfluxV3}).
 */
class MigrateV3Test {
    static final String TOKEN = "apiv3_t0ken-never-shown";

    @TempDir
    Path tmp;
    ProbingInfluxV3 probing;
    RecordedInfluxV3 server;

    @BeforeEach
    void start() throws Exception {
        probing = new ProbingInfluxV3("listing_event", "listing_event_ids-as-fields");
        server = probing.recorded;
        for (String tag : List.of("event", "listing_id", "user_id", "device", "session_id")) {
            server.columns.put(tag, "tag");
        }
        server.columns.put("page_url", "string");
        server.columns.put("count", "integer");
        Instant week = Instant.parse("2026-01-01T00:00:00Z"); // autogen: 7-day windows, from a Thursday
        for (int i = 0; i < 30; i++) {
            Map<String, Object> c = Map.of("event", "view", "listing_id", "L" + i, "user_id", "U" + (i % 7), "device", "phone",
                "session_id", "S" + i, "page_url", "/l/" + i, "count", 1);
            server.points.add(new RecordedInfluxV3.Point(RecordedInfluxV3.nanos(week.plus(Duration.ofHours(i * 9))), c));
        }
    }

    @AfterEach
    void stop() {
        probing.close();
    }

    private CliRun migrate(String... more) {
        return RecordedMigrations.migrate(TOKEN, List.of("--kind", "influxdb-3", "--url", probing.url().toString(), "--database", "ads",
            "--state", tmp.resolve("state.json").toString()), more);
    }

    @Test
    void aDryRunShowsEachWindowsQueryAndWritesNothing() {
        CliRun run = migrate();
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("migrate table listing_event into table listing_event_ids-as-fields in database ads"
            + " (InfluxDB 3): 2 window(s) of 1w, oldest first"), run.out());
        assertTrue(run.out().contains("-- window 2 of 2: 2026-01-08T00:00:00Z .. 2026-01-15T00:00:00Z\nSELECT \"time\" AS \"c0\","
            + " \"event\" AS \"c1\", \"listing_id\" AS \"c2\""), run.out());
        assertTrue(run.out().contains("dry run: nothing written but the probe's table (deleted again)"), run.out());
        assertTrue(server.writeRequests().isEmpty(), "nothing written into the new table");
        assertTrue(run.out().contains("points to rewrite:   30 in 2 shard-group window(s)"), run.out());
        assertTrue(run.out().contains("series (sample):") && run.out().contains("Parquet stores them compressed"), run.out());
        assertTrue(run.out().matches("(?s).*time: +[0-9.]+ s at the target's measured pace.*"), run.out());
        // the probe wrote both windows whole into a table of its own, through the write API, and deleted that table
        String name = dev.cardinal.engine.MigrationPace.probeName("listing_event_ids-as-fields");
        List<ProbingProxy.Request> probe = probing.proxy.answered;
        assertEquals(2, probe.stream().filter(r -> r.pathAndQuery().equals("/api/v3/write_lp?db=ads&precision=nanosecond&accept_partial=false"))
            .count(), probe.toString());
        assertTrue(probe.stream().filter(r -> r.pathAndQuery().startsWith("/api/v3/write_lp")).allMatch(r -> r.body().startsWith(name + ",")));
        ProbingProxy.Request delete = probe.get(probe.size() - 1);
        assertEquals("DELETE /api/v3/configure/table?db=ads&table=" + name, delete.method() + " " + delete.pathAndQuery());
        assertEquals("Bearer " + TOKEN, delete.authorization());
        assertEquals(0, probing.probeLines(), "the probe's table is deleted");
        assertFalse(Files.exists(tmp.resolve("state.json")));
        assertFalse(run.out().contains(TOKEN) || run.err().contains(TOKEN));
    }

    @Test
    void executeRunsAndARerunSkipsWhatIsDone() {
        CliRun run = migrate("--execute");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("migrated: 30 points in 2 window(s) (2 run now, 0 done before; 30 points written now)"), run.out());
        assertTrue(server.copy.values().stream().allMatch(l -> l.startsWith("listing_event_ids-as-fields,event=view listing_id=\"L")),
            server.copy.toString());
        assertTrue(server.copy.values().stream().anyMatch(l -> l.contains(",count=1i ")), "the integer stays an integer");
        CliRun again = migrate("--execute");
        assertEquals(0, again.code(), again.err());
        assertTrue(again.out().contains("migrated: 30 points in 2 window(s) (0 run now, 2 done before; 0 points written now)"),
            again.out());
    }

    @Test
    void dropOldAndRetentionPoliciesAreRefused() {
        CliRun drop = migrate("--execute", "--drop-old", "listing_event");
        assertEquals(2, drop.code());
        assertTrue(drop.err().contains("--drop-old is not offered for InfluxDB 3"), drop.err());
        CliRun rp = migrate("--rp", "autogen");
        assertEquals(2, rp.code());
        assertTrue(rp.err().contains("InfluxDB 3 has no retention policies"), rp.err());
        assertTrue(server.requests.isEmpty());
    }
}
