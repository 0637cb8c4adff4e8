package dev.cardinal.model;

import java.util.Locale;
import java.util.Optional;

/**
 * An aggregate a rollup computes per window. {@code COUNT_DISTINCT} is the "uniques" of a summary table, kept
 * apart from totals because uniques do not add up across windows.
 */
public enum Aggregate {
    COUNT, SUM, MEAN, MIN, MAX, FIRST, LAST, MEDIAN, COUNT_DISTINCT;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Aggregate> fromId(String id) {
        for (Aggregate a : values()) {
            if (a.id().equals(id)) {
                return Optional.of(a);
            }
        }
        return Optional.empty();
    }
}
