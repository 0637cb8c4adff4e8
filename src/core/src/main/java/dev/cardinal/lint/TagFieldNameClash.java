package dev.cardinal.lint;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule 4: one name used as a tag key and as a field key. InfluxDB stores both, and every query must then say which
 * one it means ({@code "name"::tag}, {@code "name"::field}); most tools do not.
 */
final class TagFieldNameClash implements Rule {
    @Override
    public String id() {
        return "tag-field-name-clash";
    }

    @Override
    public String description() {
        return "the same name used for a tag and a field";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        for (TagSpec t : c.layout().tags()) {
            for (FieldSpec f : c.layout().fields()) {
                if (!f.key().isLiteral() || !f.key().literalText().equals(t.key())) {
                    continue;
                }
                String renamed = t.key() + "_tag";
                out.add(c.finding(this, Severity.WARNING, t.key(),
                    "'" + t.key() + "' is both a tag key and a field key: queries must write \"" + t.key() + "\"::tag or \""
                        + t.key() + "\"::field, and a plain \"" + t.key() + "\" means the field.",
                    List.of(new Evidence("tag", t.key() + " = " + t.value()), new Evidence("field", f.key() + " = " + f.attribute())),
                    c.layoutFix("rename the tag to " + renamed, l -> l.withTags(l.tags().stream()
                        .map(x -> x.key().equals(t.key()) ? new TagSpec(renamed, x.value()) : x).toList()))));
            }
        }
        return out;
    }
}
