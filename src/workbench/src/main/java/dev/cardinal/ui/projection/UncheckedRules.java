package dev.cardinal.ui.projection;

import dev.cardinal.lint.Linter;
import java.util.List;

/**
 * The lint rules that a traffic summary could not check (they need the rows), as the Findings panel and the Compare
 * view say it: one line per rule with its subjects and why, and one line that names them all.
 */
public final class UncheckedRules {
    /** Says which lint rules need rows. */
    public static final String NOT_CHECKED = "not checked from the summary (they need the rows)";

    private UncheckedRules() {
    }

    /** The lint rules that could not check {@code unchecked}'s subjects from a summary, one line each. */
    public static List<String> lines(List<Linter.Unchecked> unchecked) {
        return unchecked.stream().map(u -> u.rule() + " (" + String.join(", ", u.subjects()) + "): " + u.why()).toList();
    }

    /** One line naming the rules of {@link #lines} lines, or empty when there are none. */
    public static String line(List<String> notChecked) {
        return notChecked.isEmpty() ? "" : "Rules " + NOT_CHECKED + ": "
            + String.join(", ", notChecked.stream().map(l -> l.substring(0, l.indexOf(' '))).toList());
    }
}
