package dev.cardinal.traffic;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The line source of a read on one thread: fills a buffer from the input, finds each line in it (the usual line parsed
 * at once, any other scanned first) and hands it to the {@link LineTaker}; moves the unread tail to the front when a
 * line runs past the buffer's end, doubles the buffer for a longer line, and reads through a line longer than {@link
 * LineProtocolReader#MAX_LINE_BYTES}, keeping none of it.
 */
final class BufferedLines {
    private static final int READ_REQUEST = 1 << 16;

    private final LineTaker taker;
    private final LineAt at;
    private final LineProtocolSyntax.LineScan scan;
    private final SampleBuilder into;
    private InputStream in;
    private IOException failure;

    BufferedLines(LineTaker taker, SampleBuilder into) {
        this.taker = taker;
        this.at = taker.at;
        this.scan = taker.scan;
        this.into = into;
    }

    /** Reads the whole input into an empty buffer. */
    void read(InputStream input) throws IOException, SampleFormatException {
        in = input;
        fill();
        if (taker.problems.sniffsTheStart()) {
            taker.problems.rejectObviousMismatch(at.limit);
        }
        readFrom(0);
    }

    /**
     * Reads on from a line at {@code pos} of the buffer, which holds nothing after it yet, with {@code rest} the input
     * from there; {@code fileStarts}: the line is the file's first.
     */
    void readOn(InputStream rest, int pos, boolean fileStarts) throws IOException, SampleFormatException {
        in = rest;
        at.limit = pos;
        at.eof = false;
        fill();
        if (fileStarts) {
            taker.problems.rejectObviousMismatch(at.limit);
        }
        readFrom(pos);
    }

    /** Reads the lines from {@code pos} on, filling the buffer as it goes, to the input's end. */
    private void readFrom(int pos) throws IOException, SampleFormatException {
        LineParser parser = taker.parser;
        while (true) {
            boolean parsed = parser.parsePlainPoint(at.buf, pos, at.limit, scan);
            if (!parsed && !LineProtocolSyntax.scanLine(at.buf, pos, at.limit, at.eof, scan)) {
                if (at.limit - pos < LineProtocolReader.MAX_LINE_BYTES) {
                    pos = compactAndFill(pos);
                    continue;
                }
                pos = readThroughLongLine(pos);
                if (pos < 0) {
                    break;
                }
                continue;
            }
            pos = taker.take(pos, parsed);
            if (pos == LineTaker.STOPPED) {
                return;
            }
            if (pos == LineTaker.ENDED) {
                break;
            }
        }
        taker.finish(failure);
    }

    /**
     * Reads through a line longer than {@link LineProtocolReader#MAX_LINE_BYTES} (the buffer holds that much of it
     * from {@code pos}), keeping none of it: most often a quote left open that makes one line of the rest of a large
     * file, which held whole would take as much memory as the file. Reports it as a bad line and returns where the
     * next line starts, or -1 at the end of the input.
     */
    private int readThroughLongLine(int pos) throws IOException, SampleFormatException {
        at.lineStart = pos;
        LineAt.Place open = scan.stringOpened >= 0 ? at.place(scan.stringOpened) : null;
        long sinceCheck = 0;
        do {
            int resume = scan.resumeAt;
            int keep = at.limit - resume;
            System.arraycopy(at.buf, resume, at.buf, 0, keep);
            at.consumed += resume;
            into.inputRead(at.consumed);
            scan.shift(resume);
            at.limit = keep;
            fill();
            if (++sinceCheck % 64 == 0) {
                taker.checkCancelled();
            }
        } while (!LineProtocolSyntax.continueScan(at.buf, 0, at.limit, at.eof, scan));
        int end = scan.end;
        long physical = 1 + scan.newlinesInside - (end == at.limit && end > 0 && at.buf[end - 1] == '\n' ? 1 : 0);
        taker.problems.longLine(LineProtocolReader.MAX_LINE_BYTES, at.line + physical - 1, open);
        at.line += physical;
        into.linesSeen(physical);
        return end >= at.limit ? -1 : end + 1;
    }

    /**
     * Reads until the buffer is full or the input ends. When the input fails (a truncated or corrupt gzip
     * stream), the complete lines already buffered are still read, the partial last line is dropped (it could
     * parse as a wrong value), and the failure is thrown once they are done.
     */
    private void fill() {
        byte[] buf = at.buf;
        while (at.limit < buf.length && !at.eof) {
            int n;
            try {
                // small requests: a buffered stream that fails mid-request loses what that request had read
                n = in.read(buf, at.limit, Math.min(READ_REQUEST, buf.length - at.limit));
            } catch (IOException e) {
                failure = e;
                at.eof = true;
                int lastNewline = at.limit - 1;
                while (lastNewline >= 0 && buf[lastNewline] != '\n') {
                    lastNewline--;
                }
                at.limit = lastNewline + 1;
                return;
            }
            if (n < 0) {
                at.eof = true;
            } else {
                at.limit += n;
            }
        }
    }

    /** Moves the unread tail to the front (growing the buffer for a very long line) and reads more. */
    private int compactAndFill(int pos) {
        int rest = at.limit - pos;
        if (pos == 0) {
            at.buf = Arrays.copyOf(at.buf, Math.min(at.buf.length * 2, LineProtocolReader.MAX_LINE_BYTES));
            into.holding(at.buf.length);
        } else {
            System.arraycopy(at.buf, pos, at.buf, 0, rest);
            at.limit = rest;
            at.consumed += pos;
            into.inputRead(at.consumed);
        }
        fill();
        return 0;
    }
}
