package dev.cardinal.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * A JSON document parsed into a Jackson tree together with the line of every value, keyed by its path
 * ({@code layouts[1].tags[2]}). Jackson's own tree forgets locations, and a hand-edited workspace needs error
 * messages that point at a line.
 *
 * <p>What is held is bounded: a property the reader says it does not know is skipped by the parser (its value is
 * read past, never built, and stands as {@code null}, so the reader can still warn about it), and a document with
 * more than {@link #MAX_VALUES} values is refused where the limit is passed, since every value costs a node and a
 * located path, and a hand-made file of that size is an attack, not a workspace.
 */
public final class LocatedJson {
    /** The most values a document may hold: a large workspace holds a few thousand. */
    public static final int MAX_VALUES = 250_000;
    private static final JsonFactory FACTORY = JsonFactory.builder()
        .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
        .build();

    final JsonNode root;
    private final Map<String, Integer> lines;
    final List<FileProblem> problems;

    private LocatedJson(JsonNode root, Map<String, Integer> lines, List<FileProblem> problems) {
        this.root = root;
        this.lines = lines;
        this.problems = problems;
    }

    /** The document, or null when it could not be parsed (then {@link #problems()} says why). */
    public JsonNode root() {
        return root;
    }

    /** Syntax errors and duplicate keys found while parsing. */
    public List<FileProblem> problems() {
        return List.copyOf(problems);
    }

    /** The 1-based line where the value at {@code path} starts, or the nearest enclosing value's line. */
    public int line(String path) {
        String p = path;
        while (true) {
            Integer l = lines.get(p);
            if (l != null) {
                return l;
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            if (cut <= 0) {
                return lines.getOrDefault("", 1);
            }
            p = p.substring(0, cut);
        }
    }

    /**
     * Parses {@code bytes}. A syntax error ends parsing and is returned as the only problem with a {@code null}
     * root; duplicate keys are reported and parsing goes on.
     */
    public static LocatedJson parse(byte[] bytes) {
        return parse(bytes, (path, key) -> true);
    }

    /**
     * Parses {@code bytes}, building the value of a property only when {@code kept} accepts the path of its object
     * and its key; any other value is skipped and stands as {@code null}.
     */
    public static LocatedJson parse(byte[] bytes, BiPredicate<String, String> kept) {
        Map<String, Integer> lines = new HashMap<>();
        List<FileProblem> problems = new ArrayList<>();
        try (JsonParser p = FACTORY.createParser(bytes)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                problems.add(FileProblem.error("", 1, "the file is empty"));
                return new LocatedJson(null, lines, problems);
            }
            JsonNode root = new Reading(p, lines, problems, kept).read("");
            JsonToken trailing = p.nextToken();
            if (trailing != null) {
                problems.add(FileProblem.error("", lineOf(p.currentTokenLocation()),
                    "unexpected content after the end of the document"));
            }
            return new LocatedJson(root, lines, problems);
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            int line = loc == null ? 1 : lineOf(loc);
            String column = loc == null ? "" : ", column " + loc.getColumnNr();
            problems.add(FileProblem.error("", line, "not valid JSON" + column + ": " + e.getOriginalMessage()));
            return new LocatedJson(null, lines, problems);
        } catch (TooManyValues e) {
            problems.add(FileProblem.error(e.path, e.line, String.format(Locale.ROOT,
                "more than %,d values in the file: a workspace holds a few thousand; nothing past this was read",
                MAX_VALUES)));
            return new LocatedJson(null, lines, problems);
        } catch (IOException e) {
            problems.add(FileProblem.error("", 1, "cannot read: " + e.getMessage()));
            return new LocatedJson(null, lines, problems);
        }
    }

    private static int lineOf(JsonLocation loc) {
        return Math.max(1, loc.getLineNr());
    }

    /** Where the document passed {@link #MAX_VALUES}. */
    private static final class TooManyValues extends IOException {
        final String path;
        final int line;

        TooManyValues(String path, int line) {
            super(path);
            this.path = path;
            this.line = line;
        }
    }

    /** One parse: the parser, what it has located and how many values it has built. */
    private static final class Reading {
        private final JsonParser p;
        private final Map<String, Integer> lines;
        private final List<FileProblem> problems;
        private final BiPredicate<String, String> kept;
        private int values;

        Reading(JsonParser p, Map<String, Integer> lines, List<FileProblem> problems, BiPredicate<String, String> kept) {
            this.p = p;
            this.lines = lines;
            this.problems = problems;
            this.kept = kept;
        }

        JsonNode read(String path) throws IOException {
            int line = lineOf(p.currentTokenLocation());
            if (++values > MAX_VALUES) {
                throw new TooManyValues(path, line);
            }
            lines.put(path, line);
            JsonNodeFactory f = JsonNodeFactory.instance;
            JsonToken t = p.currentToken();
            switch (t) {
                case START_OBJECT -> {
                    ObjectNode o = f.objectNode();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String key = p.currentName();
                        String childPath = path.isEmpty() ? key : path + "." + key;
                        int keyLine = lineOf(p.currentTokenLocation());
                        p.nextToken();
                        JsonNode value;
                        if (kept.test(path, key)) {
                            value = read(childPath);
                        } else {
                            lines.put(childPath, lineOf(p.currentTokenLocation()));
                            p.skipChildren();
                            value = f.nullNode();
                        }
                        if (o.has(key)) {
                            problems.add(FileProblem.error(childPath, keyLine, "duplicate key '" + key + "'"));
                        } else {
                            o.set(key, value);
                        }
                    }
                    return o;
                }
                case START_ARRAY -> {
                    ArrayNode a = f.arrayNode();
                    int i = 0;
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        a.add(read(path + "[" + i + "]"));
                        i++;
                    }
                    return a;
                }
                case VALUE_STRING -> {
                    return f.textNode(p.getText());
                }
                case VALUE_NUMBER_INT -> {
                    return f.numberNode(p.getLongValue());
                }
                case VALUE_NUMBER_FLOAT -> {
                    return f.numberNode(p.getDoubleValue());
                }
                case VALUE_TRUE -> {
                    return f.booleanNode(true);
                }
                case VALUE_FALSE -> {
                    return f.booleanNode(false);
                }
                case VALUE_NULL -> {
                    return f.nullNode();
                }
                default -> throw new IllegalStateException("unexpected token " + t);
            }
        }
    }
}
