package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.LongSupplier;

/**
 * What the CSV and NDJSON readers share: rows of key/value cells whose field types are not declared. The first
 * {@value #LOOK_AHEAD_ROWS} rows are held back until each key's type is inferred from all of them (so a float
 * column whose first values happen to be whole numbers is not taken for an integer one); then every row is checked
 * whole before any of it is written, so a rejected row leaves no trace in the event kind.
 *
 * <p>The rows held back count against the memory budget ({@link HeldRows}, no object per cell), and the look-ahead
 * ends early, with the types inferred from fewer rows, once it holds a quarter of what the budget had left: wide
 * rows (10,000 columns) then hold a few hundred rows, not a thousand. Keys are capped by the budget too, and a row
 * whose new keys the budget cannot hold stops the reading with a {@link ReadProblem.Kind#CAPPED} problem.
 */
final class FlatRowWriter {
    static final int LOOK_AHEAD_ROWS = 1000;
    private static final int CANCEL_POLL_ROWS = 4096;
    /**
     * What a key is taken to cost, for the cap on keys: its slot and name here, and the attribute and column it
     * becomes (a new column holds its kind's rows so far, at least 64).
     */
    static final int BYTES_PER_KEY = 1024;
    private static final ValueType[] TYPES = ValueType.values();

    /** One key of the file: tag or field, and what the look-ahead made of it. */
    static final class Slot {
        final String key;
        final boolean tag;
        final int index;
        ValueType inferred;
        long firstLine;
        boolean inferredInLookAhead;
        int attribute = -1;
        boolean createdHere;
        long mark = -1;

        Slot(String key, boolean tag, int index) {
            this.key = key;
            this.tag = tag;
            this.index = index;
        }
    }

    /** A present value being checked and written: one is reused for each cell of the row at hand. */
    static final class Cell {
        Slot slot;
        String text;
        ValueType json;
        int column;
        ValueType as;
        long longValue;
        double doubleValue;

        Cell set(Slot s, String t, ValueType j, int c) {
            slot = s;
            text = t;
            json = j;
            column = c;
            return this;
        }
    }

    /** The row being read; its cells go straight into the writer's arrays. */
    final class Row {
        private long id;

        /** The row's time, as text (a number for a JSON number). */
        void time(String text, boolean isNumber, int column) {
            rows.setTime(text, isNumber, column);
        }

        /** Adds a present value (its JSON type, or null for CSV text); false when the row already has this key. */
        boolean add(Slot slot, String text, ValueType json, int column) {
            if (slot.mark == id) {
                return false;
            }
            slot.mark = id;
            if (lookingAhead) {
                if (cellsOfRow == ownTypes.length) {
                    ownTypes = Arrays.copyOf(ownTypes, cellsOfRow * 2);
                }
                ownTypes[cellsOfRow] = (byte) CellTypes.own(scratch(0).set(slot, text, json, column), typed).ordinal();
            }
            cellsOfRow++;
            rows.addCell(slot.index, text, json, column);
            return true;
        }
    }

    private final String file;
    private final SampleBuilder into;
    private final ReadMonitor monitor;
    private final LongSupplier bytesRead;
    private final EventKindBuilder kind;
    private final TimeFormat time;
    private final boolean typed;
    private final Set<String> tags;
    private final Map<String, Slot> slots = new HashMap<>();
    private final List<Slot> slotList = new ArrayList<>();
    private final long maxSlots;
    private final long lookAheadBytes;
    private final long readTimeNanos = System.currentTimeMillis() * 1_000_000;
    private final HeldRows rows = new HeldRows();
    private final Row row = new Row();
    private boolean lookingAhead = true;
    private int cellsOfRow;
    /** The inferred type of each cell of the row being read, during the look-ahead. */
    private byte[] ownTypes = new byte[64];
    private Cell[] cells = new Cell[0];
    /** Problems met during the look-ahead, each with the number of rows held before it (reading order). */
    private final List<ReadProblem> heldProblems = new ArrayList<>();
    private int[] heldProblemAt = new int[16];
    private long heldProblemsOmitted;
    private long firstHeldLine;
    private long lastHeldLine;
    private long rowIds;
    private long polls;
    private long stoppedAfter = -1;

