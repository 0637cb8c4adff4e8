package dev.cardinal.model;

import java.util.Locale;
import java.util.Optional;

/** The value type of an attribute, as InfluxDB distinguishes them. Tags are always strings. */
public enum ValueType {
    STRING, INTEGER, UNSIGNED, FLOAT, BOOLEAN;

    /** The spelling used in workspace files and reports. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isNumeric() {
        return this == INTEGER || this == UNSIGNED || this == FLOAT;
    }

    public static Optional<ValueType> fromId(String id) {
        for (ValueType t : values()) {
            if (t.id().equals(id)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
