package dev.cardinal.traffic;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.ValueType;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

class CsvReaderTest {
    private static final long NOON = 1_704_110_400L * 1_000_000_000L;

    private static SampleBinding binding(String eventKind, String timeColumn, String timeFormat, String precision,
                                         String... tags) {
        return new SampleBinding("b", "x.csv", SampleFormat.CSV, eventKind, precision, timeColumn, timeFormat,
            List.of(tags));
    }

    private static SampleBinding plain(String... tags) {
        return binding(null, null, null, "ns", tags);
    }

    private static Sample read(String file, String text, SampleBinding binding) throws Exception {
        return read(file, text.getBytes(UTF_8), binding);
    }

    private static Sample read(String file, byte[] text, SampleBinding binding) throws Exception {
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
        new CsvReader().read(new ByteArrayInputStream(text), file, binding, into, ReadMonitor.NONE);
        return into.build();
    }

    private static List<String> warnings(Sample s) {
        return s.report().warnings().stream().map(ReadProblem::toString).toList();
    }

    @Test
    void bytesThatAreNotUtf8AreReadAsReplacementsWithAWarningForTheirLine() throws Exception {
        byte[] latin1 = "h\u00f6st,v\nZ\u00fcrich,1\nBern,2\n\"a\nG\u00e4u\",3\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Sample s = read("l.csv", latin1, plain("h\uFFFDst"));
        EventKindSample k = only(s);
        assertEquals(3, k.rows());
        assertEquals("Z\uFFFDrich", k.column("h\uFFFDst").text(0));
        assertEquals(List.of(), s.report().problems());
        assertEquals(List.of("l.csv:1:2: warning: bytes that are not UTF-8 at column 2, read as U+FFFD",
            "l.csv:2:2: warning: bytes that are not UTF-8 at column 2, read as U+FFFD",
            "l.csv:4:5: warning: bytes that are not UTF-8 at column 5, read as U+FFFD"), warnings(s));
    }

    @Test
    void aNulIsKeptWithAWarningForItsLine() throws Exception {
        Sample s = read("n.csv", "a,b\nx\u0000y,1\nok,2\n\"q\u0000\",3\n", plain());
        assertEquals(3, only(s).rows());
        assertEquals(List.of("n.csv:2:2: warning: a NUL character at column 2 (binary data in a text file?); kept as it is",
            "n.csv:4:3: warning: a NUL character at column 3 (binary data in a text file?); kept as it is"), warnings(s));
    }

    private static EventKindSample only(Sample s) {
        assertEquals(1, s.eventKinds().size());
        return s.eventKinds().get(0);
    }

    private static ReadProblem problem(Sample s, int i) {
        return s.report().problems().get(i);
    }

    @Test
    void readsTypedAttributesTagsAndTimes() throws Exception {
        Sample s = read("data/listing-events.csv.gz", """
            time,host,count,temp,ok,note
            2024-01-01T12:00:00Z,web-1,3,20.5,True,first
            2024-01-01T12:00:01.5Z,web-2,-7,21,false,
            2024-01-01T12:00:02Z,web-1,,19,FALSE,third
            """, plain("host"));
        EventKindSample k = only(s);
        assertEquals("listing-events", k.name());
        assertEquals(3, k.rows());
        assertEquals(List.of("host", "count", "temp", "ok", "note"),
            k.attributes().stream().map(SampleAttribute::name).toList());
        assertEquals(new SampleAttribute("host", "host", ValueType.STRING, true, "data/listing-events.csv.gz:2"),
            k.attribute("host").orElseThrow());
        assertEquals(ValueType.INTEGER, k.attribute("count").orElseThrow().type());
        assertEquals(ValueType.FLOAT, k.attribute("temp").orElseThrow().type());
        assertEquals(ValueType.BOOLEAN, k.attribute("ok").orElseThrow().type());
        assertEquals(ValueType.STRING, k.attribute("note").orElseThrow().type());
        assertFalse(k.attribute("time").isPresent());

        DictionaryColumn host = (DictionaryColumn) k.column("host");
        assertEquals(2, host.dictionary().size());
        assertEquals(List.of("web-1", "web-2", "web-1"), List.of(host.text(0), host.text(1), host.text(2)));
        LongColumn count = (LongColumn) k.column("count");
        assertEquals(3, count.get(0));
        assertEquals(-7, count.get(1));
        assertFalse(count.present(2));
        DoubleColumn temp = (DoubleColumn) k.column("temp");
        assertEquals(20.5, temp.get(0));
        assertEquals(21.0, temp.get(1));
        assertEquals(List.of("true", "false", "false"),
            List.of(k.column("ok").text(0), k.column("ok").text(1), k.column("ok").text(2)));
        assertNull(k.column("note").text(1));
        assertEquals(NOON, k.timestamp(0));
        assertEquals(NOON + 1_500_000_000L, k.timestamp(1));
        assertEquals(NOON + 2_000_000_000L, k.timestamp(2));

        ReadReport r = s.report();
        assertEquals(1, r.files());
        assertEquals(4, r.lines());
        assertEquals(3, r.points());
        assertEquals(0, r.badLines());
        assertEquals(0, r.withoutTimestamp());
    }

