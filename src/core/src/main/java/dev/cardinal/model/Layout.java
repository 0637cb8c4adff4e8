package dev.cardinal.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The physical shape of an event kind in the database: measurement name, tag set and field set, each part an
 * attribute or a template over attributes. A layout is a value; every edit returns a new layout.
 *
 * @param id          stable identifier, unique in the workspace; never changes on rename
 * @param name        display name, e.g. {@code ids-as-tags}
 * @param eventKind   the event kind this layout stores
 * @param measurement the measurement name, literal or templated
 * @param tags        tag set, in key order as written by the user
 * @param fields      field set
 * @param retention   where points go and how long they stay
 */
public record Layout(String id, String name, String eventKind, Template measurement, List<TagSpec> tags,
                     List<FieldSpec> fields, RetentionPlan retention) {

    public Layout {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(eventKind, "eventKind");
        Objects.requireNonNull(measurement, "measurement");
        Objects.requireNonNull(retention, "retention");
        tags = List.copyOf(tags);
        fields = List.copyOf(fields);
    }

    /**
     * The role of every attribute of the event kind: TAG when it is a plain tag value, FIELD when it is stored as
     * a field value, IN_TEMPLATE when it is only read by a template, DROPPED otherwise. When an attribute is used
     * in more than one way the strongest use wins, in the order TAG, FIELD, IN_TEMPLATE.
     */
    public Map<String, Role> roles(EventKind kind) {
        Map<String, Role> used = rolesOfUsed();
        Map<String, Role> roles = new LinkedHashMap<>();
        for (Attribute a : kind.attributes()) {
            roles.put(a.name(), used.getOrDefault(a.name(), Role.DROPPED));
        }
        return roles;
    }

    /**
     * The role of every attribute the layout reads (the others are DROPPED), in one pass over its parts, so that a
     * layout of 80,000 fields is not read once per attribute.
     */
    public Map<String, Role> rolesOfUsed() {
        Map<String, Role> roles = new HashMap<>();
        BiConsumer<String, Role> use = (a, r) -> roles.merge(a, r, (x, y) -> x.ordinal() <= y.ordinal() ? x : y);
        tags.forEach(t -> t.value().singleRef().ifPresent(a -> use.accept(a, Role.TAG)));
        fields.forEach(f -> use.accept(f.attribute(), Role.FIELD));
        measurement.attributes().forEach(a -> use.accept(a, Role.IN_TEMPLATE));
        tags.forEach(t -> t.value().attributes().forEach(a -> use.accept(a, Role.IN_TEMPLATE)));
        fields.forEach(f -> f.key().attributes().forEach(a -> use.accept(a, Role.IN_TEMPLATE)));
        return roles;
    }

    /** The role of one attribute (see {@link #roles}). */
    public Role roleOf(String attribute) {
        return rolesOfUsed().getOrDefault(attribute, Role.DROPPED);
    }

    /** The tag key the layout writes an attribute under (its name when it is no plain tag). */
    public String tagKeyOf(String attribute) {
        return tags.stream().filter(t -> t.value().singleRef().filter(attribute::equals).isPresent())
            .map(TagSpec::key).findFirst().orElse(attribute);
    }

    /** The literal field key the layout writes an attribute under (its name when there is none). */
    public String fieldKeyOf(String attribute) {
        return fields.stream().filter(f -> f.attribute().equals(attribute) && f.key().isLiteral())
            .map(f -> f.key().literalText()).findFirst().orElse(attribute);
    }

    /** Every attribute the layout reads, in any role. */
    public Set<String> attributesUsed() {
        Set<String> used = new java.util.LinkedHashSet<>(measurement.attributes());
        tags.forEach(t -> used.addAll(t.value().attributes()));
        fields.forEach(f -> {
            used.addAll(f.key().attributes());
            used.add(f.attribute());
        });
        return used;
    }

    /**
     * The same layout with one attribute moved to a plain role. TAG and FIELD replace any plain tag or plain
     * field of that attribute (the position in the list is kept where possible); DROPPED removes both. Templates
     * are left alone: IN_TEMPLATE is not a role one can assign directly.
     */
    public Layout withRole(String attribute, Role role) {
        List<TagSpec> newTags = new ArrayList<>();
        for (TagSpec t : tags) {
            if (!(t.isPlain() && t.key().equals(attribute))) {
                newTags.add(t);
            }
        }
        List<FieldSpec> newFields = new ArrayList<>();
        for (FieldSpec f : fields) {
            if (!(f.isPlain() && f.attribute().equals(attribute))) {
                newFields.add(f);
            }
        }
        switch (role) {
            case TAG -> newTags.add(TagSpec.of(attribute));
            case FIELD -> newFields.add(FieldSpec.of(attribute));
            case DROPPED -> { }
            case IN_TEMPLATE -> throw new IllegalArgumentException("IN_TEMPLATE follows from templates; edit a template instead");
        }
        return new Layout(id, name, eventKind, measurement, newTags, newFields, retention);
    }

    public Layout withName(String newName) {
        return new Layout(id, newName, eventKind, measurement, tags, fields, retention);
    }

    public Layout withMeasurement(Template newMeasurement) {
        return new Layout(id, name, eventKind, newMeasurement, tags, fields, retention);
    }

    public Layout withTags(List<TagSpec> newTags) {
        return new Layout(id, name, eventKind, measurement, newTags, fields, retention);
    }

    public Layout withFields(List<FieldSpec> newFields) {
        return new Layout(id, name, eventKind, measurement, tags, newFields, retention);
    }

    public Layout withRetention(RetentionPlan newRetention) {
        return new Layout(id, name, eventKind, measurement, tags, fields, newRetention);
    }
}
