package dev.cardinal.engine.victoriametrics;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A rollup as vmalert recording rules: one group evaluated every window, one rule per aggregate, each reading the
 * layout's {@code measurement_field} series (a Prometheus metric kept as it came: the metric's own,
 * {@link dev.cardinal.engine.MetricOrigin}) over the window and grouping by the labels of the rollup's group-by
 * attributes. What MetricsQL cannot say for a rollup is left out with the reason: a group-by attribute that is no
 * label of the layout (a field is a series of its own in VictoriaMetrics), a templated measurement or field key (no
 * one metric name), and the aggregates over all points of a group that per-series functions cannot combine (first,
 * last, median, distinct count).
 */
final class VmRules {
    private VmRules() {
    }

    static RuleGroup of(Rollup rollup, Layout layout) {
        return of(rollup, layout, false);
    }

    /** @param asSent the layout keeps a Prometheus metric as it came: its series are the metric's own name */
    static RuleGroup of(Rollup rollup, Layout layout, boolean asSent) {
        String name = rollup.name() == null || rollup.name().isEmpty() ? rollup.id() : rollup.name();
        List<RuleGroup.Rule> rules = new ArrayList<>();
        List<String> unwritten = new ArrayList<>();
        if (!layout.measurement().isLiteral()) {
            unwritten.add("the measurement of layout " + layout.id() + " is a template: no one metric name to read");
            return new RuleGroup(name, rollup.window(), rules, unwritten);
        }
        List<String> by = new ArrayList<>();
        for (String attribute : rollup.groupBy()) {
            Optional<TagSpec> tag = layout.tags().stream()
                .filter(t -> t.value().singleRef().filter(attribute::equals).isPresent()).findFirst();
            if (tag.isEmpty()) {
                unwritten.add("group-by attribute " + attribute + " is no label of layout " + layout.id()
                    + " (a field is a series of its own in VictoriaMetrics, not a label to group by)");
                return new RuleGroup(name, rollup.window(), rules, unwritten);
            }
            by.add(MetricsQl.label(tag.get().key()));
        }
        String grouping = by.isEmpty() ? "" : " by (" + String.join(", ", by) + ")";
        String range = "[" + rollup.window().getSeconds() + "s]";
        String measurement = layout.measurement().literalText();
        Set<String> records = new HashSet<>();
        for (Rollup.AggregateSpec a : rollup.aggregates()) {
            Optional<FieldSpec> field = layout.fields().stream()
                .filter(f -> f.attribute().equals(a.attribute()) && f.key().isLiteral()).findFirst();
            if (field.isEmpty()) {
                unwritten.add(a.attribute() + ": no field of layout " + layout.id() + " with a literal key holds it");
                continue;
            }
            String metric = MetricsQl.metric(measurement.isEmpty() ? field.get().key().literalText()
                : asSent ? measurement : measurement + "_" + field.get().key().literalText());
            Optional<String> expr = expression(a, metric, range, grouping);
            if (expr.isEmpty()) {
                unwritten.add(a.attribute() + " " + a.function().name().toLowerCase(Locale.ROOT) + ": per-series functions"
                    + " cannot combine it over all points of a group");
                continue;
            }
            rules.add(new RuleGroup.Rule(recordName(rollup.id(), a, records), expr.get()));
        }
        return new RuleGroup(name, rollup.window(), rules, unwritten);
    }

    private static Optional<String> expression(Rollup.AggregateSpec a, String metric, String range, String by) {
        String sum = "sum" + by + " (sum_over_time(" + metric + range + "))";
        String count = "sum" + by + " (count_over_time(" + metric + range + "))";
        return Optional.ofNullable(switch (a.function()) {
            case SUM -> sum;
            case COUNT -> count;
            case MEAN -> sum + " / " + count;
            case MIN -> "min" + by + " (min_over_time(" + metric + range + "))";
            case MAX -> "max" + by + " (max_over_time(" + metric + range + "))";
            case FIRST, LAST, MEDIAN, COUNT_DISTINCT -> null;
        });
    }

    /** {@code cardinal:<rollup>:<attribute>_<function>} as a valid metric name, unique within the group. */
    private static String recordName(String rollup, Rollup.AggregateSpec a, Set<String> taken) {
        String base = "cardinal:" + plain(rollup) + ":" + plain(a.attribute()) + "_"
            + a.function().name().toLowerCase(Locale.ROOT);
        String name = base;
        for (int n = 2; !taken.add(name); n++) {
            name = base + "_" + n;
        }
        return name;
    }

    private static String plain(String s) {
        String p = s.replaceAll("[^A-Za-z0-9_]", "_");
        return p.isEmpty() || Character.isDigit(p.charAt(0)) ? "_" + p : p;
    }
}
