package dev.cardinal.engine.influxdb3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The injection property for the InfluxDB 3 rewrite: whatever the names and values (line breaks, quotes, escapes, the
 * delimiters of line protocol, statements), a migration either refuses before anything runs, naming what line protocol
 * cannot carry, or writes a line that reads back (through Cardinal's line protocol reader, held to InfluxDB's parser)
 * as exactly the table, tag and field it meant, with their values.
 */
class V3RewriteLinesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Provide
    Arbitrary<String> names() {
        // whole characters only: a lone half of a surrogate pair is no text a server could hold
        return Arbitraries.oneOf(Arbitraries.strings().withChars(",= \"'\\\n\r\t#`;üx-").ofMinLength(1).ofMaxLength(8),
            Arbitraries.of("m\"; DROP TABLE x; --", "a\\,b", "tail\\", "#comment", "x y=z,w", "line\nbreak", "q\"uote", "📈 up"));
    }

    @Property(tries = 400)
    void aRewrittenPointReadsBackAsTheNamesAndValuesItMeant(@ForAll("names") String table, @ForAll("names") String tagKey,
                                                           @ForAll("names") String fieldKey, @ForAll("names") String tagValue,
                                                           @ForAll("names") String fieldValue) throws Exception {
        Assume.that(!tagKey.equals(fieldKey));
        // the old layout: "id" a tag, "name" a string field; the new one makes the field a tag and the tag a field
        Layout from = new Layout("a", "a", "e", Template.literal("old"), List.of(TagSpec.of("id")), List.of(FieldSpec.of("name")),
            RetentionPlan.AUTOGEN);
        Layout to = new Layout("b", "b", "e", Template.literal(table), List.of(new TagSpec(tagKey, Template.ref("name"))),
            List.of(new FieldSpec(Template.literal(fieldKey), "id")), RetentionPlan.AUTOGEN);
        V3Rewrite rewrite;
        try {
            rewrite = V3Rewrite.between(from, to, table);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("cannot be written in line protocol"), e.getMessage());
            return;
        }
        Map<String, String> types = Map.of("id", "tag", "name", "string");
        List<String> columns = rewrite.columns(types);
        ObjectNode row = JSON.createObjectNode().put("c0", "2026-01-01T00:00:00.000000155");
        for (int i = 0; i < columns.size(); i++) {
            row.put("c" + (i + 1), columns.get(i).equals("id") ? fieldValue : tagValue);
        }
        String line;
        try {
            line = rewrite.line(row, columns, types);
        } catch (IOException e) {
            assertTrue(e.getMessage().contains("which line protocol cannot carry as a tag value"), e.getMessage());
            return;
        }
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        new LineProtocolReader().read(new ByteArrayInputStream((line + "\n").getBytes(StandardCharsets.UTF_8)), "v3.lp",
            SampleBinding.lineProtocol("t", "v3.lp", "ns"), b, ReadMonitor.NONE);
        Sample read = b.build();
        assertEquals(1, read.eventKinds().size(), line);
        EventKindSample k = read.eventKinds().get(0);
        assertEquals(table, k.name(), line);
        assertEquals(1, k.rows(), line);
        assertEquals(1767225600000000155L, k.timestamp(0), line);
        assertEquals(fieldValue, k.column(fieldKey).text(0), line);
        assertEquals(tagValue, k.column(tagKey).text(0), line);
        assertEquals(2, k.attributes().size(), line);
    }
}
