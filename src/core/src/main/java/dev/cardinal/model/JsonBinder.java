package dev.cardinal.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads typed values out of a {@link LocatedJson} tree, recording a located problem for each bad one, so a reader
 * can check a whole file and report everything wrong with it at once.
 */
public final class JsonBinder {
    private final LocatedJson doc;
    private final List<FileProblem> problems = new ArrayList<>();

    /** Starts with the document's own problems (syntax, duplicate keys). */
    public JsonBinder(LocatedJson doc) {
        this.doc = doc;
        problems.addAll(doc.problems());
    }

    public List<FileProblem> problems() {
        return problems;
    }

    public boolean hasErrors() {
        return problems.stream().anyMatch(FileProblem::error);
    }

    public void error(String path, String message) {
        problems.add(FileProblem.error(path, doc.line(path), message));
    }

    public void warning(String path, String message) {
        problems.add(FileProblem.warning(path, doc.line(path), message));
    }

    public static String child(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** Warns about properties this version does not know (they are tolerated, and not written back). */
    public void knownProperties(JsonNode object, String path, Set<String> known) {
        object.fieldNames().forEachRemaining(k -> {
            if (!known.contains(k)) {
                warning(child(path, k), "unknown property '" + k + "' ignored");
            }
        });
    }

    public boolean isObject(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            error(path, "expected an object" + found(node));
            return false;
        }
        return true;
    }

    /** The value at {@code key}, or null when it is missing or JSON null (reported when required). */
    public JsonNode present(JsonNode parent, String key, String path, boolean required, String expected) {
        JsonNode n = parent.get(key);
        if (n == null || n.isNull()) {
            if (required) {
                error(child(path, key), "missing (expected " + expected + ")");
            }
            return null;
        }
        return n;
    }

    /** The array at {@code key}; a missing optional array is empty. */
    public List<JsonNode> array(JsonNode parent, String key, String path, boolean required) {
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

    /** A string; a required one must not be blank. */
    public Optional<String> string(JsonNode parent, String key, String path, boolean required) {
        JsonNode n = present(parent, key, path, required, "a string");
        if (n == null) {
            return Optional.empty();
        }
        if (!n.isTextual()) {
            error(child(path, key), "expected a string" + found(n));
            return Optional.empty();
        }
        if (required && n.asText().isBlank()) {
            error(child(path, key), "must not be empty");
            return Optional.empty();
        }
        return Optional.of(n.asText());
    }

    public Optional<Boolean> bool(JsonNode parent, String key, String path) {
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
    public Optional<Double> number(JsonNode parent, String key, String path, boolean required, double min,
                                   boolean minExcluded, double max, String rule) {
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
    public Optional<Long> whole(JsonNode parent, String key, String path, boolean required, long min, long max,
                                String rule) {
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

    public Optional<Double> number(JsonNode parent, String key, String path) {
        JsonNode n = parent.get(key);
        if (n == null || !n.isNumber()) {
            error(child(path, key), n == null ? "missing (expected a number)" : "expected a number" + found(n));
            return Optional.empty();
        }
        return Optional.of(n.asDouble());
    }

    public Optional<Integer> integer(JsonNode parent, String key, String path, int min, int max) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        if (n == null || !n.isIntegralNumber()) {
            error(p, n == null ? "missing (expected a whole number)" : "expected a whole number" + found(n));
            return Optional.empty();
        }
        long v = n.asLong();
        if (v < min || v > max) {
            error(p, v + " is out of range " + min + ".." + max);
            return Optional.empty();
        }
        return Optional.of((int) v);
    }

    public Optional<Duration> duration(JsonNode parent, String key, String path, boolean required) {
        return string(parent, key, path, required).flatMap(s -> {
            try {
                return Optional.of(Durations.parse(s));
            } catch (IllegalArgumentException e) {
                error(child(path, key), "not a duration: " + e.getMessage());
                return Optional.empty();
            }
        });
    }

    public Optional<Template> template(String text, String path) {
        try {
            return Optional.of(Template.parse(text));
        } catch (TemplateException e) {
            error(path, "bad template '" + text + "' at character " + (e.index() + 1) + ": " + e.reason());
            return Optional.empty();
        }
    }

    public <E> Optional<E> choice(JsonNode parent, String key, String path, boolean required, Function<String, Optional<E>> byId,
                           List<String> ids, String what) {
        return string(parent, key, path, required).flatMap(s -> {
            Optional<E> v = byId.apply(s);
            if (v.isEmpty()) {
                error(child(path, key), "unknown " + what + " '" + s + "' (expected one of " + String.join(", ", ids) + ")");
            }
            return v;
        });
    }

    private static String found(JsonNode n) {
        if (n == null) {
            return "";
        }
        return ", found " + n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }
}
