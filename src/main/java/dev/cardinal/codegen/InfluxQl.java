package dev.cardinal.codegen;

import dev.cardinal.model.Durations;
import java.time.Duration;

/**
 * InfluxQL spelling of names, strings and durations. Identifiers are always double-quoted, so keywords
 * ({@code select}, {@code time}), spaces, commas and unicode need no special case; inside the quotes a backslash
 * and a double quote are escaped with a backslash, as InfluxQL's scanner reads them.
 */
public final class InfluxQl {
    private InfluxQl() {
    }

    /** A quoted identifier: {@code "my \"odd\" name"}. */
    public static String identifier(String name) {
        return '"' + name.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }

    /** A string literal: {@code 'it\'s'}. */
    public static String string(String value) {
        return '\'' + value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + '\'';
    }

    /** A duration literal; {@code INF} for zero (keep forever). */
    public static String duration(Duration d) {
        return Durations.format(d);
    }
}
