package dev.cardinal.traffic;

import static dev.cardinal.traffic.LpFixture.only;
import static dev.cardinal.traffic.LpFixture.read;
import static dev.cardinal.traffic.LpFixture.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.ValueType;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LineProtocolReaderTest {

    @Test
    void readsMeasurementTagsFieldsAndTimestamp() {
        Sample s = read("weather,crop=blueberries,region=north temp=12.5,count=3i,ok=true,note=\"hi\" 1700000000000000000\n");
        EventKindSample k = only(s);
        assertEquals("weather", k.name());
        assertEquals(1, k.rows());
        assertEquals(1700000000000000000L, k.timestamp(0));
        assertEquals(List.of("crop", "region", "temp", "count", "ok", "note"),
            k.attributes().stream().map(SampleAttribute::name).toList());
        assertEquals("blueberries", value(k, "crop", 0));
        assertTrue(k.attribute("crop").orElseThrow().arrivedAsTag());
        assertFalse(k.attribute("temp").orElseThrow().arrivedAsTag());
        assertEquals(ValueType.FLOAT, k.attribute("temp").orElseThrow().type());
        assertEquals(12.5, ((DoubleColumn) k.column("temp")).get(0));
        assertEquals(ValueType.INTEGER, k.attribute("count").orElseThrow().type());
        assertEquals(3L, ((LongColumn) k.column("count")).get(0));
        assertEquals(ValueType.BOOLEAN, k.attribute("ok").orElseThrow().type());
        assertEquals("true", value(k, "ok", 0));
        assertEquals(ValueType.STRING, k.attribute("note").orElseThrow().type());
        assertEquals("hi", value(k, "note", 0));
        assertEquals(0, s.report().badLines());
    }

    @ParameterizedTest(name = "measurement {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "c\\,pu|c,pu",
        "c\\ pu|c pu",
        "c\\=pu|c=pu",
        "c=pu|c=pu",
        "c\\\"pu|c\"pu",
        "c\\\\pu|c\\\\pu",
        "c\\xpu|c\\xpu",
        "'cpu\\ '|'cpu '"})
    void unescapesMeasurementNamesAsTheServerDoes(String wire, String name) {
        EventKindSample k = only(read(wire + " f=1 1\n"));
        assertEquals(name, k.name());
    }

    @ParameterizedTest(name = "tag {0} -> {1} = {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "t\\,k=v\\,w|t,k|v,w",
        "t\\ k=v\\ w|t k|v w",
        "t\\=k=v\\=w|t=k|v=w",
        "t=a\\b|t|a\\b",
        "t=a\\\\b|t|a\\\\b",
        "t=a\\\"b|t|a\\\"b",
        "t=a\"b|t|a\"b",
        "t\\k=v|t\\k|v",
        "t=a\\\\,b|t|a\\,b"})
    void unescapesTagKeysAndValuesAsTheServerDoes(String wire, String key, String tagValue) {
        EventKindSample k = only(read("cpu," + wire + " f=1 1\n"));
        assertEquals(key, k.attributes().get(0).name());
        assertTrue(k.attributes().get(0).arrivedAsTag());
        assertEquals(tagValue, value(k, key, 0));
    }

    @Test
    void doubledBackslashAndSingleBackslashAreDistinctTagValues() {
        EventKindSample k = only(read("cpu,t=a\\\\b f=1 1\ncpu,t=a\\b f=1 2\n"));
        DictionaryColumn t = (DictionaryColumn) k.column("t");
        assertEquals(2, t.dictionary().size());
        assertEquals("a\\\\b", t.text(0));
        assertEquals("a\\b", t.text(1));
    }

    @ParameterizedTest(name = "field key {0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "f\\,k|f,k", "f\\ k|f k", "f\\=k|f=k", "f\\\"k|f\"k", "f\\\\k|f\\\\k", "f\\xk|f\\xk", "f\"q|f\"q"})
    void unescapesFieldKeysAsTheServerDoes(String wire, String key) {
        EventKindSample k = only(read("cpu " + wire + "=1 1\n"));
        assertEquals(key, k.attributes().get(0).name());
    }

    @Test
    void unescapesQuotesAndBackslashesInStringFieldsAndKeepsOtherBackslashes() {
        EventKindSample k = only(read("cpu s=\"a\\\"b\\\\c\\nd\\te\",e=\"\",t=\"a\\\\\" 1\n"));
        assertEquals("a\"b\\c\\nd\\te", value(k, "s", 0));
        assertEquals("", value(k, "e", 0));
        assertEquals("a\\", value(k, "t", 0));
    }

    @Test
    void stringFieldsMayHoldNewlinesCommasSpacesAndEquals() {
        Sample s = read("cpu s=\"line1\nline2, a=b\" 1\ncpu s=\"x\" 2\ncpu s=oops 3\n");
        EventKindSample k = only(s);
        assertEquals(2, k.rows());
        assertEquals("line1\nline2, a=b", value(k, "s", 0));
        ReadProblem p = s.report().problems().get(0);
        assertEquals(4, p.line(), "the quoted newline counts as a physical line");
        assertEquals(7, p.column());
        assertEquals("invalid boolean", p.message());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "1e5|100000.0", "1E-3|0.001", "1e+3|1000.0", ".5|0.5", "5.|5.0", "-0|-0.0", "-.5|-0.5", "01|1.0",
        "1.5E+10|1.5E10", "123456789012345678901234567890|1.2345678901234568E29", "1e-400|0.0",
        "1.7976931348623157e308|1.7976931348623157E308", "0.1|0.1", "3.14159|3.14159", "12.3|12.3"})
    void readsFloatsExactlyAsGoDoes(String wire, double expected) {
        EventKindSample k = only(read("m f=" + wire + " 1\n"));
        assertEquals(expected, ((DoubleColumn) k.column("f")).get(0));
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(((DoubleColumn) k.column("f")).get(0)));
    }

    @ParameterizedTest(name = "{0} is rejected: {1}")
    @CsvSource(delimiter = '|', value = {
        "1.8e308|invalid float: out of range", "1e|invalid float", "NaN|invalid number", "-|invalid number",
        ".|invalid number", "1.1.1|invalid number", "0x10|invalid number", "1_000|invalid number",
        "1.0i|invalid number", "1e3i|invalid number", "+1|invalid boolean", "Inf|invalid boolean", "tRUE|invalid boolean",
        "truee|invalid boolean", "yes|invalid boolean",
        "9223372036854775808i|unable to parse integer 9223372036854775808: value out of range",
        "-9223372036854775809i|unable to parse integer -9223372036854775809: value out of range",
        "18446744073709551616u|unable to parse unsigned 18446744073709551616: value out of range",
        "-1u|invalid number: an unsigned value cannot be negative"})
    void rejectsBadNumbersAndBooleans(String wire, String reason) {
        Sample s = read("m f=" + wire + " 1\nm f=1 2\n");
        assertEquals(1, s.report().badLines());
        ReadProblem p = s.report().problems().get(0);
        assertEquals(reason, p.message());
        assertEquals(1, p.line());
        assertEquals(ReadProblem.Kind.MALFORMED, p.kind());
    }

    @Test
    void readsIntegerAndUnsignedLimits() {
        EventKindSample k = only(read("m a=9223372036854775807i,b=-9223372036854775808i,c=18446744073709551615u,d=0u 1\n"));
        assertEquals(Long.MAX_VALUE, ((LongColumn) k.column("a")).get(0));
        assertEquals(Long.MIN_VALUE, ((LongColumn) k.column("b")).get(0));
        assertEquals("18446744073709551615", k.column("c").text(0));
        assertEquals(ValueType.UNSIGNED, k.attribute("c").orElseThrow().type());
        assertEquals("0", k.column("d").text(0));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({"t,true", "T,true", "true,true", "True,true", "TRUE,true",
        "f,false", "F,false", "false,false", "False,false", "FALSE,false"})
    void readsEveryBooleanSpelling(String wire, String expected) {
        EventKindSample k = only(read("m b=" + wire + " 1\n"));
        assertEquals(expected, value(k, "b", 0));
    }

    @ParameterizedTest(name = "precision {0}")
    @CsvSource({"ns,1", "us,1000", "ms,1000000", "s,1000000000"})
    void appliesThePrecision(String precision, long nanosPerUnit) {
        EventKindSample k = only(LpFixture.read("m f=1 1700000000\n", precision, SampleLimits.defaults()));
        assertEquals(1700000000L * nanosPerUnit, k.timestamp(0));
    }

    @Test
    void aMissingTimestampGetsTheReadTimeAndIsCounted() {
        long before = System.currentTimeMillis() * 1_000_000L;
        Sample s = read("m f=1\nm f=2 5\n");
        EventKindSample k = only(s);
        assertTrue(k.timestamp(0) >= before);
        assertEquals(5, k.timestamp(1));
        assertEquals(1, s.report().withoutTimestamp());
    }

    @Test
    void skipsCommentsBlankLinesAndLeadingWhitespaceAndAcceptsCrlf() {
        Sample s = read("# header comment\r\n\r\n   \t  # indented\n  \tm,t=a f=1 1\r\n\nm,t=b f=2 2\r\nm,t=c f=3");
        EventKindSample k = only(s);
        assertEquals(3, k.rows());
        assertEquals("a", value(k, "t", 0));
        assertEquals("c", value(k, "t", 2));
        assertEquals(3, k.timestamp(1) + 1);
        assertEquals(0, s.report().badLines());
        assertEquals(7, s.report().lines());
    }

    @Test
    void multipleSpacesBetweenSectionsAreFine() {
        EventKindSample k = only(read("cpu,h=a   f=1   7   \n"));
        assertEquals(7, k.timestamp(0));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "cpu|missing fields|4",
        ",cpu f=1|missing measurement|1",
        "cpu,t= f=1|missing tag value|7",
        "cpu,=v f=1|missing tag key|5",
        "cpu,t f=1|missing tag value|6",
        "cpu,t=v, f=1|missing tag key|9",
        "cpu,t=v=w f=1|invalid tag format|8",
        "cpu,t=a\\ f=1|invalid tag format|11",
        "cpu,a=1,a=2 f=1|duplicate tags|9",
        "cpu,t=a|missing fields|8",
        "'cpu '|invalid field format|5",
        "cpu =1|missing field key|5",
        "cpu f=1,=2|missing field key|9",
        "cpu f=|missing field value|7",
        "cpu f=,g=1|missing field value|7",
        "cpu f=1,|invalid field format|9",
        "cpu f|invalid field format|6",
        "cpu s=\"a\"x|invalid field format|10",
        "cpu f=1 1.5|bad timestamp|10",
        "cpu f=1 abc|bad timestamp|9",
        "cpu f=1 1000  x|point is invalid: unexpected text after the timestamp|15",
        "cpu f=1 9223372036854775808|bad timestamp 9223372036854775808: value out of range|9",
        "cpu f=1 9223372036854775807|time outside range|9",
        "cpu,time=1 f=1|invalid tag key: a tag named 'time' is refused by the server, which drops the point|5",
        "cpu time=1|invalid field name: a field named 'time' is refused by the server, which drops the point|5"})
    void reportsMalformedLinesWithLineColumnAndReasonAndGoesOn(String bad, String reason, int column) {
        Sample s = read("cpu f=0 1\n" + bad + "\ncpu f=2 3\n");
        EventKindSample k = only(s);
        assertEquals(2, k.rows(), "the good lines around the bad one are kept");
        assertEquals(1, s.report().badLines());
        ReadProblem p = s.report().problems().get(0);
        assertEquals(new ReadProblem("t.lp", 2, column, ReadProblem.Kind.MALFORMED, reason), p);
    }

    @Test
    void anUnbalancedQuoteRunsToTheEndOfTheFileAsOnTheServer() {
        Sample s = read("cpu f=0 1\ncpu s=\"abc\ncpu f=2 3\n");
        assertEquals(1, s.rows());
        assertEquals(new ReadProblem("t.lp", 2, 7, ReadProblem.Kind.MALFORMED, "unbalanced quotes: the string opened"
                + " at column 7 runs to line 3 (the server would swallow the 1 line after this one into it)"),
            s.report().problems().get(0));
        assertEquals(3, s.report().lines());
    }

    /** The case: a quote left open on line 2 of 100,000, which influxd 1.6.7 also reads to the end. */
    @Test
    void aQuoteLeftOpenSaysWhatItSwallows() {
        StringBuilder sb = new StringBuilder("m,host=a usage=\"ok\" 1\nm,host=a usage=\"oops 2\n");
        for (int i = 3; i <= 100_000; i++) {
            sb.append("m,host=a usage=\"x").append(i).append("\" ").append(i).append('\n');
        }
        Sample s = read(sb.toString());
        assertEquals(1, s.rows());
        assertEquals(1, s.report().badLines());
        assertEquals(100_000, s.report().lines());
        assertEquals("t.lp:2:16: unbalanced quotes: the string opened at column 16 runs to line 100,000 (the server"
            + " would swallow the 99,998 lines after this one into it)", s.report().problems().get(0).toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"m f=1 1\\nm s=\"oops 2\\nm f=3 3\\nm f=4 4\\nm f=5 5\\n|5",
        "m f=1 1\\nm s=\"oops 2\\nm f=3 3\\nm f=4 4\\nm f=5 5|5", "m s=\"a\\nb\\nc|3", "m s=\"a\\n\\n|2"})
    void aStringLeftOpenToTheEndCountsTheLinesThereAre(String escaped, long lines) {
        Sample s = read(escaped.replace("\\n", "\n"));
        assertEquals(lines, s.report().lines(), s.report().problems().toString());
    }

    /**
     * Checked on influxd 1.6.7: the string opened on line 1 is closed by the first quote of line 3 and the point is
     * kept with both newlines in its value; the point of line 2 is gone. Kept here too, with a warning.
     */
    @Test
    void aStringThatSwallowsAPointIsKeptAsOnTheServerWithAWarning() {
        Sample s = read("m s=\"oops 1\nm f=2 2\nm s=x\" 3\nm f=4 4\n");
        EventKindSample k = only(s);
        assertEquals(2, k.rows());
        assertEquals("oops 1\nm f=2 2\nm s=x", value(k, "s", 0));
        assertEquals(3, k.timestamp(0));
        assertEquals(List.of(), s.report().problems());
        assertEquals(List.of(new ReadProblem("t.lp", 1, 5, ReadProblem.Kind.WARNING, "the string opened at column 5 runs"
                + " to line 3: the server keeps one point and swallows the 2 lines after this one into the string, 1 of"
                + " which would be a point on its own (a quote left open?)")),
            s.report().warnings());
        assertEquals(4, s.report().lines());
    }

    @Test
    void multiLineTextIsNotWarnedAbout() {
        Sample s = read("log msg=\"java.lang.IllegalStateException: boom\n\tat a.B.c(B.java:12)\n\tat a.B.d(B.java:40)\" 1\n");
        assertEquals(1, s.rows());
        assertEquals(List.of(), s.report().warnings());
    }

    @Test
    void quotesThatPairAcrossLinesLeaveNothingAsOnTheServer() {
        Sample s = read("m s=\"oops 1\nm s=\"x\" 2\nm f=3 3\n");
        assertEquals(0, s.rows());
        assertEquals(List.of("1:5: unbalanced quotes: the string opened at column 5 runs to line 3 (the server would"
            + " swallow the 2 lines after this one into it)"),
            s.report().problems().stream().map(p -> p.line() + ":" + p.column() + ": " + p.message()).toList());
    }

    /**
     * NUL bytes and bytes that are not UTF-8, part by part, as influxd 1.6.7 took or refused them
     * (influxdb-1x-line-protocol.md, section 12.3); {@code %XX} is a byte. A line kept gets a warning, a line refused
     * is a bad line.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "m%FF,t=a f=1 1|refused|invalid UTF-8 in a measurement name|2",
        "m,t=a f%FF=1 1|refused|invalid UTF-8 in a field key|8",
        "m,t%FF=a f=1 1|warned|bytes that are not UTF-8 in a tag key at column 4: the server keeps them as they are (queries show them as U+FFFD)|4",
        "m,t=a%FF f=1 1|warned|bytes that are not UTF-8 in a tag value at column 6: the server keeps them as they are (queries show them as U+FFFD)|6",
        "m,t=%ED%A0%80 f=1 1|warned|bytes that are not UTF-8 in a tag value at column 5: the server keeps them as they are (queries show them as U+FFFD)|5",
        "m,t=%C0%AF f=1 1|warned|bytes that are not UTF-8 in a tag value at column 5: the server keeps them as they are (queries show them as U+FFFD)|5",
        "m,t=c s=\"a%FFb\" 1|warned|bytes that are not UTF-8 in a string value at column 11: the server keeps them as they are (queries show them as U+FFFD)|11",
        "m%00x,t=a f=1 1|warned|a NUL byte in a measurement name at column 2: the server keeps it (binary data in a text file?)|2",
        "m,t%00=a f=1 1|warned|a NUL byte in a tag key at column 4: the server keeps it (binary data in a text file?)|4",
        "m,t=a%00 f=1 1|warned|a NUL byte in a tag value at column 6: the server keeps it (binary data in a text file?)|6",
        "m,t=d f%00=1 1|warned|a NUL byte in a field key at column 8: the server keeps it (binary data in a text file?)|8",
        "m,t=e s=\"a%00b\" 1|warned|a NUL byte in a string value at column 11: the server keeps it (binary data in a text file?)|11",
        "%00m,t=f f=1 1|warned|a NUL byte at column 1, which the server skips as whitespace (binary data in a text file?)|1",
        "m,t=h f=1 %001|warned|a NUL byte at column 11, which the server skips as whitespace (binary data in a text file?)|11",
        "m,t=g f=1%00 1|refused|invalid number|10",
        "m,t=%C3%A9 f=1 1|kept||0"})
    void nulAndBytesThatAreNotUtf8AreTakenOrRefusedAsTheServerDoes(String escaped, String outcome, String message,
                                                                   int column) {
        Sample s = LpFixture.readBytes(LpFixture.bytes(escaped + "\nm,t=ok f=2 2\n"), "ns", SampleLimits.defaults());
        switch (outcome) {
            case "refused" -> {
                assertEquals(1, s.rows());
                ReadProblem p = s.report().problems().get(0);
                assertTrue(p.message().startsWith(message), p.message());
                assertEquals(column, p.column());
                assertEquals(List.of(), s.report().warnings());
            }
            case "warned" -> {
                assertEquals(2, s.rows());
                assertEquals(List.of(), s.report().problems());
                assertEquals(List.of(new ReadProblem("t.lp", 1, column, ReadProblem.Kind.WARNING, message)),
                    s.report().warnings());
            }
            default -> {
                assertEquals(2, s.rows());
                assertEquals(List.of(), s.report().problems());
                assertEquals(List.of(), s.report().warnings());
            }
        }
    }

    @Test
    void theRawBytesAreKeptSoValuesTheServerTellsApartStayApart() {
        byte[] two = {'m', ',', 't', '=', (byte) 0xFF, ' ', 'f', '=', '1', ' ', '1', '\n',
            'm', ',', 't', '=', (byte) 0xFE, ' ', 'f', '=', '1', ' ', '2', '\n'};
        EventKindSample k = only(LpFixture.readBytes(two, "ns", SampleLimits.defaults()));
        assertEquals(2, k.column("t").distinct(), "both read as U+FFFD, but two series on the server");
    }

    @Test
    void columnsCountCharactersNotBytes() {
        Sample s = read("m,ort=Zürich,x f=1 1\n");
        assertEquals(new ReadProblem("t.lp", 1, 15, ReadProblem.Kind.MALFORMED, "missing tag value"),
            s.report().problems().get(0));
    }

    @Test
    void aTimeFieldNextToOthersIsDroppedAsTheServerDoes() {
        EventKindSample k = only(read("cpu time=1,f=2 1\n"));
        assertEquals(List.of("f"), k.attributes().stream().map(SampleAttribute::name).toList());
    }

    @Test
    void aDuplicateFieldKeepsTheLastValue() {
        EventKindSample k = only(read("cpu f=1,f=2 1\n"));
        assertEquals(2.0, ((DoubleColumn) k.column("f")).get(0));
    }

    @Test
    void reportsAFieldTypeConflictWithBothLineNumbers() {
        Sample s = read("m f=1 1\nm f=2 2\n# c\nm f=3i 3\nm f=\"x\" 4\nm f=4 5\nm g=1i,g=2 6\n");
        EventKindSample k = only(s);
        assertEquals(3, k.rows());
        assertEquals(3, s.report().badLines());
        List<ReadProblem> ps = s.report().problems();
        assertEquals(new ReadProblem("t.lp", 4, 3, ReadProblem.Kind.TYPE_CONFLICT,
            "field type conflict: field 'f' is integer here but float since t.lp:1"), ps.get(0));
        assertEquals(new ReadProblem("t.lp", 5, 3, ReadProblem.Kind.TYPE_CONFLICT,
            "field type conflict: field 'f' is string here but float since t.lp:1"), ps.get(1));
        assertEquals(new ReadProblem("t.lp", 7, 8, ReadProblem.Kind.TYPE_CONFLICT,
            "field type conflict: field 'g' is both integer and float in this line"), ps.get(2));
    }

    /**
     * A line with the same measurement and keys as the line before it is written without the whole-line checks
     * (it passes them as that line did); these lines look like their predecessor but must not pass.
     */
    @Test
    void aLineLikeThePreviousOneIsStillRefusedWhereItDiffers() {
        String longValue = "v".repeat(65_530);
        Sample s = read(String.join("\n",
            "a,t=1,u=2 f=1,s=\"x\" 1",
            "a,t=1,t=2 f=1,s=\"x\" 2",
            "a,t=1,u=2 f=1i,s=\"x\" 3",
            "a,t=1,u=2 f=1,s=true 4",
            "a,t=1,u=" + longValue + " f=1,s=\"x\" 5",
            "a,t=1,u=2 f=1,time=\"x\" 6",
            "b,t=1,u=2 f=1i,s=\"x\" 7",
            "a,t=1,u=2 f=1i,s=\"x\" 8",
            "a,t=1,u=3 f=2,s=\"y\" 9",
            "a,t=1,u=3 time=2i,f=3 10",
            "a,t=1,u=3 time=2i,f=4 11",
            ""));
        List<String> why = s.report().problems().stream().map(p -> p.line() + ": " + p.message()).toList();
        assertEquals(List.of(
            "2: duplicate tags",
            "3: field type conflict: field 'f' is integer here but float since t.lp:1",
            "4: field type conflict: field 's' is boolean here but string since t.lp:1",
            "5: max key length exceeded: 65538 > 65535",
            "8: field type conflict: field 'f' is integer here but float since t.lp:1"), why);
        EventKindSample a = s.eventKind("a").orElseThrow();
        assertEquals(5, a.rows());
        assertEquals(List.of("t", "u", "f", "s"), a.attributes().stream().map(SampleAttribute::name).toList());
        assertEquals("x", value(a, "s", 0));
        assertNull(value(a, "s", 1));
        assertEquals("y", value(a, "s", 2));
        assertNull(value(a, "s", 3));
        assertEquals("4", value(a, "f", 4));
        assertEquals(1, s.eventKind("b").orElseThrow().rows());
    }

    /** The key lengths the real influxd 1.6.7 took and refused (influxdb-1x-line-protocol.md, section 1). */
    @ParameterizedTest(name = "key {0}, field key {1}: {2}")
    @CsvSource({
        "65530,f,", "65531,f,65536", "65535,f,65540", "65529,ff,", "65530,ff,65536", "65536,f,65536", "70000,f,70000"})
    void keysAreMeasuredAsTheServerMeasuresThem(int keyLength, String fieldKey, Integer refusedAt) {
        String key = "m,a=x,b=" + "v".repeat(keyLength - "m,a=x,b=".length());
        Sample s = read(key + " " + fieldKey + "=1 1\n");
        if (refusedAt == null) {
            assertEquals(1, s.rows(), s.report().problems().toString());
        } else {
            assertEquals(List.of("max key length exceeded: " + refusedAt + " > 65535"),
                s.report().problems().stream().map(ReadProblem::message).toList());
        }
    }

    @Test
    void aFieldKeyCountsWithTheSeriesKeyItIsStoredUnder() {
        assertEquals(1, read("m " + "f".repeat(65_530) + "=1 1\n").rows());
        Sample s = read("m " + "f".repeat(65_531) + "=1 1\n");
        assertEquals(new ReadProblem("t.lp", 1, 3, ReadProblem.Kind.MALFORMED, "max key length exceeded: 65536 > 65535"),
            s.report().problems().get(0));
    }

    @Test
    void aDuplicateTagIsNamedBeforeTheKeyLengthAsOnTheServer() {
        Sample s = read("m,a=x,a=" + "v".repeat(70_000) + " f=1 1\n");
        assertEquals("duplicate tags", s.report().problems().get(0).message());
        StringBuilder many = new StringBuilder("w");
        for (int i = 0; i < 40; i++) {
            many.append(",t").append(i).append("=v");
        }
        Sample wide = read("m f=0 0\n" + many + ",t17=w f=1 1\n" + many + " f=1,f=2i 2\n" + many + " f=1,g=2,f=3 3\n");
        assertEquals(List.of("2:" + (many.length() + 2) + ": duplicate tags",
                "3:" + (many.length() + 6) + ": field type conflict: field 'f' is both float and integer in this line"),
            wide.report().problems().stream().map(p -> p.line() + ":" + p.column() + ": " + p.message()).toList());
        EventKindSample w = wide.eventKind("w").orElseThrow();
        assertEquals(1, w.rows(), "a repeated field of one type keeps its last value");
        assertEquals("3", value(w, "f", 0));
    }

    @Test
    void aTagAndAFieldWithTheSameKeyAreTwoAttributes() {
        EventKindSample k = only(read("cpu,a=x a=2 1\n"));
        assertEquals("a", k.attributes().get(0).name());
        assertTrue(k.attributes().get(0).arrivedAsTag());
        assertEquals("a_1", k.attributes().get(1).name());
        assertEquals("a", k.attributes().get(1).key());
        assertEquals("2", value(k, "a_1", 0));
    }

    @Test
    void attributesMissingFromARowAreAbsent() {
        EventKindSample k = only(read("m,a=1 f=1 1\nm,b=2 g=2i 2\n"));
        assertEquals("1", value(k, "a", 0));
        assertNull(value(k, "a", 1));
        assertNull(value(k, "g", 0));
        assertEquals("2", value(k, "g", 1));
    }

    @Test
    void measurementsBecomeEventKinds() {
        Sample s = read("a f=1 1\nb f=1 1\na f=2 2\n");
        assertEquals(List.of("a", "b"), s.eventKinds().stream().map(EventKindSample::name).toList());
        assertEquals(2, s.eventKind("a").orElseThrow().rows());
    }

    @Test
    void aFileOfGarbageIsNotLineProtocol() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            sb.append("this,is;not line protocol ").append(i).append('\n');
        }
        Sample s = read(sb.toString());
        assertEquals(0, s.rows());
        assertEquals(1, s.report().problems().size());
        ReadProblem p = s.report().problems().get(0);
        assertEquals(ReadProblem.Kind.NOT_THIS_FORMAT, p.kind());
        assertTrue(p.message().startsWith("t.lp does not look like line protocol: its first 20 lines are all malformed"),
            p.message());
    }

    @Test
    void jsonIsNotLineProtocol() {
        Sample s = read("{\"a\": 1}\n");
        ReadProblem p = s.report().problems().get(0);
        assertEquals(ReadProblem.Kind.NOT_THIS_FORMAT, p.kind());
        assertEquals("t.lp is not line protocol: it starts with '{', which looks like JSON (bind it as ndjson)", p.message());
    }

    @Test
    void aFewBadLinesBeforeTheFirstGoodOneAreReportedNormally() {
        Sample s = read("bad\nbad\nm f=1 1\n");
        assertEquals(1, s.rows());
        assertEquals(2, s.report().badLines());
        assertEquals(1, s.report().problems().get(0).line());
    }

    @Test
    void stopsAtTheRowCapWithAClearProblem() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            sb.append("m,t=").append(i).append(" f=1 ").append(i).append('\n');
        }
        Sample s = LpFixture.read(sb.toString(), "ns", SampleLimits.defaults().withMaxRows(10));
        assertEquals(10, s.rows());
        assertTrue(s.report().capped());
        ReadProblem p = s.report().problems().get(0);
        assertEquals(ReadProblem.Kind.CAPPED, p.kind());
        assertEquals(10, p.line());
        assertTrue(p.message().contains("row cap of 10 rows"), p.message());
    }

    @Test
    void widensIdColumnsAsDictionariesGrow() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 70_000; i++) {
            sb.append("m,small=").append(i % 3).append(",mid=").append(i % 300).append(",big=").append(i)
                .append(" f=").append(i).append("i ").append(i).append('\n');
        }
        EventKindSample k = only(read(sb.toString()));
        assertEquals(70_000, k.rows());
        assertEquals(1, ((DictionaryColumn) k.column("small")).ids().width());
        assertEquals(2, ((DictionaryColumn) k.column("mid")).ids().width());
        assertEquals(4, ((DictionaryColumn) k.column("big")).ids().width());
        assertEquals(4, ((LongColumn) k.column("f")).bytesPerRow());
        assertEquals("69999", value(k, "big", 69_999));
        assertEquals("299", value(k, "mid", 299));
        assertEquals("12345", value(k, "f", 12_345));
        assertEquals(8 + 1 + 2 + 4 + 4, k.bytesPerRow());
    }

    /** The stated input size only sizes the columns: right, wrong or absent, the sample read is the same. */
    @ParameterizedTest(name = "stated size {0}")
    @CsvSource({"-1", "0", "1000", "exact", "1099511627776"})
    void anInputSizeStatedBeforeReadingChangesNothingButTheGrowth(String stated) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 60_000; i++) {
            sb.append(i % 4 == 0 ? "b" : "a").append(",host=h").append(i % 700).append(",id=").append(i)
                .append(" f=").append(i).append("i ").append(i).append('\n');
        }
        byte[] bytes = sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        SampleBuilder b = new SampleBuilder(new SampleLimits(1_000_000, 64L << 20, 100));
        b.expectInput(stated.equals("exact") ? bytes.length : Long.parseLong(stated));
        new LineProtocolReader().read(new java.io.ByteArrayInputStream(bytes), "t.lp",
            dev.cardinal.model.SampleBinding.lineProtocol("t", "t.lp", "ns"), b, ReadMonitor.NONE);
        assertFalse(b.capped());
        Sample s = b.build();
        Sample plain = read(sb.toString());
        for (String kind : List.of("a", "b")) {
            EventKindSample k = s.eventKind(kind).orElseThrow();
            EventKindSample p = plain.eventKind(kind).orElseThrow();
            assertEquals(p.rows(), k.rows());
            assertEquals(p.footprintBytes(), k.footprintBytes());
            for (int r = 0; r < k.rows(); r += 997) {
                assertEquals(value(p, "id", r), value(k, "id", r));
                assertEquals(p.timestamp(r), k.timestamp(r));
            }
        }
        assertEquals(45_000, s.eventKind("a").orElseThrow().rows());
    }

    /** A line longer than 32 MiB is read through, not held: the lines after it are read as ever. */
    @Test
    void aLineLongerThanAnyWriteIsReadThroughAndReported() {
        String big = "x".repeat(LineProtocolReader.MAX_LINE_BYTES + 1000);
        Sample s = read("m f=0 0\nm s=\"" + big + "\" 1\nm f=2 2\n");
        assertEquals(2, s.rows());
        assertEquals(List.of("t.lp:2:1: the line is longer than 33,554,432 bytes (it runs to line 2), more than influxd"
            + " takes in one write by default (max-body-size 25,000,000 bytes); it was read through, not kept"),
            s.report().problems().stream().map(ReadProblem::toString).toList());
        assertEquals(3, s.report().lines());
    }

    @Test
    void aQuoteLeftOpenInAFileLargerThanAnyLineIsReadThroughToTheEnd() {
        StringBuilder sb = new StringBuilder("m f=1 1\nm s=\"oops 2\n");
        long lines = 2;
        while (sb.length() <= LineProtocolReader.MAX_LINE_BYTES + 100) {
            sb.append("m,host=a usage=\"x").append(lines).append("\" ").append(lines).append('\n');
            lines++;
        }
        Sample s = read(sb.toString());
        assertEquals(1, s.rows());
        assertEquals(lines, s.report().lines());
        assertEquals(String.format(java.util.Locale.ROOT, "t.lp:2:1: the line is longer than 33,554,432 bytes (it runs to"
            + " line %,d), more than influxd takes in one write by default (max-body-size 25,000,000 bytes); it was read"
            + " through, not kept; it is that long because the string opened at line 2, column 5 runs on (the server"
            + " would swallow the %,d lines after line 2 into it)", lines, lines - 2), s.report().problems().get(0).toString());
    }

    @Test
    void aLineLongerThanTheReadBufferIsRead() {
        String big = "x".repeat(3 << 20);
        EventKindSample k = only(read("m s=\"" + big + "\" 1\nm s=\"y\" 2\n"));
        assertEquals(big, value(k, "s", 0));
        assertEquals("y", value(k, "s", 1));
    }
}
