package dev.cardinal.lint;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Recognises identifiers by the shape of their values and names, so an id is caught on a sample too small to show
 * it growing: uuids, hex hashes, long numbers, emails, urls, and names that say "id".
 */
final class ValueShapes {
    private static final Pattern UUID = Pattern.compile(
        "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern HASH = Pattern.compile("[0-9a-fA-F]{16,}");
    private static final Pattern NUMERIC_ID = Pattern.compile("[0-9]{5,}");
    private static final Pattern PREFIXED_ID = Pattern.compile("[A-Za-z]{1,4}[-_]?[0-9]{3,}");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final Pattern URL = Pattern.compile("(https?://|/)[^\\s]*");
    private static final Pattern ID_NAME = Pattern.compile(
        "(?i).*(^|[_.\\-])(id|uuid|guid|key|hash|token|session|sid|email|url|uri|path|ip)$|.*[a-z]Id$|.*[a-z](Uuid|Url|Email)$");
    private static final Pattern NUMBER = Pattern.compile("[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    private ValueShapes() {
    }

    /** The kind of identifier most values look like (at least 90% of them), if any. */
    static Optional<String> identifierShape(List<String> values) {
        if (values.isEmpty()) {
            return Optional.empty();
        }
        String[] names = {"uuid", "hash", "numeric id", "email address", "url", "prefixed id"};
        Pattern[] shapes = {UUID, HASH, NUMERIC_ID, EMAIL, URL, PREFIXED_ID};
        for (int s = 0; s < shapes.length; s++) {
            int matching = 0;
            for (String v : values) {
                if (shapes[s].matcher(v).matches()) {
                    matching++;
                }
            }
            if (matching * 10 >= values.size() * 9) {
                return Optional.of(names[s]);
            }
        }
        return Optional.empty();
    }

    /** True when the attribute's name says it identifies something: {@code user_id}, {@code sessionId}, {@code email}. */
    static boolean identifierName(String name) {
        return ID_NAME.matcher(name).matches();
    }

    static boolean number(String value) {
        return NUMBER.matcher(value).matches();
    }

    /** True when the value is a number written with a fraction or an exponent (a measure, not a label). */
    static boolean fractional(String value) {
        String v = value.toLowerCase(Locale.ROOT);
        return number(v) && (v.contains(".") || v.contains("e"));
    }
}
