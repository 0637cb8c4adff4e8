package dev.cardinal.engine.victoriametrics;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of line protocol read the way VictoriaMetrics 1.79.5 reads it, ported from
 * {@code lib/protoparser/influx/parser.go} at tag v1.79.5 ({@code Row.unmarshal}, {@code unmarshalTags},
 * {@code unescapeTagValue}, {@code parseFieldValue}, {@code nextUnescapedChar}, {@code nextUnquotedChar}). Its rules
 * differ from InfluxDB's, so the names a line carries are not always what an InfluxDB client meant: a backslash
 * before any of space, comma, equals sign or backslash is dropped (InfluxDB keeps {@code \\}), a tag with an empty
 * key or value is skipped, and a quoted string field value is read as a number ({@code 0} when it is not one).
 *
 * <p>The parser works on a byte string: each char of the text is one byte of the line's UTF-8 (ISO-8859-1 decoding),
 * so its indexes are the Go code's byte indexes and a truncation at a byte length cuts where the server cuts.
 */
final class InfluxLineParser {
    /** One tag as read: key and value are byte strings. */
    record Tag(String key, String value) {
    }

    /** One field as read: key as a byte string, the value as the server stores it. */
    record Field(String key, double value) {
    }

    /** A line as read; {@code timestamp} is as written (the caller applies the precision), null when absent. */
    record Row(String measurement, List<Tag> tags, List<Field> fields, Long timestamp) {
    }

    /** Why a line was skipped; the server logs "cannot unmarshal InfluxDB line" and goes on. */
    static final class BadLine extends Exception {
        BadLine(String why) {
            super(why, null, false, false);
        }
    }

    private InfluxLineParser() {
    }

    /**
     * Reads one line (no line break). Empty lines and comments ({@code #}) give null, as the server skips them.
     *
     * @throws BadLine when the server would skip the line as invalid
     */
    static Row parse(String line) throws BadLine {
        String s = line;
        if (!s.isEmpty() && s.charAt(s.length() - 1) == '\r') {
            s = s.substring(0, s.length() - 1);
        }
        if (s.isEmpty() || s.charAt(0) == '#') {
            return null;
        }
        int n = nextUnescapedChar(s, ' ');
        if (n < 0) {
            throw new BadLine("cannot find Whitespace I");
        }
        String measurementTags = s.substring(0, n);
        s = stripLeadingWhitespace(s.substring(n + 1));
        List<Tag> tags = new ArrayList<>();
        n = nextUnescapedChar(measurementTags, ',');
        if (n >= 0) {
            tags = tags(measurementTags.substring(n + 1));
            measurementTags = measurementTags.substring(0, n);
        }
        String measurement = unescape(measurementTags);
        boolean quoted = nextUnescapedChar(s, '"') >= 0;
        n = nextUnquotedChar(s, ' ', quoted);
        if (n < 0) {
            return new Row(measurement, tags, fields(s, quoted), null);
        }
        List<Field> fields = fields(s.substring(0, n), quoted);
        String ts = stripLeadingWhitespace(s.substring(n + 1));
        try {
            return new Row(measurement, tags, fields, Long.parseLong(ts));
        } catch (NumberFormatException e) {
            throw new BadLine("cannot parse timestamp");
        }
    }

    private static List<Tag> tags(String s) throws BadLine {
        List<Tag> tags = new ArrayList<>();
        while (true) {
            int n = nextUnescapedChar(s, ',');
            Tag t = tag(n < 0 ? s : s.substring(0, n));
            if (!t.key().isEmpty() && !t.value().isEmpty()) {
                tags.add(t); // parser.go: "Skip empty tag"
            }
            if (n < 0) {
                return tags;
            }
            s = s.substring(n + 1);
        }
    }

    private static Tag tag(String s) throws BadLine {
        int n = nextUnescapedChar(s, '=');
        if (n < 0) {
            throw new BadLine("missing tag value");
        }
        return new Tag(unescape(s.substring(0, n)), unescape(s.substring(n + 1)));
    }

    private static List<Field> fields(String s, boolean quoted) throws BadLine {
        List<Field> fields = new ArrayList<>();
        while (true) {
            int n = nextUnquotedChar(s, ',', quoted);
            fields.add(field(n < 0 ? s : s.substring(0, n), quoted));
            if (n < 0) {
                return fields;
            }
            s = s.substring(n + 1);
        }
    }

    private static Field field(String s, boolean quoted) throws BadLine {
        int n = nextUnescapedChar(s, '=');
        if (n < 0) {
            throw new BadLine("missing field value");
        }
        String key = unescape(s.substring(0, n));
        if (key.isEmpty()) {
            throw new BadLine("field key cannot be empty");
        }
        return new Field(key, FieldValues.parse(s.substring(n + 1), quoted));
    }

    /** parser.go unescapeTagValue: a backslash before space, comma, equals or backslash goes; any other stays. */
    static String unescape(String s) {
        int n = s.indexOf('\\');
        if (n < 0) {
            return s;
        }
        StringBuilder dst = new StringBuilder(s.length());
        while (true) {
            dst.append(s, 0, n);
            s = s.substring(n + 1);
            if (s.isEmpty()) {
                return dst.append('\\').toString();
            }
            char ch = s.charAt(0);
            if (ch != ' ' && ch != ',' && ch != '=' && ch != '\\') {
                dst.append('\\');
            }
            dst.append(ch);
            s = s.substring(1);
            n = s.indexOf('\\');
            if (n < 0) {
                return dst.append(s).toString();
            }
        }
    }

    /** parser.go nextUnescapedChar: the first {@code ch} not preceded by an odd number of backslashes. */
    static int nextUnescapedChar(String s, char ch) {
        int from = 0;
        while (true) {
            int n = s.indexOf(ch, from);
            if (n < 0) {
                return -1;
            }
            int slashes = 0;
            for (int i = n - 1; i >= from && s.charAt(i) == '\\'; i--) {
                slashes++;
            }
            if ((slashes & 1) == 0) {
                return n;
            }
            from = n + 1;
        }
    }

    private static int nextUnquotedChar(String s, char ch, boolean quoted) {
        if (!quoted) {
            return nextUnescapedChar(s, ch);
        }
        int offset = 0;
        while (true) {
            String rest = s.substring(offset);
            int n = nextUnescapedChar(rest, ch);
            if (n < 0) {
                return -1;
            }
            if (!inQuote(rest.substring(0, n))) {
                return offset + n;
            }
            rest = rest.substring(n + 1);
            int q = nextUnescapedChar(rest, '"');
            if (q < 0) {
                return -1;
            }
            offset = s.length() - rest.length() + q + 1;
        }
    }

    private static boolean inQuote(String s) {
        boolean in = false;
        for (int n = nextUnescapedChar(s, '"'); n >= 0; n = nextUnescapedChar(s, '"')) {
            in = !in;
            s = s.substring(n + 1);
        }
        return in;
    }

    private static String stripLeadingWhitespace(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == ' ') {
            i++;
        }
        return s.substring(i);
    }
}
