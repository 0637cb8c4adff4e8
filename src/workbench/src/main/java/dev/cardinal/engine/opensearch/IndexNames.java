package dev.cardinal.engine.opensearch;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * The index names OpenSearch and Elasticsearch accept, checked before any request so a plan says what is wrong with a
 * name instead of sending it: lowercase, none of {@code \ / * ? " < > | , # :} or a space, not starting with
 * {@code _ - +}, not {@code .} or {@code ..}, at most 255 bytes of UTF-8 (the engines' own rules, from
 * {@code MetadataCreateIndexService}).
 */
final class IndexNames {
    static final int MAX_BYTES = 255;
    private static final String FORBIDDEN = "\\/*?\"<>|,#: ";

    private IndexNames() {
    }

    /** Why the engine would refuse {@code name} as an index or alias name, or empty when it would not. */
    static Optional<String> problem(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.of("an index name is not empty");
        }
        if (!name.equals(name.toLowerCase(Locale.ROOT))) {
            return Optional.of("index name '" + name + "' must be lowercase");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (FORBIDDEN.indexOf(c) >= 0 || Character.isISOControl(c)) {
                return Optional.of("index name '" + name + "' must not contain " + (c == ' ' ? "a space"
                    : Character.isISOControl(c) ? "a control character" : "'" + c + "'"));
            }
        }
        if (name.startsWith("_") || name.startsWith("-") || name.startsWith("+")) {
            return Optional.of("index name '" + name + "' must not start with '" + name.charAt(0) + "'");
        }
        if (name.equals(".") || name.equals("..")) {
            return Optional.of("index name '" + name + "' is not a name");
        }
        int bytes = name.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_BYTES) {
            return Optional.of("index name of " + bytes + " bytes is longer than " + MAX_BYTES);
        }
        return Optional.empty();
    }

    /**
     * Why the engine would refuse {@code key} as a mapped field, or empty: a key with an empty part between dots
     * ({@code a..b}, {@code .a}, {@code a.}) is refused, or taken apart, with a message that does not name it.
     */
    static Optional<String> fieldProblem(String key) {
        for (String part : key.split("\\.", -1)) {
            if (part.isEmpty()) {
                return Optional.of("field key '" + key + "' has an empty part between dots, which the engine cannot map");
            }
        }
        return Optional.empty();
    }
}
