package dev.cardinal.lint;

import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Rule 9: a measure stored as a tag: every value is a number, and they read as measurements (fractions, or many
 * distinct values) rather than as labels ({@code plot=3}, {@code port=443}). As a tag it cannot be summed or
 * averaged, and each value is another series.
 */
final class NumberAsTag implements Rule {
    /** Distinct whole numbers beyond which they read as a measure rather than a handful of labels. */
    static final int MANY_NUMBERS = 100;

    @Override
    public String id() {
        return "number-as-tag";
    }

    @Override
    public String description() {
        return "numbers stored as tags (tag values that are all numeric measures)";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        for (TagSpec t : c.layout().tags()) {
            Optional<String> ref = t.value().singleRef();
            if (ref.isEmpty() || c.rows().isEmpty()) {
                continue;
            }
            List<String> values = LintContext.distinctTexts(c.rows().get(), ref.get());
            if (values.isEmpty() || !values.stream().allMatch(ValueShapes::number)) {
                continue;
            }
            long fractional = values.stream().filter(ValueShapes::fractional).count();
            if (fractional == 0 && values.size() < MANY_NUMBERS) {
                continue;
            }
            String attr = ref.get();
            out.add(c.finding(this, Severity.WARNING, t.key(),
                "Every value of tag '" + t.key() + "' is a number" + (fractional > 0 ? ", some with fractions" : "")
                    + ": that is a measure. As a tag it cannot be summed or averaged, and each value is another series.",
                List.of(Evidence.count("distinct values", values.size()), Evidence.count("with a fraction", fractional),
                    new Evidence("e.g.", String.join(", ", values.subList(0, Math.min(3, values.size()))))),
                c.layoutFix("make " + attr + " a field", l -> l.withRole(attr, Role.FIELD))));
        }
        return out;
    }

    @Override
    public Optional<Linter.Unchecked> unchecked(LintContext c) {
        return c.withoutRows(this, SeveralFactsInOneTag.plainTags(c), "whether the tag's values are numbers: a summary holds counts, not values");
    }
}
