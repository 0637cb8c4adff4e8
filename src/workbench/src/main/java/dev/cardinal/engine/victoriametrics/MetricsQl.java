package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.SelectorText;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Names in MetricsQL, the query language of vmalert's rules, spelled so that any name reads back as itself and never
 * as syntax, per the lexer at v1.79.5 ({@code vendor/github.com/VictoriaMetrics/metricsql/lexer.go} and
 * {@code parser.go}); and in RE2, the syntax of relabelling regexes.
 */
final class MetricsQl {
    private MetricsQl() {
    }

    /**
     * A label name as an identifier: letters, {@code _} and {@code :} (and digits and {@code .} after the first) as
     * they are, every other byte of its UTF-8 as {@code \xHH}, which {@code unescapeIdent} turns back into the byte.
     */
    static String label(String name) {
        StringBuilder sb = new StringBuilder(name.length() + 8);
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            boolean first = b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_' || b == ':';
            boolean next = first || b >= '0' && b <= '9' || b == '.';
            if (i == 0 ? first : next) {
                sb.append((char) b);
            } else {
                sb.append(String.format("\\x%02x", b));
            }
        }
        return sb.toString();
    }

    /**
     * A selector of one metric by name, {@code {__name__="..."}}: a bare name could read as a keyword or a function.
     * The string is read by Go's {@code strconv.Unquote} ({@code extractStringValue}): printable ASCII as it is,
     * {@code "} and {@code \} escaped, every other byte as {@code \xHH}.
     */
    static String metric(String name) {
        return "{__name__=" + SelectorText.quoted(name) + "}";
    }

    /** A regex matching exactly {@code text}: Go's {@code regexp.QuoteMeta} set escaped. */
    static String literalRegex(String text) {
        return Pattern.compile("[\\\\.+*?()|\\[\\]{}^$]").matcher(text).replaceAll("\\\\$0");
    }
}
