package dev.cardinal.engine.influxdb3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.MigrationProgress;
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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An InfluxDB 3 migration against recorded answers ({@link RecordedInfluxV3}, whose javadoc names the source files
 * of influxdata/influxdb each answer is taken from): what is sent (paths, bodies, headers), the lines written in the
 * new layout with hostile names escaped, the order, the check of every window, the resume after a stop without writing
 * a point twice, and the errors.
 */
class V3MigrationRunTest {
    static final String TOKEN = "apiv3_s3cr3t-t0ken==";
    static final String TABLE = "m\"; DROP TABLE x; -- \\ 'ü📈";
    static final String INTO = "new, \"m\" = ü📈";
    /** Three 7-day windows (autogen's shard groups), aligned to the epoch: Thursdays. */
    static final List<Instant> WEEKS = List.of(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-08T00:00:00Z"),
        Instant.parse("2026-01-15T00:00:00Z"));
    static final int[] TIMES_PER_WEEK = {10, 25, 4};
    static final Instant LATER = Instant.parse("2027-01-01T00:00:00Z");

    @TempDir
    Path tmp;
    RecordedInfluxV3 server;
    Layout from;
    Layout to;
    V3MigrationRun migration;
    int total;

    @BeforeEach
    void start() throws IOException {
        from = new Layout("a", "a", "e", Template.literal(TABLE), List.of(TagSpec.of("host\""), TagSpec.of("listing_id")),
            List.of(FieldSpec.of("n'"), FieldSpec.of("v"), FieldSpec.of("ok"), FieldSpec.of("note")), RetentionPlan.AUTOGEN);
        to = new Layout("b", "b", "e", Template.literal(INTO), List.of(TagSpec.of("n'"),
            new TagSpec("renamed, host=", Template.ref("host\""))), List.of(new FieldSpec(Template.literal("listing id"), "listing_id"),
            FieldSpec.of("v"), FieldSpec.of("ok"), FieldSpec.of("note")), RetentionPlan.AUTOGEN);
        server = new RecordedInfluxV3(TABLE, INTO);
        server.columns.put("host\"", "tag");
        server.columns.put("listing_id", "tag");
        server.columns.put("n'", "integer");
        server.columns.put("v", "float");
        server.columns.put("ok", "boolean");
        server.columns.put("note", "string");
        int n = 0;
        for (int w = 0; w < WEEKS.size(); w++) {
            for (int j = 0; j < TIMES_PER_WEEK[w]; j++) {
                long t = RecordedInfluxV3.nanos(WEEKS.get(w).plus(Duration.ofHours(1 + j)));
                for (String host : List.of("a, b", "c=d")) { // two points per time, so a batch must not cut a time in two
                    Map<String, Object> c = new LinkedHashMap<>();
                    c.put("host\"", host);
                    c.put("listing_id", "L " + n);
                    c.put("n'", n);
                    c.put("v", n * 0.5);
                    c.put("ok", n % 2 == 0);
                    c.put("note", n % 3 == 0 ? null : "say \"hi\" \\ " + n);
                    server.points.add(new RecordedInfluxV3.Point(t + (w == 0 && j == 0 ? 155 : 0), c));
                    n++;
                }
            }
        }
        total = n;
        migration = new V3MigrationRun(new V3Http(server.url(), "ads", TOKEN.toCharArray(), Duration.ofSeconds(10)), from, to, null, 5);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private MigrationProgress state() throws IOException {
        return MigrationProgress.open(tmp.resolve("state.json"), migration.planIdentity());
    }

    @Test
    void everyWindowRunsInOrderEachPointWrittenOnceAndChecked() throws Exception {
        List<MigrationWindow> windows = migration.windows();
        assertEquals(WEEKS, windows.stream().map(MigrationWindow::start).toList());
        assertTrue(server.writeRequests().isEmpty());
        List<String> told = new java.util.ArrayList<>();
        V3MigrationRun.Result r = migration.run(windows, state(), LATER, (i, n, w, p, s) -> told.add(i + "/" + n + " " + p + " " + s));
        assertEquals(new V3MigrationRun.Result(total, total, 3, 0), r);
        assertEquals(List.of("1/3 20 false", "2/3 50 false", "3/3 8 false"), told);
        assertEquals(total, server.copy.size());
        assertTrue(server.writes.values().stream().allMatch(c -> c == 1), "no point written twice: " + server.writes);

        for (RecordedHttp.Request q : server.requests) {
            assertEquals("POST", q.method());
            assertEquals("Bearer " + TOKEN, q.authorization());
            if (q.writes()) {
                assertEquals("/api/v3/write_lp?db=ads&precision=nanosecond&accept_partial=false", q.pathAndQuery());
            } else {
                assertTrue(Set.of("/api/v3/query_sql", "/api/v3/query_influxql").contains(q.pathAndQuery()), q.pathAndQuery());
                assertEquals("application/json", q.contentType());
                var body = RecordedInfluxV3.JSON.readTree(q.body());
                assertEquals("ads", body.path("db").asText());
                assertEquals("jsonl", body.path("format").asText());
            }
        }
        // the old table's name reaches SQL and InfluxQL quoted, and stays a name
        assertTrue(server.requests.stream().anyMatch(q -> q.q().equals("SHOW FIELD KEYS FROM \"m\\\"; DROP TABLE x; -- \\\\ 'ü📈\"")));
        assertTrue(server.requests.stream().anyMatch(q -> !q.writes() && q.q().contains("FROM \"m\"\"; DROP TABLE x; -- \\ 'ü📈\"")));

        // batches of at least 5 lines end where the time changes, oldest first: no time is cut in two
        long last = Long.MIN_VALUE;
        Set<Long> seen = new HashSet<>();
        for (RecordedHttp.Request w : server.writeRequests()) {
            Set<Long> times = new HashSet<>();
            for (String line : w.body().split("\n")) {
                long t = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
                assertTrue(t >= last, "written oldest first");
                last = t;
                times.add(t);
            }
            assertTrue(times.stream().noneMatch(seen::contains), "a time in two batches");
            seen.addAll(times);
        }

        long first = RecordedInfluxV3.nanos(WEEKS.get(0).plus(Duration.ofHours(1))) + 155;
        assertEquals("new\\,\\ \"m\"\\ =\\ ü📈,n'=1,renamed\\,\\ host\\==c\\=d listing\\ id=\"L 1\",v=0.5,ok=false,"
            + "note=\"say \\\"hi\\\" \\\\ 1\" " + first, server.copy.get("new\\,\\ \"m\"\\ =\\ ü📈,n'=1,renamed\\,\\ host\\==c\\=d " + first));
        assertEquals("new\\,\\ \"m\"\\ =\\ ü📈,n'=0,renamed\\,\\ host\\==a\\,\\ b listing\\ id=\"L 0\",v=0.0,ok=true " + first,
            server.copy.get("new\\,\\ \"m\"\\ =\\ ü📈,n'=0,renamed\\,\\ host\\==a\\,\\ b " + first), "a null field is left out");
        String state = Files.readString(tmp.resolve("state.json"));
        assertTrue(state.contains("\"points\" : 50"), state);
        assertFalse(state.contains(TOKEN));
    }

    @Test
    void aStopAfterABatchWasTakenResumesAfterItWritingNoPointTwice() throws Exception {
        List<MigrationWindow> windows = migration.windows();
        int[] writesInWeek2 = {0};
        String week2 = " " + RecordedInfluxV3.nanos(WEEKS.get(1).plus(Duration.ofHours(1)));
        server.unavailable = q -> q.writes() && (q.body().contains(week2 + "\n") || writesInWeek2[0] > 0) && ++writesInWeek2[0] == 3;
        IOException lost = assertThrows(IOException.class, () -> migration.run(windows, state(), LATER, (i, n, w, p, s) -> { }));
        assertTrue(lost.getMessage().startsWith("HTTP 503 from POST /api/v3/write_lp at " + server.url()), lost.getMessage());
        int taken = server.copy.size();
        assertTrue(taken > 20 && taken < 70, "window 1 and part of window 2 were taken: " + taken);
        assertEquals(20L, state().done(RecordedInfluxV3.nanos(WEEKS.get(0))).points());

        server.back();
        V3MigrationRun.Result r = migration.run(windows, state(), LATER, (i, n, w, p, s) -> { });
        assertEquals(new V3MigrationRun.Result(total, total - taken, 2, 1), r);
        assertEquals(total, server.copy.size());
        assertTrue(server.writes.values().stream().allMatch(c -> c == 1), "no point written twice: " + server.writes);
    }

    @Test
    void aStopInTheFirstWindowResumesIntoTheTableItBegan() throws Exception {
        List<MigrationWindow> windows = migration.windows();
        int[] writes = {0};
        server.unavailable = q -> q.writes() && ++writes[0] == 2;
        assertThrows(IOException.class, () -> migration.run(windows, state(), LATER, (i, n, w, p, s) -> { }));
        assertTrue(server.intoExists);
        assertEquals(0, state().windowsDone());

        server.back();
        assertEquals(total, migration.run(windows, state(), LATER, (i, n, w, p, s) -> { }).points());
        assertTrue(server.writes.values().stream().allMatch(c -> c == 1), "no point written twice: " + server.writes);
    }

    @Test
    void aPointThatArrivedLateInACutOffWindowHasTheWindowWrittenAgainWhole() throws Exception {
        List<MigrationWindow> windows = migration.windows();
        int[] writes = {0};
        server.unavailable = q -> q.writes() && ++writes[0] == 2;
        assertThrows(IOException.class, () -> migration.run(windows, state(), LATER, (i, n, w, p, s) -> { }));
        long early = RecordedInfluxV3.nanos(WEEKS.get(0).plus(Duration.ofMinutes(30)));
        server.points.add(new RecordedInfluxV3.Point(early, Map.of("host\"", "late", "listing_id", "L late", "n'", -1, "v", 1.25)));

        server.back();
        V3MigrationRun.Result r = migration.run(windows, state(), LATER, (i, n, w, p, s) -> { });
        assertEquals(total + 1, r.points());
        assertEquals(total + 1, server.copy.size(), "the late point is carried");
    }

    @Test
    void aTableThatWasThereBeforeIsNotWrittenInto() throws Exception {
        server.intoExists = true;
        List<MigrationWindow> windows = migration.windows();
        IOException e = assertThrows(IOException.class, () -> migration.run(windows, state(), LATER, (i, n, w, p, s) -> { }));
        assertTrue(e.getMessage().startsWith("table " + INTO + " already exists in database ads"), e.getMessage());
        assertTrue(server.writeRequests().isEmpty());
    }

    @Test
    void aWindowWhoseCountsDifferStopsTheRunNamingIt() throws Exception {
        long t = RecordedInfluxV3.nanos(WEEKS.get(1).plus(Duration.ofHours(3)));
        server.lose.add("new\\,\\ \"m\"\\ =\\ ü📈,n'=24,renamed\\,\\ host\\==a\\,\\ b " + t);
        List<MigrationWindow> windows = migration.windows();
        MigrationWindow.CheckFailed e = assertThrows(MigrationWindow.CheckFailed.class,
            () -> migration.run(windows, state(), LATER, (i, n, w, p, s) -> { }));
        assertTrue(e.getMessage().startsWith("window 2 of 3 (2026-01-08T00:00:00Z .. 2026-01-15T00:00:00Z): 50 points in " + TABLE
            + ", 49 in " + INTO), e.getMessage());
        assertEquals(null, state().done(RecordedInfluxV3.nanos(WEEKS.get(1))), "the window that differs is not recorded");
        assertTrue(server.copy.keySet().stream().noneMatch(k -> k.endsWith(" " + RecordedInfluxV3.nanos(WEEKS.get(2).plus(
            Duration.ofHours(1))))), "window 3 is not run");
    }

    @Test
    void anOpenWindowRunsButIsNotRecorded() throws Exception {
        migration.run(migration.windows(), state(), Instant.parse("2026-01-20T00:00:00Z"), (i, n, w, p, s) -> { });
        assertEquals(50L, state().done(RecordedInfluxV3.nanos(WEEKS.get(1))).points());
        assertEquals(null, state().done(RecordedInfluxV3.nanos(WEEKS.get(2))));
    }

    @Test
    void aPointWithoutAFieldOfTheNewLayoutIsNamed() throws Exception {
        server.points.add(new RecordedInfluxV3.Point(RecordedInfluxV3.nanos(WEEKS.get(0).plus(Duration.ofMinutes(1))),
            Map.of("host\"", "x", "n'", 99)));
        IOException e = assertThrows(IOException.class,
            () -> migration.run(migration.windows(), state(), LATER, (i, n, w, p, s) -> { }));
        assertEquals("the point at 2026-01-01T00:01:00Z in " + TABLE + " has no value for any field of the new layout"
            + " (listing id, v, ok, note): it cannot be written", e.getMessage());
    }

    @Test
    void aRejectedTokenIsSaidPlainlyAndNotShown() {
        server.status = 401;
        IOException e = assertThrows(IOException.class, () -> migration.windows());
        assertEquals("HTTP 401 from POST /api/v3/query_sql at " + server.url() + ": token missing or rejected: check the"
            + " variable --token-env names", e.getMessage());
    }

    @Test
    void whatLineProtocolCannotNameIsRefusedBeforeAnyRequest() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new V3MigrationRun(
            new V3Http(server.url(), "ads", null, Duration.ofSeconds(1)), from, to, "two\nlines", 5));
        assertTrue(e.getMessage().startsWith("the table 'two\nlines' cannot be written in line protocol: a newline"), e.getMessage());
        assertTrue(server.requests.isEmpty());
    }
}
