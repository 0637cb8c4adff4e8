package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.MigrationProgress;
import dev.cardinal.engine.MigrationWindow;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * A 2.x migration's progress on disk, in the form the 1.x one keeps ({@link MigrationProgress}): each window run and
 * checked, by its start, with its points (a Flux count gives no series: 0).
 */
public final class FluxMigrationState {
    private final MigrationProgress progress;

    private FluxMigrationState(MigrationProgress progress) {
        this.progress = progress;
    }

    /** The progress in {@code file} for {@code plan}, or none yet; a file of another plan, or unreadable, is refused. */
    public static FluxMigrationState open(Path file, String plan) throws IOException {
        return new FluxMigrationState(MigrationProgress.open(file, plan));
    }

    /** The points of the window starting at {@code start}, or null when it is not done. */
    public Long done(Instant start) {
        MigrationProgress.Done d = progress.done(MigrationWindow.nanos(start));
        return d == null ? null : d.points();
    }

    /** Records a checked window, on disk before this returns. */
    public void record(Instant start, long points) throws IOException {
        progress.record(MigrationWindow.nanos(start), points, 0);
    }

    public Path file() {
        return progress.file();
    }
}
