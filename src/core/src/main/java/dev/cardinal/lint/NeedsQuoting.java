package dev.cardinal.lint;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Rule 5: names that are InfluxQL or Flux keywords, or that hold characters outside {@code [A-Za-z0-9_]}: every
 * query must quote them (and in Flux, use {@code r["name"]}), and hand-written queries get it wrong.
 */
final class NeedsQuoting implements Rule {
    @Override
    public String id() {
        return "name-needs-quoting";
    }

    @Override
    public String description() {
        return "keys or measurement names that are InfluxQL or Flux keywords, or need quoting";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        if (c.layout().measurement().isLiteral()) {
            String m = c.layout().measurement().literalText();
            check(c, out, "measurement", m,
                l -> l.withMeasurement(dev.cardinal.model.Template.literal(QueryNames.plain(m))));
        }
        for (TagSpec t : c.layout().tags()) {
            check(c, out, "tag key", t.key(), l -> l.withTags(l.tags().stream()
                .map(x -> x.key().equals(t.key()) ? new TagSpec(QueryNames.plain(t.key()), x.value()) : x).toList()));
        }
        for (FieldSpec f : c.layout().fields()) {
            if (f.key().isLiteral()) {
                String k = f.key().literalText();
                check(c, out, "field key", k, l -> l.withFields(l.fields().stream()
                    .map(x -> x.key().isLiteral() && x.key().literalText().equals(k)
                        ? new FieldSpec(dev.cardinal.model.Template.literal(QueryNames.plain(k)), x.attribute()) : x)
                    .toList()));
            }
        }
        return out;
    }

    private void check(LintContext c, List<Finding> out, String what, String name,
                       UnaryOperator<dev.cardinal.model.Layout> rename) {
        String why = QueryNames.problem(name);
        if (why == null) {
            return;
        }
        Severity severity = name.equals("time") && !what.equals("measurement") ? Severity.ERROR : Severity.WARNING;
        out.add(c.finding(this, severity, name,
            "The " + what + " '" + name + "' is " + why + ": every InfluxQL query must double-quote it and Flux must"
                + " write r[\"" + name + "\"].",
            List.of(new Evidence(what, name), new Evidence("why", why)),
            c.layoutFix("rename it to " + QueryNames.plain(name), rename)));
    }
}
