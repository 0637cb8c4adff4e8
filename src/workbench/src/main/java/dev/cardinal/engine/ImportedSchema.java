package dev.cardinal.engine;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.SchemaInference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Event kinds and layouts built from what a server says about its measurements (tag keys, typed field keys),
 * one event kind and one "as imported" layout per measurement, for every importer alike.
 */
public final class ImportedSchema {
    public final List<EventKind> kinds = new ArrayList<>();
    public final List<Layout> layouts = new ArrayList<>();
    public final List<String> notes = new ArrayList<>();

    /**
     * Adds a measurement; a key that is a tag and a field becomes attribute {@code key_field} for the field. A
     * measurement without field keys (its points expired) is left out with a note.
     */
    public Optional<Layout> add(String measurement, Collection<String> tagKeys, Map<String, ValueType> fieldKeys,
                         RetentionPlan retention) {
        return add(measurement, tagKeys, fieldKeys, retention, EventKind.Origin.RECORD);
    }

    /** As {@link #add(String, Collection, Map, RetentionPlan)}, the event kind of the given origin. */
    public Optional<Layout> add(String measurement, Collection<String> tagKeys, Map<String, ValueType> fieldKeys,
                                RetentionPlan retention, EventKind.Origin origin) {
        List<Attribute> attributes = new ArrayList<>();
        List<TagSpec> tags = new ArrayList<>();
        List<FieldSpec> fields = new ArrayList<>();
        for (String tag : tagKeys) {
            attributes.add(new Attribute(tag, ValueType.STRING));
            tags.add(TagSpec.of(tag));
        }
        for (var f : fieldKeys.entrySet()) {
            boolean clash = tagKeys.contains(f.getKey());
            String name = clash ? f.getKey() + "_field" : f.getKey();
            if (clash) {
                notes.add("measurement " + measurement + ": " + f.getKey() + " is a tag and a field; the field is attribute " + name);
            }
            attributes.add(new Attribute(name, f.getValue()));
            fields.add(new FieldSpec(Template.literal(f.getKey()), name));
        }
        if (fields.isEmpty()) {
            notes.add("measurement " + measurement + " has no field keys (its points have expired?): left out");
            return Optional.empty();
        }
        kinds.add(new EventKind(measurement, attributes, origin));
        Layout layout = new Layout(uniqueId(SchemaInference.slug(measurement)), measurement + " as imported", measurement,
            Template.literal(measurement), tags, fields, retention);
        layouts.add(layout);
        return Optional.of(layout);
    }

    private String uniqueId(String base) {
        String stem = base.isEmpty() ? "layout" : base;
        String id = stem;
        for (int n = 2; isTaken(id); n++) {
            id = stem + "-" + n;
        }
        return id;
    }

    private boolean isTaken(String id) {
        return layouts.stream().anyMatch(l -> l.id().equals(id));
    }
}
