package dev.cardinal.model;

import java.util.Objects;

/** A named value an event carries, e.g. {@code listing_id} (string) or {@code temp} (float). */
public record Attribute(String name, ValueType type) {
    public Attribute {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }
}
