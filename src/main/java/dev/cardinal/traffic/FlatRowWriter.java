package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.ValueType;
import java.util.ArrayList;
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
 */
final class FlatRowWriter {
    static final int LOOK_AHEAD_ROWS = 1000;
    private static final int CANCEL_POLL_ROWS = 4096;

    /** One key of the file: tag or field, and what the look-ahead made of it. */
    static final class Slot {
        final String key;
        final boolean tag;
        ValueType inferred;
        long firstLine;
        boolean inferredInLookAhead;
        int attribute = -1;
        boolean createdHere;
        long mark = -1;

        Slot(String key, boolean tag) {
            this.key = key;
            this.tag = tag;
        }
    }

    /** A present value: its text, its JSON type (null for untyped CSV text) and, once checked, the parsed value. */
    static final class Cell {
        final Slot slot;
        final String text;
        final ValueType json;
        final int column;
        ValueType as;
        long longValue;
        double doubleValue;

        Cell(Slot slot, String text, ValueType json, int column) {
            this.slot = slot;
            this.text = text;
            this.json = json;
            this.column = column;
        }
    }

    static final class Row {
        final long line;
        final long id;
        final List<Cell> cells = new ArrayList<>();
        String time;
        boolean timeIsNumber;
        int timeColumn;

        Row(long line, long id) {
            this.line = line;
            this.id = id;
        }

        /** False when the row already has a value for this key. */
        boolean add(Slot slot, String text, ValueType json, int column) {
            if (slot.mark == id) {
                return false;
            }
            slot.mark = id;
            cells.add(new Cell(slot, text, json, column));
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
    private final long readTimeNanos = System.currentTimeMillis() * 1_000_000;
    private List<Object> held = new ArrayList<>();
    private int heldRows;
    private long firstHeldLine;
    private long lastHeldLine;
    private long rowIds;
    private long polls;
    private long stoppedAfter;

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

    Slot slot(String key) {
        return slots.computeIfAbsent(key, k -> new Slot(k, tags.contains(k)));
    }

    Row newRow(long line) {
        return new Row(line, rowIds++);
    }

    /** Takes a row; false when the sample is full and reading must stop. */
    boolean add(Row row) {
        poll();
        if (held == null) {
            return write(row);
        }
        held.add(row);
        if (heldRows++ == 0) {
            firstHeldLine = row.line;
        }
        lastHeldLine = row.line;
        for (Cell c : row.cells) {
            Slot s = c.slot;
            ValueType t = CellTypes.own(c, typed);
            if (s.inferred == null) {
                s.firstLine = row.line;
            }
            s.inferred = CellTypes.combine(s.inferred, t, typed);
            s.inferredInLookAhead = true;
        }
        return heldRows < LOOK_AHEAD_ROWS || release();
    }

    /** A line that broke the format; kept in reading order with the rows held back. */
    void bad(long line, int column, ReadProblem.Kind problemKind, String reason) {
        poll();
        ReadProblem p = new ReadProblem(file, line, column, problemKind, reason);
        if (held == null) {
            into.badLine(p);
        } else {
            held.add(p);
        }
    }

    /** Writes what is still held back; false when the sample filled up. */
    boolean finish() {
        return held == null || release();
    }

    private boolean release() {
        List<Object> rows = held;
        held = null;
        for (Object o : rows) {
            if (o instanceof ReadProblem p) {
                into.badLine(p);
            } else if (!write((Row) o)) {
                return false;
            }
        }
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

    private boolean write(Row row) {
        long ts = readTimeNanos;
        if (row.time != null) {
            try {
                ts = row.timeIsNumber ? time.parseNumber(row.time) : time.parse(row.time);
            } catch (TimeFormat.InvalidTimeException e) {
                into.badLine(new ReadProblem(file, row.line, row.timeColumn, ReadProblem.Kind.MALFORMED,
                    "bad time: " + e.getMessage()));
                return true;
            }
        }
        for (Cell c : row.cells) {
            Slot s = c.slot;
            if (s.attribute < 0) {
                s.attribute = kind.find(s.key, s.tag);
            }
            ValueType type = s.tag ? ValueType.STRING
                : s.attribute >= 0 ? kind.type(s.attribute) : s.inferred != null ? s.inferred : CellTypes.own(c, typed);
            if (!CellTypes.fits(c, s.tag ? null : type, typed)) {
                into.badLine(new ReadProblem(file, row.line, c.column, ReadProblem.Kind.TYPE_CONFLICT,
                    conflict(c, type, row.line)));
                return true;
            }
        }
        kind.beginRow();
        for (Cell c : row.cells) {
            Slot s = c.slot;
            if (s.attribute < 0) {
                s.attribute = kind.attribute(s.key, s.tag, c.as, file, row.line);
                s.createdHere = true;
                if (s.inferred == null) {
                    s.inferred = c.as;
                    s.firstLine = row.line;
                }
            }
            switch (c.as) {
                case STRING -> kind.setString(s.attribute, c.text);
                case INTEGER, UNSIGNED -> kind.setLong(s.attribute, c.longValue);
                case FLOAT -> kind.setDouble(s.attribute, c.doubleValue);
                case BOOLEAN -> kind.setBoolean(s.attribute, c.longValue != 0);
            }
        }
        if (row.time == null) {
            into.pointWithoutTimestamp();
        }
        kind.commit(ts);
        if (!into.rowAdded(file, row.line)) {
            stoppedAfter = row.line;
            return false;
        }
        return true;
    }

    /**
     * The lines to count as seen: up to the row where the sample filled up, if it did (the reader has read further,
     * into the look-ahead, but those lines were not used), else all the reader consumed.
     */
    long linesSeen(long consumed) {
        return stoppedAfter > 0 ? stoppedAfter : consumed;
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
