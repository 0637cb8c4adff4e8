package dev.cardinal.lint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Runs every rule over a layout; findings come worst first, then in rule order. */
public final class Linter {
    private static final List<Rule> RULES = List.of(new TagGrowsWithTraffic(), new TagLooksLikeIdentifier(),
        new LimitWithinHorizon(), new TagFieldNameClash(), new NeedsQuoting(), new DataInMeasurementName(),
        new DataInFieldKeys(), new SeveralFactsInOneTag(), new NumberAsTag(), new ShardGroupDuration(),
        new RollupGroupsByField(), new FieldTypeConflict(), new PointsOverwritten());

    private Linter() {
    }

    public static List<Rule> rules() {
        return RULES;
    }

    public static List<Finding> lint(LintContext context) {
        return check(context).findings();
    }

    /** The findings, and what the rules could not check from the context's traffic (nothing, over rows). */
    public static Result check(LintContext context) {
        return check(context, List.of());
    }

    /**
     * The findings of every rule and of an engine's own rules ({@code more}: what the engine refuses or limits, which
     * the engine knows and the core does not), worst first.
     */
    public static Result check(LintContext context, List<Rule> more) {
        List<Finding> out = new ArrayList<>();
        List<Unchecked> unchecked = new ArrayList<>();
        for (Rule r : concat(RULES, more)) {
            out.addAll(r.check(context));
            r.unchecked(context).ifPresent(unchecked::add);
        }
        out.sort(Comparator.comparing(Finding::severity));
        return new Result(out, unchecked);
    }

    private static List<Rule> concat(List<Rule> a, List<Rule> b) {
        List<Rule> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    public record Result(List<Finding> findings, List<Unchecked> unchecked) {
        public Result {
            findings = List.copyOf(findings);
            unchecked = List.copyOf(unchecked);
        }
    }

    /**
     * Subjects a rule did not check in a layout, and why: a traffic summary lacks what the rule reads.
     *
     * @param subjects what the rule's findings would be about (tag keys, field keys, "measurement", a limit's metric)
     */
    public record Unchecked(String rule, String layout, List<String> subjects, String why) {
        public Unchecked {
            subjects = List.copyOf(subjects);
        }

        /** True when a finding of {@code rule} about {@code subject} in {@code layout} was not checked. */
        public boolean covers(Finding f) {
            return f.rule().equals(rule) && f.layout().equals(layout) && subjects.contains(f.subject());
        }
    }
}
