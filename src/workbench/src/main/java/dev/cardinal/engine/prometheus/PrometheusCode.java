package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.Artefacts;
import dev.cardinal.engine.CodeGenerator;
import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A layout's Prometheus files: a scrape job whose {@code metric_relabel_configs} drop the labels of the attributes
 * the layout keeps as fields only (the labels an exporter would attach to every series), checked by
 * {@code promtool check config}; and recording rules for the layout's rollups, checked by {@code promtool check
 * rules}. Names go through {@link MetricNames} (valid, so inert in PromQL and in a regex) and every scalar through
 * {@link YamlText}; comments through {@link Language#comment}. A Prometheus metric kept as it came
 * ({@link dev.cardinal.engine.MetricOrigin}) is read under its own name, as a quoted {@code {__name__="..."}}
 * selector, grouped by its labels as sent (one PromQL cannot name is left out, said).
 */
final class PrometheusCode implements CodeGenerator {
    /** The _over_time function of each aggregate PromQL has, and how series are combined per group after it. */
    private static final Map<dev.cardinal.model.Aggregate, String[]> FUNCTIONS = Map.of(
        dev.cardinal.model.Aggregate.SUM, new String[] {"sum_over_time", "sum"},
        dev.cardinal.model.Aggregate.COUNT, new String[] {"count_over_time", "sum"},
        dev.cardinal.model.Aggregate.MIN, new String[] {"min_over_time", "min"},
        dev.cardinal.model.Aggregate.MAX, new String[] {"max_over_time", "max"},
        dev.cardinal.model.Aggregate.MEAN, new String[] {"avg_over_time", "avg"});

    @Override
    public void layoutCode(CodeRequest request, Artefacts out) {
        Layout l = request.layout();
        // a Prometheus metric kept as it came has one field, its sample value, which is no label
        List<String> dropped = request.keptAsSent() ? List.of() : l.rolesOfUsed().entrySet().stream()
            .filter(e -> e.getValue() == Role.FIELD).map(e -> MetricNames.label(e.getKey())).filter(n -> !MetricNames.whyNotLabel(n).isPresent())
            .distinct().sorted().toList();
        StringBuilder yml = new StringBuilder()
            .append(Language.YAML.comment("Prometheus scrape job for layout " + l.id() + " of " + l.eventKind())).append('\n')
            .append(Language.YAML.comment("add its targets (static_configs or service discovery) and merge it into "
                + "prometheus.yml")).append('\n')
            .append("scrape_configs:\n")
            .append("  - job_name: ").append(YamlText.quoted("cardinal-" + request.stem())).append('\n');
        if (dropped.isEmpty()) {
            yml.append(Language.YAML.comment("the layout keeps no attribute as a field only: no label to drop")).append('\n');
        } else {
            yml.append("    metric_relabel_configs:\n")
                .append(Language.YAML.comment("labels of the attributes the layout keeps as fields, not labels")).append('\n')
                .append("      - action: labeldrop\n")
                .append("        regex: ").append(YamlText.quoted(String.join("|", dropped))).append('\n');
        }
        out.put(request.stem() + ".prometheus.yml", yml.toString(), "Prometheus scrape job of " + l.id()
            + " (metric_relabel_configs)", Language.YAML);
    }

    /** A label name PromQL 2.42 can write bare, as in {@code by (...)}: {@code [a-zA-Z_][a-zA-Z0-9_]*}. */
    private static boolean identifier(String label) {
        return MetricNames.label(label).equals(label);
    }

    @Override
    public void rollupCode(CodeRequest request, Artefacts out) {
        Layout l = request.layout();
        boolean asSent = request.keptAsSent();
        List<String> rules = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Rollup r : request.workspace().rollups()) {
            if (!r.layout().equals(l.id())) {
                continue;
            }
            // only a tag is a label to group by; an attribute the layout keeps as a field is a metric's value; a label
            // kept as sent whose name is no PromQL identifier cannot be named in by (...)
            List<String> labels = r.groupBy().stream().filter(a -> l.roleOf(a) == Role.TAG)
                .map(a -> asSent ? l.tagKeyOf(a) : MetricNames.label(l.tagKeyOf(a))).toList();
            String by = labels.stream().filter(PrometheusCode::identifier).distinct().collect(Collectors.joining(", "));
            r.groupBy().stream().filter(a -> l.roleOf(a) != Role.TAG).forEach(a -> skipped.add(Language.YAML.comment(
                "rollup " + r.id() + " groups by " + a + ", which is no label of this layout: its rules do not") + "\n"));
            labels.stream().filter(n -> !identifier(n)).forEach(n -> skipped.add(Language.YAML.comment("rollup " + r.id()
                + " groups by label " + n + ", whose name PromQL cannot write in by (...): its rules do not") + "\n"));
            for (Rollup.AggregateSpec a : r.aggregates()) {
                String[] fn = FUNCTIONS.get(a.function());
                if (fn == null || !l.measurement().isLiteral() || l.roleOf(a.attribute()) != Role.FIELD) {
                    skipped.add(Language.YAML.comment("no rule for " + a.function().id() + " of " + a.attribute()
                        + " in rollup " + r.id() + ": " + (fn == null ? "PromQL has no such _over_time function"
                        : "the field is no single metric of this layout")) + "\n");
                    continue;
                }
                // kept as sent, the metric is named as sent, read through a selector: as sent, it may be no
                // identifier, or a keyword (sum, offset, bool) that PromQL would not read as a name
                String metric = asSent ? l.measurement().literalText()
                    : MetricNames.metricOf(l.measurement().literalText(), l.fieldKeyOf(a.attribute()));
                String selector = !asSent ? metric : "{__name__=" + dev.cardinal.engine.SelectorText.quoted(metric) + "}";
                String range = r.window().getSeconds() + "s";
                rules.add("      - record: " + YamlText.quoted(MetricNames.metric("cardinal:" + metric + ":" + fn[0] + "_"
                    + range)) + "\n"
                    + "        expr: " + YamlText.quoted(fn[1] + " by (" + by + ") (" + fn[0] + "(" + selector + "[" + range
                    + "]))") + "\n");
            }
        }
        if (rules.isEmpty()) {
            skipped.forEach(line -> out.notWritten("Prometheus recording rules of " + l.id() + ": " + line.substring(2).strip()));
            return;
        }
        String yml = Language.YAML.comment("Prometheus recording rules for the rollups of layout " + l.id()) + "\n"
            + String.join("", skipped)
            + "groups:\n  - name: " + YamlText.quoted("cardinal-" + request.stem()) + "\n    rules:\n"
            + String.join("", rules);
        out.put(request.stem() + ".rules.yml", yml, "Prometheus recording rules of " + l.id() + "'s rollups", Language.YAML);
    }
}
