package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;
import java.util.Arrays;

/**
 * The keys of the last lines of each of the last few measurements, as raw bytes, with what they resolved to. Traffic
 * repeats a measurement's keys in the same order line after line, and interleaves a handful of measurements (cpu,
 * mem, disk...), so most lookups become one short byte comparison instead of an unescape and a hash.
 */
final class KeyCache {
    /** Measurements remembered at once; beyond that the oldest remembered is forgotten. */
    private static final int KINDS = 8;

    private final Entry[] entries = new Entry[KINDS];
    private int count;
    private int oldest;
    /** The entry of the measurement last looked up or remembered; null after a lookup that missed. */
    private Entry current;

    /** One measurement's raw name, its event kind, the keys of its last line written and that line's shape. */
    private static final class Entry {
        private byte[] measurement = new byte[ByteDictionary.WORD_SLACK];
        private int measurementLength = -1;
        private EventKindBuilder kind;
        private final Slots tags = new Slots();
        private final Slots fields = new Slots();
        private int shapeTags = -1;
        private int shapeFields = -1;
        private ValueType[] shapeTypes = new ValueType[16];

        boolean named(byte[] b, int from, int to) {
            return measurementLength == to - from && ByteWords.same(measurement, 0, b, from, to - from);
        }
    }

    /**
     * The event kind of this raw measurement name when it is remembered, else null; the keys asked for next are
     * that measurement's.
     */
    EventKindBuilder kind(byte[] b, int from, int to) {
        Entry c = current;
        if (c != null && c.named(b, from, to)) {
            return c.kind;
        }
        for (int i = 0; i < count; i++) {
            Entry e = entries[i];
            if (e != c && e.named(b, from, to)) {
                current = e;
                return e.kind;
            }
        }
        current = null;
        return null;
    }

    /** Remembers a measurement's raw name and event kind (forgetting the oldest remembered when full). */
    void rememberKind(byte[] b, int from, int to, EventKindBuilder k) {
        Entry e;
        if (count < KINDS) {
            e = new Entry();
            entries[count++] = e;
        } else {
            e = entries[oldest];
            oldest = (oldest + 1) % KINDS;
            e.tags.clear();
            e.fields.clear();
            e.shapeTags = -1;
            e.shapeFields = -1;
        }
        e.measurement = padded(b, from, to);
        e.measurementLength = to - from;
        e.kind = k;
        current = e;
    }

    /**
     * Records that the line just written had {@code tagCount} tags and {@code fieldCount} fields of these types, its
     * keys all in the slots, and passed every check of a whole line: a line of the same measurement with the same keys
     * can only differ from it in its values.
     */
    void rememberShape(int tagCount, int fieldCount, ValueType[] types) {
        Entry e = current;
        if (fieldCount > e.shapeTypes.length) {
            e.shapeTypes = new ValueType[Math.max(fieldCount, e.shapeTypes.length * 2)];
        }
        System.arraycopy(types, 0, e.shapeTypes, 0, fieldCount);
        e.shapeTags = tagCount;
        e.shapeFields = fieldCount;
    }

    /**
     * Forgets the shape of the measurement's last line: the line just written changed some of the keys in the slots
     * but is not one a later line may be written like (it had a field named time), so no line is until the next
     * whole check.
     */
    void forgetShape() {
        current.shapeTags = -1;
        current.shapeFields = -1;
    }

    /**
     * True when the last line written of the measurement just looked up had this many tags and fields (see
     * {@link #rememberShape}).
     */
    boolean sameShape(int tagCount, int fieldCount) {
        Entry e = current;
        return e != null && e.shapeTags == tagCount && e.shapeFields == fieldCount;
    }

    /** The type field number {@code i} had in that line. */
    ValueType shapeType(int i) {
        return current.shapeTypes[i];
    }

    /** The attribute of tag number {@code i} when its raw key equals that of the measurement's last line, else -1. */
    int tag(int i, byte[] b, int from, int to) {
        return current.tags.get(i, b, from, to);
    }

    int field(int i, byte[] b, int from, int to) {
        return current.fields.get(i, b, from, to);
    }

    void rememberTag(int i, byte[] b, int from, int to, int attribute) {
        current.tags.put(i, b, from, to, attribute);
    }

    void rememberField(int i, byte[] b, int from, int to, int attribute) {
        current.fields.put(i, b, from, to, attribute);
    }

    /** A copy of a key with the spare bytes that let it compare as one word. */
    private static byte[] padded(byte[] b, int from, int to) {
        return Arrays.copyOfRange(b, from, to + ByteDictionary.WORD_SLACK);
    }

    private static final class Slots {
        private byte[][] keys = new byte[16][];
        private int[] lengths = new int[16];
        private int[] attrs = new int[16];

        int get(int i, byte[] b, int from, int to) {
            if (i >= keys.length || keys[i] == null) {
                return -1;
            }
            int n = lengths[i];
            return n == to - from && ByteWords.same(keys[i], 0, b, from, n) ? attrs[i] : -1;
        }

        void put(int i, byte[] b, int from, int to, int attribute) {
            if (i >= keys.length) {
                keys = Arrays.copyOf(keys, Math.max(i + 1, keys.length * 2));
                lengths = Arrays.copyOf(lengths, keys.length);
                attrs = Arrays.copyOf(attrs, keys.length);
            }
            byte[] k = keys[i];
            if (k == null || attrs[i] != attribute || !Arrays.equals(k, 0, lengths[i], b, from, to)) {
                keys[i] = padded(b, from, to);
                lengths[i] = to - from;
                attrs[i] = attribute;
            }
        }

        void clear() {
            Arrays.fill(keys, null);
        }
    }
}
