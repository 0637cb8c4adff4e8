package dev.cardinal.codegen;

/**
 * Flux spelling of strings and column access. Flux has no quoted identifiers, so every column is read as
 * {@code r["name"]}. Inside a string a backslash and a double quote are escaped, and every {@code $} is written
 * {@code \x24}: {@code ${} would start interpolation, {@code \$} is only an escape before {@code {}, and Flux's
 * lexer rejects a {@code $} followed by an escape ({@code "$\""}), which a random-name test found.
 */
public final class Flux {
    private Flux() {
    }

    public static String string(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("$", "\\x24") + '"';
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
