package dev.cardinal.lint;

import dev.cardinal.projection.MappingType;
import dev.cardinal.projection.TextStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A string mapped dynamically as {@code text} with a {@code .keyword} multi-field whose values are single tokens,
 * short identifiers or codes never searched as words: the {@code text} half is an analysed index nobody queries, and
 * one more field toward the total-fields limit. Mapped as {@code keyword} it is one field, and filters and terms
 * aggregations on it work as on {@code .keyword}.
 */
final class TextWhereKeywordSuffices implements DocumentRule {
    /** Identifiers and codes are short; longer single tokens (URLs, hashes of documents) are left alone. */
    static final int MAX_AVERAGE_LENGTH = 64;

    @Override
    public String id() {
        return "opensearch-text-where-keyword-suffices";
    }

    @Override
    public String description() {
        return "a string mapped text + keyword whose values are short single tokens: keyword alone suffices";
    }

    @Override
    public List<Finding> check(DocumentLintContext c) {
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<String, MappingType> e : new TreeMap<>(c.projection().mapping()).entrySet()) {
            TextStats s = e.getValue() == MappingType.TEXT ? c.text().of(e.getKey()) : null;
            if (s == null || s.withWhitespace() > 0 || s.averageLength() > MAX_AVERAGE_LENGTH) {
                continue;
            }
            String path = e.getKey();
            out.add(c.finding(this, Severity.INFO, path, String.format(Locale.ROOT, "'%s' is mapped text with a .keyword"
                    + " (2 fields), but its values are single tokens of %.1f characters on average: identifiers or codes"
                    + " looked up whole, never searched as words. As keyword it is 1 field, and term filters and terms"
                    + " aggregations work the same.", path, s.averageLength()),
                List.of(new Evidence("distinct values", String.format(Locale.ROOT, "%s%,d", s.capped() ? "more than " : "",
                        s.distinct())),
                    Evidence.count("values", s.values()),
                    new Evidence("average length", String.format(Locale.ROOT, "%.1f (longest %d)", s.averageLength(),
                        s.longest())),
                    Evidence.count("values with whitespace", s.withWhitespace()),
                    Evidence.count("fields saved", 1)),
                Fix.advice("map " + path + " as keyword in an explicit mapping (queries on " + path
                    + ".keyword then go to " + path + ")")));
        }
        return out;
    }
}
