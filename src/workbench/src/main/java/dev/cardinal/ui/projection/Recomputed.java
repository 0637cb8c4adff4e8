package dev.cardinal.ui.projection;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.Sample;

/**
 * A projection just shown, handed to what follows from it (code, findings, mappings, projections ahead), each on the
 * derived thread, in turn, and each skipped once a newer request came.
 *
 * @param generation   the request's generation ({@link Generations})
 * @param sample       the traffic it was projected over, or null
 * @param workspace    the workspace as requested
 * @param layout       the layout projected
 * @param kind         its event kind, or null when the workspace has none
 * @param settings     horizon, multiplier and the server's limits
 * @param mappingLimit a document engine's total-fields limit, or null
 * @param projected    the projection from rows, or null when it came from a summary or there was none
 * @param rows         the indexed rows it was projected over
 * @param summary      the projection from a traffic summary, or null
 */
record Recomputed(long generation, Sample sample, Workspace workspace, Layout layout, EventKind kind,
                  ProjectionSettings settings, Long mappingLimit, Projected.Rows projected, ProjectionInput.Rows rows,
                  SummaryShown summary) {

    /** One step that follows a projection; it posts what it computes through {@code generations}. */
    interface Step {
        void after(Recomputed done, Generations generations);
    }
}
