package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The generator walk writes every kind of node as data binding's INDENT_OUTPUT does, byte for byte. */
class PrettyJsonTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @Test
    void everyKindOfNodeIsWrittenAsTheMapperWritesIt() throws Exception {
        ObjectNode root = F.objectNode();
        root.put("int", 7).put("negative", -12).put("long", 9_000_000_000L).put("short", (short) 3)
            .put("double", 0.1).put("round", 2.0).put("tiny", 1e-9).put("huge", 1.5e300).put("nan", Double.NaN)
            .put("float", 1.25f).put("decimal", new BigDecimal("12.500")).put("big", new BigInteger("123456789012345678901234567890"))
            .put("text", "quote \" backslash \\ tab \t newline \n é ✓ \u0001").put("yes", true).put("no", false)
            .putNull("nothing");
        root.putArray("empty");
        root.putObject("emptyObject");
        root.putArray("numbers").add(1).add(2.5).add(-3L);
        root.putArray("objects").addObject().put("a", 1).putArray("inner").addObject();
        root.putObject("nested").putObject("deeper").put("name", "x").putArray("list").add("y").addNull();
        String expected = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        assertEquals(expected, PrettyJson.of(root));
        assertEquals(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(F.arrayNode()),
            PrettyJson.of(F.arrayNode()));
    }
}
