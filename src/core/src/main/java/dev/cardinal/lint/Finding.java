package dev.cardinal.lint;

import java.util.List;
import java.util.Objects;

/**
 * One lint result.
 *
 * @param rule     the rule's id, e.g. {@code tag-grows-with-traffic}
 * @param severity how bad it is
 * @param layout   the layout it is about
 * @param subject  what in the layout: an attribute, a tag or field key, the measurement, a rollup
 * @param message  what is wrong, in one or two sentences
 * @param evidence the numbers that show it
 * @param fix      what to do about it
 */
public record Finding(String rule, Severity severity, String layout, String subject, String message,
                      List<Evidence> evidence, Fix fix) {
    public Finding {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(fix, "fix");
        evidence = List.copyOf(evidence);
    }
}
