package dev.cardinal.engine.influxdb2;

/**
 * Flux spelling of strings and column access. Flux has no quoted identifiers, so every column is read as
 * {@code r["name"]}. Inside a string a backslash and a double quote are escaped, and every {@code $} is written
 * {@code \x24}: {@code ${} would start interpolation, {@code \$} is only an escape before {@code {}, and Flux's
 * lexer rejects a {@code $} followed by an escape ({@code "$\""}), which a random-name test found. Line breaks, tabs
 * and other control characters are escaped too, so a string never spans lines and shows what it holds.
 */
public final class Flux {
    private Flux() {
    }

    public static String string(String value) {
        StringBuilder sb = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '$' -> sb.append("\\x24");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7F) {
                        sb.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** A column of row {@code r}. */
    public static String column(String name) {
        return "r[" + string(name) + "]";
    }

    /** A list of strings: {@code ["a", "b"]}. */
    static String list(java.util.List<String> values) {
        return "[" + String.join(", ", values.stream().map(Flux::string).toList()) + "]";
    }
}
