package dev.cardinal.ui.push;

import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Migration;
import dev.cardinal.engine.influxdb1.MigrationCost;
import dev.cardinal.engine.influxdb1.MigrationRun;
import dev.cardinal.engine.influxdb1.MigrationState;
import dev.cardinal.engine.influxdb1.MigrationSurvey;
import dev.cardinal.model.Layout;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.Sample;
import dev.cardinal.ui.common.Tasks;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CancellationException;

/**
 * The Migrate step's background jobs, free of the toolkit: the survey (plan and cost, writing nothing but the probe,
 * which it drops), the run (windows in order, each checked and recorded in the state file beside the workspace, the
 * same file {@code cardinal migrate} uses, so a run stopped here resumes here or on the command line), and the
 * destructive drop of the old measurement, which runs only when the user typed its exact name.
 */
final class MigrateStep {
    /** Most points the probe rewrites of one window, as {@code cardinal migrate}'s default. */
    static final long PROBE_POINTS = 5000;

    private MigrateStep() {
    }

    /** The InfluxDB 1.x instance and database that hold the live data; the password lives in the client only. */
    record Target(InfluxV1Client client, String database) {
        String text() {
            return UrlCredentials.redacted(client.url()) + ", database " + database;
        }
    }

    /**
     * A survey of one migration: what it is of (the target, both layouts as they were), its plan and cost, and where its
     * progress is kept ({@code windowsDone} of its windows recorded there when it was taken).
     */
    record Surveyed(Target target, Layout from, Layout to, InfluxV1Migration migration, MigrationSurvey survey, MigrationCost cost,
                    Path stateFile, int windowsDone, String planText) {
        int windows() {
            return survey.windows().size();
        }

        /** The drop is offered only when the copy has a name of its own (DROP MEASUREMENT reaches every policy). */
        boolean canDropOld() {
            return !migration.source().measurement().equals(migration.into().measurement());
        }
    }

    /** What a run did and how long it took beside what the cost said. */
    record Ran(Surveyed of, MigrationRun.Result result, double seconds) {
        String summary() {
            return String.format(Locale.ROOT, "Migrated %s points in %d window(s) (%d run now, %d done before) in %.1f s (estimated %.1f s),"
                    + " each checked: points in = points out. %s stays until you drop it below.",
                Quantities.count(result.points()), of.windows(), result.windowsRun(), result.windowsSkipped(), seconds, of.cost().seconds(),
                of.migration().source().measurement());
        }
    }

    /** Where the progress of a migration from {@code from} to {@code to} is kept: beside the workspace file. */
    static Path stateFile(Path workspace, Layout from, Layout to) {
        return MigrationState.besideWorkspace(workspace, from.id(), to.id());
    }

    /**
     * Plans the migration of {@code from}'s data into {@code to} on {@code target} and costs it over {@code sample}
     * (null: series, bytes and memory are not projected).
     *
     * @param into the measurement to write, or null for the default
     * @throws IllegalArgumentException what SELECT INTO cannot do, with the reason
     */
    static Surveyed survey(Target target, Workspace ws, Sample sample, Layout from, Layout to, String into, Path stateFile,
                           Tasks.Progress progress) throws Exception {
        InfluxV1Migration m = InfluxV1Migration.between(target.database(), from, to, null, into, null);
        progress.update(-1, "Counting the points of each shard group and probing the server's pace (into "
            + m.into().measurement() + "_cardinal_probe, dropped again)…");
        MigrationSurvey survey = MigrationSurvey.take(target.client(), m, PROBE_POINTS, stateFile);
        progress.update(-1, "Projecting both layouts over the sample…");
        MigrationCost cost = MigrationCost.of(ws, sample, from, to, survey.points(), survey.windows().size(), survey.probe());
        StringBuilder plan = new StringBuilder(survey.plan(target.client()).text());
        if (!m.mapping().dropped().isEmpty()) {
            plan.append("not carried (the new layout does not store them): ").append(String.join(", ", m.mapping().dropped())).append('\n');
        }
        int done = MigrationState.open(stateFile, MigrationRun.planIdentity(m)).windowsDone();
        return new Surveyed(target, from, to, m, survey, cost, stateFile, done, plan.toString());
    }

    /**
     * Runs (or resumes) the surveyed migration; Cancel stops it after the window under way is checked, or at once when
     * it interrupts a request (that window is then run again whole by the next run).
     */
    static Ran run(Surveyed s, Tasks.Progress progress) throws Exception {
        long startedNs = System.currentTimeMillis() * 1_000_000L;
        long start = System.nanoTime();
        MigrationState state = MigrationState.open(s.stateFile(), MigrationRun.planIdentity(s.migration()));
        progress.update(0, "Window 1 of " + s.windows() + "…");
        MigrationRun.Result r = new MigrationRun(s.target().client(), s.migration(), state).run(s.survey().windows(), startedNs,
            (i, n, w, points, skipped) -> {
                if (progress.cancelled()) {
                    throw new CancellationException("stopped after window " + i);
                }
                progress.update((double) i / n, "Window " + i + " of " + n + ": " + Quantities.count(points) + " points"
                    + (skipped ? " (done before)" : " copied and checked"));
            });
        return new Ran(s, r, (System.nanoTime() - start) / 1e9);
    }

    /**
     * Drops the old measurement when {@code typed} is its exact name; refuses otherwise, saying why. It takes a finished
     * run, and counts every window of both sides again first: the old data goes only while its copy holds all of it.
     */
    static String dropOld(Ran ran, String typed) throws Exception {
        Surveyed s = ran.of();
        if (!s.migration().namesOld(typed)) {
            throw new IllegalArgumentException("'" + typed + "' is not the old measurement's exact name; nothing dropped");
        }
        String moved = MigrationRun.recheck(s.target().client(), s.migration(), s.survey().windows(),
            MigrationState.open(s.stateFile(), MigrationRun.planIdentity(s.migration())));
        if (moved != null) {
            throw new IllegalStateException("nothing dropped: the old measurement no longer matches its copy in " + moved
                + "; stop the writers of the old layout (the switch-over), then Cost and Plan and run again: it rewrites the windows that differ");
        }
        s.target().client().query(s.migration().dropOld(), s.migration().source().database());
        return "Dropped measurement " + s.migration().source().measurement() + ": its points are gone; "
            + s.migration().into().measurement() + " holds them in the new layout.";
    }
}
