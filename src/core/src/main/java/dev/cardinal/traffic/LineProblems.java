package dev.cardinal.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The problems and warnings of a line protocol read: where each is (line and column of the current line, {@link
 * LineAt}), what it says, and where it goes (the builder, a write's listener, or held while the file's first lines are
 * all malformed, to refuse a file that is not line protocol).
 */
final class LineProblems {
    /** A file whose first lines are all malformed is not line protocol; say so instead of listing them. */
    private static final int SNIFF_LINES = 20;

    /**
     * What a read's problems depend on besides its lines: the file's name, who hears of each problem of a write's body
     * (null for a file), whether the input starts the file, and the first line of a chunk (null for a whole file).
     */
    record Setup(String file, WriteListener listener, boolean fileStart, LongSupplier firstLine) {
        LineProblems problems(SampleBuilder into, LineAt at, LineParser parser, LineProtocolSyntax.LineScan scan) {
            return new LineProblems(file, into, listener, fileStart, firstLine, at, parser, scan);
        }
    }

    private final String file;
    private final SampleBuilder into;
    /** Null for a file; for a write's body, who hears of each point and problem. */
    private final WriteListener listener;
    /** False for a chunk after a file's first: its first lines are not the file's (no sniffing). */
    private final boolean fileStart;
    /**
     * A chunk's first physical line in its file, asked for only when a message names a line; null for a whole file,
     * whose lines are counted from its start and whose kinds may hold attributes first seen in other files.
     */
    private final LongSupplier firstLine;
    private final LineAt at;
    private final LineParser parser;
    private final LineProtocolSyntax.LineScan scan;
    /** Parses the lines a string swallowed, each on its own (see {@link #warnIfPointsSwallowed}). */
    private final LineParser probe = new LineParser();
    private final List<ReadProblem> sniffed = new ArrayList<>();

    private LineProblems(String file, SampleBuilder into, WriteListener listener, boolean fileStart, LongSupplier firstLine,
        LineAt at, LineParser parser, LineProtocolSyntax.LineScan scan) {
        this.file = file;
        this.into = into;
        this.listener = listener;
        this.fileStart = fileStart;
        this.firstLine = firstLine;
        this.at = at;
        this.parser = parser;
        this.scan = scan;
    }

    String file() {
        return file;
    }

    /** Whether the input starts its file, whose start is looked at (JSON, the first lines all malformed). */
    boolean fileStart() {
        return fileStart;
    }

    /** Whether a file's start is looked at before its lines are read: not a write's body, read as a server reads one. */
    boolean sniffsTheStart() {
        return listener == null && fileStart;
    }

    /** Whether a line is named in a message as the chunk's own ({@link #firstLine} given) rather than the file's. */
    boolean inChunk() {
        return firstLine != null;
    }

    /** The file's line for a line counted from the input's start (waits for the chunks before, in a chunk). */
    long absolute(long counted) {
        return firstLine == null ? counted : firstLine.getAsLong() + counted - 1;
    }

    /** Reports the current line as bad at byte {@code offset}; false (the line was not taken). */
    boolean bad(ReadProblem.Kind kind, int offset, String message) throws SampleFormatException {
        LineAt.Place p = at.place(offset);
        return report(new ReadProblem(file, p.line(), p.column(), kind, message));
    }

