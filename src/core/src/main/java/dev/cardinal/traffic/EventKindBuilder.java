package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Accumulates the rows of one event kind. A reader checks a whole line first ({@link #find}, {@link #type}) and
 * only then writes it ({@link #attribute}, the setters, {@link #commit}), so a rejected line leaves no trace.
 */
public final class EventKindBuilder {
    private static final byte[] TRUE = "true".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "false".getBytes(StandardCharsets.US_ASCII);

    private final String name;
    private final ByteDictionary tagKeys = new ByteDictionary();
    private final ByteDictionary fieldKeys = new ByteDictionary();
    /** attribute index by key id; index 0 unused. */
    private int[] tagAttr = new int[16];
    private int[] fieldAttr = new int[16];
    private final List<SampleAttribute> attributes = new ArrayList<>();
    /** The line of its file each attribute was first seen on, by attribute index (as its reader counted it). */
    private long[] firstSeenLines = new long[16];
    private final Set<String> names = new HashSet<>();
    /** The place of the last attribute made: file, line and the two as text. */
    private String seenFile = "";
    private long seenLine = -1;
    private String seenAt;
    private final List<Column> columns = new ArrayList<>();
    private long[] timestamps;
    private int capacity;
    private int rows;

    /** Rows a kind may always grow by, whatever the memory budget has left, unless they take more than ... */
    private static final long MIN_AFFORDABLE = 1024;
    /** ... these bytes (a kind of 10,000 columns grows by a few rows at a time near the budget, not by 1,024). */
    private static final long MIN_AFFORDABLE_BYTES = 1 << 16;
    /**
     * What an attribute holds besides its column's rows, for the budget: its description and name, the column and
     * its first arrays (a dictionary's table and arena).
     */
    private static final long ATTRIBUTE_BYTES = 640;
    /** The most a kind's columns grow by at once, as a multiple of the rows they hold (at least 1.5). */
    static final long GROWTH_BOUND = 4;
    /** The sample this kind is part of: its memory budget, and the rows the file at hand is expected to give. */
    private final SampleBuilder owner;

    EventKindBuilder(String name, SampleBuilder owner) {
        this.name = name;
        this.owner = owner;
        // small: a sample may hold thousands of event kinds (data encoded in measurement names), most of them few rows
        this.capacity = 64;
        this.timestamps = new long[capacity];
    }

    public String name() {
        return name;
    }

    public int rows() {
        return rows;
    }

    /** The attribute index for a key, or -1 when the key has not been seen (as a tag or as a field, per {@code tag}). */
    public int find(byte[] key, int off, int len, boolean tag) {
        int id = (tag ? tagKeys : fieldKeys).find(key, off, len);
        return id == 0 ? -1 : (tag ? tagAttr : fieldAttr)[id];
    }

    public int find(String key, boolean tag) {
        byte[] b = key.getBytes(StandardCharsets.UTF_8);
        return find(b, 0, b.length, tag);
    }

    public ValueType type(int attribute) {
        return attributes.get(attribute).type();
    }

    public String firstSeen(int attribute) {
        return attributes.get(attribute).firstSeen();
    }

    /**
     * The line {@link #firstSeen} names, as the reader that made the attribute counted it: a chunk read in parallel
     * counts from the chunk's start ({@link LineProtocolReader#readChunk}).
     */
    long firstSeenLine(int attribute) {
        return firstSeenLines[attribute];
    }

    /** The attribute index for a key, creating the attribute (and its column) on first sight. */
    public int attribute(byte[] key, int off, int len, boolean tag, ValueType type, String file, long line) {
        int known = find(key, off, len, tag);
        if (known >= 0) {
            return known;
        }
        if (line != seenLine || !file.equals(seenFile)) {
            // a line of 80,000 new keys gives them all one place
            seenFile = file;
            seenLine = line;
            seenAt = file + ":" + line;
        }
        return attributeSeenAt(key, off, len, tag, type, seenAt, line);
    }

    /**
     * The attribute index for a key, creating it as first seen at {@code firstSeen} ({@code file:line}, the line
     * being {@code line}) when new.
     */
    int attributeSeenAt(byte[] key, int off, int len, boolean tag, ValueType type, String firstSeen, long line) {
        ByteDictionary keys = tag ? tagKeys : fieldKeys;
        int known = keys.size();
        int id = keys.getOrAdd(key, off, len);
        int[] map = tag ? tagAttr : fieldAttr;
        if (id <= known) {
            return map[id];
        }
        if (id >= map.length) {
            map = Arrays.copyOf(map, map.length * 2);
            if (tag) {
                tagAttr = map;
            } else {
                fieldAttr = map;
            }
        }
        String keyText = new String(key, off, len, StandardCharsets.UTF_8);
        // a tag and a field with one key, or keys whose bytes are not UTF-8 and read alike, get names of their own
        String attrName = names.add(keyText) ? keyText : uniqueName(keyText);
        int index = attributes.size();
        if (index == firstSeenLines.length) {
            firstSeenLines = Arrays.copyOf(firstSeenLines, index * 2);
        }
        firstSeenLines[index] = line;
        attributes.add(new SampleAttribute(attrName, keyText, tag ? ValueType.STRING : type, tag, firstSeen));
        columns.add(newColumn(tag ? ValueType.STRING : type));
        owner.grew(newAttributeBytes(1));
        map[id] = index;
        return index;
    }

    public int attribute(String key, boolean tag, ValueType type, String file, long line) {
        byte[] b = key.getBytes(StandardCharsets.UTF_8);
        return attribute(b, 0, b.length, tag, type, file, line);
    }

    /** The first of {@code key_1}, {@code key_2}... that no attribute has, now taken. */
    private String uniqueName(String key) {
        for (int n = 1; ; n++) {
            String candidate = key + "_" + n;
            if (names.add(candidate)) {
                return candidate;
            }
        }
    }

    /**
     * About what {@code n} new attributes would take now (their columns hold as many rows as the kind's others,
     * at up to 9 bytes a row), for a reader to ask the budget before a line that brings many.
     */
    long newAttributeBytes(int n) {
        return attributeBytes(n, capacity);
    }

    /** What {@code n} new attributes would take in a kind with room for {@code capacity} rows. */
    static long attributeBytes(long n, long capacity) {
        return n * (ATTRIBUTE_BYTES + 9L * capacity);
    }

    private Column newColumn(ValueType type) {
        return switch (type) {
            case STRING, BOOLEAN -> new DictionaryColumn(capacity);
            case INTEGER -> new LongColumn(capacity, false);
            case UNSIGNED -> new LongColumn(capacity, true);
            case FLOAT -> new DoubleColumn(capacity);
        };
    }

    /**
     * Makes room for one more row; call before the setters of a row. The columns grow by half, or straight to the
     * rows this kind is expected to reach (plus 1/64) when that is more; either way within what the memory budget
     * has left (but at least 1,024 rows), so that they never jump far past the budget.
     */
    public void beginRow() {
        if (rows == capacity) {
            long grown = capacity + (capacity >> 1) + 16L;
            long expected = owner.expectedRowsOf(rows);
            long bytesPerRow = 8;
            for (Column c : columns) {
                bytesPerRow += c.bytesPerRow();
            }
            long minimum = Math.max(1, Math.min(MIN_AFFORDABLE, MIN_AFFORDABLE_BYTES / bytesPerRow));
            if (grown > capacity + minimum || expected > grown) {
                long affordable = Math.max(minimum, owner.remaining() / bytesPerRow);
                grown = Math.min(grown, capacity + affordable);
                if (expected > grown) {
                    // an estimate may be wrong: it takes at most half of what the budget has left, and at most
                    // GROWTH_BOUND times the rows held, which bounds what a kind ever holds by its rows (what lets
                    // ParallelLineProtocol tell that this reader would not have reached the budget)
                    grown = Math.max(grown, Math.min(Math.min(expected + (expected >> 6), capacity + affordable / 2),
                        GROWTH_BOUND * capacity));
                }
            }
            int next = (int) Math.min(Integer.MAX_VALUE - 8L, grown);
            timestamps = Arrays.copyOf(timestamps, next);
            for (Column c : columns) {
                c.ensureCapacity(next);
            }
            owner.grew((next - capacity) * bytesPerRow);
            capacity = next;
        }
    }

    public void setString(int attribute, byte[] buf, int off, int len) {
        DictionaryColumn c = (DictionaryColumn) columns.get(attribute);
        PartitionedProbes probes = owner.probes();
        if (probes != null && probes.takes(c.dictionary())) {
            probes.add(c, rows, buf, off, len);
        } else if (c.set(rows, buf, off, len)) {
            owner.grew(len + 16L);
        }
    }

    public void setString(int attribute, String value) {
        byte[] b = value.getBytes(StandardCharsets.UTF_8);
        setString(attribute, b, 0, b.length);
    }

    public void setLong(int attribute, long value) {
        ((LongColumn) columns.get(attribute)).set(rows, value);
    }

    public void setDouble(int attribute, double value) {
        ((DoubleColumn) columns.get(attribute)).set(rows, value);
    }

    public void setBoolean(int attribute, boolean value) {
        byte[] b = value ? TRUE : FALSE;
        setString(attribute, b, 0, b.length);
    }

    /** Ends the row begun with {@link #beginRow()}. */
    public void commit(long timestampNanos) {
        timestamps[rows] = timestampNanos;
        rows++;
    }

    /**
     * The most rows this kind's columns ever had room for while {@code rows} were written one by one through
     * {@link #beginRow}: it grows from 64 by at most {@link #GROWTH_BOUND} times the rows held, or by half and 16.
     */
    static long mostCapacityFor(long rows) {
        return Math.max(64, GROWTH_BOUND * rows + 16);
    }

    /** What {@link #footprintBytes} would say with room for {@code capacity} rows in every column. */
    long footprintAt(long capacity) {
        long b = 8L * capacity + ATTRIBUTE_BYTES * columns.size();
        for (Column c : columns) {
            b += c.bytesPerRow() * capacity + (c instanceof DictionaryColumn d
                ? d.dictionary().footprintBytes() : 8L * ((capacity + 63) >>> 6));
        }
        return b + tagKeys.footprintBytes() + fieldKeys.footprintBytes();
    }

    int attributeCount() {
        return attributes.size();
    }

    SampleAttribute attributeAt(int index) {
        return attributes.get(index);
    }

    Column column(int index) {
        return columns.get(index);
    }

    /** The raw key each attribute arrived under, by attribute index (keys that are not UTF-8 kept as they are). */
    byte[][] rawKeys() {
        byte[][] keys = new byte[attributes.size()][];
        for (int id = 1; id <= tagKeys.size(); id++) {
            keys[tagAttr[id]] = tagKeys.bytes(id);
        }
        for (int id = 1; id <= fieldKeys.size(); id++) {
            keys[fieldAttr[id]] = fieldKeys.bytes(id);
        }
        return keys;
    }

    /**
     * Appends the rows of {@code chunk} (the same event kind read from a later part of the file) after this kind's,
     * in their order; {@code attributeOf[a]} is this kind's attribute for the chunk's attribute {@code a}.
     */
    void append(EventKindBuilder chunk, int[] attributeOf) {
        int base = rows;
        int more = chunk.rows;
        long needed = (long) base + more;
        if (needed > capacity) {
            int next = (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(needed, capacity + (long) (capacity >> 1)));
            timestamps = Arrays.copyOf(timestamps, next);
            for (Column c : columns) {
                c.ensureCapacity(next);
            }
            capacity = next;
        }
        System.arraycopy(chunk.timestamps, 0, timestamps, base, more);
        for (int a = 0; a < attributeOf.length; a++) {
            ColumnAppend.append(columns.get(attributeOf[a]), chunk.columns.get(a), base, more);
        }
        rows += more;
    }

    long footprintBytes() {
        long b = 8L * capacity + ATTRIBUTE_BYTES * columns.size();
        for (Column c : columns) {
            b += c.footprintBytes();
        }
        return b + tagKeys.footprintBytes() + fieldKeys.footprintBytes();
    }

    EventKindSample build(boolean prometheusMetric) {
        long[] ts = Arrays.copyOf(timestamps, rows);
        for (Column c : columns) {
            c.trim(rows);
        }
        return new EventKindSample(name, rows, ts, attributes, columns, prometheusMetric);
    }
}
