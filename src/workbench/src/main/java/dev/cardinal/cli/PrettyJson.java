package dev.cardinal.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * A tree of JSON nodes written out indented, as {@code ObjectMapper} with {@code INDENT_OUTPUT} writes it, byte for
 * byte, but by jackson-core's generator alone, walking the tree here, so a command whose report is a tree of plain
 * values loads none of data binding's serializers (a few hundred classes, a tenth of {@code cardinal analyze}'s
 * start-up on a small file).
 */
final class PrettyJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private PrettyJson() {
    }

    /** {@code root} (objects, arrays, strings, numbers, booleans and nulls only: no POJO nodes) as indented text. */
    static String of(JsonNode root) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(text)) {
            g.useDefaultPrettyPrinter();
            write(root, g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    /** What each node's own {@code serialize} writes under data binding's defaults. */
    private static void write(JsonNode n, JsonGenerator g) throws IOException {
        switch (n.getNodeType()) {
            case OBJECT -> {
                g.writeStartObject();
                for (Map.Entry<String, JsonNode> e : n.properties()) {
                    g.writeFieldName(e.getKey());
                    write(e.getValue(), g);
                }
                g.writeEndObject();
            }
            case ARRAY -> {
                g.writeStartArray();
                for (JsonNode e : n) {
                    write(e, g);
                }
                g.writeEndArray();
            }
            case STRING -> g.writeString(n.textValue());
            case NUMBER -> number(n, g);
            case BOOLEAN -> g.writeBoolean(n.booleanValue());
            case NULL -> g.writeNull();
            default -> throw new IllegalArgumentException("a " + n.getNodeType() + " node has no text of its own");
        }
    }

    private static void number(JsonNode n, JsonGenerator g) throws IOException {
        switch (n.numberType()) {
            case INT -> g.writeNumber(n.intValue());
            case LONG -> g.writeNumber(n.longValue());
            case FLOAT -> g.writeNumber(n.floatValue());
            case DOUBLE -> g.writeNumber(n.doubleValue());
            case BIG_INTEGER -> g.writeNumber(n.bigIntegerValue());
            case BIG_DECIMAL -> g.writeNumber(n.decimalValue());
            default -> throw new IllegalArgumentException("unknown number type " + n.numberType());
        }
    }
}
