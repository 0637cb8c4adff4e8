package dev.cardinal.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Reads typed values out of a {@link LocatedJson} tree, recording a located problem for each bad one. */
final class JsonBinder {
    private final LocatedJson doc;
    final List<WorkspaceProblem> problems = new ArrayList<>();

    JsonBinder(LocatedJson doc) {
        this.doc = doc;
    }

    void error(String path, String message) {
        problems.add(WorkspaceProblem.error(path, doc.line(path), message));
    }

    void warning(String path, String message) {
        problems.add(WorkspaceProblem.warning(path, doc.line(path), message));
    }

    static String child(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** Warns about properties this version does not know (they are tolerated, and not written back). */
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

    /** The array at {@code path}; a missing optional array is empty. */
    List<JsonNode> array(JsonNode parent, String key, String path, boolean required) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        if (n == null || n.isNull()) {
            if (required) {
                error(p, "missing (expected a list)");
            }
            return List.of();
        }
        if (!n.isArray()) {
            error(p, "expected a list" + found(n));
            return List.of();
        }
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
    }

    Optional<String> string(JsonNode parent, String key, String path, boolean required) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        if (n == null || n.isNull()) {
            if (required) {
                error(p, "missing");
            }
            return Optional.empty();
        }
        if (!n.isTextual()) {
            error(p, "expected a string" + found(n));
            return Optional.empty();
        }
        if (required && n.asText().isBlank()) {
            error(p, "must not be empty");
            return Optional.empty();
        }
        return Optional.of(n.asText());
    }

    Optional<Double> number(JsonNode parent, String key, String path) {
        JsonNode n = parent.get(key);
        if (n == null || !n.isNumber()) {
            error(child(path, key), n == null ? "missing (expected a number)" : "expected a number" + found(n));
            return Optional.empty();
        }
        return Optional.of(n.asDouble());
    }

    Optional<Integer> integer(JsonNode parent, String key, String path, int min, int max) {
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

    Optional<Duration> duration(JsonNode parent, String key, String path, boolean required) {
        return string(parent, key, path, required).flatMap(s -> {
            try {
                return Optional.of(Durations.parse(s));
            } catch (IllegalArgumentException e) {
                error(child(path, key), "not a duration: " + e.getMessage());
                return Optional.empty();
            }
        });
    }

    Optional<Template> template(String text, String path) {
        try {
            return Optional.of(Template.parse(text));
        } catch (TemplateException e) {
            error(path, "bad template '" + text + "' at character " + (e.index() + 1) + ": " + e.reason());
            return Optional.empty();
        }
    }

    <E> Optional<E> choice(JsonNode parent, String key, String path, boolean required, Function<String, Optional<E>> byId,
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
