package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The word-at-a-time line scan against a byte-at-a-time transcription of 1.x's {@code scanLine}
 * ({@code models/points.go}): same end, same newlines inside, same answer when the buffer runs out, and the
 * backslash flag exactly when the line holds one.
 */
class LineScanTest {

    /** 1.x's scanLine, byte by byte, as the oracle. */
    private static int[] reference(byte[] buf, int i, int limit, boolean eof) {
        boolean quoted = false;
        boolean fields = false;
        int equals = 0;
        int commas = 0;
        int newlines = 0;
        while (i < limit) {
            byte b = buf[i];
            if (b == '\\') {
                if (i + 2 < limit) {
                    if (buf[i + 1] == '\n') {
                        newlines++;
                    }
                    i += 2;
                    continue;
                }
                if (!eof) {
                    return null;
                }
            }
            if (b == ' ') {
                fields = true;
            }
            if (fields && !quoted && b == '=') {
                equals++;
            } else if (fields && !quoted && b == ',') {
                commas++;
            } else if (fields && b == '"' && equals > commas) {
                quoted = !quoted;
            } else if (b == '\n') {
                if (!quoted) {
                    return new int[]{i, newlines};
                }
                newlines++;
            }
            i++;
        }
        return eof ? new int[]{limit, newlines} : null;
    }

    private static void agree(byte[] buf, int from, int limit, boolean eof) {
        LineProtocolSyntax.LineScan scan = new LineProtocolSyntax.LineScan();
        int[] want = reference(buf, from, limit, eof);
        boolean done = LineProtocolSyntax.scanLine(buf, from, limit, eof, scan);
        String where = "from " + from + " limit " + limit + " eof " + eof + " in "
            + new String(buf, 0, limit, StandardCharsets.ISO_8859_1).replace("\n", "\\n");
        assertEquals(want != null, done, where);
        if (want != null) {
            assertEquals(want[0], scan.end, where);
            assertEquals(want[1], scan.newlinesInside, where);
            boolean backslash = false;
            for (int k = from; k < scan.end; k++) {
                backslash |= buf[k] == '\\';
            }
            assertEquals(backslash, scan.backslash, where);
        }
    }

    @Provide
    Arbitrary<String> lineProtocolish() {
        return Arbitraries.strings().withChars("ab=, \"\\\n1i").ofMaxLength(80);
    }

    @Property(tries = 3000)
    void agreesWithTheServersScan(@ForAll("lineProtocolish") String text, @ForAll @IntRange(max = 9) int from,
                                  @ForAll boolean eof) {
        byte[] buf = text.getBytes(StandardCharsets.ISO_8859_1);
        int start = Math.min(from, buf.length);
        agree(buf, start, buf.length, eof);
        // the same bytes in a bigger buffer: the limit, not the array, must bound the scan
        byte[] padded = java.util.Arrays.copyOf(buf, buf.length + 16);
        java.util.Arrays.fill(padded, buf.length, padded.length, (byte) '\n');
        agree(padded, start, buf.length, eof);
    }

    @Test
    void aLongQuotedValueSpansWordsAndNewlines() {
        byte[] line = "m,t=a f=\"x,y=z\nstill \\\" quoted\",g=1i 123\nnext".getBytes(StandardCharsets.UTF_8);
        agree(line, 0, line.length, false);
        LineProtocolSyntax.LineScan scan = new LineProtocolSyntax.LineScan();
        LineProtocolSyntax.scanLine(line, 0, line.length, false, scan);
        assertEquals(1, scan.newlinesInside);
        assertEquals(new String(line, StandardCharsets.UTF_8).indexOf(" 123\n") + 4, scan.end);
    }

