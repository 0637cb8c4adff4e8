package dev.cardinal.lint;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rule 8: several facts in one tag, either by a template ({@code location = plot-{plot}.{region}}) or in values that
 * split the same way on a separator ({@code eu-west/rack-12}). Queries then need regular expressions to filter or
 * group by one of the facts, and cannot use the index for it.
 */
final class SeveralFactsInOneTag implements Rule {
    /** Not '.' or '-': host names and dashed labels are single facts. */
    private static final char[] SEPARATORS = {'/', '|', ':', ';'};

    @Override
    public String id() {
        return "several-facts-in-one-tag";
    }

    @Override
    public String description() {
        return "several facts in one tag (a template, or values that split consistently on a separator)";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        for (TagSpec t : c.layout().tags()) {
            List<String> attrs = new ArrayList<>(t.value().attributes());
            if (attrs.size() > 1) {
                out.add(c.finding(this, Severity.WARNING, t.key(),
                    "Tag '" + t.key() + "' = '" + t.value().pattern() + "' holds " + attrs.size() + " facts ("
                        + String.join(", ", attrs) + "): filtering or grouping by one of them needs a regular expression.",
                    List.of(new Evidence("template", t.value().pattern()),
                        Evidence.count("values of " + t.key() + " in the sample", c.traffic().tags().getOrDefault(t.key(), 0L))),
                    c.layoutFix("one tag per fact: " + String.join(", ", attrs), l -> split(l, t, attrs))));
                continue;
            }
            if (t.value().singleRef().isEmpty() || c.rows().isEmpty()) {
                continue;
            }
            List<String> values = LintContext.distinctTexts(c.rows().get(), t.value().singleRef().get());
            Character sep = consistentSeparator(values);
            if (sep != null) {
                out.add(c.finding(this, Severity.WARNING, t.key(),
                    "Values of tag '" + t.key() + "' split the same way on '" + sep + "' (e.g. " + values.get(0)
                        + "): that is several facts in one tag.",
                    List.of(new Evidence("separator", String.valueOf(sep)),
                        Evidence.count("distinct values that split alike", values.size())),
                    Fix.advice("write each part as its own attribute and tag")));
            }
        }
        return out;
    }

    /** Tags whose values split on a separator are found in the values, which a summary does not hold. */
    @Override
    public java.util.Optional<Linter.Unchecked> unchecked(LintContext c) {
        return c.withoutRows(this, plainTags(c), "whether the tag's values split on a separator: a summary holds counts, not values");
    }

    /** The keys of the tags that take one attribute's value. */
    static List<String> plainTags(LintContext c) {
        return c.layout().tags().stream().filter(t -> t.value().singleRef().isPresent()).map(TagSpec::key).toList();
    }

    /**
     * A separator on which every value splits into the same number (2 or more) of non-empty parts, where one part
     * position repeats across values (a shared fact such as a region); null when there is none. Needs at least 10
     * distinct values, so a handful of labels is not read as a pattern.
     */
    static Character consistentSeparator(List<String> values) {
        if (values.size() < 10) {
            return null;
        }
        for (char sep : SEPARATORS) {
            int parts = -1;
            boolean consistent = true;
            List<Map<String, Integer>> byPosition = new ArrayList<>();
            for (String v : values) {
                String[] split = v.split(java.util.regex.Pattern.quote(String.valueOf(sep)), -1);
                if (parts < 0) {
                    parts = split.length;
                    for (int k = 0; k < parts; k++) {
                        byPosition.add(new LinkedHashMap<>());
                    }
                }
                if (split.length != parts || parts < 2) {
                    consistent = false;
                    break;
                }
                for (int k = 0; k < parts; k++) {
                    if (split[k].isEmpty()) {
                        consistent = false;
                        break;
                    }
                    byPosition.get(k).merge(split[k], 1, Integer::sum);
                }
                if (!consistent) {
                    break;
                }
            }
            if (consistent && byPosition.stream().anyMatch(m -> m.size() < values.size() / 2)) {
                return sep;
            }
        }
        return null;
    }

    private static Layout split(Layout l, TagSpec t, List<String> attrs) {
        List<TagSpec> tags = new ArrayList<>();
        for (TagSpec x : l.tags()) {
            if (!x.equals(t)) {
                tags.add(x);
                continue;
            }
            for (String a : attrs) {
                if (l.tags().stream().noneMatch(y -> y.key().equals(a))) {
                    tags.add(TagSpec.of(a));
                }
            }
        }
        return l.withTags(tags);
    }
}
