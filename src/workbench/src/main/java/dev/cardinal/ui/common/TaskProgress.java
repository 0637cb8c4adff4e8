package dev.cardinal.ui.common;

import javafx.concurrent.Task;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ProgressBar;

/**
 * A progress bar and its Cancel button beside a panel's status line, shown while a task of the panel runs: every
 * action that can take over a second says how far it is and can be stopped (issue 34).
 */
public final class TaskProgress {
    private final ProgressBar bar;
    private final Button cancel;
    /** The task under way; null when none is. */
    private Task<?> running;

    public TaskProgress(ProgressBar bar, Button cancel) {
        this.bar = bar;
        this.cancel = cancel;
        show(false);
    }

    /** Shows {@code job}'s progress (indeterminate until it reports a fraction) and Cancel until it ends. */
    public void track(Task<?> job) {
        running = job;
        bar.progressProperty().bind(job.progressProperty());
        show(!job.isDone());
        job.runningProperty().addListener((o, was, now) -> {
            if (!now && running == job) {
                running = null;
                bar.progressProperty().unbind();
                show(false);
            }
        });
    }

    /** Stops the task under way; false when there was none (or it had ended). */
    public boolean cancel() {
        Task<?> job = running;
        return job != null && job.cancel();
    }

    private void show(boolean shown) {
        for (Node n : new Node[] {bar, cancel}) {
            n.setVisible(shown);
            n.setManaged(shown);
        }
    }
}
