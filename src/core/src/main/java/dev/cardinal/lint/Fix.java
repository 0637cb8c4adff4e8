package dev.cardinal.lint;

import dev.cardinal.model.Workspace;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What to do about a finding. Most fixes are a change the workbench can apply to the workspace (a new value, so
 * undo is the old one); some are advice that needs the user's hand (creating an attribute, changing the writer).
 *
 * @param title  the fix in a few words, e.g. "make user_id a field"
 * @param change the change, or null when the fix is advice only
 */
public record Fix(String title, UnaryOperator<Workspace> change) {
    public Fix {
        Objects.requireNonNull(title, "title");
    }

    static Fix advice(String title) {
        return new Fix(title, null);
    }

    /** The workspace with the fix applied, when it can be applied. */
    public Optional<Workspace> applyTo(Workspace workspace) {
        return change == null ? Optional.empty() : Optional.of(change.apply(workspace));
    }

    public boolean applicable() {
        return change != null;
    }
}
