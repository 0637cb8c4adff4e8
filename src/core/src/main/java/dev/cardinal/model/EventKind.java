package dev.cardinal.model;

import java.util.List;
import java.util.Optional;

/** A logical record found in sample traffic, e.g. {@code listing_event}, with its attributes in arrival order. */
public record EventKind(String name, List<Attribute> attributes) {
    public EventKind {
        attributes = List.copyOf(attributes);
    }

    public Optional<Attribute> attribute(String attributeName) {
        return attributes.stream().filter(a -> a.name().equals(attributeName)).findFirst();
    }

    public boolean has(String attributeName) {
        return attribute(attributeName).isPresent();
    }
}
