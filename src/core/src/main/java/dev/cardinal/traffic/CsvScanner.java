package dev.cardinal.traffic;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits RFC 4180 text into records: comma separated, double quotes around cells that hold commas, quotes
 * ({@code ""}) or line breaks, CRLF or LF, blank lines skipped, a byte order mark at the start ignored. Hand-written
 * rather than a CSV library so each record keeps the physical line it starts on and each cell its column, and so a
 * quote left open cannot make one cell hold the rest of a large file in memory. Columns count characters from the
 * start of the record, which for the usual one-line record is the column in that line.
 */
final class CsvScanner {
    /** Longest cell held, and most characters of a record held; longer ones are scanned through and reported. */
    static final int MAX_CELL_CHARS = 1 << 24;

    private final Reader in;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int lim;
    private boolean started;
    private long line = 1;
    private long lines;
    private boolean midLine;
    private long recordLine;
    private int col;
    private int cellStart;
    private final List<String> cells = new ArrayList<>();
    /** Cells of the record, kept or not; at most {@link #keep} are kept. */
    private int cellCount;
    private int keep = Integer.MAX_VALUE;
    private long recordChars;
    private int[] columns = new int[16];
    private final StringBuilder cell = new StringBuilder();
    private final char[] single = new char[1];
    private String error;
    private int errorColumn;
    private int endColumn;
    /** Characters of the text before {@link #buf}'s start; with it, where the current record starts and ends. */
    private long consumed;
    private long recordStart;
    private long recordEnd;
    private long nulAt = -1;

    CsvScanner(Reader in) {
        this.in = in;
    }

    /** Reads the next record; false at the end of the input. A record may carry an {@link #error()}. */
    boolean next() throws IOException {
        cells.clear();
        cellCount = 0;
        recordChars = 0;
        error = null;
        int c = peek();
        while (c == '\r' || c == '\n') {
            lineBreak(take());
            c = peek();
        }
        if (c < 0) {
            return false;
        }
        recordLine = line;
        recordStart = consumed + pos;
        nulAt = -1;
        col = 1;
        while (true) {
            cellStart = col;
            cell.setLength(0);
            if (peek() == '"') {
                take();
                quoted();
            } else {
                unquoted();
            }
            if (cellCount < keep) {
                if (cells.size() == columns.length) {
                    columns = Arrays.copyOf(columns, columns.length * 2);
                }
                columns[cells.size()] = cellStart;
                cells.add(cell.toString());
                recordChars += cell.length();
            }
            cellCount++;
            c = peek();
            if (c != ',') {
                endColumn = col;
                recordEnd = consumed + pos;
                if (c >= 0) {
                    lineBreak(take());
                }
                return true;
            }
            take();
        }
    }

    private void quoted() throws IOException {
        while (true) {
            int c = take();
            if (c < 0) {
                // at the end of the input, lines counts every line there is
                long after = lines - recordLine;
                fail(cellStart, "the quote opened at column " + cellStart + " is never closed" + (after <= 0 ? ""
                    : String.format(java.util.Locale.ROOT, ": it runs to the end of the file at line %,d, swallowing the"
                    + " %,d line%s after this one", lines, after, after == 1 ? "" : "s")));
                return;
            }
            if (c == '"') {
                if (peek() != '"') {
                    break;
                }
                take();
            } else if (c == '\r' || c == '\n') {
                append((char) c);
                if (c == '\r' && peek() == '\n') {
                    append((char) take());
                }
                line++;
                lines++;
                midLine = false;
                continue;
            }
            if (c == 0 && nulAt < 0) {
                nulAt = consumed + pos - 1;
            }
            append((char) c);
        }
        int c = peek();
        if (c >= 0 && c != ',' && c != '\r' && c != '\n') {
            fail(col, "unexpected '" + (char) c + "' after the closing quote of the cell at column " + cellStart);
            unquoted();
        }
    }