    @Test
    void quotedCellsHoldCommasQuotesAndLineBreaks() throws Exception {
        String text = "\uFEFFid,comment\r\n"
            + "\r\n"
            + "a,\"one, two\"\r\n"
            + "b,\"say \"\"hi\"\"\"\r\n"
            + "c,\"line one\nline two\"\r\n"
            + "d,plain\r\n";
        Sample s = read("notes.csv", text, binding("note", null, null, "ns"));
        EventKindSample k = only(s);
        assertEquals("note", k.name());
        assertEquals(List.of("id", "comment"), k.attributes().stream().map(SampleAttribute::name).toList());
        assertEquals("one, two", k.column("comment").text(0));
        assertEquals("say \"hi\"", k.column("comment").text(1));
        assertEquals("line one\nline two", k.column("comment").text(2));
        assertEquals("plain", k.column("comment").text(3));
        assertEquals("notes.csv:3", k.attribute("comment").orElseThrow().firstSeen());
        assertEquals(7, s.report().lines());
        assertEquals(4, s.report().withoutTimestamp());
    }

    @Test
    void rowsWithTheWrongNumberOfCellsAreMalformed() throws Exception {
        Sample s = read("m.csv", """
            a,b,c
            1,2,3
            1,2
            1,2,3,4
            4,5,6
            """, plain());
        assertEquals(2, only(s).rows());
        assertEquals(2, s.report().badLines());
        assertEquals(new ReadProblem("m.csv", 3, 4, ReadProblem.Kind.MALFORMED,
            "expected 3 cells as in the header, found 2"), problem(s, 0));
        assertEquals(new ReadProblem("m.csv", 4, 7, ReadProblem.Kind.MALFORMED,
            "expected 3 cells as in the header, found 4"), problem(s, 1));
    }

    /** A cell longer than the read buffer (64K characters) is read whole, and the columns after it still count. */
    @Test
    void cellsLongerThanTheReadBufferKeepTheirTextAndColumns() throws Exception {
        String wide = "w".repeat(150_000);
        Sample s = read("m.csv", "a,b\n" + wide + ",1\n" + wide + ",1,2\nx," + wide + "\n", plain());
        EventKindSample k = only(s);
        assertEquals(2, k.rows());
        assertEquals(wide, k.column("a").text(0));
        assertEquals(wide, k.column("b").text(1));
        assertEquals(new ReadProblem("m.csv", 3, 150_004, ReadProblem.Kind.MALFORMED,
            "expected 2 cells as in the header, found 3"), problem(s, 0));
    }

    @Test
    void problemsGiveTheLineWhereAQuotedRecordStarts() throws Exception {
        Sample s = read("q.csv", "a,b\n\"x\ny\",1,2\n3,4\n5,\"never closed\n6,7\n", plain());
        assertEquals(1, only(s).rows());
        assertEquals(new ReadProblem("q.csv", 2, 9, ReadProblem.Kind.MALFORMED,
            "expected 2 cells as in the header, found 3"), problem(s, 0));
        assertEquals(new ReadProblem("q.csv", 5, 3, ReadProblem.Kind.MALFORMED,
            "the quote opened at column 3 is never closed: it runs to the end of the file at line 6, swallowing the 1"
                + " line after this one"), problem(s, 1));
        assertEquals(6, s.report().lines());
    }

    @Test
    void textAfterAClosingQuoteIsMalformed() throws Exception {
        Sample s = read("g.csv", "a,b\n\"x\"y,1\n", plain());
        assertEquals(0, s.rows());
        assertEquals(new ReadProblem("g.csv", 2, 4, ReadProblem.Kind.MALFORMED,
            "unexpected 'y' after the closing quote of the cell at column 1"), problem(s, 0));
    }

