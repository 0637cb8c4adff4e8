package dev.cardinal.model;

import java.util.Objects;

/**
 * One field of a layout: a key template and the attribute whose value is stored. A plain field {@code count}
 * has key {@code count}; data encoded in field keys looks like {@code {crop}.plot-{plot}.{region}.temp}; the
 * fixed-slot cure looks like {@code slot_{slot(metric, tenant, max=50)}}.
 */
public record FieldSpec(Template key, String attribute) {
    public FieldSpec {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(attribute, "attribute");
    }

    public static FieldSpec of(String attribute) {
        return new FieldSpec(Template.literal(attribute), attribute);
    }

    /** True when the field is one attribute under its own name. */
    public boolean isPlain() {
        return key.isLiteral() && key.literalText().equals(attribute);
    }
}
