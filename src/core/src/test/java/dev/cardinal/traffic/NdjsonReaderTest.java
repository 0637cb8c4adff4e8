package dev.cardinal.traffic;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.ValueType;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class NdjsonReaderTest {
    private static final long NOON = 1_704_110_400L * 1_000_000_000L;

    private static SampleBinding binding(String timeColumn, String timeFormat, String precision, String... tags) {
        return new SampleBinding("b", "x.ndjson", SampleFormat.NDJSON, null, precision, timeColumn, timeFormat,
            List.of(tags));
    }

    private static Sample read(String file, String text, SampleBinding binding) throws Exception {
        return read(file, text.getBytes(UTF_8), binding);
    }

    private static Sample read(String file, byte[] text, SampleBinding binding) throws Exception {
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
        new NdjsonReader().read(new ByteArrayInputStream(text), file, binding, into, ReadMonitor.NONE);
        return into.build();
    }

    @Test
    void bytesThatAreNotUtf8AreReadAsReplacementsWithAWarningAndARawNulIsABadLine() throws Exception {
        byte[] text = "{\"city\":\"Z\u00fcrich\"}\n{\"city\":\"Bern\"}\n{\"city\":\"a\u0000b\"}\n{\"city\":\"G\u00e4u\"}\n"
            .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Sample s = read("c.ndjson", text, binding(null, null, "ns"));
        EventKindSample k = only(s);
        assertEquals(3, k.rows());
        assertEquals("Z\uFFFDrich", k.column("city").text(0));
        assertEquals(List.of("c.ndjson:1:11: warning: bytes that are not UTF-8 at column 11, read as U+FFFD",
                "c.ndjson:4:11: warning: bytes that are not UTF-8 at column 11, read as U+FFFD"),
            s.report().warnings().stream().map(ReadProblem::toString).toList());
        assertEquals(1, s.report().badLines());
        assertEquals(3, problem(s, 0).line());
        assertTrue(problem(s, 0).message().contains("CTRL-CHAR, code 0"), problem(s, 0).message());
    }

    private static EventKindSample only(Sample s) {
        assertEquals(1, s.eventKinds().size());
        return s.eventKinds().get(0);
    }

    private static ReadProblem problem(Sample s, int i) {
        return s.report().problems().get(i);
    }

    private static List<String> names(EventKindSample k) {
        return k.attributes().stream().map(SampleAttribute::name).toList();
    }

    @Test
    void flattensObjectsKeepsArraysAndUsesJsonTypes() throws Exception {
        Sample s = read("clicks.ndjson.gz", """
            {"ts":1704110400000,"user":{"id":"u1","geo":{"cc":"DE"}},"n":3,"price":9.5,"ok":true,"tags":[1, "a"],"x":null}
            {"ts":1704110401000,"user":{"id":"u2"},"n":4,"price":10,"ok":false,"tags":[]}
            """, binding(null, null, "ms", "user.id"));
        EventKindSample k = only(s);
        assertEquals("clicks", k.name());
        assertEquals(2, k.rows());
        assertEquals(List.of("user.id", "user.geo.cc", "n", "price", "ok", "tags"), names(k));
        assertEquals(new SampleAttribute("user.id", "user.id", ValueType.STRING, true, "clicks.ndjson.gz:1"),
            k.attribute("user.id").orElseThrow());
        assertFalse(k.attribute("user.geo.cc").orElseThrow().arrivedAsTag());
        assertEquals(ValueType.INTEGER, k.attribute("n").orElseThrow().type());
        assertEquals(ValueType.FLOAT, k.attribute("price").orElseThrow().type());
        assertEquals(ValueType.BOOLEAN, k.attribute("ok").orElseThrow().type());
        assertEquals(ValueType.STRING, k.attribute("tags").orElseThrow().type());
        assertFalse(k.attribute("x").isPresent());
        assertFalse(k.attribute("ts").isPresent());

        assertEquals("u2", k.column("user.id").text(1));
        assertEquals(2, ((DictionaryColumn) k.column("user.id")).dictionary().size());
        assertEquals("DE", k.column("user.geo.cc").text(0));
        assertFalse(k.column("user.geo.cc").present(1));
        assertEquals(4, ((LongColumn) k.column("n")).get(1));
        assertEquals(10.0, ((DoubleColumn) k.column("price")).get(1));
        assertEquals("true", k.column("ok").text(0));
        assertEquals("[1,\"a\"]", k.column("tags").text(0));
        assertEquals("[]", k.column("tags").text(1));
        assertEquals(NOON, k.timestamp(0));
        assertEquals(NOON + 1_000_000_000L, k.timestamp(1));
        assertEquals(2, s.report().lines());
        assertEquals(0, s.report().withoutTimestamp());
    }

    @Test
    void elasticsAtTimestampIsTheTime() throws Exception {
        Sample s = read("posts.ndjson", """
            {"@timestamp":"2024-01-01T12:00:00Z","tenant":"c1","metrics":{"views":3}}
            {"@timestamp":"2024-01-01T12:00:01.500Z","tenant":"c2","metrics":{"views":4}}
            """, binding(null, null, "ns"));
        EventKindSample k = only(s);
        assertFalse(k.attribute("@timestamp").isPresent());
        assertEquals(NOON, k.timestamp(0));
        assertEquals(NOON + 1_500_000_000L, k.timestamp(1));
        assertEquals(0, s.report().withoutTimestamp());
    }

    @Test
    void badLinesAreReportedWithJacksonsColumnAndReadingGoesOn() throws Exception {
        Sample s = read("b.ndjson", "{\"a\":1}\r\n\r\n{\"a\":1,}\n[1,2]\n{\"a\": tru}\n{\"a\":1} {}\n{\"a\":2}\n",
            binding(null, null, "ns"));
        EventKindSample k = only(s);
        assertEquals(2, k.rows());
        assertEquals(2, ((LongColumn) k.column("a")).get(1));
        assertEquals(4, s.report().badLines());
        assertEquals(7, s.report().lines());
        assertEquals(new ReadProblem("b.ndjson", 3, 8, ReadProblem.Kind.MALFORMED,
            "Unexpected character ('}' (code 125)): was expecting double-quote to start field name"), problem(s, 0));
        assertEquals(new ReadProblem("b.ndjson", 4, 1, ReadProblem.Kind.MALFORMED, "the line is not a JSON object"),
            problem(s, 1));
        assertEquals(5, problem(s, 2).line());
        assertEquals(7, problem(s, 2).column());
        assertEquals(new ReadProblem("b.ndjson", 6, 9, ReadProblem.Kind.MALFORMED,
            "more follows the object on the same line"), problem(s, 3));
    }

    @Test
    void keysThatCollideAfterFlatteningAreMalformed() throws Exception {
        Sample s = read("d.ndjson", "{\"a.b\":1,\"a\":{\"b\":2}}\n{\"a\":1,\"a\":2}\n{\"a.b\":3}\n",
            binding(null, null, "ns"));
        assertEquals(1, s.rows());
        assertEquals(new ReadProblem("d.ndjson", 1, 19, ReadProblem.Kind.MALFORMED,
            "the key 'a.b' appears twice in the object"), problem(s, 0));
        assertEquals(new ReadProblem("d.ndjson", 2, 11, ReadProblem.Kind.MALFORMED, "Duplicate field 'a'"),
            problem(s, 1));
    }

    @Test
    void aNonIntegralNumberInTheLookAheadMakesAFloat() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 999; i++) {
            text.append("{\"v\":").append(i).append("}\n");
        }
        text.append("{\"v\":0.25}\n");
        text.append("{\"v\":7}\n");
        text.append("{\"late\":5}\n");
        text.append("{\"late\":5.5}\n");
        text.append("{\"big\":123456789012345678901234567890}\n");
        Sample s = read("f.ndjson", text.toString(), binding(null, null, "ns"));
        EventKindSample k = only(s);
        assertEquals(ValueType.FLOAT, k.attribute("v").orElseThrow().type());
        assertEquals(998.0, ((DoubleColumn) k.column("v")).get(998));
        assertEquals(7.0, ((DoubleColumn) k.column("v")).get(1000));
        // a key first met after the look-ahead takes the type of its first value
        assertEquals(ValueType.INTEGER, k.attribute("late").orElseThrow().type());
        assertEquals(ValueType.FLOAT, k.attribute("big").orElseThrow().type());
        assertEquals(1.2345678901234568e29, ((DoubleColumn) k.column("big")).get(1002));
        assertEquals(List.of(new ReadProblem("f.ndjson", 1003, 9, ReadProblem.Kind.TYPE_CONFLICT,
            "field 'late' is integer (first at line 1002) but line 1003 has '5.5' (a float)")), s.report().problems());
    }

    @Test
    void valuesOfAnotherJsonTypeAreTypeConflicts() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            text.append("{\"count\":").append(i).append(",\"name\":\"n").append(i).append("\"}\n");
        }
        text.append("{\"count\":\"many\"}\n");
        text.append("{\"name\":5}\n");
        text.append("{\"count\":true}\n");
        Sample s = read("t.ndjson", text.toString(), binding(null, null, "ns"));
        assertEquals(1000, s.rows());
        assertEquals(new ReadProblem("t.ndjson", 1001, 10, ReadProblem.Kind.TYPE_CONFLICT,
            "field 'count' is integer (inferred from lines 1-1000, first at line 1) but line 1001 has 'many' (a string)"),
            problem(s, 0));
        assertEquals(new ReadProblem("t.ndjson", 1002, 9, ReadProblem.Kind.TYPE_CONFLICT,
            "field 'name' is string (inferred from lines 1-1000, first at line 1) but line 1002 has '5' (an integer)"),
            problem(s, 1));
        assertEquals(ReadProblem.Kind.TYPE_CONFLICT, problem(s, 2).kind());
    }

    @Test
    void inTheLookAheadTheFirstJsonTypeDecides() throws Exception {
        Sample s = read("m.ndjson", "{\"v\":\"a\"}\n{\"v\":1}\n{\"v\":\"b\"}\n", binding(null, null, "ns"));
        assertEquals(2, s.rows());
        assertEquals(new ReadProblem("m.ndjson", 2, 6, ReadProblem.Kind.TYPE_CONFLICT,
            "field 'v' is string (inferred from lines 1-3, first at line 1) but line 2 has '1' (an integer)"),
            problem(s, 0));
    }

    @Test
    void nestedTimePropertyInRfc3339() throws Exception {
        Sample s = read("n.ndjson", """
            {"meta":{"at":"2024-01-01T12:00:00.25Z"},"v":1}
            {"meta":{"at":"noon"},"v":2}
            {"meta":{"at":null},"v":3}
            {"meta":{"at":{"x":1}},"v":4}
            """, binding("meta.at", "rfc3339", "ns"));
        EventKindSample k = only(s);
        assertEquals(2, k.rows());
        assertEquals(List.of("v"), names(k));
        assertEquals(NOON + 250_000_000L, k.timestamp(0));
        assertEquals(1, s.report().withoutTimestamp());
        assertEquals(new ReadProblem("n.ndjson", 2, 15, ReadProblem.Kind.MALFORMED,
            "bad time: 'noon' is not an RFC 3339 time such as 2024-01-01T12:00:00Z"), problem(s, 0));
        assertEquals(new ReadProblem("n.ndjson", 4, 15, ReadProblem.Kind.MALFORMED,
            "the time 'meta.at' holds an object, not a string or a number"), problem(s, 1));
    }

    @Test
    void detectsATopLevelTimeKeyCaseInsensitively() throws Exception {
        Sample s = read("d.ndjson", "{\"v\":1}\n{\"_Time\":\"2024-01-01 12:00:00\",\"v\":2}\n",
            binding(null, null, "ns"));
        EventKindSample k = only(s);
        assertEquals(List.of("v"), names(k));
        assertEquals(NOON, k.timestamp(1));
        assertEquals(1, s.report().withoutTimestamp());
    }

    @Test
    void refusesFilesThatAreNotNdjson() {
        assertEquals("lp.ndjson is not NDJSON: line 1 does not start with '{'",
            refusal("lp.ndjson", "cpu,host=a value=1 1704110400000000000\n"));
        assertEquals("c.ndjson is not NDJSON: line 2 does not start with '{'", refusal("c.ndjson", "\na,b\n1,2\n"));
        assertEquals("a.json is not NDJSON: line 1 does not start with '{' (a JSON array? NDJSON holds one object per"
            + " line)", refusal("a.json", "[{\"a\":1},{\"a\":2}]\n"));
        assertEquals("p.json is not NDJSON: the object on line 1 does not end on that line (pretty-printed JSON?"
            + " NDJSON holds one object per line)", refusal("p.json", "{\n  \"a\": 1\n}\n"));
    }

    private static String refusal(String file, String text) {
        return assertThrows(SampleFormatException.class, () -> read(file, text, binding(null, null, "ns")))
            .getMessage();
    }

    @Test
    void stopsAtTheRowCap() throws Exception {
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults().withMaxRows(2));
        new NdjsonReader().read(new ByteArrayInputStream("{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n".getBytes(UTF_8)),
            "cap.ndjson", binding(null, null, "ns"), into, ReadMonitor.NONE);
        Sample s = into.build();
        assertEquals(2, s.rows());
        assertTrue(s.report().capped());
        assertEquals(2, s.report().lines());
    }
}
