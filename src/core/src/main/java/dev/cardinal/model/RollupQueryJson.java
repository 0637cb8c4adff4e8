package dev.cardinal.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** A rollup's {@code "query"} in a workspace file: {@link RollupQuery} read with located problems, and written. */
final class RollupQueryJson {
    private RollupQueryJson() {
    }

    /** The rollup's query, null when it has none or it is wrong (then reported). */
    static RollupQuery read(JsonNode rollup, String path, JsonBinder b) {
        JsonNode n = rollup.get("query");
        String p = path + ".query";
        if (n == null || n.isNull() || !b.isObject(n, p)) {
            return null;
        }
        b.knownProperties(n, p, Set.of("name", "into", "fromRegex", "resampleEvery", "resampleFor", "where", "offset",
            "groupByAllTags", "fill"));
        int before = b.problems().size();
        Optional<String> name = b.string(n, "name", p, true);
        String into = b.string(n, "into", p, false).orElse(null);
        if ("".equals(into)) {
            b.error(p + ".into", "must not be empty (leave \"into\" out to write into :MEASUREMENT)");
        }
        String fromRegex = b.string(n, "fromRegex", p, false).orElse(null);
        if (fromRegex != null) {
            try {
                Pattern.compile(fromRegex);
            } catch (PatternSyntaxException e) {
                b.error(p + ".fromRegex", "not a regular expression: " + e.getDescription());
            }
        }
        Duration every = b.duration(n, "resampleEvery", p, false).orElse(null);
        Duration forSpan = b.duration(n, "resampleFor", p, false).orElse(null);
        String where = b.string(n, "where", p, false).orElse(null);
        Duration offset = b.duration(n, "offset", p, false).orElse(null);
        boolean allTags = b.bool(n, "groupByAllTags", p).orElse(false);
        JsonNode fillNode = n.get("fill");
        String fill = fillNode != null && fillNode.isNumber() ? fillNode.asText() : b.string(n, "fill", p, false).orElse(null);
        if (name.isEmpty() || b.problems().size() > before) {
            return null;
        }
        Optional<String> problem = RollupQuery.problem(name.get(), into, every, forSpan, offset, fill);
        if (problem.isPresent()) {
            b.error(p, problem.get());
            return null;
        }
        return new RollupQuery(name.get(), into, fromRegex, every, forSpan, where, offset, allTags, fill);
    }

    static ObjectNode write(RollupQuery q) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("name", q.name());
        putIfPresent(n, "into", q.into());
        putIfPresent(n, "fromRegex", q.fromRegex());
        putIfPresent(n, "resampleEvery", q.resampleEvery());
        putIfPresent(n, "resampleFor", q.resampleFor());
        putIfPresent(n, "where", q.where());
        putIfPresent(n, "offset", q.offset());
        if (q.allTags()) {
            n.put("groupByAllTags", true);
        }
        putIfPresent(n, "fill", q.fill());
        return n;
    }

    private static void putIfPresent(ObjectNode n, String key, String value) {
        if (value != null) {
            n.put(key, value);
        }
    }

    private static void putIfPresent(ObjectNode n, String key, Duration value) {
        if (value != null) {
            n.put(key, Durations.format(value));
        }
    }
}