    /**
     * Reads to the next comma or line break; a quote inside an unquoted cell is kept as it is. Takes the run of the
     * cell's characters in the buffer at once, not character by character.
     */
    private void unquoted() throws IOException {
        while (pos < lim || fill()) {
            char[] b = buf;
            int start = pos;
            int end = start;
            while (end < lim) {
                char c = b[end];
                if (c == ',' || c == '\r' || c == '\n') {
                    break;
                }
                if (c == 0 && nulAt < 0) {
                    nulAt = consumed + end;
                }
                end++;
            }
            int n = end - start;
            if (n > 0) {
                appendRun(b, start, n);
                pos = end;
                col += n;
                midLine = true;
            }
            if (end < lim) {
                return;
            }
        }
    }

    /**
     * Appends {@code n} characters of a cell (none of them a line break), up to {@link #MAX_CELL_CHARS} in the cell
     * and in the record; nothing for a cell past those kept.
     */
    private void appendRun(char[] b, int off, int n) {
        if (cellCount >= keep) {
            return;
        }
        int room = (int) Math.min(MAX_CELL_CHARS - cell.length(), MAX_CELL_CHARS - recordChars - cell.length());
        if (n <= room) {
            cell.append(b, off, n);
            return;
        }
        cell.append(b, off, Math.max(room, 0));
        fail(cellStart, cell.length() >= MAX_CELL_CHARS
            ? "the cell at column " + cellStart + " is longer than " + MAX_CELL_CHARS + " characters (a quote left open?)"
            : "the record is longer than " + MAX_CELL_CHARS + " characters");
    }

    private void append(char c) {
        single[0] = c;
        appendRun(single, 0, 1);
    }

    private void fail(int column, String reason) {
        if (error == null) {
            error = reason;
            errorColumn = column;
        }
    }

    private void lineBreak(int c) throws IOException {
        if (c == '\r' && peek() == '\n') {
            take();
        }
        line++;
        lines++;
        midLine = false;
    }

    private int peek() throws IOException {
        if (pos == lim && !fill()) {
            return -1;
        }
        return buf[pos];
    }

    private int take() throws IOException {
        if (pos == lim && !fill()) {
            return -1;
        }
        char c = buf[pos++];
        col++;
        if (c != '\r' && c != '\n') {
            midLine = true;
        }
        return c;
    }

    private boolean fill() throws IOException {
        consumed += lim;
        int n = in.read(buf, 0, buf.length);
        if (n < 0) {
            if (midLine) {
                lines++;
                midLine = false;
            }
            pos = 0;
            lim = 0;
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

    /** Physical line the current record starts on. */
    long line() {
        return recordLine;
    }

    /** Physical lines consumed so far, blank ones included. */
    long lines() {
        return lines;
    }

    /** Cells of the current record, kept or not. */
    int size() {
        return cellCount;
    }

    /**
     * Keeps at most {@code n} cells of each record from now on (the rest are scanned and counted): a record with more
     * cells than its header is bad whatever they hold, and keeping millions of one-character cells costs gigabytes.
     */
    void keepCells(int n) {
        keep = n;
    }

    String cell(int i) {
        return cells.get(i);
    }

    /** 1-based column where cell {@code i} starts (its opening quote, if quoted). */
    int column(int i) {
        return columns[i];
    }

    /** 1-based column just past the record's last character. */
    int endColumn() {
        return endColumn;
    }

    /** Why the current record is malformed, or null. */
    String error() {
        return error;
    }

    int errorColumn() {
        return errorColumn;
    }

    /** Where the current record starts in the text, in characters from its start (a byte order mark counts one). */
    long recordStart() {
        return recordStart;
    }

    /** Where the current record ends (its line break excluded), in characters from the text's start. */
    long recordEnd() {
        return recordEnd;
    }

    /** Where the first NUL of the current record is, in characters from the text's start, or -1. */
    long nulAt() {
        return nulAt;
    }
}
