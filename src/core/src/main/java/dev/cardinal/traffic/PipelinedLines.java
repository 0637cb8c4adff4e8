package dev.cardinal.traffic;

import java.io.IOException;
import java.io.InputStream;

/**
 * The line source of a pipelined read: takes the lines that a {@link LinePipeline}'s thread found and parsed, in file
 * order, and hands each to the {@link LineTaker} as the one-thread read does (the usual line as parsed there, any
 * other scanned and parsed here: the bytes are still in the buffer handed over). What the one-thread read's buffer
 * would do at each line ({@link #windowTo}) is told to the builder as that read tells it, so the columns grow and the
 * budget stops alike. From a line that does not fit the pipeline's buffer on, and when the input fails, the read goes
 * on as on one thread ({@link #handOver}).
 */
final class PipelinedLines {
    private final LineTaker taker;
    private final LineAt at;
    private final SampleBuilder into;
    private final LinePipeline pipeline;
    /** How long the one-thread read's buffer would be, beginning at {@link LineAt#consumed}. */
    private int window;

    PipelinedLines(LineTaker taker, SampleBuilder into, LinePipeline pipeline) {
        this.taker = taker;
        this.at = taker.at;
        this.into = into;
        this.pipeline = pipeline;
    }

    void read(InputStream in) throws IOException, SampleFormatException {
        window = at.buf.length;
        LineParser parser = taker.parser;
        LineProtocolSyntax.LineScan scan = taker.scan;
        pipeline.start(in, parser.maxFields, taker.problems.file());
        try {
            boolean first = taker.problems.fileStart();
            while (true) {
                LinePipeline.Batch b = pipeline.next();
                at.buf = b.bytes;
                at.limit = b.limit;
                at.eof = b.eof;
                if (first) {
                    first = false;
                    // as the one-thread read, at its first buffer's bytes (the pipeline hands over a first buffer
                    // of whitespace only, when shorter: see LinePipeline.handsOverTheStart)
                    taker.problems.rejectObviousMismatch(Math.min(at.limit, LineProtocolReader.CHUNK));
                }
                for (int l = 0; l < b.lines; l++) {
                    int pos = b.nextInt();
                    int end = b.nextInt();
                    int flags = b.nextInt();
                    windowTo(b.base + pos, b.base + end, end == at.limit && at.eof);
                    boolean parsed = (flags & LinePipeline.PARSED) != 0;
                    if (parsed) {
                        ParsedPoints.load(parser, b, at.buf);
                        scan.plainLine(end);
                        scan.odd = (flags & LinePipeline.ODD) != 0;
                    } else {
                        LineProtocolSyntax.scanLine(at.buf, pos, at.limit, at.eof, scan);
                    }
                    pos = taker.take(pos, parsed);
                    if (pos == LineTaker.STOPPED) {
                        return;
                    }
                    if (pos == LineTaker.ENDED) {
                        taker.finish(null);
                        return;
                    }
                }
                if (b.handOverAt >= 0) {
                    handOver(b, b.handOverAt);
                    return;
                }
                pipeline.recycle(b);
            }
        } finally {
            pipeline.stop();
        }
    }

    /**
     * What the one-thread read's buffer, {@link #window} bytes from {@link LineAt#consumed}, does before it takes the
     * line at {@code [start, end]} of the input ({@code end} its newline, or the input's end when {@code last}): it
     * moves on to the line when the line does not end in it, or doubles when the line starts it, telling the builder.
     */
    private void windowTo(long start, long end, boolean last) {
        // the buffer is full unless it holds the input's end; it knows that end only once it reads past it
        while (last ? at.consumed + window <= end : end >= at.consumed + window) {
            if (start == at.consumed) {
                window = Math.min(window * 2, LineProtocolReader.MAX_LINE_BYTES);
                into.holding(window);
            } else {
                at.consumed = start;
                into.inputRead(at.consumed);
            }
        }
    }

    /**
     * Reads on from the line at {@code at} of {@code b} on this thread alone, its buffer as the one-thread read's
     * would be there (the bytes before the line are never read again, but the newline that ended it).
     */
    private void handOver(LinePipeline.Batch b, int from) throws IOException, SampleFormatException {
        long start = b.base + from;
        int pos = (int) (start - at.consumed);
        at.buf = new byte[window];
        if (pos > 0) {
            at.buf[pos - 1] = '\n';
        }
        new BufferedLines(taker, into).readOn(b.rest(from), pos, start == 0 && taker.problems.fileStart());
    }
}