    /** A scan cut short where the buffer ends and then continued gives what one scan of the whole gives. */
    @Property(tries = 3000)
    void aScanContinuedWhereItStoppedAgreesWithOneScan(@ForAll("lineProtocolish") String text,
                                                        @ForAll @IntRange(max = 80) int cut, @ForAll boolean eof) {
        byte[] buf = text.getBytes(StandardCharsets.ISO_8859_1);
        LineProtocolSyntax.LineScan whole = new LineProtocolSyntax.LineScan();
        boolean wholeDone = LineProtocolSyntax.scanLine(buf, 0, buf.length, eof, whole);
        LineProtocolSyntax.LineScan parts = new LineProtocolSyntax.LineScan();
        int first = Math.min(cut, buf.length);
        boolean done = LineProtocolSyntax.scanLine(buf, 0, first, false, parts);
        if (!done) {
            done = LineProtocolSyntax.continueScan(buf, parts.resumeAt, buf.length, eof, parts);
        }
        String where = "cut " + cut + " in " + text.replace("\n", "\\n");
        if (done && parts.end < first) {
            // ended within the first part: the whole scan ends there too
            assertEquals(whole.end, parts.end, where);
            return;
        }
        assertEquals(wholeDone, done, where);
        if (done) {
            assertEquals(whole.end, parts.end, where);
            assertEquals(whole.newlinesInside, parts.newlinesInside, where);
            assertEquals(whole.backslash, parts.backslash, where);
        }
    }

    @Provide
    Arbitrary<byte[]> anyBytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(40);
    }

    @Property(tries = 3000)
    void theUsualLineIsFlaggedWhenItHoldsANulOrAByteThatIsNotAscii(@ForAll("anyBytes") byte[] line) {
        byte[] buf = java.util.Arrays.copyOf(line, line.length + 9);
        for (int k = 0; k < buf.length; k++) {
            buf[k] = buf[k] == '\n' || buf[k] == '\\' ? (byte) 'x' : buf[k];
        }
        buf[line.length] = '\n';
        LineProtocolSyntax.LineScan scan = new LineProtocolSyntax.LineScan();
        assertEquals(line.length, LineProtocolSyntax.plainLineEnd(buf, 0, buf.length, scan));
        int odd = LineProtocolSyntax.firstNulOrNonAscii(buf, 0, line.length);
        int want = -1;
        for (int k = line.length - 1; k >= 0; k--) {
            want = buf[k] <= 0 ? k : want;
        }
        assertEquals(want, odd);
        if (odd >= 0) {
            assertEquals(true, scan.odd, "a NUL or a byte that is not ASCII must not pass unseen");
        }
    }

    /** The first byte that is not well-formed UTF-8, as Java's strict decoder (the same rules as Go's) finds it. */
    @Property(tries = 3000)
    void invalidUtf8IsFoundWhereAStrictDecoderFindsIt(@ForAll("anyBytes") byte[] bytes) {
        java.nio.charset.CharsetDecoder d = StandardCharsets.UTF_8.newDecoder();
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.charset.CoderResult r = d.decode(in, java.nio.CharBuffer.allocate(bytes.length * 2), true);
        int want = r.isError() ? in.position() : -1;
        assertEquals(want, Utf8.firstInvalid(bytes, 0, bytes.length), java.util.Arrays.toString(bytes));
    }

    @Property(tries = 2000)
    void theNextSeparatorIsTheFirstCommaSpaceOrEquals(@ForAll("lineProtocolish") String text, @ForAll @IntRange(max = 20) int from,
                                                      @ForAll @IntRange(max = 20) int cut) {
        byte[] buf = (text + "xxxxxxxx=").getBytes(StandardCharsets.ISO_8859_1);
        int start = Math.min(from, text.length());
        int end = Math.max(start, text.length() - Math.min(cut, text.length()));
        int want = end;
        for (int k = start; k < end; k++) {
            if (buf[k] == ',' || buf[k] == ' ' || buf[k] == '=') {
                want = k;
                break;
            }
        }
        assertEquals(want, LineProtocolSyntax.nextSeparator(buf, start, end), "from " + start + " to " + end + " in " + text);
    }
}
