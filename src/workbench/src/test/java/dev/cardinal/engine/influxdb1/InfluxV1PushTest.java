package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Applied;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Plan and apply against a real influxd: drift, destructive steps allowed by name, conflicts, cancel and resume. */
class InfluxV1PushTest extends ScratchServerTest {
    private static final Path WEATHER = Path.of("sample-data/weather/weather.cardinal.json");

    private static Workspace weatherWithDailyRollup(Layout layout) throws Exception {
        return WeatherFixture.withDailyRollup(layout);
    }

    private static Layout threeTags(Duration keep) throws Exception {
        return WeatherFixture.threeTags(keep);
    }

    private static Map<String, PlanStep.Action> actions(Plan p) {
        return p.steps().stream().collect(Collectors.toMap(PlanStep::subject, PlanStep::action));
    }

    @Test
    void planCreatesEverythingOnAnEmptyServerAndApplyTwiceIsANoOp() throws Exception {
        Layout layout = threeTags(Duration.ofDays(60));
        Workspace ws = weatherWithDailyRollup(layout);
        InfluxV1Push push = new InfluxV1Push(client, "plan_once");
        Plan plan = push.plan(ws, List.of(layout));
        assertEquals(Map.of("database plan_once", PlanStep.Action.CREATE, "retention-policy raw", PlanStep.Action.CREATE,
            "retention-policy daily", PlanStep.Action.CREATE, "continuous-query cq_crop-daily", PlanStep.Action.CREATE),
            actions(plan), plan.text());
        assertEquals(4, push.apply(plan, Set.of(), PushMonitor.NONE).ran().size());

        Plan again = push.plan(ws, List.of(layout));
        assertTrue(again.noOp(), again.text());
        assertEquals(List.of(), push.apply(again, Set.of(), PushMonitor.NONE).ran());
        InfluxV1State state = InfluxV1State.read(client, "plan_once");
        assertTrue(state.retentionPolicies().get("raw").isDefault());
        assertEquals(Duration.ofDays(1), state.retentionPolicies().get("raw").shardGroupDuration());
    }

    @Test
    void aLongerRetentionIsAlteredAShorterOneOnlyWhenAllowedByName() throws Exception {
        InfluxV1Push push = new InfluxV1Push(client, "drift");
        Layout keep60 = threeTags(Duration.ofDays(60));
        Workspace ws = WorkspaceFiles.load(WEATHER).workspace().withLayout(keep60);
        push.apply(push.plan(ws, List.of(keep60)), Set.of(), PushMonitor.NONE);

        Layout keep90 = threeTags(Duration.ofDays(90));
        Plan longer = push.plan(ws.withLayout(keep90), List.of(keep90));
        PlanStep alter = longer.steps().stream().filter(s -> s.subject().equals("retention-policy raw")).findFirst().orElseThrow();
        assertEquals(PlanStep.Action.ALTER, alter.action());
        assertEquals(false, alter.destructive(), alter.reason());
        push.apply(longer, Set.of(), PushMonitor.NONE);
        assertEquals(Duration.ofDays(90), InfluxV1State.read(client, "drift").retentionPolicies().get("raw").duration());

        Layout keep7 = threeTags(Duration.ofDays(7));
        Plan shorter = push.plan(ws.withLayout(keep7), List.of(keep7));
        assertEquals(List.of("retention-policy raw"), shorter.blocked(Set.of()).stream().map(PlanStep::subject).toList());
        Applied refused = push.apply(shorter, Set.of(), PushMonitor.NONE);
        assertEquals(List.of(), refused.ran());
        assertEquals(Duration.ofDays(90), InfluxV1State.read(client, "drift").retentionPolicies().get("raw").duration(),
            "nothing destructive without asking");
        push.apply(shorter, Set.of("retention-policy raw"), PushMonitor.NONE);
        assertEquals(Duration.ofDays(7), InfluxV1State.read(client, "drift").retentionPolicies().get("raw").duration());
    }

    @Test
    void aContinuousQueryThatDiffersIsReplacedOnlyWhenAllowed() throws Exception {
        Layout layout = threeTags(Duration.ofDays(60));
        Workspace ws = weatherWithDailyRollup(layout);
        InfluxV1Push push = new InfluxV1Push(client, "cq_drift");
        push.apply(push.plan(ws, List.of(layout)), Set.of(), PushMonitor.NONE);
        client.query("DROP CONTINUOUS QUERY \"cq_crop-daily\" ON cq_drift", null);
        client.query("CREATE CONTINUOUS QUERY \"cq_crop-daily\" ON cq_drift BEGIN SELECT max(temp) INTO cq_drift.daily.:MEASUREMENT"
            + " FROM cq_drift.raw.weather GROUP BY time(1h) END", null);

        Plan plan = push.plan(ws, List.of(layout));
        PlanStep replace = plan.steps().stream().filter(s -> s.subject().equals("continuous-query cq_crop-daily")).findFirst().orElseThrow();
        assertEquals(PlanStep.Action.REPLACE, replace.action());
        assertTrue(replace.destructive());
        push.apply(plan, Set.of("continuous-query cq_crop-daily"), PushMonitor.NONE);
        assertTrue(push.plan(ws, List.of(layout)).noOp());
    }

