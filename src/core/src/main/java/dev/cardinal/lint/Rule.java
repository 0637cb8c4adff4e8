package dev.cardinal.lint;

import java.util.List;
import java.util.Optional;

/** One known failure mode of time-series layouts, checked against a layout's projection and sample. */
public interface Rule {
    /** A stable id, used in reports and to silence a rule. */
    String id();

    /** One line on what the rule looks for. */
    String description();

    List<Finding> check(LintContext context);

    /**
     * What {@link #check} leaves unchecked in {@code context} because its traffic lacks what the rule reads (a
     * traffic summary holds no values, field keys, measurements or read problems), or empty when it checks it all.
     * A subject named here gets no finding from the rule, whatever the rows would show.
     */
    default Optional<Linter.Unchecked> unchecked(LintContext context) {
        return Optional.empty();
    }
}
