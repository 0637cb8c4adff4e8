package dev.cardinal.traffic.synthetic;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A profile file parsed into a Jackson tree plus the line of every value by JSON path. Jackson's tree forgets
 * locations, and a profile is typed by hand, so a message must point at a line. (The workspace reader has the same
 * idea in the model package; it is package-private there and this file format is simpler.)
 */
final class ProfileJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    final JsonNode root;
    final List<ProfileProblem> problems = new ArrayList<>();
    private final Map<String, Integer> lines = new HashMap<>();

    private ProfileJson(byte[] bytes) {
        JsonNode parsed = null;
        try (JsonParser p = FACTORY.createParser(bytes)) {
            if (p.nextToken() == null) {
                problems.add(new ProfileProblem("", 1, "the file is empty", true));
            } else {
                parsed = read(p, "");
                if (p.nextToken() != null) {
                    problems.add(new ProfileProblem("", lineOf(p.currentTokenLocation()),
                        "unexpected content after the end of the document", true));
                }
            }
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            String column = loc == null ? "" : ", column " + loc.getColumnNr();
            problems.add(new ProfileProblem("", loc == null ? 1 : lineOf(loc), "not valid JSON" + column + ": "
                + e.getOriginalMessage(), true));
            parsed = null;
        } catch (IOException e) {
            problems.add(new ProfileProblem("", 1, "cannot read: " + e.getMessage(), true));
            parsed = null;
        }
        this.root = parsed;
    }

    /** Parses {@code bytes}; on a syntax error {@link #root} is null and the error is the only problem. */
    static ProfileJson parse(byte[] bytes) {
        return new ProfileJson(bytes);
    }

    /** The line where the value at {@code path} starts, or its nearest enclosing value's line. */
    int line(String path) {
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

    private static int lineOf(JsonLocation loc) {
        return Math.max(1, loc.getLineNr());
    }

    private JsonNode read(JsonParser p, String path) throws IOException {
        lines.put(path, lineOf(p.currentTokenLocation()));
        JsonNodeFactory f = JsonNodeFactory.instance;
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                ObjectNode o = f.objectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    String child = path.isEmpty() ? key : path + "." + key;
                    int keyLine = lineOf(p.currentTokenLocation());
                    p.nextToken();
                    JsonNode value = read(p, child);
                    if (o.has(key)) {
                        problems.add(new ProfileProblem(child, keyLine, "duplicate key '" + key + "'", true));
                    } else {
                        o.set(key, value);
                    }
                }
                return o;
            }
            case START_ARRAY -> {
                ArrayNode a = f.arrayNode();
                for (int i = 0; p.nextToken() != JsonToken.END_ARRAY; i++) {
                    a.add(read(p, path + "[" + i + "]"));
                }
                return a;
            }
            case VALUE_STRING -> {
                return f.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? f.numberNode(p.getBigIntegerValue())
                    : f.numberNode(p.getLongValue());
            }
            case VALUE_NUMBER_FLOAT -> {
                return f.numberNode(p.getDoubleValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return f.booleanNode(t == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return f.nullNode();
            }
            default -> throw new IllegalStateException("unexpected token " + t);
        }
    }
}
