package dev.cardinal.model;

import java.util.Objects;

/**
 * One tag of a layout: a literal tag key and a value template. A plain tag {@code user_id} has key
 * {@code user_id} and value {@code {user_id}}; a tag that packs several facts has a value such as
 * {@code plot-{plot}.{region}}.
 */
public record TagSpec(String key, Template value) {
    public TagSpec {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }

    public static TagSpec of(String attribute) {
        return new TagSpec(attribute, Template.ref(attribute));
    }

    /** True when the tag is one attribute under its own name. */
    public boolean isPlain() {
        return value.singleRef().map(key::equals).orElse(false);
    }
}