    /**
     * @param typed true when values carry JSON types, false for CSV text
     * @param bytesRead how many bytes of the file have been read so far, passed on to the builder now and then
     */
    FlatRowWriter(String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor, boolean typed,
                  LongSupplier bytesRead) throws SampleFormatException {
        this.file = file;
        this.bytesRead = bytesRead;
        this.into = into;
        this.monitor = monitor;
        this.typed = typed;
        this.tags = new HashSet<>(binding.tagColumns());
        this.kind = into.kind(eventKindName(binding, file));
        long room = Math.max(0, into.limits().maxBytes() - into.footprintBytes());
        this.maxSlots = Math.max(1000, room / BYTES_PER_KEY);
        this.lookAheadBytes = Math.max(1 << 20, room / 4);
        try {
            this.time = TimeFormat.of(binding.timeFormat(), binding.precision());
        } catch (IllegalArgumentException e) {
            throw new SampleFormatException(file + " cannot be read as bound: " + e.getMessage());
        }
    }

    /** The binding's event kind, else the file's base name without extensions. */
    static String eventKindName(SampleBinding binding, String file) {
        if (binding.eventKind() != null && !binding.eventKind().isBlank()) {
            return binding.eventKind();
        }
        String base = file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
        int dot = base.indexOf('.', 1);
        return dot < 0 ? base : base.substring(0, dot);
    }

    /** The slot of a key, or null when the file already has more keys than the memory budget holds. */
    Slot slot(String key) {
        Slot s = slots.get(key);
        if (s == null && slotList.size() < maxSlots) {
            s = new Slot(key, tags.contains(key), slotList.size());
            slots.put(key, s);
            slotList.add(s);
        }
        return s;
    }

    /** How many keys the memory budget holds (see {@link #slot}). */
    long maxKeys() {
        return maxSlots;
    }

    /**
     * Stops the reading before the row of this line, with a CAPPED problem saying why; the rows held back before it
     * are written first (unless they fill the sample themselves).
     */
    void stopBefore(long line, String why) {
        if (finish()) {
            into.capBefore(file, line, why);
            stoppedAfter = line - 1;
        }
    }

    /** Starts the row of a line (a row started before and not taken is dropped). */
    Row newRow(long line) {
        if (!lookingAhead) {
            rows.clear();
        }
        rows.beginRow(line);
        cellsOfRow = 0;
        row.id = rowIds++;
        return row;
    }

    /** Takes the row started last; false when the sample is full and reading must stop. */
    boolean add(Row taken) {
        poll();
        int r = rows.rows();
        rows.endRow();
        if (!lookingAhead) {
            return write(r);
        }
        long line = rows.line(r);
        if (r == 0) {
            firstHeldLine = line;
        }
        lastHeldLine = line;
        for (int c = rows.firstCell(r), i = 0; c < rows.endCell(r); c++, i++) {
            Slot s = slotList.get(rows.slot(c));
            if (s.inferred == null) {
                s.firstLine = line;
            }
            s.inferred = CellTypes.combine(s.inferred, TYPES[ownTypes[i]], typed);
            s.inferredInLookAhead = true;
        }
        long held = rows.footprintBytes();
        into.holding(held);
        return rows.rows() < LOOK_AHEAD_ROWS && held < lookAheadBytes || release();
    }

    /** A line that broke the format; kept in reading order with the rows held back. */
    void bad(long line, int column, ReadProblem.Kind problemKind, String reason) {
        poll();
        ReadProblem p = new ReadProblem(file, line, column, problemKind, reason);
        if (!lookingAhead) {
            into.badLine(p);
        } else if (heldProblems.size() < into.limits().maxProblems()) {
            if (heldProblems.size() == heldProblemAt.length) {
                heldProblemAt = Arrays.copyOf(heldProblemAt, heldProblemAt.length * 2);
            }
            heldProblemAt[heldProblems.size()] = rows.rows();
            heldProblems.add(p);
        } else {
            // more than can be shown: counted, not kept
            heldProblemsOmitted++;
        }
    }

    /** Writes what is still held back; false when the sample filled up. */
    boolean finish() {
        return !lookingAhead || release();
    }

    private boolean release() {
        lookingAhead = false;
        int p = 0;
        for (int r = 0; r < rows.rows(); r++) {
            for (; p < heldProblems.size() && heldProblemAt[p] <= r; p++) {
                into.badLine(heldProblems.get(p));
            }
            if (!write(r)) {
                return false;
            }
        }
        for (; p < heldProblems.size(); p++) {
            into.badLine(heldProblems.get(p));
        }
        into.badLinesNotKept(heldProblemsOmitted);
        heldProblems.clear();
        rows.clear();
        into.holding(0);
        return true;
    }

    private void poll() {
        if (++polls % CANCEL_POLL_ROWS == 0) {
            if (monitor.cancelled()) {
                throw new CancellationException("reading " + file + " was cancelled");
            }
            into.inputRead(bytesRead.getAsLong());
        }
    }

