package dev.cardinal.ui.profile;

import java.util.Arrays;
import java.util.Locale;

/** The kinds of attribute a profile describes, with the word the form shows; the JSON spells them in lower case. */
public enum AttributeKind {
    CLOSED("closed set"),
    ID("growing id"),
    MEASURE("measure"),
    CONSTANT("constant");

    private final String label;

    AttributeKind(String label) {
        this.label = label;
    }

    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind spelled {@code json} in a profile file, or null. */
    public static AttributeKind ofJson(String json) {
        return Arrays.stream(values()).filter(k -> k.json().equals(json)).findFirst().orElse(null);
    }

    @Override
    public String toString() {
        return label;
    }
}
