package dev.cardinal.ui;

import dev.cardinal.ui.shell.SettingsFile;
import dev.cardinal.ui.shell.WorkbenchSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.stage.Stage;

/**
 * Keeps {@code settings.json} as the settings are, not only as the window closes: a workbench killed (or crashed)
 * starts again in the theme, place and choices it had. Every {@link #EVERY} the settings are read off the window (on
 * the FX thread, cheap) and, when they changed, written on the I/O lane.
 */
final class SettingsKeeper {
    static final javafx.util.Duration EVERY = javafx.util.Duration.seconds(2);
    private static final Logger LOG = Logger.getLogger(SettingsKeeper.class.getName());

    private final Stage stage;
    private final WorkbenchApp.Window window;
    private final Path home;
    private final Executor io;
    private final Timeline timer = new Timeline();
    private WorkbenchSettings kept;
    private CompletableFuture<Void> writing = CompletableFuture.completedFuture(null);

    SettingsKeeper(Stage stage, WorkbenchApp.Window window, WorkbenchSettings loaded, Path home, Executor io) {
        this.stage = stage;
        this.window = window;
        this.home = home;
        this.io = io;
        this.kept = loaded;
        timer.getKeyFrames().add(new KeyFrame(EVERY, e -> keepNow()));
        timer.setCycleCount(Animation.INDEFINITE);
    }

    void start() {
        timer.play();
    }

    /** The settings as the window has them now (FX thread): its place unless maximised, theme, splits, choices. */
    WorkbenchSettings current() {
        List<Double> at = stage.isMaximized() ? kept.window()
            : List.of(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
        return window.controller().settings(kept.withWindow(at, stage.isMaximized()));
    }

    /** Writes the settings in the background when they differ from what was written last (FX thread). */
    CompletableFuture<Void> keepNow() {
        WorkbenchSettings now = current();
        if (now.equals(kept)) {
            return CompletableFuture.completedFuture(null);
        }
        kept = now;
        writing = writing.thenRunAsync(() -> write(now), io);
        return writing;
    }

    /** Writes the settings as the window goes, on the calling thread: the I/O lane is being shut down. */
    void keepAtClose() {
        timer.stop();
        try {
            // a write still under way must not land after this one
            writing.get(2, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.log(Level.FINE, "an earlier settings write did not finish", e);
        }
        kept = current();
        write(kept);
    }

    private void write(WorkbenchSettings s) {
        try {
            SettingsFile.save(s, home);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot remember the workbench's settings", e);
        }
    }
}
