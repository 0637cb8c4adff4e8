package dev.cardinal.traffic;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Decodes UTF-8 as {@code InputStreamReader} does, each malformed sequence read as U+FFFD, but remembers where in
 * the text each replacement is, so that a reader can say which line held bytes that are not UTF-8 instead of
 * either refusing the whole file or taking them silently. A line needs only its first replacement, so only the first
 * after each line break is kept (and the first of each call, which cannot look back past its own characters), and
 * only until it is asked about: however many bytes are not UTF-8, this holds a few numbers per line not yet read.
 */
final class Utf8Reader extends Reader {
    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
    private boolean eof;
    private boolean flushed;
    /** Characters handed out so far. */
    private long produced;
    private long[] replaced = new long[16];
    private int first;
    private int count;

    Utf8Reader(InputStream in) {
        this.in = in;
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (flushed) {
            return -1;
        }
        CharBuffer out = CharBuffer.wrap(cbuf, off, len);
        int lastReplaced = -1;
        while (true) {
            CoderResult r = decoder.decode(bytes, out, eof);
            if (r.isMalformed() || r.isUnmappable()) {
                if (!out.hasRemaining()) {
                    break;
                }
                int at = out.position();
                if (lastReplaced < 0 || lineBreakBetween(cbuf, lastReplaced, at)) {
                    remember(produced + at - off);
                }
                lastReplaced = at;
                out.put('\uFFFD');
                bytes.position(bytes.position() + r.length());
            } else if (r.isOverflow()) {
                break;
            } else if (eof) {
                if (!flushed) {
                    flushed = true;
                    decoder.flush(out);
                }
                break;
            } else if (out.position() > off) {
                // characters to hand out: do not wait for more input first
                break;
            } else {
                fill();
            }
        }
        int n = out.position() - off;
        produced += n;
        return n == 0 ? -1 : n;
    }

    private static boolean lineBreakBetween(char[] text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text[i] == '\n') {
                return true;
            }
        }
        return false;
    }

    private void fill() throws IOException {
        bytes.compact();
        int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
        if (n < 0) {
            eof = true;
        } else {
            bytes.position(bytes.position() + n);
        }
        bytes.flip();
    }

    private void remember(long at) {
        if (first + count == replaced.length) {
            if (first > 0) {
                System.arraycopy(replaced, first, replaced, 0, count);
                first = 0;
            } else {
                replaced = Arrays.copyOf(replaced, count * 2);
            }
        }
        replaced[first + count++] = at;
    }

    /**
     * The offset in the text (characters from its start) of the first replacement in the line (or record) {@code
     * [start, end)}, or -1. Every replacement before {@code end} is then forgotten: ask once for each line, in order.
     */
    long replacementIn(long start, long end) {
        long found = -1;
        while (count > 0 && replaced[first] < end) {
            if (found < 0 && replaced[first] >= start) {
                found = replaced[first];
            }
            first++;
            count--;
        }
        if (count == 0) {
            first = 0;
        }
        return found;
    }

    /**
     * The warning for a line (or record) kept that starts at {@code start} in the text and holds a U+FFFD read for
     * bytes that are not UTF-8 at {@code replaced}, or a NUL at {@code nul} (each -1 for none), of the first of
     * them; null when it holds neither. The line is kept with them, U+FFFD in place of the bytes, as text the server
     * takes.
     */
    static ReadProblem oddText(String file, long line, long start, long replaced, long nul) {
        if (replaced < 0 && nul < 0) {
            return null;
        }
        boolean isNul = replaced < 0 || nul >= 0 && nul < replaced;
        int column = (int) Math.min(Integer.MAX_VALUE, (isNul ? nul : replaced) - start + 1);
        return new ReadProblem(file, line, column, ReadProblem.Kind.WARNING, isNul
            ? "a NUL character at column " + column + " (binary data in a text file?); kept as it is"
            : "bytes that are not UTF-8 at column " + column + ", read as U+FFFD");
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
