package dev.cardinal.lint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Runs every rule over a layout; findings come worst first, then in rule order. */
public final class Linter {
    private static final List<Rule> RULES = List.of(new TagGrowsWithTraffic(), new TagLooksLikeIdentifier(),
        new LimitWithinHorizon(), new TagFieldNameClash(), new NeedsQuoting(), new DataInMeasurementName(),
        new DataInFieldKeys(), new SeveralFactsInOneTag(), new NumberAsTag(), new ShardGroupDuration(),
        new RollupGroupsByField(), new FieldTypeConflict());

    private Linter() {
    }

    public static List<Rule> rules() {
        return RULES;
    }

    public static List<Finding> lint(LintContext context) {
        List<Finding> out = new ArrayList<>();
        for (Rule r : RULES) {
            out.addAll(r.check(context));
        }
        out.sort(Comparator.comparing(Finding::severity));
        return out;
    }
}