    /** Records the problem of a line skipped; false (the line was not taken). */
    boolean report(ReadProblem problem) throws SampleFormatException {
        if (listener != null) {
            listener.problem(problem);
            into.badLine(problem);
        } else if (at.goodLines == 0 && fileStart && problem.kind() == ReadProblem.Kind.MALFORMED) {
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

    /** Hands the problems held while sniffing to the builder. */
    void flushSniffed() {
        if (!sniffed.isEmpty()) {
            sniffed.forEach(into::badLine);
            sniffed.clear();
        }
    }

    /** The problem of a line the parser refused (a string left open reported as the server reports it). */
    boolean malformed() throws SampleFormatException {
        if (scan.endedInString() && parser.errorAt > scan.stringOpened) {
            // the server scans a string's quotes to the end of its fields before it looks inside: all it
            // can find past a quote left open is that the quotes do not pair
            return bad(ReadProblem.Kind.MALFORMED, scan.stringOpened, "unbalanced quotes" + swallowed(scan.stringOpened));
        }
        return bad(ReadProblem.Kind.MALFORMED, parser.errorAt, parser.error + swallowed(parser.errorAt));
    }

    /**
     * Reports a line longer than {@code maxBytes} read through to physical line {@code last}, whose string opened at
     * {@code open} (null when none did).
     */
    void longLine(int maxBytes, long last, LineAt.Place open) throws SampleFormatException {
        String message = String.format(Locale.ROOT, "the line is longer than %,d bytes (it runs to line %,d), more"
            + " than influxd takes in one write by default (max-body-size 25,000,000 bytes); it was read through,"
            + " not kept", maxBytes, absolute(last));
        if (open != null) {
            message += String.format(Locale.ROOT, "; it is that long because the string opened at line %,d, column"
                + " %d runs on (the server would swallow the %,d lines after line %,d into it)",
                absolute(open.line()), open.column(), last - open.line(), absolute(open.line()));
        }
        report(new ReadProblem(file, at.line, 1, ReadProblem.Kind.MALFORMED, message));
    }

    /**
     * Refuses a file that starts like JSON, looking at {@code buf[0, upTo)}; not when its first line is a point,
     * which influxd keeps (a measurement may start with a brace) and so a capture's spool holds: refusing the file
     * would lose every point after it.
     */
    void rejectObviousMismatch(int upTo) throws SampleFormatException {
        byte[] buf = at.buf;
        int i = LineProtocolSyntax.textStart(buf, upTo);
        if (i < upTo && (buf[i] == '{' || buf[i] == '[') && !pointAt(i, upTo)) {
            throw new SampleFormatException(file + " is not line protocol: it starts with '" + (char) buf[i]
                + "', which looks like JSON (bind it as ndjson)");
        }
    }

    /** Whether the line at {@code i} is a point, when it ends before {@code upTo}. */
    private boolean pointAt(int i, int upTo) {
        LineProtocolSyntax.LineScan first = new LineProtocolSyntax.LineScan();
        byte[] buf = at.buf;
        if (!LineProtocolSyntax.scanLine(buf, i, upTo, at.eof && upTo == at.limit, first)) {
            return false;
        }
        int end = first.end > i && buf[first.end - 1] == '\r' ? first.end - 1 : first.end;
        return probe.parse(buf, i, end) == LineParser.Result.POINT;
    }

    /**
     * False, with the line reported, when its measurement name or a field key is not UTF-8. influxd 1.6.7 stores
     * those two in a protobuf message that must be UTF-8: a write that brings a new one into a shard fails (HTTP
     * 500) and keeps none of its points, and one it takes leaves a shard that cannot be opened after a restart,
     * with every point in it (see influxdb-1x-line-protocol.md, section 12.3). Tag keys and values and string
     * values are kept as they are.
     */
    boolean namesStoredAsUtf8() throws SampleFormatException {
        LineParser p = parser;
        byte[] buf = at.buf;
        int bad = Utf8.firstInvalid(buf, p.measurementStart, p.measurementEnd);
        String what = "measurement name";
        String message = "MeasurementFields.Name";
        for (int f = 0; bad < 0 && f < p.fieldCount; f++) {
            bad = Utf8.firstInvalid(buf, p.fieldKeyStart[f], p.fieldKeyEnd[f]);
            what = "field key";
            message = "Field.Name";
        }
        return bad < 0 || bad(ReadProblem.Kind.MALFORMED, bad, "invalid UTF-8 in a " + what + ": influxd refuses the"
            + " write with HTTP 500 (proto: field \"tsdb." + message + "\" contains invalid UTF-8), or takes it and"
            + " then cannot open the shard after a restart, losing every point in it");
    }

    /**
     * Warns of the first NUL byte or byte that is not UTF-8 in a line kept: the server keeps them (in tag keys and
     * values, string values, and a NUL anywhere), so the point counts, but they are rarely what was meant.
     */
    void warnOfOddBytes(int from) {
        byte[] buf = at.buf;
        int nul = -1;
        for (int i = from; i < at.contentEnd && nul < 0; i++) {
            nul = buf[i] == 0 ? i : -1;
        }
        int invalid = Utf8.firstInvalid(buf, from, at.contentEnd);
        if (nul < 0 && invalid < 0) {
            return;
        }
        boolean isNul = invalid < 0 || nul >= 0 && nul < invalid;
        int odd = isNul ? nul : invalid;
        LineAt.Place place = at.place(odd);
        String where = partAt(odd);
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

    /** Which part of the parsed line the byte at {@code offset} is in, or null for the whitespace between parts. */
    private String partAt(int offset) {
        LineParser p = parser;
        if (offset >= p.measurementStart && offset < p.measurementEnd) {
            return "measurement name";
        }
        for (int t = 0; t < p.tagCount; t++) {
            if (offset >= p.tagKeyStart[t] && offset < p.tagKeyEnd[t]) {
                return "tag key";
            }
            if (offset >= p.tagValueStart[t] && offset < p.tagValueEnd[t]) {
                return "tag value";
            }
        }
        for (int f = 0; f < p.fieldCount; f++) {
            if (offset >= p.fieldKeyStart[f] && offset < p.fieldKeyEnd[f]) {
                return "field key";
            }
            if (offset >= p.fieldValueStart[f] && offset < p.fieldValueEnd[f]) {
                return "string value";
            }
        }
        return null;
    }

    /**
     * For a bad line that a string value ran over several lines, where the string opened and what it swallowed,
     * as a clause for the reason given at {@code offset}; "" for any other line. The server reads such a line the
     * same way within one write, and drops it, with all the lines swallowed.
     */
    private String swallowed(int offset) {
        if (scan.stringOpened < 0) {
            return "";
        }
        LineAt.Place open = at.place(scan.stringOpened);
        boolean sameLine = open.line() == at.place(offset).line();
        String where = sameLine ? "at column " + open.column()
            : String.format(Locale.ROOT, "at line %,d, column %d", absolute(open.line()), open.column());
        long after = at.lastLine - open.line();
        return String.format(Locale.ROOT, ": the string opened %s runs to line %,d (the server would swallow the"
            + " %,d line%s after %s into it)", where, absolute(at.lastLine), after, after == 1 ? "" : "s",
            sameLine ? "this one" : String.format(Locale.ROOT, "line %,d", absolute(open.line())));
    }

    /**
     * A point kept with a string value that runs over several lines is what the server keeps too, and multi-line
     * text is fine; but when one of the lines swallowed into the string would be a point on its own, a quote was
     * most likely left open, and the points it swallowed are lost on the server as here: say so.
     */
    void warnIfPointsSwallowed() {
        byte[] buf = at.buf;
        int contentEnd = at.contentEnd;
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
        LineAt.Place open = at.place(scan.stringOpened);
        warn(new ReadProblem(file, open.line(), open.column(), ReadProblem.Kind.WARNING, String.format(
            Locale.ROOT, "the string opened at column %d runs to line %,d: the server keeps one point and swallows"
                + " the %,d line%s after this one into the string, %,d of which would be a point%s on %s own (a quote"
                + " left open?)", open.column(), absolute(at.lastLine), lines, lines == 1 ? "" : "s", points,
            points == 1 ? "" : "s", points == 1 ? "its" : "their")));
    }
}
