package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.ValueType;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.function.LongSupplier;

/**
 * Reads InfluxDB line protocol, streaming through a byte buffer: each line is parsed into offsets
 * ({@link LineParser}), checked as a whole (duplicate tags, field type conflicts, the server's rules about
 * {@code time}), and only then written to the sample. Two deliberate departures from a 1.x server, both in the
 * user's favour for a sample file: CRLF line endings are accepted, and unsigned {@code u} values are read (2.x
 * and 3.x accept them; 1.x OSS rejects them).
 */
public final class LineProtocolReader implements TrafficReader {
    /** The one-thread read's buffer, as long as it holds no longer line. */
    static final int CHUNK = 1 << 20;
    /**
     * The longest line held; a longer one is read through and reported. More than the 25,000,000 bytes influxd
     * takes in one write by default, so every line a server takes so is read.
     */
    static final int MAX_LINE_BYTES = 1 << 25;
    private static final int READ_REQUEST = 1 << 16;
    /** A file whose first lines are all malformed is not line protocol; say so instead of listing them. */
    private static final int SNIFF_LINES = 20;
    /** Keys of a line compared pair by pair up to this many; beyond, by hash ({@link RepeatFinder}). */
    private static final int PAIRWISE_KEYS = 8;
    /** The length of the separator between a series key and a field key in the server's storage key ({@code #!~#}). */
    private static final int FIELD_KEY_SEPARATOR = 4;

    /** Null for a file; for a write's body, who hears of each point and problem. */
    private final WriteListener listener;
    /** The time given to points without a timestamp, or -1 for the time the read starts. */
    private final long readTimeNanos;
    /** For a pipelined read ({@link LinePipeline}), its buffers and their size; 0 buffers for a read on one thread. */
    private final int pipelineBuffers;
    private final int pipelineBufferBytes;

    /** A reader for sample files. */
    public LineProtocolReader() {
        this(null, -1, 0, 0);
    }

    /** A reader for sample files that gives points without a timestamp {@code readTimeNanos} (for tests). */
    LineProtocolReader(long readTimeNanos) {
        this(null, readTimeNanos, 0, 0);
    }

    private LineProtocolReader(WriteListener listener, long readTimeNanos, int pipelineBuffers, int pipelineBufferBytes) {
        this.listener = listener;
        this.readTimeNanos = readTimeNanos;
        this.pipelineBuffers = pipelineBuffers;
        this.pipelineBufferBytes = pipelineBufferBytes;
    }

    /**
     * A reader for sample files that finds and parses the lines on a second thread, {@code buffers} buffers of {@code
     * bufferBytes} ahead of the thread that takes them ({@link LinePipeline}); {@code readTimeNanos} as above, or -1.
     */
    static LineProtocolReader pipelined(long readTimeNanos, int buffers, int bufferBytes) {
        return new LineProtocolReader(null, readTimeNanos, buffers, bufferBytes);
    }

    /**
     * A reader for the body of one write request, read as a server reads one: every line on its own, whatever the
     * others are (a body is not refused for starting like JSON or for its first 20 lines all being malformed, as a
     * file is), and {@code listener} told of each point taken, with where its text and timestamp are, and of every
     * problem. To keep every problem in the report too, read with {@link SampleLimits#maxProblems()} at
     * {@code Integer.MAX_VALUE}; what the problems hold grows with the body (some 150 bytes a bad line), so bound
     * the body first.
     */
    public static LineProtocolReader forWrites(WriteListener listener) {
        return new LineProtocolReader(java.util.Objects.requireNonNull(listener), -1, 0, 0);
    }

    @Override
    public void read(InputStream in, String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor)
        throws IOException, SampleFormatException {
        long now = readTimeNanos >= 0 ? readTimeNanos : System.currentTimeMillis() * 1_000_000L;
        LinePipeline pipeline = pipelineBuffers == 0 ? null : new LinePipeline(pipelineBufferBytes, pipelineBuffers);
        new Run(in, file, binding, into, monitor, listener, now, null, true, pipeline).read();
    }

    /**
     * A field whose line was refused for a type first seen on an earlier line of the same chunk: the message names
     * that line, which is right only when no earlier chunk had the field (see {@link ParallelLineProtocol}).
     */
    record TypeConflict(EventKindBuilder kind, int attribute) {
    }

    /**
     * What reading one chunk of a file leaves for the merge in file order ({@link ParallelLineProtocol}): besides how
     * it ended, the physical lines it read, so that the next chunk's first line is known without counting newlines.
     */
    record ChunkEnd(boolean endedAtNewline, long goodLines, List<TypeConflict> conflictsWithEarlierLines, long lines) {
    }

    /**
     * Reads one chunk of a file, which starts a line: as the whole file's read would read those lines, except that
     * only the chunk at the file's start ({@code fileStart}) looks at how the file starts (JSON, the first lines all
     * malformed). The lines of its problems, warnings and cap and where each attribute was first seen ({@link
     * EventKindBuilder#firstSeenLine}) are counted from the chunk's start, for the merge to place; the chunk's first
     * physical line is asked of {@code firstLine} only when a message's text names a line (a string left open, a
     * type conflict), which may wait for the chunks before to be read.
     */
    static ChunkEnd readChunk(InputStream in, String file, SampleBinding binding, SampleBuilder into,
        ReadMonitor monitor, long readTimeNanos, LongSupplier firstLine, boolean fileStart)
        throws IOException, SampleFormatException {
        Run run = new Run(in, file, binding, into, monitor, null, readTimeNanos, firstLine, fileStart);
        run.read();
        return new ChunkEnd(run.endedAtNewline, run.goodLines, run.conflicts, run.line - 1);
    }

