package dev.cardinal.lint;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.projection.Growth;
import java.util.ArrayList;
import java.util.List;

/**
 * Rule 7: data encoded in field keys ({@code {metric}} as the key): field keys then grow with traffic, which is the
 * mapping explosion (Elasticsearch's total-fields limit, InfluxDB 3's columns per table, a schema nobody can list).
 * Keys made from bounded slots ({@code slot_{slot(metric, tenant, max=50)}}) are the cure, not the disease.
 */
final class DataInFieldKeys implements Rule {
    /** Field keys of one layout beyond which a template's keys are a problem even if they seem to settle. */
    static final long MANY_KEYS = 200;

    @Override
    public String id() {
        return "data-in-field-keys";
    }

    @Override
    public String description() {
        return "data encoded in field keys (field keys that grow with traffic: the mapping explosion)";
    }

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        for (FieldSpec f : c.layout().fields()) {
            Template key = f.key();
            boolean slotted = key.parts().stream().anyMatch(p -> p instanceof Template.SlotRef);
            List<String> data = key.parts().stream().filter(p -> p instanceof Template.Ref)
                .map(p -> ((Template.Ref) p).attribute()).toList();
            if (data.isEmpty() || c.rows().isEmpty()) {
                continue;
            }
            LayoutTraffic.Rows rows = c.rows().get();
            boolean grows = data.stream().anyMatch(a -> c.attribute(a).map(x -> x.growth() == Growth.GROWS).orElse(false));
            long keys = rows.projection().now().fieldKeys();
            long atHorizon = rows.projection().fieldKeysAtHorizon();
            Severity severity = grows || atHorizon >= MANY_KEYS ? Severity.ERROR : Severity.WARNING;
            String attrs = String.join(", ", data);
            List<Evidence> evidence = List.of(Evidence.count("field keys in the sample", keys),
                Evidence.count("field keys at " + dev.cardinal.model.Durations.format(c.projection().settings().horizon()), atHorizon),
                new Evidence("key attributes", attrs + (grows ? " (grows with traffic)" : "")));
            Fix fix;
            if (grows && data.size() == 1 && !slotted) {
                // an open set in the key would be an open set in a tag too: bound it with slots instead
                List<String> scope = c.layout().tags().stream().filter(TagSpec::isPlain).map(TagSpec::key).toList();
                int most = mostPerScope(rows, data.get(0), scope);
                int max = Math.max(10, (int) Math.ceil(most * 1.5 / 10) * 10);
                Template slots = new Template("slot_{slot(" + String.join(", ", concat(data.get(0), scope)) + ", max=" + max + ")}",
                    List.of(new Template.Literal("slot_"), new Template.SlotRef(data.get(0), scope, max)));
                fix = c.layoutFix("key " + f.attribute() + " by " + max + " fixed slots per " + (scope.isEmpty() ? "measurement"
                        : String.join(", ", scope)) + " (at most " + most + " " + data.get(0) + " values per scope in the sample),"
                        + " with a relational table mapping each slot to its " + data.get(0),
                    l -> l.withFields(l.fields().stream().map(x -> x.equals(f) ? new FieldSpec(slots, x.attribute()) : x).toList()));
            } else {
                fix = c.layoutFix("store " + f.attribute() + " under the key '" + f.attribute() + "' and make " + attrs + " tags",
                    l -> moveIntoTags(l, f, data));
            }
            out.add(c.finding(this, severity, key.pattern(),
                "The field key '" + key.pattern() + "' carries data (" + attrs + "): each value makes another field key,"
                    + " so the schema grows with the data.",
                evidence, fix));
        }
        return out;
    }

    /** Field keys that carry data are measured by the keys they make, which a summary does not count. */
    @Override
    public java.util.Optional<Linter.Unchecked> unchecked(LintContext c) {
        List<String> keys = c.layout().fields().stream().map(FieldSpec::key)
            .filter(k -> k.parts().stream().anyMatch(p -> p instanceof Template.Ref)).map(Template::pattern).toList();
        return c.withoutRows(this, keys, "the field keys a templated key makes: a summary does not count field keys");
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }

    /** The most distinct values of {@code attr} that one combination of the scope attributes has in the sample. */
    static int mostPerScope(LayoutTraffic.Rows rows, String attr, List<String> scope) {
        var index = rows.index();
        int a = index.sample().attributeIndex(attr);
        int[] s = scope.stream().mapToInt(n -> index.sample().attributeIndex(n)).toArray();
        java.util.Map<java.util.List<Integer>, java.util.Set<Integer>> seen = new java.util.HashMap<>();
        int most = 0;
        for (int r = 0; r < index.rows(); r++) {
            int v = index.id(a, r);
            if (v == 0) {
                continue;
            }
            List<Integer> key = new ArrayList<>(s.length);
            for (int x : s) {
                key.add(x < 0 ? 0 : index.id(x, r));
            }
            java.util.Set<Integer> values = seen.computeIfAbsent(key, k -> new java.util.HashSet<>());
            if (values.add(v)) {
                most = Math.max(most, values.size());
            }
        }
        return most;
    }

    /** The field's key becomes its attribute's name; the attributes the key carried become tags. */
    private static Layout moveIntoTags(Layout l, FieldSpec f, List<String> data) {
        List<FieldSpec> fields = new ArrayList<>();
        for (FieldSpec x : l.fields()) {
            fields.add(x.equals(f) ? FieldSpec.of(f.attribute()) : x);
        }
        List<TagSpec> tags = new ArrayList<>(l.tags());
        for (String a : data) {
            if (tags.stream().noneMatch(t -> t.key().equals(a))) {
                tags.add(TagSpec.of(a));
            }
        }
        return l.withFields(fields).withTags(tags);
    }
}
