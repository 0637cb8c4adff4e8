package dev.cardinal.traffic.scenarios;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * A deliberately small line-protocol parser for tests: it undoes exactly the escaping the writer does, so a test can
 * check that every value survives the trip. The product's reader lives in dev.cardinal.traffic.
 */
record LineProtocolLines(String measurement, Map<String, String> tags, Map<String, String> fields, long time) {

    static List<String> read(Path gz) throws IOException {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
            new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
            return in.lines().toList();
        }
    }

    static LineProtocolLines parse(String line) {
        List<String> sections = split(line, ' ', true);
        if (sections.size() != 3) {
            throw new IllegalArgumentException("expected 3 sections: " + line);
        }
        List<String> head = split(sections.get(0), ',', false);
        Map<String, String> tags = pairs(head.subList(1, head.size()), true);
        Map<String, String> fields = pairs(split(sections.get(1), ',', true), false);
        return new LineProtocolLines(unescape(head.get(0)), tags, fields, Long.parseLong(sections.get(2)));
    }

    /** Tag values are unescaped; field values are kept as written ({@code "text"}, {@code 1i}, {@code 3.5}). */
    private static Map<String, String> pairs(List<String> items, boolean unescapeValues) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String item : items) {
            int eq = unescapedIndex(item, '=');
            String value = item.substring(eq + 1);
            out.put(unescape(item.substring(0, eq)), unescapeValues ? unescape(value) : value);
        }
        return out;
    }

    private static int unescapedIndex(String s, char c) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\\') {
                i++;
            } else if (s.charAt(i) == c) {
                return i;
            }
        }
        throw new IllegalArgumentException("no '" + c + "' in " + s);
    }

    private static List<String> split(String s, char sep, boolean quotes) {
        List<String> parts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                cur.append(c).append(s.charAt(++i));
            } else if (quotes && c == '"') {
                quoted = !quoted;
                cur.append(c);
            } else if (c == sep && !quoted) {
                parts.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        parts.add(cur.toString());
        return parts;
    }

    private static String unescape(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && ", =".indexOf(s.charAt(i + 1)) >= 0) {
                c = s.charAt(++i);
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** The text of a string field value as written, {@code "..."}, without quotes and escapes. */
    static String text(String s) {
        if (!s.startsWith("\"") || !s.endsWith("\"") || s.length() < 2) {
            throw new IllegalArgumentException("not a string field value: " + s);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < s.length() - 1; i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                c = s.charAt(++i);
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
