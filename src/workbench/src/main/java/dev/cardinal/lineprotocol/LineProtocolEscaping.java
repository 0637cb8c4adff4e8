package dev.cardinal.lineprotocol;

/**
 * Escaping of names and values for InfluxDB 1.x line protocol, following the parser's verified behaviour
 * ({@code src/core/src/test/resources/influxdb-1x-line-protocol.md}). Each method returns the escaped text, or
 * {@code null} when the text cannot be written so that the server reads back the same value; the caller decides
 * what to skip. The cases refused are the ones where the 1.x parser cannot be told what was meant:
 * <ul>
 * <li>a trailing backslash: the parser takes the delimiter after it ({@code =}, {@code ,}, space) as escaped, and
 *     there is no escape for a backslash itself in measurements, tags or field keys;</li>
 * <li>a newline: it ends the line (only string field values may hold one);</li>
 * <li>in tags, a backslash right before {@code , =} or space: the server's line scanner skips backslash pairs, so
 *     the escaped delimiter after it is read as a delimiter;</li>
 * <li>in measurements and field keys, a backslash right before {@code , = "} or space: the unescaping there eats
 *     the backslash, and escaping it further is read inconsistently by the server's own indexes (spec §2, quirk 2)
 *     or splits the fields (field keys scan backslash pairs);</li>
 * <li>a measurement starting with {@code #} (the line becomes a comment), a tab or NUL (skipped as leading
 *     whitespace), and empty names (the parser wants at least one byte).</li>
 * </ul>
 */
public final class LineProtocolEscaping {
    private static final String NEWLINE = "a newline ends the line (only a string field value can hold one)";
    private static final String TRAILING_BACKSLASH = "a trailing backslash escapes the delimiter after it, and line protocol"
        + " has no escape for a backslash itself";

    private LineProtocolEscaping() {
    }

    /** Measurement name: escapes {@code ,} and space (what 1.x clients escape there). */
    public static String measurement(String name) {
        return whyNotMeasurement(name) == null ? escape(name, ", ") : null;
    }

    /** Tag key or tag value: escapes {@code ,} {@code =} and space; other backslashes stay literal. */
    public static String tag(String text) {
        return whyNotTag(text) == null ? escape(text, ",= ") : null;
    }

    /** Field key: escapes {@code ,} {@code =} and space. */
    public static String fieldKey(String key) {
        return whyNotFieldKey(key) == null ? escape(key, ",= ") : null;
    }

    /** Why a measurement name cannot be written, or null when it can. */
    public static String whyNotMeasurement(String name) {
        if (name.isEmpty()) {
            return "it is empty";
        }
        if (name.charAt(0) == '#') {
            return "a line starting with '#' is a comment";
        }
        if (name.charAt(0) == '\t' || name.charAt(0) == '\0') {
            return "the server skips a leading tab or NUL as white space";
        }
        return backslashTrouble(name, ",= \"");
    }

    /** Why a tag key or value cannot be written, or null when it can. */
    public static String whyNotTag(String text) {
        if (text.isEmpty()) {
            return "it is empty";
        }
        // a backslash before an escaped delimiter: the server's line scanner skips backslash pairs, so the delimiter
        // after them ends the tag (a space even ends the tags, and a quote in a field key then swallows the next line)
        return backslashTrouble(text, ",= ");
    }

    /** Why a field key cannot be written, or null when it can. */
    public static String whyNotFieldKey(String key) {
        if (key.isEmpty()) {
            return "it is empty";
        }
        if (key.charAt(0) == '\t' || key.charAt(0) == '\0') {
            return "the server skips a tab or NUL after the space before the fields as white space";
        }
        return backslashTrouble(key, ",= \"");
    }

    /** String field value, quoted, with {@code \} and {@code "} escaped; any text can be written. */
    public static String stringValue(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.append('"').toString();
    }

    /** A newline, a trailing backslash, or a backslash before one of {@code chars}: why, or null. */
    private static String backslashTrouble(String s, String chars) {
        if (s.indexOf('\n') >= 0) {
            return NEWLINE;
        }
        if (s.endsWith("\\")) {
            return TRAILING_BACKSLASH;
        }
        for (int i = s.indexOf('\\'); i >= 0 && i + 1 < s.length(); i = s.indexOf('\\', i + 1)) {
            if (chars.indexOf(s.charAt(i + 1)) >= 0) {
                return "a backslash before '" + s.charAt(i + 1) + "' is read differently by the 1.x server's parser and indexes";
            }
        }
        return null;
    }

    private static String escape(String s, String chars) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (chars.indexOf(c) >= 0) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                sb.append('\\');
            }
            if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** Length in UTF-8 bytes, for the server's 65,535-byte key limit. */
    static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
