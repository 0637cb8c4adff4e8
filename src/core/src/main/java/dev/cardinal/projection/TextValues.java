package dev.cardinal.projection;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardinal.traffic.NdjsonDocuments;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The string values of each key of a document sample, as the engine would see them under dynamic mapping: per dotted
 * path, how many values, their length, how many hold whitespace (words a full-text search would split), and the
 * distinct values up to {@link #DISTINCT_CAP}. What a {@code text} field with a {@code .keyword} is used for follows
 * from these: single tokens of a closed set are looked up whole, never searched as words.
 */
public final class TextValues implements NdjsonDocuments.Sink {
    /** Distinct values are counted exactly up to this many per path, then said to be more. */
    public static final int DISTINCT_CAP = 10_000;

    private static final class Counter {
        long values;
        long length;
        long whitespace;
        int longest;
        boolean capped;
        final Set<String> distinct = new HashSet<>();
    }

    private final Map<String, Counter> paths = new LinkedHashMap<>();

    @Override
    public void accept(NdjsonDocuments.Document d) {
        walk(null, d.json());
    }

    private void walk(String prefix, JsonNode node) {
        if (node.isObject()) {
            node.properties().forEach(e -> walk(prefix == null ? e.getKey() : prefix + "." + e.getKey(), e.getValue()));
        } else if (node.isArray()) {
            node.forEach(element -> walk(prefix, element));
        } else if (node.isTextual() && prefix != null) {
            count(paths.computeIfAbsent(prefix, p -> new Counter()), node.asText());
        }
    }

    private static void count(Counter c, String v) {
        c.values++;
        c.length += v.length();
        c.longest = Math.max(c.longest, v.length());
        if (v.chars().anyMatch(Character::isWhitespace)) {
            c.whitespace++;
        }
        if (c.distinct.size() < DISTINCT_CAP) {
            c.distinct.add(v);
        } else if (!c.distinct.contains(v)) {
            c.capped = true;
        }
    }

    /** The string values of {@code path} (dotted), or null when the sample gave it none. */
    public TextStats of(String path) {
        Counter c = paths.get(path);
        return c == null ? null : new TextStats(c.values, c.distinct.size(), c.capped,
            c.values == 0 ? 0 : (double) c.length / c.values, c.whitespace, c.longest);
    }
}