    @Test
    void aFieldOfAnotherTypeOnTheServerIsAConflict() throws Exception {
        Layout layout = threeTags(Duration.ofDays(60));
        Workspace ws = WorkspaceFiles.load(WEATHER).workspace().withLayout(layout);
        client.query("CREATE DATABASE conflict", null);
        client.write("conflict", null, "s", "weather,crop=x temp=\"warm\" 1\n".getBytes());
        Plan plan = new InfluxV1Push(client, "conflict").plan(ws, List.of(layout));
        PlanStep m = plan.conflicts().get(0);
        assertEquals("measurement weather", m.subject());
        assertTrue(m.reason().contains("field temp is string on the server, the layout writes float"), m.reason());
    }

    @Test
    void aCancelledWriteResumesWithoutDuplicates() throws Exception {
        EventKindSample sample = weatherSample();
        Layout layout = threeTags(Duration.ofDays(60));
        applied("resume", layout);
        long shift = SampleWrite.timeShiftToNow(sample, Duration.ofDays(1), System.currentTimeMillis() * 1_000_000L);
        SampleWrite write = new SampleWrite(client, "resume", "raw", shift).batchSize(1000);
        SampleWrite.Result first = write.write(layout, sample, 0, stoppedAfter(3));
        assertTrue(first.cancelled());
        assertEquals(3000, first.resumeAt());
        assertEquals(3000, pointsIn("resume"));

        // a resumed write from one line too early rewrites that line: still one point per series and time
        SampleWrite.Result rest = new SampleWrite(client, "resume", "raw", first.timeShiftNs())
            .write(layout, sample, first.resumeAt() - 1, PushMonitor.NONE);
        assertEquals(sample.rows(), rest.linesSent());
        assertEquals(sample.rows(), pointsIn("resume"));
    }

    /**
     * Through the seam, as {@code cardinal apply} and the Push tab write it: a write stopped as asked says where it
     * resumes, and resumed there with its shift ({@code SampleWriteOptions}) the server holds the sample once.
     */
    @Test
    void aSampleWriteStoppedThroughTheSeamSaysWhereToResumeAndResumes() throws Exception {
        EventKindSample sample = weatherSample();
        Layout layout = threeTags(Duration.ofDays(60));
        applied("seam_resume", layout);
        Workspace ws = WorkspaceFiles.load(WEATHER).workspace().withLayout(layout);
        dev.cardinal.engine.SampleCheck check = new InfluxV1Push(client, "seam_resume");
        dev.cardinal.engine.SampleComparison stopped = check.writeSample(ws, layout, sample,
            new dev.cardinal.engine.SampleWriteOptions(null, 1000, 0), stoppedAfter(2));
        assertTrue(stopped.cancelled() && !stopped.matches(), stopped.shown().verdict());
        assertEquals(2000, stopped.resume().resumeAt());
        assertEquals(2000, pointsIn("seam_resume"));

        dev.cardinal.engine.SampleComparison rest = check.writeSample(ws, layout, sample, new dev.cardinal.engine.SampleWriteOptions(
            stopped.resume().timeShiftNs(), 1000, stopped.resume().resumeAt()), PushMonitor.NONE);
        assertEquals(sample.rows(), pointsIn("seam_resume"));
        // every count as projected; the index memory grew before the stop, so the resumed part's growth is no measure
        assertTrue(rest.rows().stream().filter(r -> !r.what().startsWith("index memory")).noneMatch(
            dev.cardinal.engine.ComparisonRow::differs), rest.shown().text().toString());
        assertTrue(check.resumes());
    }

    @Test
    void aRefusedBatchStopsTheWriteAndSaysWhereToResume() throws Exception {
        EventKindSample sample = weatherSample();
        Layout layout = threeTags(Duration.ofDays(60));
        applied("refused", layout);
        SampleWrite write = new SampleWrite(client, "refused", "raw", 0).batchSize(500);
        // the points are years old: outside the 60-day policy, the server drops them all (a partial write)
        SampleWrite.Result old = write.write(layout, sample, 0, PushMonitor.NONE);
        assertEquals(sample.rows(), old.pointsDropped());
        assertTrue(old.serverReasons().get(0).contains("points beyond retention policy"), old.serverReasons().toString());

        SampleWrite intoNothing = new SampleWrite(client, "no_such_db", null, 0).batchSize(500);
        SampleWriteException e = assertThrows(SampleWriteException.class,
            () -> intoNothing.write(layout, sample, 1500, PushMonitor.NONE));
        assertEquals(1500, e.resumeAt());
        assertEquals(InfluxV1Exception.Kind.DATABASE_NOT_FOUND, e.failure().kind());
        assertTrue(e.getMessage().contains("lines 1501 to 2000"), e.getMessage());
    }

    /** A monitor that asks to stop once {@code batches} batches are written. */
    private static PushMonitor stoppedAfter(int batches) {
        int[] written = {0};
        return new PushMonitor() {
            @Override
            public void progress(String what, long done, long total) {
                written[0]++;
            }

            @Override
            public boolean cancelled() {
                return written[0] == batches;
            }
        };
    }

    private static EventKindSample weatherSample() throws Exception {
        return WeatherFixture.sample();
    }

    /** The layout's database and retention policy, planned and applied. */
    private static void applied(String db, Layout layout) throws Exception {
        Workspace ws = WorkspaceFiles.load(WEATHER).workspace().withLayout(layout);
        InfluxV1Push push = new InfluxV1Push(client, db);
        push.apply(push.plan(ws, List.of(layout)), Set.of(), PushMonitor.NONE);
    }

    private static long pointsIn(String db) throws Exception {
        return ((Number) client.query("SELECT count(temp) FROM weather", db).series().get(0).value(0, "count")).longValue();
    }
}
