package dev.cardinal.engine;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Text in the series selectors of PromQL and MetricsQL, which Prometheus and VictoriaMetrics both read: the one place
 * a name becomes a string in a selector.
 */
public final class SelectorText {
    private SelectorText() {
    }

    /**
     * A string in a selector, {@code "..."}, as PromQL and MetricsQL read one (Go's quoting): {@code "} and {@code \}
     * escaped, printable ASCII as it is, every other byte of its UTF-8 as {@code \xHH}, so no name reads as syntax.
     */
    public static String quoted(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        for (byte value : text.getBytes(StandardCharsets.UTF_8)) {
            int b = value & 0xff;
            if (b == '"' || b == '\\') {
                sb.append('\\').append((char) b);
            } else if (b >= 0x20 && b < 0x7f) {
                sb.append((char) b);
            } else {
                sb.append(String.format(Locale.ROOT, "\\x%02x", b));
            }
        }
        return sb.append('"').toString();
    }
}
