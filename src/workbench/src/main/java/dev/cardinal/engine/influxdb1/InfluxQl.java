package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.UnwritableNameException;
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
        requireWritable("name", name);
        return '"' + name.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }

    /** A string literal: {@code 'it\'s'}. */
    public static String string(String value) {
        requireWritable("value", value);
        return '\'' + value.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n") + '\'';
    }

    /**
     * Whether InfluxQL can hold {@code text} in quotes. Its scanner reads a carriage return as a line break (which
     * ends a quoted name or string, and has no escape) and a NUL as the end of the query, so neither can be written.
     */
    public static boolean writable(String text) {
        return text.indexOf('\r') < 0 && text.indexOf('\0') < 0;
    }

    private static void requireWritable(String what, String text) {
        if (!writable(text)) {
            throw new UnwritableNameException("the " + what + " '" + CommentText.shown(text) + "' cannot be written in InfluxQL: "
                + (text.indexOf('\0') >= 0 ? "its scanner reads a NUL character as the end of the query"
                : "its scanner reads a carriage return as a line break, which ends a quoted name and has no escape"));
        }
    }

    /** A duration literal; {@code INF} for zero (keep forever). */
    public static String duration(Duration d) {
        return Durations.format(d);
    }
}
