package dev.cardinal.lint;

import java.util.List;

/** One known failure mode of time-series layouts, checked against a layout's projection and sample. */
public interface Rule {
    /** A stable id, used in reports and to silence a rule. */
    String id();

    /** One line on what the rule looks for. */
    String description();

    List<Finding> check(LintContext context);
}
