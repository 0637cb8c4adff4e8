package dev.cardinal.lint;

import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingType;
import java.util.ArrayList;
import java.util.List;

/**
 * A numeric field whose values disagree with the type its first value gave it: a {@code long} that later receives
 * fractions keeps them truncated in the index, silently ({@code 12.5} sums and averages as {@code 12}); a number
 * field that receives a string it cannot parse ({@code "n/a"}) refuses the whole document.
 */
final class MixedNumericTypes implements DocumentRule {
    @Override
    public String id() {
        return "opensearch-mixed-numeric-types";
    }

    @Override
    public String description() {
        return "a numeric field that receives fractions after integers (truncated) or strings (refused)";
    }

    @Override
    public List<Finding> check(DocumentLintContext c) {
        List<Finding> out = new ArrayList<>();
        for (MappingProjection.FieldIssue f : c.projection().truncations()) {
            out.add(c.finding(this, Severity.WARNING, f.path(), "Field '" + f.path() + "' was mapped long by its first"
                + " value, an integer; later values carry fractions, which the engine accepts and truncates in the index:"
                + " sums, averages and ranges over it are off, and nothing says so.", evidence(f),
                Fix.advice("map " + f.path() + " as double in an explicit mapping (or make the writer send 0.0 for zero)")));
        }
        for (MappingProjection.FieldIssue f : c.projection().typeRefusals()) {
            if (f.type() == MappingType.LONG || f.type() == MappingType.FLOAT) {
                out.add(c.finding(this, Severity.ERROR, f.path(), "Field '" + f.path() + "' is a " + f.type().engineName()
                    + " number, and some documents give it a value that is not one: the engine refuses each of those"
                    + " documents whole (" + f.message() + ").", evidence(f),
                    Fix.advice("make the writer leave " + f.path() + " out (or send null) when there is no number")));
            }
        }
        return out;
    }

    static List<Evidence> evidence(MappingProjection.FieldIssue f) {
        return List.of(Evidence.count("documents affected", f.documents()),
            new Evidence("first", String.format(java.util.Locale.ROOT, "document %,d (line %,d)", f.firstDocument(),
                f.firstLine())));
    }
}