    private static final class Run {
        /** The input; the rest of it from a line on once a pipelined read hands that line over ({@link #handOver}). */
        private InputStream in;
        private final String file;
        private final SampleBuilder into;
        private final ReadMonitor monitor;
        private final long multiplier;
        private final long readTimeNanos;
        private final LineParser parser = new LineParser();
        /** Parses the lines a string swallowed, each on its own (see {@link #warnIfPointsSwallowed}). */
        private final LineParser probe = new LineParser();
        private final LineProtocolSyntax.LineScan scan = new LineProtocolSyntax.LineScan();
        private byte[] buf = new byte[CHUNK];
        private byte[] scratch = new byte[4096];
        private int[] scratchStart = new int[32];
        private int[] scratchLength = new int[32];
        private int[] attrs = new int[32];
        private byte[][] pieceArray = new byte[32][];
        private boolean[] fromCache = new boolean[32];
        private int scratchUsed;
        private final KeyCache keys = new KeyCache();
        private final RepeatFinder repeats = new RepeatFinder();
        /** True once a line could not be taken within the memory budget: reading stops before it. */
        private boolean full;
        private int limit;
        private boolean eof;
        private IOException failure;
        /**
         * The physical line the current line starts on, counted from 1 at the input's start: the line of a problem, a
         * warning, a cap and where an attribute was first seen, which the merge of a chunk's reading places in its
         * file; a line named in a message's text is the file's ({@link #absolute}).
         */
        private long line;
        /**
         * A chunk's first physical line in its file, asked for only when a message names a line; null for a whole file,
         * whose lines are counted from its start and whose kinds may hold attributes first seen in other files.
         */
        private final LongSupplier firstLine;
        /** The physical line the current (logical) line ends on (counted as {@link #line}), and where its text ends. */
        private long lastLine;
        private int contentEnd;
        /** True when the current line was parsed without a scan first (see {@link LineParser#parsePlainPoint}). */
        private boolean fastPath;
        private int lineStart;
        private long goodLines;
        /** Bytes of the input before the buffer's start. */
        private long consumed;
        private final List<ReadProblem> sniffed = new ArrayList<>();
        private final WriteListener listener;
        /** False for a chunk after a file's first: its first lines are not the file's (no sniffing). */
        private final boolean fileStart;
        /** True when the last line ended at a newline outside a string, so the next chunk starts a line. */
        private boolean endedAtNewline;
        private final List<TypeConflict> conflicts = new ArrayList<>();
        /** The thread that finds and parses the lines ahead of this one, or null: this thread does (see {@link #readPipelined}). */
        private final LinePipeline pipeline;
        /** In a pipelined read, how long the one-thread read's buffer would be, beginning at {@link #consumed}. */
        private int window;

        Run(InputStream in, String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor,
            WriteListener listener, long readTimeNanos, LongSupplier firstLine, boolean fileStart) {
            this(in, file, binding, into, monitor, listener, readTimeNanos, firstLine, fileStart, null);
        }

        Run(InputStream in, String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor,
            WriteListener listener, long readTimeNanos, LongSupplier firstLine, boolean fileStart, LinePipeline pipeline) {
            this.pipeline = pipeline;
            this.in = in;
            this.listener = listener;
            this.file = file;
            this.into = into;
            this.monitor = monitor;
            this.multiplier = LineProtocolSyntax.precisionMultiplier(binding.precision());
            this.readTimeNanos = readTimeNanos;
            this.line = 1;
            this.firstLine = firstLine;
            this.fileStart = fileStart;
            // each field of a line becomes an attribute with a column: about as much as a key of CSV costs
            long fields = into.limits().maxBytes() / FlatRowWriter.BYTES_PER_KEY;
            parser.maxFields = (int) Math.max(10_000, Math.min(Integer.MAX_VALUE - 8, fields));
        }

        void read() throws IOException, SampleFormatException {
            into.fileStarted();
            if (pipeline != null) {
                readPipelined();
                return;
            }
            fill();
            if (listener == null && fileStart) {
                rejectObviousMismatch(limit);
            }
            readFrom(0);
        }

        /** Reads the lines from {@code pos} on, filling the buffer as it goes, to the input's end. */
        private void readFrom(int pos) throws IOException, SampleFormatException {
            long sinceCheck = 0;
            while (true) {
                lineStart = pos;
                boolean parsed = parser.parsePlainPoint(buf, pos, limit, scan);
                if (!parsed && !LineProtocolSyntax.scanLine(buf, pos, limit, eof, scan)) {
                    if (limit - pos < MAX_LINE_BYTES) {
                        pos = compactAndFill(pos);
                        continue;
                    }
                    pos = readThroughLongLine(pos);
                    if (pos < 0) {
                        break;
                    }
                    continue;
                }
                pos = take(pos, parsed);
                if (pos == STOPPED) {
                    return;
                }
                if (pos == ENDED) {
                    break;
                }
                if (++sinceCheck == 4096) {
                    sinceCheck = 0;
                    checkCancelled();
                }
            }
            finish();
        }

