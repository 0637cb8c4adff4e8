package dev.cardinal.ui.push;

import dev.cardinal.engine.PushMonitor;
import dev.cardinal.ui.common.Tasks;

/** A sample's write as the task's progress ("Writing the sample: N of M rows…"), stopped when the task is. */
final class WriteProgress implements PushMonitor {
    private final Tasks.Progress progress;
    /** What is written, as the message counts it: rows, documents. */
    private final String things;

    WriteProgress(Tasks.Progress progress, String things) {
        this.progress = progress;
        this.things = things;
    }

    @Override
    public void progress(String what, long done, long total) {
        progress.update((double) done / total, "Writing the sample: " + done + " of " + total + " " + things + "…");
    }

    @Override
    public boolean cancelled() {
        return progress.cancelled();
    }
}
