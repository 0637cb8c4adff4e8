package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;

/**
 * A {@link PushTarget} that writes a layout's sample to its server, moved to now, and reads back what the server
 * reports beside what the engine's counting projected for the same rows.
 */
public interface SampleCheck {
    /**
     * @param ws      the workspace the layout belongs to (templates)
     * @param monitor progress per request; cancelled between requests
     * @throws IOException when the server refuses a write or a read, with its answer
     */
    SampleComparison writeSample(Workspace ws, Layout layout, EventKindSample sample, PushMonitor monitor)
        throws IOException, InterruptedException;
}
