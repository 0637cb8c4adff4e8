package dev.cardinal.ui.push;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Migrating;
import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationProgress;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.engine.MigrationSurvey;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.Sample;
import dev.cardinal.ui.common.Tasks;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CancellationException;

/**
 * The Migrate step's background jobs, free of the toolkit and of any engine package: the engine's migration found
 * through the seam ({@link Engines#migrating}), its survey (plan and cost, writing nothing but the probe, which it
 * removes), the run (windows in order, each checked and recorded in the state file beside the workspace, the same file
 * {@code cardinal migrate} uses, so a run stopped here resumes here or on the command line), and the destructive drop
 * of the old data, which runs only when the user typed its exact name.
 */
final class MigrateStep {
    private MigrateStep() {
    }

    /** The live server and its database; the log-in lives in the connection only. */
    record Target(Connection server) {
        Migrating migrating() {
            return Engines.migrating(server.kind()).orElseThrow(() -> new IllegalArgumentException(server.kind().product()
                + " offers no migration"));
        }
    }

    /**
     * A survey of one migration: what it is of (the target, both layouts as they were), its plan and cost, and where its
     * progress is kept.
     */
    record Surveyed(Target target, Layout from, Layout to, Migration migration, MigrationSurvey survey, Path stateFile) {
        int windows() {
            return survey.windows();
        }

        int windowsDone() {
            return survey.windowsDone();
        }

        String planText() {
            return survey.plan();
        }

        /** The drop is offered only when the engine drops old data and the copy has a name of its own. */
        boolean canDropOld() {
            return target.migrating().offers().dropsOld() && migration.whyNoDrop().isEmpty();
        }
    }

    /** What a run did and how long it took beside what the cost said. */
    record Ran(Surveyed of, Migration.Result result, double seconds) {
        String summary() {
            Migration.Result r = result;
            String estimated = of.survey().seconds() < 0 ? "" : String.format(Locale.ROOT, " (estimated %.1f s)", of.survey().seconds());
            String stays = of.canDropOld() ? of.migration().old() + " stays until you drop it below."
                : of.migration().old() + " stays: " + of.migration().whyNoDrop().orElse("") + ".";
            return String.format(Locale.ROOT, "Migrated %s points in %d window(s) (%d run now, %d done before%s) in %.1f s%s, each checked:"
                    + " points in = points out. %s", Quantities.count(r.points()), r.windows(), r.windowsRun(), r.windowsSkipped(),
                r.more().isEmpty() || r.more().contains("\n") ? "" : "; " + r.more(), seconds, estimated, stays);
        }
    }

    /** Where the progress of a migration from {@code from} to {@code to} is kept: beside the workspace file. */
    static Path stateFile(Path workspace, Layout from, Layout to) {
        return MigrationProgress.besideWorkspace(workspace, from.id(), to.id());
    }

    /**
     * The migration of {@code from}'s data into {@code to} on {@code target}, costed over {@code sample} (null: series,
     * bytes and memory are not projected); nothing is sent.
     *
     * @param into the copy's name, or null for the default
     * @throws IllegalArgumentException what the engine cannot migrate, with the reason
     */
    static Migration open(Target target, Workspace ws, Sample sample, Layout from, Layout to, String into, Path stateFile) {
        return target.migrating().open(new MigrationRequest(target.server(), ws, sample, from, to, null, into, null, stateFile,
            MigrationRequest.PROBE_POINTS));
    }

    /** Plans and costs the migration (the probe written and removed again). */
    static Surveyed survey(Target target, Workspace ws, Sample sample, Layout from, Layout to, String into, Path stateFile,
                           Tasks.Progress progress) throws Exception {
        Migration m = open(target, ws, sample, from, to, into, stateFile);
        MigrationSurvey survey = m.survey(said -> progress.update(-1, said));
        return new Surveyed(target, from, to, m, survey, stateFile);
    }

    /**
     * Runs (or resumes) the surveyed migration; Cancel stops it after the window under way is checked, or at once when
     * it interrupts a request (that window is then run again whole by the next run).
     */
    static Ran run(Surveyed s, Tasks.Progress progress) throws Exception {
        long start = System.nanoTime();
        progress.update(0, "Window 1 of " + s.windows() + "…");
        Migration.Result r = s.migration().run(s.survey(), (i, n, w, points, skipped) -> {
            if (progress.cancelled()) {
                throw new CancellationException("stopped after window " + i);
            }
            progress.update((double) i / n, "Window " + i + " of " + n + ": " + Quantities.count(points) + " points"
                + (skipped ? " (done before)" : " copied and checked"));
        });
        return new Ran(s, r, (System.nanoTime() - start) / 1e9);
    }

    /**
     * Drops the old data when {@code typed} is its exact name; refuses otherwise, saying why. It takes a finished run,
     * and counts every window of both sides again first: the old data goes only while its copy holds all of it.
     */
    static String dropOld(Ran ran, String typed) throws Exception {
        Surveyed s = ran.of();
        String done = s.migration().dropOld(s.survey(), typed);
        return Character.toUpperCase(done.charAt(0)) + done.substring(1) + ": its points are gone; " + s.migration().into()
            + " holds them in the new layout.";
    }
}