    @Test
    void typesAreInferredFromTheWholeLookAhead() throws Exception {
        StringBuilder text = new StringBuilder("n,flag\n");
        for (int i = 0; i < 999; i++) {
            text.append(i).append(",x\n");
        }
        text.append("2.5,x\n");
        Sample s = read("f.csv", text.toString(), plain());
        EventKindSample k = only(s);
        assertEquals(ValueType.FLOAT, k.attribute("n").orElseThrow().type());
        assertEquals(998.0, ((DoubleColumn) k.column("n")).get(998));
        assertEquals(2.5, ((DoubleColumn) k.column("n")).get(999));
    }

    @Test
    void laterValuesThatDoNotFitAreTypeConflicts() throws Exception {
        StringBuilder text = new StringBuilder("count,temp,host\n");
        for (int i = 0; i < 1002; i++) {
            text.append(i).append(',').append(i % 2 == 0 ? "1.5" : "2").append(",h").append(i).append('\n');
        }
        text.append("abc,1,new-host\n");
        text.append("1.5,1,new-host\n");
        text.append("7,8,h7\n");
        Sample s = read("c.csv", text.toString(), plain("host"));
        EventKindSample k = only(s);
        assertEquals(1003, k.rows());
        assertEquals(ValueType.INTEGER, k.attribute("count").orElseThrow().type());
        assertEquals(ValueType.FLOAT, k.attribute("temp").orElseThrow().type());
        assertEquals(8.0, ((DoubleColumn) k.column("temp")).get(1002));
        assertEquals(new ReadProblem("c.csv", 1004, 1, ReadProblem.Kind.TYPE_CONFLICT,
            "field 'count' is integer (inferred from lines 2-1001, first at line 2) but line 1004 has 'abc'"),
            problem(s, 0));
        assertEquals(new ReadProblem("c.csv", 1005, 1, ReadProblem.Kind.TYPE_CONFLICT,
            "field 'count' is integer (inferred from lines 2-1001, first at line 2) but line 1005 has '1.5'"),
            problem(s, 1));
        // the rejected rows left no trace, not even their new tag value
        assertEquals(0, ((DictionaryColumn) k.column("host")).dictionary().find("new-host"));
        assertEquals(1002, ((DictionaryColumn) k.column("host")).dictionary().size());
    }

    @Test
    void anAttributeFromAnEarlierFileKeepsItsType() throws Exception {
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
        CsvReader reader = new CsvReader();
        SampleBinding b = binding("events", null, null, "ns");
        reader.read(new ByteArrayInputStream("count\n1\n2\n".getBytes(UTF_8)), "a.csv", b, into, ReadMonitor.NONE);
        reader.read(new ByteArrayInputStream("count\nmany\n3\n".getBytes(UTF_8)), "b.csv", b, into, ReadMonitor.NONE);
        Sample s = into.build();
        assertEquals(3, only(s).rows());
        assertEquals(2, s.report().files());
        assertEquals(List.of(new ReadProblem("b.csv", 2, 1, ReadProblem.Kind.TYPE_CONFLICT,
            "field 'count' is integer (first seen at a.csv:2) but line 2 has 'many'")), s.report().problems());
    }

    @Test
    void timeColumnFormatAndPrecisionFromTheBinding() throws Exception {
        Sample s = read("t.csv", """
            id,when
            a,01/01/2024 12:00
            b,1 Jan 2024
            c,
            """, binding(null, "when", "dd/MM/yyyy HH:mm", "ns"));
        EventKindSample k = only(s);
        assertEquals(2, k.rows());
        assertEquals(NOON, k.timestamp(0));
        assertEquals(List.of("id"), k.attributes().stream().map(SampleAttribute::name).toList());
        assertEquals(new ReadProblem("t.csv", 3, 3, ReadProblem.Kind.MALFORMED,
            "bad time: '1 Jan 2024' does not match the pattern 'dd/MM/yyyy HH:mm'"), problem(s, 0));
        assertEquals(1, s.report().withoutTimestamp());
    }

