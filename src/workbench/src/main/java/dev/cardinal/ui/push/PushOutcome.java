package dev.cardinal.ui.push;

import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.model.Layout;
import java.util.List;

/** What a push did and found: the summary line of the Push tab, and projected beside measured. */
record PushOutcome(String summary, List<ComparisonRow> rows, boolean matches) {
    PushOutcome {
        rows = List.copyOf(rows);
    }

    /** A comparison as the tab shows it: its rows, and the layout written to {@code where} with the engine's verdict. */
    static PushOutcome shown(Layout layout, String where, SampleComparison c) {
        return new PushOutcome(layout.name() + " written to " + where + ": " + c.shown().verdict(), c.rows(), c.matches());
    }

    /** What an apply left out: its destructive steps, named for {@code cardinal apply --allow}; empty when none. */
    static String blocked(dev.cardinal.engine.Applied applied) {
        return applied.blocked().isEmpty() ? "" : "; not applied (destructive, apply them with cardinal apply --allow): "
            + String.join(", ", applied.blocked().stream().map(st -> st.subject()).toList());
    }
}
