package dev.cardinal.engine.influxdb3;

import dev.cardinal.lint.Evidence;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.Fix;
import dev.cardinal.lint.LayoutTraffic;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Rule;
import dev.cardinal.lint.Severity;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A name written as a tag and as a field of one table. InfluxDB 1.x keeps both (the core's tag-field-name-clash warns
 * about the queries); InfluxDB 3 refuses the line ({@link Clashes}), so here it is an error.
 */
final class ClashRule implements Rule {
    @Override
    public String id() {
        return "influxdb3-tag-field-clash";
    }

    @Override
    public String description() {
        return "a name written as a tag and as a field: InfluxDB 3 refuses the line";
    }

    @Override
    public List<Finding> check(LintContext c) {
        if (!(c.traffic() instanceof LayoutTraffic.Rows rows)) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>();
        for (Clash clash : Clashes.of(c.layout(), rows.index().sample())) {
            String renamed = clash.key() + "_tag";
            String layoutId = c.layout().id();
            out.add(new Finding(id(), Severity.ERROR, layoutId, clash.key(), "'" + clash.key() + "' is a tag and a field of"
                + " the same table: InfluxDB 3 refuses every line that carries both, answering \"" + clash.answer() + "\".",
                List.of(new Evidence("lines refused in the sample", String.format(Locale.ROOT, "%,d", clash.refused())),
                    new Evidence("server answer", ServerAnswers.SOURCE)),
                new Fix("rename the tag to " + renamed, ws -> ws.withLayout(ws.layout(layoutId).orElseThrow()
                    .withTags(ws.layout(layoutId).orElseThrow().tags().stream()
                        .map(t -> t.key().equals(clash.key()) ? new TagSpec(renamed, t.value()) : t).toList())))));
        }
        return out;
    }
}
