package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.MigrationProgress;
import java.io.IOException;
import java.nio.file.Path;

/** A 1.x migration's progress on disk ({@link MigrationProgress}), by the windows of its shard groups. */
public final class MigrationState {
    private final MigrationProgress progress;

    private MigrationState(MigrationProgress progress) {
        this.progress = progress;
    }

    /**
     * The progress kept in {@code file} for {@code plan}, or none yet. A file of another plan is refused (the user
     * removes it or names another), as is a file that cannot be read, saying where.
     */
    public static MigrationState open(Path file, String plan) throws IOException {
        return new MigrationState(MigrationProgress.open(file, plan));
    }

    public boolean isDone(InfluxV1Migration.Window w) {
        return progress.isDone(w.startNs());
    }

    /** What the window held when it was checked, or null when it is not done. */
    public MigrationProgress.Done done(InfluxV1Migration.Window w) {
        return progress.done(w.startNs());
    }

    public int windowsDone() {
        return progress.windowsDone();
    }

    /** Records a checked window, on disk before this returns. */
    public void record(InfluxV1Migration.Window w, long points, int series) throws IOException {
        progress.record(w.startNs(), points, series);
    }

    /** Takes a window out of the progress (its copy no longer matches), on disk before this returns. */
    public void forget(InfluxV1Migration.Window w) throws IOException {
        progress.forget(w.startNs());
    }

    /** What recording a window costs where {@code file} lives ({@link MigrationProgress#secondsToRecord}). */
    public static double secondsToRecord(Path file) throws IOException {
        return MigrationProgress.secondsToRecord(file);
    }

    public Path file() {
        return progress.file();
    }
}
