package dev.cardinal.lint;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.projection.Projection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rule 6: data encoded in measurement names, either by a template ({@code {crop}.plot-{plot}}) or by several
 * layouts of the workspace whose literal names differ only in a number ({@code cpu_host1}, {@code cpu_host2},
 * ...). Each value becomes a measurement: queries cannot filter or group by it, only list names.
 */
final class DataInMeasurementName implements Rule {
    /** Layouts whose names share a pattern before it counts as data (two could be a coincidence). */
    static final int SAME_PATTERN = 3;

    @Override
    public String id() {
        return "data-in-measurement-name";
    }

    @Override
    public String description() {
        return "data encoded in measurement names (a template, or many measurements that share a pattern)";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        Layout layout = c.layout();
        Template m = layout.measurement();
        if (!m.attributes().isEmpty()) {
            if (c.rows().isEmpty()) {
                return out;
            }
            Projection p = c.rows().get().projection();
            String name = c.kind().name();
            List<String> moved = new ArrayList<>(m.attributes());
            out.add(c.finding(this, Severity.ERROR, "measurement",
                "The measurement name '" + m.pattern() + "' carries data (" + String.join(", ", moved) + "): every value"
                    + " makes another measurement, which queries can list but not filter or group by.",
                List.of(Evidence.count("measurements in the sample", p.now().measurements()),
                    Evidence.count("measurements at " + dev.cardinal.model.Durations.format(p.settings().horizon()),
                        p.measurementsAtHorizon())),
                c.layoutFix("name the measurement '" + name + "' and make " + String.join(", ", moved) + " tags", l -> {
                    Layout fixed = l.withMeasurement(Template.literal(name));
                    for (String a : moved) {
                        if (fixed.tags().stream().noneMatch(t -> t.key().equals(a))) {
                            List<TagSpec> tags = new ArrayList<>(fixed.tags());
                            tags.add(TagSpec.of(a));
                            fixed = fixed.withTags(tags);
                        }
                    }
                    return fixed;
                })));
            return out;
        }
        // literal names: does this one share a pattern with others in the workspace?
        String pattern = pattern(m.literalText());
        Map<String, String> same = new LinkedHashMap<>();
        for (Layout other : c.workspace().layouts()) {
            if (other.measurement().isLiteral() && !other.measurement().literalText().equals(m.literalText())
                && pattern(other.measurement().literalText()).equals(pattern)) {
                same.put(other.measurement().literalText(), other.id());
            }
        }
        if (same.size() + 1 >= SAME_PATTERN && !pattern.equals(m.literalText())) {
            out.add(c.finding(this, Severity.WARNING, "measurement",
                "The measurement '" + m.literalText() + "' shares the pattern '" + pattern + "' with " + same.size()
                    + " others in the workspace (" + String.join(", ", same.keySet()) + "): the varying part is data.",
                List.of(Evidence.count("measurements with this pattern", same.size() + 1L), new Evidence("pattern", pattern)),
                Fix.advice("one measurement, with the varying part as a tag")));
        }
        return out;
    }

    /** A measurement name that carries data is measured by its measurements, which a summary does not count. */
    @Override
    public java.util.Optional<Linter.Unchecked> unchecked(LintContext c) {
        return c.withoutRows(this, c.layout().measurement().attributes().isEmpty() ? List.of() : List.of("measurement"),
            "the measurements a templated name makes: a summary does not count measurements");
    }

    /**
     * A name with its digit runs replaced by {@code #}: {@code cpu_host1} -> {@code cpu_host#}. Only numbers count
     * as the varying part; {@code cpu_load} and {@code cpu_temp} are different facts, not data in a name.
     */
    static String pattern(String name) {
        return name.replaceAll("[0-9]+", "#");
    }
}
