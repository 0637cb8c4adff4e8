package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;

/**
 * A {@link PushTarget} that writes a layout's sample to its server, moved to now, and reads back what the server
 * reports beside what the engine's counting projected for the same rows: the comparison comes rendered by the engine
 * ({@link ShownComparison}), so a front end prints it without knowing which engine wrote it.
 */
public interface SampleCheck {
    /**
     * @param ws      the workspace the layout belongs to (templates)
     * @param options time shift, batch size, where to resume: what applies to this engine ({@link #resumes()})
     * @param monitor progress per request; cancelled between requests
     * @throws SampleWriteStopped when the server refused a batch part-way and the write can resume
     * @throws IOException        when the server refuses a write or a read, with its answer
     */
    SampleComparison writeSample(Workspace ws, Layout layout, EventKindSample sample, SampleWriteOptions options,
                                 PushMonitor monitor) throws IOException, InterruptedException;

    /** Written with the default options: moved to now, from the start. */
    default SampleComparison writeSample(Workspace ws, Layout layout, EventKindSample sample, PushMonitor monitor)
        throws IOException, InterruptedException {
        return writeSample(ws, layout, sample, SampleWriteOptions.DEFAULTS, monitor);
    }

    /**
     * Whether a stopped write resumes ({@link SampleWriteOptions#resumeAt}); false for an engine whose write is made
     * again whole (replacing what was written, or adding nothing new).
     */
    default boolean resumes() {
        return false;
    }
}