        /**
         * Takes the lines that {@link #pipeline}'s thread found and parsed, in file order, as {@link #readFrom} takes its
         * own: the usual line as parsed there, any other scanned and parsed here (the bytes are still in the buffer
         * handed over). What the one-thread read's buffer would do at each line ({@link #windowTo}) is told to the
         * builder as that read tells it, so the columns grow and the budget stops alike. From a line that does not
         * fit the pipeline's buffer on, and when the input fails, the read goes on as on one thread ({@link #handOver}).
         */
        private void readPipelined() throws IOException, SampleFormatException {
            window = buf.length;
            pipeline.start(in, parser.maxFields, file);
            try {
                long sinceCheck = 0;
                boolean first = fileStart;
                while (true) {
                    LinePipeline.Batch b = pipeline.next();
                    buf = b.bytes;
                    limit = b.limit;
                    eof = b.eof;
                    if (first) {
                        first = false;
                        // as the one-thread read, at its first buffer's bytes (the pipeline hands over a first buffer
                        // of whitespace only, when shorter: see LinePipeline.handsOverTheStart)
                        rejectObviousMismatch(Math.min(limit, CHUNK));
                    }
                    for (int l = 0; l < b.lines; l++) {
                        int pos = b.nextInt();
                        int end = b.nextInt();
                        int flags = b.nextInt();
                        windowTo(b.base + pos, b.base + end, end == limit && eof);
                        lineStart = pos;
                        boolean parsed = (flags & LinePipeline.PARSED) != 0;
                        if (parsed) {
                            parser.load(b, buf);
                            scan.plainLine(end);
                            scan.odd = (flags & LinePipeline.ODD) != 0;
                        } else {
                            LineProtocolSyntax.scanLine(buf, pos, limit, eof, scan);
                        }
                        pos = take(pos, parsed);
                        if (pos == STOPPED) {
                            return;
                        }
                        if (pos == ENDED) {
                            finish();
                            return;
                        }
                        if (++sinceCheck == 4096) {
                            sinceCheck = 0;
                            checkCancelled();
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
         * What the one-thread read's buffer, {@link #window} bytes from {@link #consumed}, does before it takes the line
         * at {@code [start, end]} of the input ({@code end} its newline, or the input's end when {@code last}): it moves
         * on to the line when the line does not end in it, or doubles when the line starts it, telling the builder.
         */
        private void windowTo(long start, long end, boolean last) {
            // the buffer is full unless it holds the input's end; it knows that end only once it reads past it
            while (last ? consumed + window <= end : end >= consumed + window) {
                if (start == consumed) {
                    window = Math.min(window * 2, MAX_LINE_BYTES);
                    into.holding(window);
                } else {
                    consumed = start;
                    into.inputRead(consumed);
                }
            }
        }

        /**
         * Reads on from the line at {@code at} of {@code b} on this thread alone, its buffer as the one-thread read's
         * would be there (the bytes before the line are never read again, but the newline that ended it).
         */
        private void handOver(LinePipeline.Batch b, int at) throws IOException, SampleFormatException {
            long start = b.base + at;
            int pos = (int) (start - consumed);
            buf = new byte[window];
            if (pos > 0) {
                buf[pos - 1] = '\n';
            }
            in = b.rest(at);
            limit = pos;
            eof = false;
            fill();
            if (start == 0 && fileStart) {
                rejectObviousMismatch(limit);
            }
            readFrom(pos);
        }

        private static final int STOPPED = -1;
        private static final int ENDED = -2;

        /**
         * Takes the line at {@code pos}, whose end {@link #scan} holds (and which the parser holds when {@code parsed}):
         * where the next line starts, {@link #STOPPED} when reading must stop (row cap or memory budget) or {@link
         * #ENDED} at the input's end.
         */
        private int take(int pos, boolean parsed) throws SampleFormatException {
            if (!parsed && pos == limit && eof) {
                endedAtNewline = true;
                return ENDED;
            }
            int end = scan.end;
            int contentEnd = end > pos && buf[end - 1] == '\r' ? end - 1 : end;
            long physical = 1 + scan.newlinesInside;
            if (end == limit && end > pos && buf[end - 1] == '\n') {
                // the file's last newline, inside a string left open, ends the last line: it starts no other
                physical--;
            }
            lastLine = line + physical - 1;
            this.contentEnd = contentEnd;
            fastPath = parsed;
            boolean keepGoing = parsed ? accept(LineParser.Result.POINT) : handle(pos, contentEnd);
            if (!keepGoing) {
                // a line the budget could not take is not seen; the one that filled it is
                into.linesSeen(full ? 0 : physical);
                flushSniffed();
                return STOPPED;
            }
            line += physical;
            into.linesSeen(physical);
            return end >= limit ? ENDED : end + 1;
        }

        private void checkCancelled() {
            if (monitor.cancelled()) {
                throw new CancellationException("reading " + file + " was cancelled");
            }
        }

        private void finish() throws IOException {
            flushSniffed();
            into.holding(0);
            if (failure != null) {
                throw failure;
            }
        }

        /**
         * Reads through a line longer than {@link #MAX_LINE_BYTES} (the buffer holds that much of it from {@code pos}),
         * keeping none of it: most often a quote left open that makes one line of the rest of a large file, which
         * held whole would take as much memory as the file. Reports it as a bad line and returns where the next line
         * starts, or -1 at the end of the input.
         */
        private int readThroughLongLine(int pos) throws IOException, SampleFormatException {
            lineStart = pos;
            Place open = scan.stringOpened >= 0 ? place(scan.stringOpened) : null;
            long sinceCheck = 0;
            do {
                int resume = scan.resumeAt;
                int keep = limit - resume;
                System.arraycopy(buf, resume, buf, 0, keep);
                consumed += resume;
                into.inputRead(consumed);
                scan.shift(resume);
                limit = keep;
                fill();
                if (++sinceCheck % 64 == 0) {
                    checkCancelled();
                }
            } while (!LineProtocolSyntax.continueScan(buf, 0, limit, eof, scan));
            int end = scan.end;
            long physical = 1 + scan.newlinesInside - (end == limit && end > 0 && buf[end - 1] == '\n' ? 1 : 0);
            long last = line + physical - 1;
            String message = String.format(Locale.ROOT, "the line is longer than %,d bytes (it runs to line %,d), more"
                + " than influxd takes in one write by default (max-body-size 25,000,000 bytes); it was read through,"
                + " not kept", MAX_LINE_BYTES, absolute(last));
            if (open != null) {
                message += String.format(Locale.ROOT, "; it is that long because the string opened at line %,d, column"
                    + " %d runs on (the server would swallow the %,d lines after line %,d into it)",
                    absolute(open.line()), open.column(), last - open.line(), absolute(open.line()));
            }
            report(new ReadProblem(file, line, 1, ReadProblem.Kind.MALFORMED, message));
            line += physical;
            into.linesSeen(physical);
            return end >= limit ? -1 : end + 1;
        }

        /**
         * Refuses a file that starts like JSON, looking at {@code buf[0, upTo)}; not when its first line is a point,
         * which influxd keeps (a measurement may start with a brace) and so a capture's spool holds: refusing the file
         * would lose every point after it.
         */
        private void rejectObviousMismatch(int upTo) throws SampleFormatException {
            int i = LineProtocolSyntax.textStart(buf, upTo);
            if (i < upTo && (buf[i] == '{' || buf[i] == '[') && !pointAt(i, upTo)) {
                throw new SampleFormatException(file + " is not line protocol: it starts with '" + (char) buf[i]
                    + "', which looks like JSON (bind it as ndjson)");
            }
        }

        /** Whether the line at {@code i} is a point, when it ends before {@code upTo}. */
        private boolean pointAt(int i, int upTo) {
            LineProtocolSyntax.LineScan first = new LineProtocolSyntax.LineScan();
            if (!LineProtocolSyntax.scanLine(buf, i, upTo, eof && upTo == limit, first)) {
                return false;
            }
            int end = first.end > i && buf[first.end - 1] == '\r' ? first.end - 1 : first.end;
            return probe.parse(buf, i, end) == LineParser.Result.POINT;
        }

        /** Parses and takes one line; returns false when reading must stop (row cap or memory budget reached). */
        private boolean handle(int start, int end) throws SampleFormatException {
            return accept(parser.parse(buf, start, end, scan.backslash));
        }

        /** Takes the line the parser has just parsed; false when reading must stop. */
        private boolean accept(LineParser.Result r) throws SampleFormatException {
            if (r == LineParser.Result.SKIP) {
                return true;
            }
            if (r == LineParser.Result.ERROR) {
                if (parser.tooWide) {
                    stopBefore("the memory budget of " + (into.limits().maxBytes() >> 20) + " MiB, which holds lines of"
                        + " at most " + parser.maxFields + " fields");
                    return false;
                }
                if (scan.endedInString() && parser.errorAt > scan.stringOpened) {
                    // the server scans a string's quotes to the end of its fields before it looks inside: all it
                    // can find past a quote left open is that the quotes do not pair
                    bad(ReadProblem.Kind.MALFORMED, scan.stringOpened, "unbalanced quotes" + swallowed(scan.stringOpened));
                } else {
                    bad(ReadProblem.Kind.MALFORMED, parser.errorAt, parser.error + swallowed(parser.errorAt));
                }
                return true;
            }
            long ts;
            if (parser.hasTimestamp) {
                long t = parser.timestamp;
                if (multiplier != 1 && (t > LineProtocolSyntax.MAX_NANOS / multiplier
                    || t < LineProtocolSyntax.MIN_NANOS / multiplier)) {
                    bad(ReadProblem.Kind.MALFORMED, parser.timestampAt, "time outside range");
                    return true;
                }
                ts = t * multiplier;
                if (ts < LineProtocolSyntax.MIN_NANOS || ts > LineProtocolSyntax.MAX_NANOS) {
                    bad(ReadProblem.Kind.MALFORMED, parser.timestampAt, "time outside range");
                    return true;
                }
            } else {
                ts = readTimeNanos;
            }
            int odd = fastPath && !scan.odd ? -1 : LineProtocolSyntax.firstNulOrNonAscii(buf, lineStart, contentEnd);
            if (odd >= 0 && !namesStoredAsUtf8()) {
                return true;
            }
            if (!commitLikeTheLastLine(ts) && !commit(ts)) {
                return !full;
            }
            goodLines++;
            if (!sniffed.isEmpty()) {
                flushSniffed();
            }
            if (scan.stringOpened >= 0) {
                warnIfPointsSwallowed();
            }
            if (odd >= 0) {
                warnOfOddBytes(odd);
            }
            if (listener != null) {
                LineParser p = parser;
                listener.accepted(absolute(line), consumed + p.measurementStart, consumed + contentEnd,
                    p.hasTimestamp ? consumed + p.timestampAt : -1, p.hasTimestamp ? consumed + p.timestampEnd : -1);
            }
            if (!parser.hasTimestamp) {
                into.pointWithoutTimestamp();
            }
            return into.rowAdded(file, line);
        }

        /**
         * Writes the usual line straight away: nothing escaped, and the same keys in the same order as the last line
         * written of its measurement, each field of the type it had there. Such a line passes every check that
         * line passed (no duplicate keys, no key named time, no type conflict) but the length of its series key,
         * which is counted. True when written; false, having written nothing, for any other line.
         */
        private boolean commitLikeTheLastLine(long ts) {
            LineParser p = parser;
            byte[] b = buf;
            if (scan.backslash) {
                return false;
            }
            EventKindBuilder kind = keys.kind(b, p.measurementStart, p.measurementEnd);
            if (kind == null || !keys.sameShape(p.tagCount, p.fieldCount)) {
                return false;
            }
            for (int t = 0; t < p.tagCount; t++) {
                int a = keys.tag(t, b, p.tagKeyStart[t], p.tagKeyEnd[t]);
                if (a < 0) {
                    return false;
                }
                attrs[t] = a;
            }
            if (p.keyLength() + FIELD_KEY_SEPARATOR + p.longestFieldKey > LineProtocolSyntax.MAX_KEY_LENGTH) {
                return false;
            }
            for (int f = 0; f < p.fieldCount; f++) {
                int a = keys.field(f, b, p.fieldKeyStart[f], p.fieldKeyEnd[f]);
                if (a < 0 || p.fieldType[f] != keys.shapeType(f)) {
                    return false;
                }
                attrs[p.tagCount + f] = a;
            }
            kind.beginRow();
            for (int t = 0; t < p.tagCount; t++) {
                kind.setString(attrs[t], b, p.tagValueStart[t], p.tagValueEnd[t] - p.tagValueStart[t]);
            }
            for (int f = 0; f < p.fieldCount; f++) {
                setField(kind, attrs[p.tagCount + f], f, b, p.fieldValueStart[f], p.fieldValueEnd[f] - p.fieldValueStart[f]);
            }
            kind.commit(ts);
            return true;
        }

        /** Checks the parsed line against the sample so far and writes it; false when it was rejected. */
        private boolean commit(long ts) throws SampleFormatException {
            LineParser p = parser;
            byte[] b = buf;
            int pieces = 1 + 2 * p.tagCount + 2 * p.fieldCount;
            ensureScratch(pieces, end(p) - p.measurementStart);
            EventKindBuilder kind = keys.kind(b, p.measurementStart, p.measurementEnd);
            for (int t = 0; t < p.tagCount; t++) {
                int cached = kind == null ? -1 : keys.tag(t, b, p.tagKeyStart[t], p.tagKeyEnd[t]);
                attrs[t] = cached;
                fromCache[t] = cached >= 0;
            }
            int repeated = repeatedTag(p);
            if (repeated >= 0) {
                return bad(ReadProblem.Kind.MALFORMED, p.tagKeyStart[repeated], "duplicate tags");
            }
            if (!keyFits(p)) {
                return false;
            }
            scratchUsed = 0;
            if (kind == null) {
                piece(0, b, p.measurementStart, p.measurementEnd, Escapes.NAME);
                kind = into.kind(pieceArray[0], scratchStart[0], scratchLength[0]);
                keys.rememberKind(b, p.measurementStart, p.measurementEnd, kind);
            }
            for (int t = 0; t < p.tagCount; t++) {
                piece(2 + 2 * t, b, p.tagValueStart[t], p.tagValueEnd[t], Escapes.TAG);
                if (fromCache[t]) {
                    continue;
                }
                piece(1 + 2 * t, b, p.tagKeyStart[t], p.tagKeyEnd[t], Escapes.TAG);
                if (isTime(1 + 2 * t)) {
                    return bad(ReadProblem.Kind.MALFORMED, p.tagKeyStart[t],
                        "invalid tag key: a tag named 'time' is refused by the server, which drops the point");
                }
                attrs[t] = kind.find(pieceArray[1 + 2 * t], scratchStart[1 + 2 * t], scratchLength[1 + 2 * t], true);
            }
            int base = 1 + 2 * p.tagCount;
            int timeFields = 0;
            boolean wide = p.fieldCount > PAIRWISE_KEYS;
            if (wide) {
                repeats.clear(p.fieldCount);
            }
            for (int f = 0; f < p.fieldCount; f++) {
                int k = base + 2 * f;
                piece(k, b, p.fieldKeyStart[f], p.fieldKeyEnd[f], Escapes.NAME);
                if (p.fieldType[f] == ValueType.STRING) {
                    piece(k + 1, b, p.fieldValueStart[f], p.fieldValueEnd[f], Escapes.STRING);
                }
                int cached = keys.field(f, b, p.fieldKeyStart[f], p.fieldKeyEnd[f]);
                fromCache[p.tagCount + f] = cached >= 0;
                if (cached < 0 && isTime(k)) {
                    timeFields++;
                    attrs[p.tagCount + f] = -2;
                    continue;
                }
                int a = cached >= 0 ? cached : kind.find(pieceArray[k], scratchStart[k], scratchLength[k], false);
                attrs[p.tagCount + f] = a;
                if (a >= 0 && kind.type(a) != p.fieldType[f]) {
                    conflicts.add(new TypeConflict(kind, a));
                    return bad(ReadProblem.Kind.TYPE_CONFLICT, p.fieldKeyStart[f], "field type conflict: field '"
                        + keyText(k) + "' is " + p.fieldType[f].id() + " here but " + kind.type(a).id() + " since "
                        + (firstLine == null ? kind.firstSeen(a) : file + ":" + absolute(kind.firstSeenLine(a))));
                }
                int g = wide ? repeats.add(f, pieceArray[k], scratchStart[k], scratchLength[k]) : earlierOfOtherType(f, base);
                if (g >= 0 && p.fieldType[g] != p.fieldType[f]) {
                    return bad(ReadProblem.Kind.TYPE_CONFLICT, p.fieldKeyStart[f], "field type conflict: field '"
                        + keyText(k) + "' is both " + p.fieldType[g].id() + " and " + p.fieldType[f].id() + " in this line");
                }
            }
            if (timeFields == p.fieldCount) {
                return bad(ReadProblem.Kind.MALFORMED, p.fieldKeyStart[0],
                    "invalid field name: a field named 'time' is refused by the server, which drops the point");
            }
            if (!affordsNewAttributes(kind)) {
                return false;
            }
            kind.beginRow();
            for (int t = 0; t < p.tagCount; t++) {
                int k = 1 + 2 * t;
                int a = attrs[t];
                if (!fromCache[t]) {
                    if (a < 0) {
                        a = kind.attribute(pieceArray[k], scratchStart[k], scratchLength[k], true, ValueType.STRING, file, line);
                    }
                    keys.rememberTag(t, b, p.tagKeyStart[t], p.tagKeyEnd[t], a);
                }
                kind.setString(a, pieceArray[k + 1], scratchStart[k + 1], scratchLength[k + 1]);
            }
            for (int f = 0; f < p.fieldCount; f++) {
                int a = attrs[p.tagCount + f];
                if (a == -2) {
                    continue;
                }
                int k = base + 2 * f;
                if (!fromCache[p.tagCount + f]) {
                    if (a < 0) {
                        a = kind.attribute(pieceArray[k], scratchStart[k], scratchLength[k], false, p.fieldType[f], file, line);
                    }
                    keys.rememberField(f, b, p.fieldKeyStart[f], p.fieldKeyEnd[f], a);
                }
                setField(kind, a, f, pieceArray[k + 1], scratchStart[k + 1], scratchLength[k + 1]);
            }
            kind.commit(ts);
            if (timeFields == 0) {
                keys.rememberShape(p.tagCount, p.fieldCount, p.fieldType);
            }
            return true;
        }

        /**
         * True when the budget can hold the attributes the parsed line brings (a line of 80,000 new fields can take
         * more than all of it at once); else reading stops before the line, with {@link #full} set.
         */
        private boolean affordsNewAttributes(EventKindBuilder kind) {
            LineParser p = parser;
            int added = 0;
            for (int t = 0; t < p.tagCount; t++) {
                added += !fromCache[t] && attrs[t] < 0 ? 1 : 0;
            }
            for (int f = 0; f < p.fieldCount; f++) {
                added += attrs[p.tagCount + f] == -1 ? 1 : 0;
            }
            if (added == 0 || into.affords(kind.newAttributeBytes(added))) {
                return true;
            }
            stopBefore("the memory budget of " + (into.limits().maxBytes() >> 20) + " MiB, which cannot hold the "
                + added + " new attribute" + (added == 1 ? "" : "s") + " of this line");
            return false;
        }

        /** Stops reading before the current line, which the memory budget cannot take. */
        private void stopBefore(String why) {
            full = true;
            into.capBefore(file, line, why);
        }

        /**
         * Writes field {@code f} of the parsed line to attribute {@code a}; a string's text is
         * {@code text[from, from + length)}.
         */
        private void setField(EventKindBuilder kind, int a, int f, byte[] text, int from, int length) {
            LineParser p = parser;
            switch (p.fieldType[f]) {
                case STRING -> kind.setString(a, text, from, length);
                case INTEGER, UNSIGNED -> kind.setLong(a, p.fieldLong[f]);
                case FLOAT -> kind.setDouble(a, p.fieldDouble[f]);
                case BOOLEAN -> kind.setBoolean(a, p.fieldLong[f] != 0);
            }
        }

        /**
         * The first tag whose raw key equals an earlier tag's (the server compares keys as written), or -1. Pairwise for
         * a few tags, where hashing costs more than it saves; by hash beyond, so that many tags cost linear time.
         */
        private int repeatedTag(LineParser p) {
            byte[] b = buf;
            if (p.tagCount <= PAIRWISE_KEYS) {
                for (int t = 1; t < p.tagCount; t++) {
                    for (int u = 0; u < t; u++) {
                        if (!knownApart(t, u) && Arrays.equals(b, p.tagKeyStart[t], p.tagKeyEnd[t], b, p.tagKeyStart[u], p.tagKeyEnd[u])) {
                            return t;
                        }
                    }
                }
                return -1;
            }
            repeats.clear(p.tagCount);
            for (int t = 0; t < p.tagCount; t++) {
                if (repeats.add(t, b, p.tagKeyStart[t], p.tagKeyEnd[t] - p.tagKeyStart[t]) >= 0) {
                    return t;
                }
            }
            return -1;
        }

        /**
         * The server's two limits on key length (see {@code influxdb-1x-line-protocol.md}): the series key as written,
         * and the series key plus a separator plus each field key, the key a field's values are stored under. False,
         * with the line reported, when one is exceeded.
         */
        private boolean keyFits(LineParser p) throws SampleFormatException {
            int keyLength = p.keyLength();
            if (keyLength > LineProtocolSyntax.MAX_KEY_LENGTH) {
                return bad(ReadProblem.Kind.MALFORMED, p.measurementStart, "max key length exceeded: " + keyLength
                    + " > " + LineProtocolSyntax.MAX_KEY_LENGTH);
            }
            if (keyLength + FIELD_KEY_SEPARATOR + p.longestFieldKey <= LineProtocolSyntax.MAX_KEY_LENGTH) {
                return true;
            }
            for (int f = 0; ; f++) {
                int stored = keyLength + FIELD_KEY_SEPARATOR + p.fieldKeyEnd[f] - p.fieldKeyStart[f];
                if (stored > LineProtocolSyntax.MAX_KEY_LENGTH) {
                    return bad(ReadProblem.Kind.MALFORMED, p.fieldKeyStart[f], "max key length exceeded: " + stored
                        + " > " + LineProtocolSyntax.MAX_KEY_LENGTH);
                }
            }
        }

        /** For a line of a few fields: an earlier field with the same key as field {@code f} and another type, or -1. */
        private int earlierOfOtherType(int f, int base) {
            LineParser p = parser;
            int k = base + 2 * f;
            for (int g = 0; g < f; g++) {
                if (p.fieldType[g] != p.fieldType[f] && !knownApart(p.tagCount + f, p.tagCount + g)
                    && sameScratch(k, base + 2 * g)) {
                    return g;
                }
            }
            return -1;
        }

        private enum Escapes { NAME, TAG, STRING }

        /**
         * Makes piece {@code piece} the unescaped text of {@code src[from, to)}: the read buffer itself when the slice
         * holds no backslash (the usual case), else an unescaped copy in the scratch buffer.
         */
        private void piece(int piece, byte[] src, int from, int to, Escapes escapes) {
            if (!scan.backslash || !LineProtocolSyntax.hasBackslash(src, from, to)) {
                pieceArray[piece] = src;
                scratchStart[piece] = from;
                scratchLength[piece] = to - from;
                return;
            }
            int length = switch (escapes) {
                case NAME -> LineProtocolSyntax.unescape(src, from, to, scratch, scratchUsed, true);
                case TAG -> LineProtocolSyntax.unescape(src, from, to, scratch, scratchUsed, false);
                case STRING -> LineProtocolSyntax.unescapeString(src, from, to, scratch, scratchUsed);
            };
            pieceArray[piece] = scratch;
            scratchStart[piece] = scratchUsed;
            scratchLength[piece] = length;
            scratchUsed += length;
        }

        private static int end(LineParser p) {
            int e = p.measurementEnd;
            if (p.tagCount > 0) {
                e = Math.max(e, p.tagValueEnd[p.tagCount - 1]);
            }
            if (p.fieldCount > 0) {
                e = Math.max(e, p.fieldValueEnd[p.fieldCount - 1]);
            }
            return e + 1;
        }

        private void ensureScratch(int pieces, int bytes) {
            if (pieces > scratchStart.length) {
                int n = Math.max(pieces, scratchStart.length * 2);
                scratchStart = new int[n];
                scratchLength = new int[n];
                pieceArray = new byte[n][];
                attrs = new int[n];
                fromCache = new boolean[n];
            }
            if (bytes > scratch.length) {
                scratch = new byte[Math.max(bytes, scratch.length * 2)];
            }
        }

        private boolean isTime(int piece) {
            int s = scratchStart[piece];
            byte[] a = pieceArray[piece];
            return scratchLength[piece] == 4 && a[s] == 't' && a[s + 1] == 'i' && a[s + 2] == 'm' && a[s + 3] == 'e';
        }

        /**
         * True when keys {@code a} and {@code c} (tags first, then fields) both came from the key cache with different
         * attributes: then their raw bytes differ, for the cache maps equal raw keys to the same attribute.
         */
        private boolean knownApart(int a, int c) {
            return fromCache[a] && fromCache[c] && attrs[a] != attrs[c];
        }

        private boolean sameScratch(int a, int c) {
            return Arrays.equals(pieceArray[a], scratchStart[a], scratchStart[a] + scratchLength[a],
                pieceArray[c], scratchStart[c], scratchStart[c] + scratchLength[c]);
        }

        private String keyText(int piece) {
            return new String(pieceArray[piece], scratchStart[piece], scratchLength[piece],
                java.nio.charset.StandardCharsets.UTF_8);
        }

        private boolean bad(ReadProblem.Kind kind, int at, String message) throws SampleFormatException {
            return report(locate(kind, at, message));
        }

        /** Records the problem of a line skipped; false (the line was not taken). */
        private boolean report(ReadProblem problem) throws SampleFormatException {
            if (listener != null) {
                listener.problem(problem);
                into.badLine(problem);
            } else if (goodLines == 0 && fileStart && problem.kind() == ReadProblem.Kind.MALFORMED) {
                sniffed.add(problem);
                if (sniffed.size() >= SNIFF_LINES) {
                    throw new SampleFormatException(file + " does not look like line protocol: its first "
                        + SNIFF_LINES + " lines are all malformed (" + sniffed.get(0) + ")");
                }
            } else {
                into.badLine(problem);
            }
            return false;
        }

        private void flushSniffed() {
            sniffed.forEach(into::badLine);
            sniffed.clear();
        }

        /** The file's line for a line counted from the input's start (waits for the chunks before, in a chunk). */
        private long absolute(long counted) {
            return firstLine == null ? counted : firstLine.getAsLong() + counted - 1;
        }

        /** Turns a byte offset into the physical line and 1-based character column. */
        private ReadProblem locate(ReadProblem.Kind kind, int at, String message) {
            Place p = place(at);
            return new ReadProblem(file, p.line(), p.column(), kind, message);
        }

        /** A physical line and 1-based character column in it. */
        private record Place(long line, int column) {
        }

        /** Where the byte at offset {@code at} of the current line is. */
        private Place place(int at) {
            long l = line;
            int from = lineStart;
            for (int i = lineStart; i < at && i < limit; i++) {
                if (buf[i] == '\n') {
                    l++;
                    from = i + 1;
                }
            }
            int column = 1;
            for (int i = from; i < at && i < limit; i++) {
                if ((buf[i] & 0xC0) != 0x80) {
                    column++;
                }
            }
            return new Place(l, column);
        }

        /**
         * False, with the line reported, when its measurement name or a field key is not UTF-8. influxd 1.6.7 stores
         * those two in a protobuf message that must be UTF-8: a write that brings a new one into a shard fails (HTTP
         * 500) and keeps none of its points, and one it takes leaves a shard that cannot be opened after a restart,
         * with every point in it (see influxdb-1x-line-protocol.md, section 12.3). Tag keys and values and string
         * values are kept as they are.
         */
        private boolean namesStoredAsUtf8() throws SampleFormatException {
            LineParser p = parser;
            int at = LineProtocolSyntax.firstInvalidUtf8(buf, p.measurementStart, p.measurementEnd);
            String what = "measurement name";
            String message = "MeasurementFields.Name";
            for (int f = 0; at < 0 && f < p.fieldCount; f++) {
                at = LineProtocolSyntax.firstInvalidUtf8(buf, p.fieldKeyStart[f], p.fieldKeyEnd[f]);
                what = "field key";
                message = "Field.Name";
            }
            return at < 0 || bad(ReadProblem.Kind.MALFORMED, at, "invalid UTF-8 in a " + what + ": influxd refuses the"
                + " write with HTTP 500 (proto: field \"tsdb." + message + "\" contains invalid UTF-8), or takes it and"
                + " then cannot open the shard after a restart, losing every point in it");
        }

        /**
         * Warns of the first NUL byte or byte that is not UTF-8 in a line kept: the server keeps them (in tag keys and
         * values, string values, and a NUL anywhere), so the point counts, but they are rarely what was meant.
         */
        private void warnOfOddBytes(int from) {
            int nul = -1;
            for (int i = from; i < contentEnd && nul < 0; i++) {
                nul = buf[i] == 0 ? i : -1;
            }
            int invalid = LineProtocolSyntax.firstInvalidUtf8(buf, from, contentEnd);
            if (nul < 0 && invalid < 0) {
                return;
            }
            boolean isNul = invalid < 0 || nul >= 0 && nul < invalid;
            int at = isNul ? nul : invalid;
            Place place = place(at);
            String where = partAt(at);
            String message = isNul
                ? (where == null ? "a NUL byte at column " + place.column() + ", which the server skips as whitespace"
                    : "a NUL byte in a " + where + " at column " + place.column() + ": the server keeps it")
                    + " (binary data in a text file?)"
                : "bytes that are not UTF-8 in a " + where + " at column " + place.column() + ": the server keeps"
                    + " them as they are (queries show them as U+FFFD)";
            warn(new ReadProblem(file, place.line(), place.column(), ReadProblem.Kind.WARNING, message));
        }

        private void warn(ReadProblem warning) {
            into.warning(warning);
            if (listener != null) {
                listener.problem(warning);
            }
        }

        /** Which part of the parsed line the byte at {@code at} is in, or null for the whitespace between parts. */
        private String partAt(int at) {
            LineParser p = parser;
            if (at >= p.measurementStart && at < p.measurementEnd) {
                return "measurement name";
            }
            for (int t = 0; t < p.tagCount; t++) {
                if (at >= p.tagKeyStart[t] && at < p.tagKeyEnd[t]) {
                    return "tag key";
                }
                if (at >= p.tagValueStart[t] && at < p.tagValueEnd[t]) {
                    return "tag value";
                }
            }
            for (int f = 0; f < p.fieldCount; f++) {
                if (at >= p.fieldKeyStart[f] && at < p.fieldKeyEnd[f]) {
                    return "field key";
                }
                if (at >= p.fieldValueStart[f] && at < p.fieldValueEnd[f]) {
                    return "string value";
                }
            }
            return null;
        }

        /**
         * For a bad line that a string value ran over several lines, where the string opened and what it swallowed,
         * as a clause for the reason given at {@code at}; "" for any other line. The server reads such a line the
         * same way within one write, and drops it, with all the lines swallowed.
         */
        private String swallowed(int at) {
            if (scan.stringOpened < 0) {
                return "";
            }
            Place open = place(scan.stringOpened);
            String where = open.line() == place(at).line() ? "at column " + open.column()
                : String.format(Locale.ROOT, "at line %,d, column %d", absolute(open.line()), open.column());
            long after = lastLine - open.line();
            return String.format(Locale.ROOT, ": the string opened %s runs to line %,d (the server would swallow the"
                + " %,d line%s after %s into it)", where, absolute(lastLine), after, after == 1 ? "" : "s",
                open.line() == place(at).line() ? "this one"
                    : String.format(Locale.ROOT, "line %,d", absolute(open.line())));
        }

        /**
         * A point kept with a string value that runs over several lines is what the server keeps too, and multi-line
         * text is fine; but when one of the lines swallowed into the string would be a point on its own, a quote was
         * most likely left open, and the points it swallowed are lost on the server as here: say so.
         */
        private void warnIfPointsSwallowed() {
            int from = scan.stringOpened;
            while (buf[from] != '\n') {
                from++;
            }
            long points = 0;
            long lines = 0;
            for (int s = from + 1; s <= contentEnd; ) {
                int e = s;
                while (e < contentEnd && buf[e] != '\n') {
                    e++;
                }
                lines++;
                if (probe.parse(buf, s, e > s && buf[e - 1] == '\r' ? e - 1 : e) == LineParser.Result.POINT) {
                    points++;
                }
                s = e + 1;
            }
            if (points == 0) {
                return;
            }
            Place open = place(scan.stringOpened);
            warn(new ReadProblem(file, open.line(), open.column(), ReadProblem.Kind.WARNING, String.format(
                Locale.ROOT, "the string opened at column %d runs to line %,d: the server keeps one point and swallows"
                    + " the %,d line%s after this one into the string, %,d of which would be a point%s on %s own (a quote"
                    + " left open?)", open.column(), absolute(lastLine), lines, lines == 1 ? "" : "s", points,
                points == 1 ? "" : "s", points == 1 ? "its" : "their")));
        }

        /**
         * Reads until the buffer is full or the input ends. When the input fails (a truncated or corrupt gzip
         * stream), the complete lines already buffered are still read, the partial last line is dropped (it could
         * parse as a wrong value), and the failure is thrown once they are done.
         */
        private void fill() throws IOException {
            while (limit < buf.length && !eof) {
                int n;
                try {
                    // small requests: a buffered stream that fails mid-request loses what that request had read
                    n = in.read(buf, limit, Math.min(READ_REQUEST, buf.length - limit));
                } catch (IOException e) {
                    failure = e;
                    eof = true;
                    int lastNewline = limit - 1;
                    while (lastNewline >= 0 && buf[lastNewline] != '\n') {
                        lastNewline--;
                    }
                    limit = lastNewline + 1;
                    return;
                }
                if (n < 0) {
                    eof = true;
                } else {
                    limit += n;
                }
            }
        }

        /** Moves the unread tail to the front (growing the buffer for a very long line) and reads more. */
        private int compactAndFill(int pos) throws IOException {
            int rest = limit - pos;
            if (pos == 0) {
                buf = Arrays.copyOf(buf, Math.min(buf.length * 2, MAX_LINE_BYTES));
                into.holding(buf.length);
            } else {
                System.arraycopy(buf, pos, buf, 0, rest);
                limit = rest;
                consumed += pos;
                into.inputRead(consumed);
            }
            fill();
            return 0;
        }
    }
}
