package dev.cardinal.lint;

import dev.cardinal.traffic.ReadProblem;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule 12: a field whose type changed within the sample (the server's "field type conflict"): the server refuses
 * every point that disagrees with the type it saw first in the shard, so those writes are lost.
 */
final class FieldTypeConflict implements Rule {
    @Override
    public String id() {
        return "field-type-conflict";
    }

    @Override
    public String description() {
        return "field type conflicts seen in the sample";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        if (c.rows().isEmpty()) {
            return out;
        }
        List<ReadProblem> conflicts = c.rows().get().report().problems().stream()
            .filter(p -> p.kind() == ReadProblem.Kind.TYPE_CONFLICT).toList();
        java.util.Set<String> attributes = c.layout().attributesUsed();
        java.util.Map<String, List<ReadProblem>> byAttribute = new java.util.LinkedHashMap<>();
        for (ReadProblem p : conflicts) {
            for (String a : attributes) {
                if (p.message().contains("'" + a + "'")) {
                    byAttribute.computeIfAbsent(a, k -> new ArrayList<>()).add(p);
                }
            }
        }
        byAttribute.forEach((a, ps) -> out.add(c.finding(this, Severity.ERROR, a,
            "Field '" + a + "' changes type within the sample: the server refuses every point whose type differs from the"
                + " first one it saw in the shard, so those writes are lost.",
            List.of(Evidence.count("conflicting lines", ps.size()), new Evidence("first", ps.get(0).toString())),
            Fix.advice("make the writer send " + a + " with one type (e.g. always a float: 1.0, not 1i)"))));
        return out;
    }

    @Override
    public java.util.Optional<Linter.Unchecked> unchecked(LintContext c) {
        return c.withoutRows(this, List.copyOf(new java.util.TreeSet<>(c.layout().attributesUsed())),
            "lines whose field changed type: the job skips them, and a summary keeps no read problems");
    }
}
