package dev.cardinal.ui.shell;

import dev.cardinal.model.Workspace;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.WorkspaceOpener;
import dev.cardinal.ui.session.WorkspaceSession;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/**
 * Crash recovery: unsaved edits are copied aside every few seconds in the background; when a workspace with a copy
 * is opened, a bar offers to restore it.
 */
public final class RecoveryBarController {
    private static final Logger LOG = Logger.getLogger(RecoveryBarController.class.getName());
    /** How often unsaved edits are copied to the recovery folder. */
    static final Duration AUTOSAVE_EVERY = Duration.ofSeconds(5);

    private final WorkspaceSession session;
    private final Executor executor;
    private final Recovery recovery;
    private Recovery.Recovered offered;
    /** The workspace file a recovery copy was written for in this run, if the copy is still there. */
    private Path copied;
    @FXML
    private HBox bar;
    @FXML
    private Label recoveryText;

    public RecoveryBarController(WorkspaceSession session, Executor executor, Recovery recovery) {
        this.session = session;
        this.executor = executor;
        this.recovery = recovery;
    }

    @FXML
    private void initialize() {
        bar = (HBox) recoveryText.getParent();
        Timeline autosave = new Timeline();
        autosave.getKeyFrames().add(new KeyFrame(javafx.util.Duration.millis(AUTOSAVE_EVERY.toMillis()), e -> {
            // a window that is gone (closed, or its scene replaced) autosaves no more
            var scene = bar.getScene();
            if (scene == null || scene.getWindow() == null || !scene.getWindow().isShowing()) {
                autosave.stop();
            } else {
                autosaveNow();
            }
        }));
        autosave.setCycleCount(Animation.INDEFINITE);
        autosave.play();
    }

    /**
     * Copies the unsaved workspace to the recovery folder in the background (the autosave timer calls this).
     *
     * @return when the copy is written, or at once when there is nothing unsaved
     */
    public CompletableFuture<Void> autosaveNow() {
        Workspace ws = session.workspace();
        Path file = session.file();
        if (ws == null || file == null) {
            return CompletableFuture.completedFuture(null);
        }
        boolean dirty = session.history().isDirty();
        if (!dirty && !file.equals(copied)) {
            return CompletableFuture.completedFuture(null);
        }
        // edits undone back to the saved state leave nothing to recover: the copy written for them goes
        copied = dirty ? file : null;
        try {
            return CompletableFuture.runAsync(() -> {
                try {
                    if (dirty) {
                        recovery.save(file, ws);
                    } else {
                        recovery.discard(file);
                    }
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "cannot write the recovery copy of " + file, e);
                }
            }, executor);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // the background threads are gone: the window is closing, and saving or discarding is being decided
            return CompletableFuture.completedFuture(null);
        }
    }

    /** After a workspace is opened: remember it, and offer unsaved changes a previous run left behind. */
    void opened(WorkspaceOpener.Loading opened, Runnable recentChanged) {
        hide();
        Tasks.<Optional<Recovery.Recovered>>create(p -> {
            recovery.remember(opened.file());
            return recovery.find(opened.file(), opened.workspace());
        })
            .onSuccess(found -> {
                recentChanged.run();
                found.ifPresent(r -> {
                    offered = r;
                    recoveryText.setText("Unsaved changes to " + opened.file().getFileName() + " from "
                        + DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault()).format(r.savedAt())
                        + " were kept when the workbench last closed without saving them.");
                    bar.setVisible(true);
                    bar.setManaged(true);
                });
            })
            .onError(e -> LOG.log(Level.WARNING, "cannot look for a recovery copy of " + opened.file(), e))
            .runOn(executor);
    }

    /** The edits were saved or discarded: the copy goes. */
    void discard(Path file) {
        if (file != null) {
            copied = null;
            executor.execute(() -> recovery.discard(file));
        }
    }

    /**
     * The window closes with its edits saved or discarded: the copy goes now, on this thread, since the background
     * threads stop with the window (one small file; a copy left behind would be offered at the next start).
     */
    void closing(Path file) {
        if (file != null) {
            copied = null;
            recovery.discard(file);
        }
    }

    @FXML
    private void restoreRecovered() {
        if (offered != null) {
            Workspace restored = offered.workspace();
            session.history().apply("restore unsaved changes", ws -> restored);
        }
        hide();
    }

    @FXML
    private void discardRecovered() {
        discard(session.file());
        hide();
    }

    private void hide() {
        offered = null;
        bar.setVisible(false);
        bar.setManaged(false);
    }
}
