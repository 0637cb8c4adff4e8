package dev.cardinal.traffic;

import java.io.IOException;
import java.util.concurrent.CancellationException;

/**
 * Takes the lines a line source ({@link BufferedLines}, {@link PipelinedLines}) finds, one at a time, in file order:
 * parses each (unless the source did), checks the point ({@link PointCheck}), writes it ({@link PointWriter}) or
 * reports why not ({@link LineProblems}), and tells the builder how many physical lines it saw. Holds what a read
 * has seen so far: where its line is ({@link LineAt}), whether it ended at a newline, whether the budget is full.
 */
final class LineTaker {
    /** {@link #take}: reading must stop (row cap or memory budget). */
    static final int STOPPED = -1;
    /** {@link #take}: the input has ended. */
    static final int ENDED = -2;

    final LineAt at;
    final LineParser parser = new LineParser();
    final LineProtocolSyntax.LineScan scan = new LineProtocolSyntax.LineScan();
    final LineProblems problems;
    final PointCheck check;
    private final PointWriter writer;
    private final SampleBuilder into;
    private final ReadMonitor monitor;
    private final WriteListener listener;
    private final long multiplier;
    private final long readTimeNanos;
    /** True once a line could not be taken within the memory budget: reading stops before it. */
    private boolean full;
    /** True when the current line was parsed without a scan first (see {@link LineParser#parsePlainPoint}). */
    private boolean fastPath;
    /** True when the last line ended at a newline outside a string, so the next chunk starts a line. */
    boolean endedAtNewline;
    /** Counts lines between checks for cancellation. */
    private int sinceCheck;

    LineTaker(LineAt at, LineProblems.Setup setup, SampleBuilder into, ReadMonitor monitor, long multiplier,
        long readTimeNanos) {
        this.at = at;
        this.into = into;
        this.monitor = monitor;
        this.listener = setup.listener();
        this.multiplier = multiplier;
        this.readTimeNanos = readTimeNanos;
        this.problems = setup.problems(into, at, parser, scan);
        KeyCache keys = new KeyCache();
        LinePieces pieces = new LinePieces();
        this.check = new PointCheck(parser, scan, pieces, keys, into, problems);
        this.writer = new PointWriter(parser, scan, pieces, keys, into, setup.file());
        // each field of a line becomes an attribute with a column: about as much as a key of CSV costs
        long fields = into.limits().maxBytes() / FlatRowWriter.BYTES_PER_KEY;
        parser.maxFields = (int) Math.max(10_000, Math.min(Integer.MAX_VALUE - 8, fields));
    }

    /**
     * Takes the line at {@code pos}, whose end {@link #scan} holds (and which the parser holds when {@code parsed}):
     * where the next line starts, {@link #STOPPED} when reading must stop (row cap or memory budget) or {@link
     * #ENDED} at the input's end.
     */
    int take(int pos, boolean parsed) throws SampleFormatException {
        byte[] buf = at.buf;
        int limit = at.limit;
        if (!parsed && pos == limit && at.eof) {
            endedAtNewline = true;
            return ENDED;
        }
        at.lineStart = pos;
        int end = scan.end;
        int contentEnd = end > pos && buf[end - 1] == '\r' ? end - 1 : end;
        long physical = 1 + scan.newlinesInside;
        if (end == limit && end > pos && buf[end - 1] == '\n') {
            // the file's last newline, inside a string left open, ends the last line: it starts no other
            physical--;
        }
        at.lastLine = at.line + physical - 1;
        at.contentEnd = contentEnd;
        fastPath = parsed;
        boolean keepGoing = accept(parsed ? LineParser.Result.POINT : parser.parse(buf, pos, contentEnd, scan.backslash));
        if (!keepGoing) {
            // a line the budget could not take is not seen; the one that filled it is
            into.linesSeen(full ? 0 : physical);
            problems.flushSniffed();
            return STOPPED;
        }
        at.line += physical;
        into.linesSeen(physical);
        if (end >= limit) {
            return ENDED;
        }
        if (++sinceCheck == 4096) {
            sinceCheck = 0;
            checkCancelled();
        }
        return end + 1;
    }

