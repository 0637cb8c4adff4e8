package dev.cardinal.traffic.synthetic;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Reads typed values out of a {@link ProfileJson} tree, recording a located problem for each bad one. */
final class ProfileBinder {
    private final ProfileJson doc;
    final List<ProfileProblem> problems = new ArrayList<>();

    ProfileBinder(ProfileJson doc) {
        this.doc = doc;
        problems.addAll(doc.problems);
    }

    void error(String path, String message) {
        problems.add(new ProfileProblem(path, doc.line(path), message, true));
    }

    void warning(String path, String message) {
        problems.add(new ProfileProblem(path, doc.line(path), message, false));
    }

    boolean hasErrors() {
        return problems.stream().anyMatch(ProfileProblem::error);
    }

    static String child(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** Unknown properties are tolerated with a warning, so a newer file still loads here. */
    void knownProperties(JsonNode object, String path, Set<String> known) {
        object.fieldNames().forEachRemaining(k -> {
            if (!known.contains(k)) {
                warning(child(path, k), "unknown property '" + k + "' ignored");
            }
        });
    }

    boolean isObject(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            error(path, "expected an object" + found(node));
            return false;
        }
        return true;
    }

    /** The value at {@code key}, or null when it is missing or JSON null (reported when required). */
    JsonNode present(JsonNode parent, String key, String path, boolean required, String expected) {
        JsonNode n = parent.get(key);
        if (n == null || n.isNull()) {
            if (required) {
                error(child(path, key), "missing (expected " + expected + ")");
            }
            return null;
        }
        return n;
    }

    List<JsonNode> array(JsonNode parent, String key, String path, boolean required) {
        JsonNode n = present(parent, key, path, required, "a list");
        if (n == null) {
            return List.of();
        }
        if (!n.isArray()) {
            error(child(path, key), "expected a list" + found(n));
            return List.of();
        }
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
    }

    Optional<String> string(JsonNode parent, String key, String path, boolean required) {
        JsonNode n = present(parent, key, path, required, "a string");
        if (n == null) {
            return Optional.empty();
        }
        if (!n.isTextual()) {
            error(child(path, key), "expected a string" + found(n));
            return Optional.empty();
        }
        return Optional.of(n.asText());
    }

    Optional<Boolean> bool(JsonNode parent, String key, String path) {
        JsonNode n = present(parent, key, path, false, "true or false");
        if (n == null) {
            return Optional.empty();
        }
        if (!n.isBoolean()) {
            error(child(path, key), "expected true or false" + found(n));
            return Optional.empty();
        }
        return Optional.of(n.asBoolean());
    }

    /** A number from {@code min} to {@code max}; {@code rule} is the message when it is not one. */
    Optional<Double> number(JsonNode parent, String key, String path, boolean required, double min, boolean minExcluded,
                            double max, String rule) {
        JsonNode n = present(parent, key, path, required, "a number");
        if (n == null) {
            return Optional.empty();
        }
        double v = n.isNumber() ? n.asDouble() : Double.NaN;
        if (!n.isNumber() || !(minExcluded ? v > min : v >= min) || !(v <= max)) {
            error(child(path, key), rule + (n.isNumber() ? ", was " + n.asText() : found(n)));
            return Optional.empty();
        }
        return Optional.of(v);
    }

    /** A whole number from {@code min} to {@code max}; {@code rule} is the message when it is not one. */
    Optional<Long> whole(JsonNode parent, String key, String path, boolean required, long min, long max, String rule) {
        JsonNode n = present(parent, key, path, required, "a whole number");
        if (n == null) {
            return Optional.empty();
        }
        boolean whole = n.isIntegralNumber() && n.canConvertToLong()
            || n.isFloatingPointNumber() && n.asDouble() == Math.rint(n.asDouble()) && Math.abs(n.asDouble()) < 0x1p53;
        if (!whole || n.asLong() < min || n.asLong() > max) {
            error(child(path, key), rule + (n.isNumber() ? ", was " + n.asText() : found(n)));
            return Optional.empty();
        }
        return Optional.of(n.asLong());
    }

    private static String found(JsonNode n) {
        return n == null ? "" : ", found " + n.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
