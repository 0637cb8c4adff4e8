package dev.cardinal.lint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Runs every document rule over one sample of documents; findings come worst first, then in rule order. */
public final class DocumentLinter {
    private static final List<DocumentRule> RULES = List.of(new DynamicUserNamedKeys(), new MixedNumericTypes(),
        new ValueRefused(), new TextWhereKeywordSuffices());

    private DocumentLinter() {
    }

    public static List<DocumentRule> rules() {
        return RULES;
    }

    public static List<Finding> lint(DocumentLintContext context) {
        List<Finding> out = new ArrayList<>();
        for (DocumentRule r : RULES) {
            out.addAll(r.check(context));
        }
        out.sort(Comparator.comparing(Finding::severity));
        return out;
    }
}
