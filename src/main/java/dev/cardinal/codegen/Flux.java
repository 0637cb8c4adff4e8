package dev.cardinal.codegen;

/**
 * Flux spelling of strings and column access. Flux has no quoted identifiers, so every column is read as
 * {@code r["name"]}; inside a string a backslash, a double quote and the {@code ${} that would start interpolation
 * are escaped (a lone {@code $} must not be).
 */
public final class Flux {
    private Flux() {
    }

    public static String string(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("${", "\\${") + '"';
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
