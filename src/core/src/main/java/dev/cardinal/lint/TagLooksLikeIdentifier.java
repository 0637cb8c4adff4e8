package dev.cardinal.lint;

import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import dev.cardinal.projection.Growth;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Rule 2: a tag whose values or name look like an identifier (uuid, hash, long number, email, url, a name ending in
 * id). Caught from the shape, so a sample too small to show the growth still gets the warning. Tags the growth test
 * already failed are left to rule 1.
 */
final class TagLooksLikeIdentifier implements Rule {
    @Override
    public String id() {
        return "tag-looks-like-id";
    }

    @Override
    public String description() {
        return "a tag that looks like an identifier (uuid, hash, numeric id, email, url, session)";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        for (TagSpec t : c.layout().tags()) {
            Optional<String> ref = t.value().singleRef();
            if (ref.isEmpty()) {
                continue;
            }
            String attr = ref.get();
            if (grows(c, attr) || c.rows().isEmpty()) {
                continue;
            }
            List<String> values = LintContext.distinctTexts(c.rows().get(), attr);
            Optional<String> shape = ValueShapes.identifierShape(values);
            boolean byName = ValueShapes.identifierName(attr);
            if (shape.isEmpty() && !byName) {
                continue;
            }
            List<Evidence> evidence = new ArrayList<>();
            shape.ifPresent(s -> evidence.add(new Evidence("values look like", s + " (e.g. " + values.get(0) + ")")));
            if (byName) {
                evidence.add(new Evidence("name", attr + " names an identifier"));
            }
            evidence.add(Evidence.count("distinct values in the sample", values.size()));
            out.add(c.finding(this, Severity.WARNING, t.key(),
                "Tag '" + t.key() + "' looks like an identifier: ids keep arriving in production even when the sample"
                    + " shows few. Make it a field unless its values are a fixed list you filter by.",
                evidence, c.layoutFix("make " + attr + " a field", l -> l.withRole(attr, Role.FIELD))));
        }
        return out;
    }

    /** Tags that do not grow are judged by the shape of their values, which a summary does not hold. */
    @Override
    public Optional<Linter.Unchecked> unchecked(LintContext c) {
        List<String> tags = c.layout().tags().stream()
            .filter(t -> t.value().singleRef().filter(a -> !grows(c, a)).isPresent()).map(TagSpec::key).toList();
        return c.withoutRows(this, tags, "the shape of the tag's values (uuid, hash, email, ...): a summary holds counts, not values");
    }

    private static boolean grows(LintContext c, String attribute) {
        return c.attribute(attribute).map(a -> a.growth() == Growth.GROWS).orElse(false);
    }
}
