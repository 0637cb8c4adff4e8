package dev.cardinal.engine.influxdb2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.engine.RecordedHttp;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 2.x migration against recorded answers ({@link RecordedInfluxV2}): what is sent (method, path, headers, each
 * window's Flux with hostile names escaped), the order, the check of every window, the resume, and the errors.
 */
class FluxMigrationRunTest {
    static final String TOKEN = "s3cr3t-t0ken==";
    static final String HOSTILE = "m\") |> drop() // \\ 'ü\n📈";
    /** Three 7-day windows (autogen's shard groups), aligned to the epoch as the server aligns them: Thursdays. */
    static final List<Instant> WEEKS = List.of(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-08T00:00:00Z"),
        Instant.parse("2026-01-15T00:00:00Z"));

    @TempDir
    Path tmp;
    RecordedInfluxV2 server;
    FluxMigrationRun migration;
    Layout from;

    @BeforeEach
    void start() throws IOException {
        from = new Layout("a", "a", "e", Template.literal(HOSTILE), List.of(TagSpec.of("host\"")),
            List.of(FieldSpec.of("n\"}) |> yield()"), FieldSpec.of("v")), RetentionPlan.AUTOGEN);
        Layout to = new Layout("b", "b", "e", Template.literal(HOSTILE + "2"), List.of(TagSpec.of("n\"}) |> yield()"),
            new TagSpec("renamed \\ host", Template.ref("host\""))), List.of(FieldSpec.of("v")), RetentionPlan.AUTOGEN);
        server = new RecordedInfluxV2(HOSTILE, HOSTILE + "2");
        server.points.put(WEEKS.get(0), 100L);
        server.points.put(WEEKS.get(1), 250L);
        server.points.put(WEEKS.get(2), 40L);
        migration = new FluxMigrationRun(new FluxHttp(server.url(), "my org&x", TOKEN.toCharArray(), Duration.ofSeconds(10)),
            "b\"ucket", from, "b\"ucket", to, null);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void everyWindowRunsOnceInOrderAndIsChecked() throws Exception {
        List<MigrationWindow> windows = migration.windows();
        assertEquals(WEEKS, windows.stream().map(MigrationWindow::start).toList());
        assertEquals(WEEKS.get(2).plus(Duration.ofDays(7)), windows.get(2).stop());
        assertEquals(2, server.requests.size(), "the survey reads the first and last time only");
        assertTrue(server.writes().isEmpty());

        Path file = tmp.resolve("state.json");
        List<String> told = new ArrayList<>();
        FluxMigrationRun.Result r = migration.run(windows, FluxMigrationState.open(file, migration.planIdentity()),
            Instant.parse("2027-01-01T00:00:00Z"), (i, n, w, p, skipped) -> told.add(i + "/" + n + " " + p + " " + skipped));
        assertEquals(new FluxMigrationRun.Result(390, 3, 0), r);
        assertEquals(List.of("1/3 100 false", "2/3 250 false", "3/3 40 false"), told);

        List<RecordedHttp.Request> sent = server.requests.subList(2, server.requests.size());
        assertEquals(9, sent.size(), "per window: the script, the count of the old measurement, the count of the new");
        for (RecordedHttp.Request q : server.requests) {
            assertEquals("POST", q.method());
            assertEquals("/api/v2/query?org=my+org%26x", q.pathAndQuery());
            assertEquals("application/vnd.flux", q.contentType());
            assertEquals("Token " + TOKEN, q.authorization());
        }
        for (int i = 0; i < 3; i++) {
            assertEquals(migration.script(windows.get(i)), sent.get(3 * i).body(), "window " + (i + 1) + " runs in order");
            assertTrue(sent.get(3 * i + 1).body().contains("r._measurement == \"m\\\") |> drop() // \\\\ 'ü\\n📈\")"),
                sent.get(3 * i + 1).body());
            assertTrue(sent.get(3 * i + 2).body().contains("r._measurement == \"m\\\") |> drop() // \\\\ 'ü\\n📈2\")"),
                sent.get(3 * i + 2).body());
        }
        assertTrue(sent.get(0).body().contains("string(v: r[\"n\\\"}) |> yield()\"])"), "hostile names stay names: " + sent.get(0).body());
        assertTrue(sent.get(0).body().contains("range(start: 2026-01-01T00:00:00Z, stop: 2026-01-08T00:00:00Z)"));
        String state = Files.readString(file);
        assertTrue(state.contains("\"points\" : 250"), state);
        assertFalse(state.contains(TOKEN));
    }

    @Test
    void aStopAfterAWindowResumesWithTheRest() throws Exception {
        List<MigrationWindow> windows = migration.windows();
        Path file = tmp.resolve("state.json");
        Instant started = Instant.parse("2027-01-01T00:00:00Z");
        server.unavailable = q -> q.writes() && q.body().contains("range(start: " + WEEKS.get(1));
        IOException lost = assertThrows(IOException.class,
            () -> migration.run(windows, FluxMigrationState.open(file, migration.planIdentity()), started, (i, n, w, p, s) -> { }));
        assertTrue(lost.getMessage().contains("HTTP 503"), lost.getMessage());
        assertEquals(2, server.writes().size(), "window 1 ran, window 2 was cut off");

        server.back();
        int before = server.requests.size();
        resumedRun(windows, file, started);
        List<RecordedHttp.Request> again = server.requests.subList(before, server.requests.size()).stream()
            .filter(RecordedHttp.Request::writes).toList();
        assertEquals(List.of(migration.script(windows.get(1)), migration.script(windows.get(2))),
            again.stream().map(RecordedHttp.Request::body).toList(), "window 1 is not run twice");
    }

    private void resumedRun(List<MigrationWindow> windows, Path file, Instant started) throws Exception {
        // the gone server came back: a new run reads the state file and skips what it holds
        FluxMigrationRun.Result r = migration.run(windows, FluxMigrationState.open(file, migration.planIdentity()), started,
            (i, n, w, p, s) -> { });
        assertEquals(new FluxMigrationRun.Result(390, 2, 1), r);
    }

    @Test
    void aWindowWhoseCountsDifferStopsTheRunNamingIt() throws Exception {
        server.lose.put(WEEKS.get(1), 3L);
        List<MigrationWindow> windows = migration.windows();
        Path file = tmp.resolve("state.json");
        MigrationWindow.CheckFailed e = assertThrows(MigrationWindow.CheckFailed.class, () -> migration.run(windows,
            FluxMigrationState.open(file, migration.planIdentity()), Instant.parse("2027-01-01T00:00:00Z"), (i, n, w, p, s) -> { }));
        assertTrue(e.getMessage().startsWith("window 2 of 3 (2026-01-08T00:00:00Z .. 2026-01-15T00:00:00Z): 250 points in"),
            e.getMessage());
        assertTrue(e.getMessage().contains(", 247 in "), e.getMessage());
        assertEquals(2, server.writes().size(), "window 3 is not run");
        FluxMigrationState state = FluxMigrationState.open(file, migration.planIdentity());
        assertEquals(100L, state.done(WEEKS.get(0)));
        assertEquals(null, state.done(WEEKS.get(1)), "the window that differs is not recorded");
    }

    @Test
    void anOpenWindowRunsButIsNotRecorded() throws Exception {
        List<MigrationWindow> windows = migration.windows();
        Path file = tmp.resolve("state.json");
        migration.run(windows, FluxMigrationState.open(file, migration.planIdentity()), Instant.parse("2026-01-20T00:00:00Z"),
            (i, n, w, p, s) -> { });
        FluxMigrationState state = FluxMigrationState.open(file, migration.planIdentity());
        assertEquals(250L, state.done(WEEKS.get(1)));
        assertEquals(null, state.done(WEEKS.get(2)), "the window the run began in may still receive points");
    }

    @Test
    void aRejectedTokenIsSaidPlainlyAndNotShown() {
        server.status = 401;
        IOException e = assertThrows(IOException.class, () -> migration.windows());
        assertTrue(e.getMessage().startsWith("HTTP 401 from POST /api/v2/query at " + server.url() + ": unauthorized access"
            + " (token missing or rejected"), e.getMessage());
        assertFalse(e.getMessage().contains(TOKEN), e.getMessage());
    }

    @Test
    void aStateFileOfAnotherPlanIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("s.json"), "{\"plan\": \"SELECT other\", \"done\": []}");
        IOException e = assertThrows(IOException.class, () -> FluxMigrationState.open(file, migration.planIdentity()));
        assertTrue(e.getMessage().contains("holds the progress of another migration plan"), e.getMessage());
    }
}
