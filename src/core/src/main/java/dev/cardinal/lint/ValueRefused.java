package dev.cardinal.lint;

import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingType;
import java.util.ArrayList;
import java.util.List;

/**
 * Documents the engine refuses for a value or a key it cannot map, other than numbers (those are
 * {@link MixedNumericTypes}): a boolean or a date field given something else, an object where a value was or the
 * reverse, a key it cannot take. Each is lost on write.
 */
final class ValueRefused implements DocumentRule {
    @Override
    public String id() {
        return "opensearch-value-refused";
    }

    @Override
    public String description() {
        return "documents refused for a value or key the engine cannot map (mapper_parsing_exception)";
    }

    @Override
    public List<Finding> check(DocumentLintContext c) {
        List<Finding> out = new ArrayList<>();
        for (MappingProjection.FieldIssue f : c.projection().typeRefusals()) {
            if (f.type() != MappingType.LONG && f.type() != MappingType.FLOAT) {
                out.add(c.finding(this, Severity.ERROR, f.path(), "The engine refuses documents at '" + f.path() + "': "
                    + f.message() + ".", MixedNumericTypes.evidence(f),
                    Fix.advice("make the writer send " + f.path() + " with one shape and type")));
            }
        }
        return out;
    }
}
