package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.Language;
import java.time.Duration;
import java.util.List;

/**
 * A group of vmalert recording rules, as {@link VmRules} writes a rollup: its rules and what was left out.
 *
 * @param name      the group's name (the rollup's)
 * @param interval  how often it runs: the rollup's window
 * @param rules     its rules
 * @param unwritten what was left out, with the reason
 */
record RuleGroup(String name, Duration interval, List<Rule> rules, List<String> unwritten) {
    /** A recording rule: the metric it records and its MetricsQL. */
    record Rule(String record, String expr) {
    }

    /** The rules file vmalert loads with {@code -rule}. */
    String yaml(String file) {
        StringBuilder sb = new StringBuilder(Language.YAML.comment("vmalert -rule=" + file + ": the rollup " + name
            + " every " + interval.getSeconds() + " s")).append("\ngroups:\n");
        sb.append("  - name: ").append(VmYaml.quoted(name)).append('\n');
        sb.append("    interval: ").append(VmYaml.quoted(interval.getSeconds() + "s")).append('\n');
        sb.append("    rules:\n");
        for (Rule r : rules) {
            sb.append("      - record: ").append(VmYaml.quoted(r.record())).append('\n');
            sb.append("        expr: ").append(VmYaml.quoted(r.expr())).append('\n');
        }
        return sb.toString();
    }
}
