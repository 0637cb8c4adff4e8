package dev.cardinal.traffic;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns sample traffic into a workspace: one event kind per kind found, its attributes and value types, and the
 * layout as written (the keys that arrived as tags are tags, the rest fields), so the user starts from what their
 * application sends today.
 */
public final class SchemaInference {
    private SchemaInference() {
    }

    public static Workspace infer(String name, Sample sample, List<SampleBinding> bindings) {
        List<EventKind> kinds = new ArrayList<>();
        List<Layout> layouts = new ArrayList<>();
        Map<String, Position> canvas = new TreeMap<>();
        Set<String> ids = new HashSet<>();
        for (EventKindSample k : sample.eventKinds()) {
            kinds.add(eventKind(k));
            Layout layout = asWritten(k, uniqueId(slug(k.name()) + "-as-written", ids));
            layouts.add(layout);
            int i = layouts.size() - 1;
            canvas.put(layout.id(), new Position(40 + 360 * (i % 3), 40 + 320 * (i / 3)));
        }
        return new Workspace(name, kinds, layouts, bindings, List.of(), List.of(), canvas);
    }

    public static EventKind eventKind(EventKindSample k) {
        List<Attribute> attributes = new ArrayList<>();
        for (SampleAttribute a : k.attributes()) {
            attributes.add(new Attribute(a.name(), a.type()));
        }
        return new EventKind(k.name(), attributes,
            k.prometheusMetric() ? EventKind.Origin.PROMETHEUS_METRIC : EventKind.Origin.RECORD);
    }

    /** The layout the traffic arrived in: measurement = event kind, tags as sent, everything else a field. */
    public static Layout asWritten(EventKindSample k, String id) {
        List<TagSpec> tags = new ArrayList<>();
        List<FieldSpec> fields = new ArrayList<>();
        for (SampleAttribute a : k.attributes()) {
            if (a.arrivedAsTag()) {
                tags.add(a.key().equals(a.name()) ? TagSpec.of(a.name()) : new TagSpec(a.key(), Template.ref(a.name())));
            } else {
                fields.add(a.key().equals(a.name()) ? FieldSpec.of(a.name())
                    : new FieldSpec(Template.literal(a.key()), a.name()));
            }
        }
        return new Layout(id, "as written", k.name(), Template.literal(k.name()), tags, fields, RetentionPlan.AUTOGEN);
    }

    /** A file- and id-friendly form of a name: lower case, runs of other characters turned into one '-'. */
    public static String slug(String s) {
        String slug = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return slug.isEmpty() ? "kind" : slug;
    }

    private static String uniqueId(String base, Set<String> taken) {
        String id = base;
        int n = 2;
        while (!taken.add(id)) {
            id = base + "-" + n++;
        }
        return id;
    }
}
