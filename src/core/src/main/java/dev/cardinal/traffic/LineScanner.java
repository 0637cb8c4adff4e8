package dev.cardinal.traffic;

import java.io.IOException;
import java.io.Reader;
import java.util.Arrays;

/**
 * Splits text into lines (LF or CRLF) in one reused buffer. Unlike {@code BufferedReader.readLine()} it bounds what
 * it holds: a line longer than {@link #MAX_LINE_CHARS} is read through and flagged, so one runaway line in a large
 * file cannot exhaust memory. A byte order mark at the start is dropped.
 */
final class LineScanner {
    static final int MAX_LINE_CHARS = 1 << 24;

    private final Reader in;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int lim;
    private boolean started;
    private char[] line = new char[512];
    private int length;
    private boolean tooLong;
    private long count;
    /** Characters of the text before {@link #buf}'s start; with it, where the current line starts and ends. */
    private long consumed;
    private long lineStart;
    private long lineEnd;

    LineScanner(Reader in) {
        this.in = in;
    }

    /** Reads the next line; false at the end of the input. */
    boolean next() throws IOException {
        length = 0;
        tooLong = false;
        boolean any = false;
        lineStart = -1;
        while (true) {
            if (pos == lim && !fill()) {
                if (!any) {
                    return false;
                }
                lineEnd = consumed + pos;
                break;
            }
            if (!any) {
                lineStart = consumed + pos;
            }
            any = true;
            char c = buf[pos++];
            if (c == '\n') {
                lineEnd = consumed + pos - 1;
                break;
            }
            if (length == line.length) {
                if (length == MAX_LINE_CHARS) {
                    tooLong = true;
                    continue;
                }
                line = Arrays.copyOf(line, Math.min(MAX_LINE_CHARS, length * 2));
            }
            line[length++] = c;
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        count++;
        return true;
    }

    private boolean fill() throws IOException {
        consumed += lim;
        lim = 0;
        pos = 0;
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        lim = n;
        if (!started) {
            started = true;
            if (buf[0] == '\uFEFF') {
                pos = 1;
                return lim > 1 || fill();
            }
        }
        return true;
    }

    /** The current line's characters, without its line break; valid until the next call of {@link #next()}. */
    char[] text() {
        return line;
    }

    int length() {
        return length;
    }

    /** True when the current line was longer than {@link #MAX_LINE_CHARS}; its text is then cut short. */
    boolean tooLong() {
        return tooLong;
    }

    /** Where the current line starts in the text, in characters from its start (a byte order mark counts one). */
    long lineStart() {
        return lineStart;
    }

    /** Where the current line ends (its line break excluded), in characters from the text's start. */
    long lineEnd() {
        return lineEnd;
    }

    /** Lines read so far, which is also the number of the current line. */
    long count() {
        return count;
    }
}