    @Test
    void detectsEpochTimesInTheBindingsPrecision() throws Exception {
        Sample s = read("e.csv", "v,Timestamp\n1,1704110400000\n2,1704110401000\n", binding(null, null, null, "ms"));
        EventKindSample k = only(s);
        assertEquals(NOON, k.timestamp(0));
        assertEquals(NOON + 1_000_000_000L, k.timestamp(1));
        assertEquals(0, s.report().withoutTimestamp());
    }

    @Test
    void rowsWithoutATimeGetTheReadTime() throws Exception {
        long before = System.currentTimeMillis() * 1_000_000;
        Sample s = read("n.csv", "v\n1\n2\n", plain());
        long after = System.currentTimeMillis() * 1_000_000;
        EventKindSample k = only(s);
        assertEquals(2, s.report().withoutTimestamp());
        assertEquals(k.timestamp(0), k.timestamp(1));
        assertTrue(k.timestamp(0) >= before && k.timestamp(0) <= after);
    }

    @Test
    void refusesFilesThatAreNotCsv() {
        assertEquals("j.csv is JSON, not CSV: line 1 starts with '{'. Bind it as NDJSON (one object per line).",
            refusal("j.csv", "{\"a\":1}\n{\"a\":2}\n", plain()));
        assertEquals("k.csv is JSON, not CSV: line 1 starts with '['. Bind it as NDJSON (one object per line).",
            refusal("k.csv", "[1,2]\n", plain()));
        assertEquals("e.csv is empty: a CSV sample starts with a header row", refusal("e.csv", "\n\n", plain()));
        assertEquals("d.csv: the header names column 'a' twice (columns 1 and 3)", refusal("d.csv", "a,b,a\n", plain()));
        assertEquals("h.csv: header column 2 has no name", refusal("h.csv", "a,,c\n1,2,3\n", plain()));
        assertEquals("t.csv has no column 'when', which the binding names as the time column; its header has: a, b",
            refusal("t.csv", "a,b\n", binding(null, "when", null, "ns")));
        assertEquals("g.csv has no column 'region', which the binding makes a tag; its header has: a, b",
            refusal("g.csv", "a,b\n", plain("region")));
    }

    private static String refusal(String file, String text, SampleBinding b) {
        return assertThrows(SampleFormatException.class, () -> read(file, text, b)).getMessage();
    }

    @Test
    void stopsAtTheRowCap() throws Exception {
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults().withMaxRows(3));
        new CsvReader().read(new ByteArrayInputStream("v\n1\n2\n3\n4\n5\n".getBytes(UTF_8)), "cap.csv", plain(), into,
            ReadMonitor.NONE);
        Sample s = into.build();
        assertEquals(3, s.rows());
        assertTrue(s.report().capped());
        assertEquals(4, s.report().lines());
        assertEquals(4, problem(s, 0).line());
        assertEquals(ReadProblem.Kind.CAPPED, problem(s, 0).kind());
    }

    @Test
    void cancellationEndsTheRead() {
        InputStream rows = manyRows(20_000);
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
        ReadMonitor cancelled = new ReadMonitor() {
            @Override
            public boolean cancelled() {
                return true;
            }
        };
        assertThrows(CancellationException.class, () -> new CsvReader().read(rows, "big.csv", plain(), into, cancelled));
    }

    @Test
    void streamsManyRows() throws Exception {
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
        new CsvReader().read(manyRows(200_000), "big.csv", binding(null, null, null, "s", "host"), into,
            ReadMonitor.NONE);
        Sample s = into.build();
        EventKindSample k = only(s);
        assertEquals(200_000, k.rows());
        assertEquals(200_001, s.report().lines());
        assertEquals(10, ((DictionaryColumn) k.column("host")).dictionary().size());
        assertEquals(199_999, ((LongColumn) k.column("n")).get(199_999));
        assertEquals(NOON + 199_999_000_000_000L, k.timestamp(199_999));
    }

    /** Rows made as they are read, so the test never holds the whole file. */
    private static InputStream manyRows(int n) {
        return new InputStream() {
            private byte[] chunk = "ts,host,n\n".getBytes(UTF_8);
            private int pos;
            private int next;

            @Override
            public int read() {
                if (pos == chunk.length) {
                    if (next == n) {
                        return -1;
                    }
                    chunk = ((1_704_110_400L + next) + ",h" + next % 10 + "," + next + "\n").getBytes(UTF_8);
                    next++;
                    pos = 0;
                }
                return chunk[pos++] & 0xff;
            }
        };
    }
}
