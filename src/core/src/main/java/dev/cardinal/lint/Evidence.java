package dev.cardinal.lint;

import java.util.Objects;

/**
 * One number (or fact) behind a finding, as it should be shown: {@code distinct values = 117,143}.
 *
 * @param label what was measured
 * @param value the measurement, formatted for people
 */
public record Evidence(String label, String value) {
    public Evidence {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(value, "value");
    }

    static Evidence count(String label, long n) {
        return new Evidence(label, String.format(java.util.Locale.ROOT, "%,d", n));
    }
}
