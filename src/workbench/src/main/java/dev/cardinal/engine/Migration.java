package dev.cardinal.engine;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * One migration on one server ({@link Migrating#open}): surveyed first (its plan and cost, read before anything is
 * written but the probe, which is removed again), then run: its windows oldest first, each checked after it runs and
 * recorded in the request's state file, so a run stopped anyhow resumes from the first window not recorded, on the
 * command line or in the workbench alike. The old data stays until the user names it.
 */
public interface Migration extends AutoCloseable {
    /** What a run did: points over every window, the windows run now and done before, and anything more to say. */
    record Result(long points, int windows, int windowsRun, int windowsSkipped, String more) {
    }

    /** The name the copy is written under: a measurement or a table. */
    String into();

    /** The name of the old data: what the destructive step must be given exactly. */
    String old();

    /**
     * Reads the windows and counts them, probes the pace, and costs the whole: nothing is written but the probe, which
     * is removed again. {@code say} is told what it is doing.
     */
    MigrationSurvey survey(Consumer<String> say) throws IOException, InterruptedException;

    /**
     * Runs (or resumes) the windows of {@code survey} oldest first, each checked and recorded; {@code progress} is told
     * after each (and may stop the run by throwing).
     *
     * @throws MigrationWindow.CheckFailed when a window's copy differs from its source: the run stops there
     */
    Result run(MigrationSurvey survey, MigrationWindow.Progress progress) throws IOException, InterruptedException;

    /**
     * Whether the old data can be dropped by name here ({@link Migrating.Offers#dropsOld}, and the copy has a name of
     * its own), and why not when it cannot.
     */
    default java.util.Optional<String> whyNoDrop() {
        return java.util.Optional.of("this engine keeps the old data: delete it with the server's own tools once checked");
    }

    /**
     * Drops the old data when {@code typed} is its exact name, after counting every window of both sides again: the old
     * data goes only while its copy holds all of it. What was dropped, in words.
     *
     * @throws IllegalArgumentException when {@code typed} is not the old data's exact name: nothing is dropped
     * @throws IllegalStateException    when a window no longer matches its copy (it is taken out of the progress)
     */
    default String dropOld(MigrationSurvey survey, String typed) throws IOException, InterruptedException {
        throw new IllegalStateException(whyNoDrop().orElse("not offered"));
    }

    /** Closes a connection the migration keeps open (a database driver's); nothing for HTTP. */
    @Override
    default void close() throws IOException {
    }
}
