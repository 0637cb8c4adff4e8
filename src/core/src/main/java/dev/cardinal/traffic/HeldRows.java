package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;
import java.util.Arrays;

/**
 * Rows of key/value cells as CSV and NDJSON give them, held in a few arrays: per cell its key's slot, its column
 * and where its text starts in one character array; per row its line, where its cells start and its time. There is
 * no object per cell (only a row's time is a string of its own), so the look-ahead of type inference costs about 17 bytes per cell plus two per
 * character, and {@link #footprintBytes()} says how much, for the memory budget (an object per cell cost ten times
 * that, and 1,000 rows of 10,000 columns ran a 256 MiB heap out of memory).
 */
final class HeldRows {
    private static final ValueType[] TYPES = ValueType.values();

    private int[] cellSlot = new int[256];
    private int[] cellColumn = new int[256];
    private int[] cellStart = new int[257];
    private byte[] cellJson = new byte[256];
    private int cells;
    private char[] text = new char[2048];
    private int textUsed;

    private long[] rowLine = new long[16];
    private int[] rowFirstCell = new int[17];
    private String[] rowTime = new String[16];
    private int[] rowTimeColumn = new int[16];
    private boolean[] rowTimeIsNumber = new boolean[16];
    private int rows;
    private boolean open;
    /** About what the rows' time strings take. */
    private long timeBytes;

    /** Starts a row (an unfinished one before it is dropped). */
    void beginRow(long line) {
        if (open) {
            cells = rowFirstCell[rows];
            textUsed = cellStart[cells];
        }
        if (rows + 1 >= rowLine.length) {
            int n = rowLine.length * 2;
            rowLine = Arrays.copyOf(rowLine, n);
            rowFirstCell = Arrays.copyOf(rowFirstCell, n + 1);
            rowTime = Arrays.copyOf(rowTime, n);
            rowTimeColumn = Arrays.copyOf(rowTimeColumn, n);
            rowTimeIsNumber = Arrays.copyOf(rowTimeIsNumber, n);
        }
        rowLine[rows] = line;
        rowFirstCell[rows] = cells;
        rowTime[rows] = null;
        cellStart[cells] = textUsed;
        open = true;
    }

    /** A cell of the row begun: its key's slot, its text, its JSON type (null for CSV text) and column. */
    void addCell(int slot, String value, ValueType json, int column) {
        if (cells + 1 >= cellSlot.length) {
            int n = cellSlot.length * 2;
            cellSlot = Arrays.copyOf(cellSlot, n);
            cellColumn = Arrays.copyOf(cellColumn, n);
            cellStart = Arrays.copyOf(cellStart, n + 1);
            cellJson = Arrays.copyOf(cellJson, n);
        }
        cellSlot[cells] = slot;
        cellColumn[cells] = column;
        cellJson[cells] = (byte) (json == null ? -1 : json.ordinal());
        append(value);
        cells++;
        cellStart[cells] = textUsed;
    }

    /** The row's time, as text. */
    void setTime(String value, boolean isNumber, int column) {
        rowTime[rows] = value;
        timeBytes += 48 + 2L * value.length();
        rowTimeIsNumber[rows] = isNumber;
        rowTimeColumn[rows] = column;
    }

    /** Ends the row begun: it is held. */
    void endRow() {
        rows++;
        rowFirstCell[rows] = cells;
        open = false;
    }

    private void append(String value) {
        int n = value.length();
        if (textUsed + n > text.length) {
            text = Arrays.copyOf(text, Math.max(textUsed + n, text.length * 2));
        }
        value.getChars(0, n, text, textUsed);
        textUsed += n;
    }

    /** Drops every row. */
    void clear() {
        Arrays.fill(rowTime, 0, rows + 1, null);
        timeBytes = 0;
        rows = 0;
        cells = 0;
        textUsed = 0;
        open = false;
    }

    int rows() {
        return rows;
    }

    long line(int row) {
        return rowLine[row];
    }

    int firstCell(int row) {
        return rowFirstCell[row];
    }

    int endCell(int row) {
        return rowFirstCell[row + 1];
    }

    int slot(int cell) {
        return cellSlot[cell];
    }

    int column(int cell) {
        return cellColumn[cell];
    }

    ValueType json(int cell) {
        return cellJson[cell] < 0 ? null : TYPES[cellJson[cell]];
    }

    /** The cell's text (a new string). */
    String text(int cell) {
        int start = cellStart[cell];
        return new String(text, start, cellStart[cell + 1] - start);
    }

    /** The row's time as text, or null when it has none. */
    String time(int row) {
        return rowTime[row];
    }

    boolean timeIsNumber(int row) {
        return rowTimeIsNumber[row];
    }

    int timeColumn(int row) {
        return rowTimeColumn[row];
    }

    /** Bytes held by the arrays. */
    long footprintBytes() {
        return 17L * cellSlot.length + 2L * text.length + 29L * rowLine.length + timeBytes;
    }
}