    private Cell scratch(int i) {
        if (i >= cells.length) {
            int n = Math.max(i + 1, cells.length * 2);
            int old = cells.length;
            cells = Arrays.copyOf(cells, n);
            for (int k = old; k < n; k++) {
                cells[k] = new Cell();
            }
        }
        return cells[i];
    }

    /** Checks held row {@code r} whole and writes it; false when the sample is full and reading must stop. */
    private boolean write(int r) {
        long line = rows.line(r);
        long ts = readTimeNanos;
        String timeText = rows.time(r);
        if (timeText != null) {
            try {
                ts = rows.timeIsNumber(r) ? time.parseNumber(timeText) : time.parse(timeText);
            } catch (TimeFormat.InvalidTimeException e) {
                into.badLine(new ReadProblem(file, line, rows.timeColumn(r), ReadProblem.Kind.MALFORMED,
                    "bad time: " + e.getMessage()));
                return true;
            }
        }
        int n = rows.endCell(r) - rows.firstCell(r);
        int added = 0;
        for (int i = 0; i < n; i++) {
            int c = rows.firstCell(r) + i;
            Cell cell = scratch(i).set(slotList.get(rows.slot(c)), rows.text(c), rows.json(c), rows.column(c));
            Slot s = cell.slot;
            if (s.attribute < 0) {
                s.attribute = kind.find(s.key, s.tag);
                added += s.attribute < 0 ? 1 : 0;
            }
            ValueType type = s.tag ? ValueType.STRING
                : s.attribute >= 0 ? kind.type(s.attribute) : s.inferred != null ? s.inferred : CellTypes.own(cell, typed);
            if (!CellTypes.fits(cell, s.tag ? null : type, typed)) {
                into.badLine(new ReadProblem(file, line, cell.column, ReadProblem.Kind.TYPE_CONFLICT,
                    conflict(cell, type, line)));
                return true;
            }
        }
        if (added > 0 && !into.affords(kind.newAttributeBytes(added))) {
            stopBefore(line, "the memory budget of " + (into.limits().maxBytes() >> 20) + " MiB, which cannot hold the "
                + added + " new attribute" + (added == 1 ? "" : "s") + " of this line");
            return false;
        }
        kind.beginRow();
        for (int i = 0; i < n; i++) {
            Cell cell = cells[i];
            Slot s = cell.slot;
            if (s.attribute < 0) {
                s.attribute = kind.attribute(s.key, s.tag, cell.as, file, line);
                s.createdHere = true;
                if (s.inferred == null) {
                    s.inferred = cell.as;
                    s.firstLine = line;
                }
            }
            switch (cell.as) {
                case STRING -> kind.setString(s.attribute, cell.text);
                case INTEGER, UNSIGNED -> kind.setLong(s.attribute, cell.longValue);
                case FLOAT -> kind.setDouble(s.attribute, cell.doubleValue);
                case BOOLEAN -> kind.setBoolean(s.attribute, cell.longValue != 0);
            }
            cell.text = null;
        }
        if (timeText == null) {
            into.pointWithoutTimestamp();
        }
        kind.commit(ts);
        if (!into.rowAdded(file, line)) {
            stoppedAfter = line;
            return false;
        }
        return true;
    }

    /**
     * The lines to count as seen: up to the row where the sample filled up, if it did (the reader has read further,
     * into the look-ahead, but those lines were not used), else all the reader consumed.
     */
    long linesSeen(long consumed) {
        return stoppedAfter >= 0 ? stoppedAfter : consumed;
    }

    private String conflict(Cell c, ValueType type, long line) {
        Slot s = c.slot;
        String first = s.attribute < 0 ? "line " + s.firstLine : place(kind.firstSeen(s.attribute));
        String basis;
        if (s.attribute >= 0 && !s.createdHere) {
            basis = "first seen at " + first;
        } else if (s.inferredInLookAhead && type == s.inferred) {
            basis = "inferred from " + (firstHeldLine == lastHeldLine ? "line " + firstHeldLine
                : "lines " + firstHeldLine + "-" + lastHeldLine) + ", first at " + first;
        } else {
            basis = "first at " + first;
        }
        String value = "'" + TimeFormat.clip(c.text) + "'";
        if (typed) {
            value += " (" + (c.json == ValueType.INTEGER ? "an " : "a ") + c.json.id() + ")";
        }
        return "field '" + s.key + "' is " + type.id() + " (" + basis + ") but line " + line + " has " + value;
    }

    private String place(String firstSeen) {
        return firstSeen.startsWith(file + ":") ? "line " + firstSeen.substring(file.length() + 1) : firstSeen;
    }
}
