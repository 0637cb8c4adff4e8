package dev.cardinal.lint;

import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import dev.cardinal.projection.Growth;
import dev.cardinal.projection.Projection;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule 1, the costliest mistake: a tag whose values keep arriving with traffic. Every new value is a new series,
 * so the index grows with the business instead of with the schema.
 */
final class TagGrowsWithTraffic implements Rule {
    @Override
    public String id() {
        return "tag-grows-with-traffic";
    }

    @Override
    public String description() {
        return "a tag whose values keep arriving with traffic (the tag test fails)";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        for (TagSpec t : c.layout().tags()) {
            for (String attr : t.value().attributes()) {
                Projection.AttributeProjection a = c.attribute(attr).orElse(null);
                if (a == null || a.growth() != Growth.GROWS) {
                    continue;
                }
                boolean plain = t.value().singleRef().isPresent();
                Fix fix = plain
                    ? c.layoutFix("make " + attr + " a field", l -> l.withRole(attr, Role.FIELD))
                    : Fix.advice("take " + attr + " out of the tag '" + t.key() + "' and store it as a field");
                out.add(c.finding(this, Severity.ERROR, t.key(),
                    "Tag '" + t.key() + "' takes " + attr + ", which grows with traffic: every new value is a new series,"
                        + " so the index grows with the business. Keep ids in fields; answer per-id questions from a rollup.",
                    List.of(Evidence.count("distinct values in the sample", a.distinct()),
                        new Evidence("growth", a.fit().evidence()),
                        Evidence.count("values at " + dev.cardinal.model.Durations.format(c.projection().settings().horizon()),
                            a.atHorizon())),
                    fix));
            }
        }
        return out;
    }
}