    void checkCancelled() {
        if (monitor.cancelled()) {
            throw new CancellationException("reading " + problems.file() + " was cancelled");
        }
    }

    /** At the input's end: the problems held go to the builder, and the failure of the input, if any, is thrown. */
    void finish(IOException failure) throws IOException {
        problems.flushSniffed();
        into.holding(0);
        if (failure != null) {
            throw failure;
        }
    }

    /** Takes the line the parser has just parsed; false when reading must stop. */
    private boolean accept(LineParser.Result r) throws SampleFormatException {
        if (r == LineParser.Result.SKIP) {
            String metric = PrometheusOrigin.metric(at.buf, at.lineStart, at.contentEnd);
            if (metric != null) {
                into.markPrometheusMetric(metric);
            }
            return true;
        }
        if (r == LineParser.Result.ERROR) {
            if (parser.tooWide) {
                stopBefore("the memory budget of " + (into.limits().maxBytes() >> 20) + " MiB, which holds lines of"
                    + " at most " + parser.maxFields + " fields");
                return false;
            }
            return !problems.malformed();
        }
        long ts;
        if (parser.hasTimestamp) {
            long t = parser.timestamp;
            if (multiplier != 1 && (t > LineProtocolSyntax.MAX_NANOS / multiplier
                || t < LineProtocolSyntax.MIN_NANOS / multiplier)) {
                return !problems.bad(ReadProblem.Kind.MALFORMED, parser.timestampAt, "time outside range");
            }
            ts = t * multiplier;
            if (ts < LineProtocolSyntax.MIN_NANOS || ts > LineProtocolSyntax.MAX_NANOS) {
                return !problems.bad(ReadProblem.Kind.MALFORMED, parser.timestampAt, "time outside range");
            }
        } else {
            ts = readTimeNanos;
        }
        byte[] buf = at.buf;
        int odd = fastPath && !scan.odd ? -1 : LineProtocolSyntax.firstNulOrNonAscii(buf, at.lineStart, at.contentEnd);
        if (odd >= 0 && !problems.namesStoredAsUtf8()) {
            return true;
        }
        if (!writer.writeLikeTheLastLine(buf, ts) && !checkAndWrite(buf, ts)) {
            return !full;
        }
        at.goodLines++;
        problems.flushSniffed();
        if (scan.stringOpened >= 0) {
            problems.warnIfPointsSwallowed();
        }
        if (odd >= 0) {
            problems.warnOfOddBytes(odd);
        }
        if (listener != null) {
            LineParser p = parser;
            long consumed = at.consumed;
            listener.accepted(problems.absolute(at.line), consumed + p.measurementStart, consumed + at.contentEnd,
                p.hasTimestamp ? consumed + p.timestampAt : -1, p.hasTimestamp ? consumed + p.timestampEnd : -1);
        }
        if (!parser.hasTimestamp) {
            into.pointWithoutTimestamp();
        }
        return into.rowAdded(problems.file(), at.line);
    }

    /** Checks the parsed line against the sample so far and writes it; false when it was refused or not affordable. */
    private boolean checkAndWrite(byte[] buf, long ts) throws SampleFormatException {
        PointCheck.Refusal refusal = check.check(buf);
        if (refusal != null) {
            return problems.bad(refusal.kind(), refusal.at(), refusal.message());
        }
        String unaffordable = writer.unaffordable();
        if (unaffordable != null) {
            stopBefore(unaffordable);
            return false;
        }
        writer.write(buf, ts, at.line);
        return true;
    }

    /** Stops reading before the current line, which the memory budget cannot take. */
    private void stopBefore(String why) {
        full = true;
        into.capBefore(problems.file(), at.line, why);
    }
}
