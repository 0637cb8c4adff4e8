package dev.cardinal.ui.projection;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Ready for the next toggle: the layout's tags are prepared ({@code ProjectionInput.Rows#prepare}), so a toggle among
 * them counts collapsed entries, and the likely next edits are projected ahead ({@link AheadProjections}). Not while
 * the sample is live: captured traffic replaces it before a projection ahead could be used.
 */
final class AheadStep implements Recomputed.Step {
    private static final Logger LOG = Logger.getLogger(AheadStep.class.getName());
    private final AheadProjections ahead;
    private volatile boolean live;

    AheadStep(AheadProjections ahead) {
        this.ahead = ahead;
    }

    /** Whether the sample is replaced every few moments (captured traffic arriving). */
    void live(boolean isLive) {
        live = isLive;
    }

    @Override
    public void after(Recomputed done, Generations generations) {
        if (done.projected() == null) {
            return;
        }
        try {
            if (generations.current(done.generation())) {
                done.rows().prepare(done.layout());
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "preparing layout " + done.layout().name() + " for toggles failed", e);
        }
        try {
            if (live) {
                ahead.forget();
            } else {
                ahead.project(done.sample(), done.workspace(), done.layout(), done.projected().kind(), done.settings(),
                    done.rows(), () -> !generations.current(done.generation()));
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "projecting ahead of layout " + done.layout().name() + " failed", e);
        }
    }
}
