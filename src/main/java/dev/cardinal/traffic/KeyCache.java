package dev.cardinal.traffic;

import dev.cardinal.model.ValueType;
import java.util.Arrays;

/**
 * The measurement and keys of the previous line, as raw bytes, with what they resolved to. Traffic repeats the same
 * measurement and keys in the same order line after line, so most lookups become one short byte comparison
 * instead of an unescape and a hash.
 */
final class KeyCache {
    /** Cached keys are kept with this many spare bytes, so that a short key compares as one word. */
    private static final int SLACK = 8;
    private byte[] measurement = new byte[SLACK];
    private int measurementLength = -1;
    private EventKindBuilder kind;
    private final Slots tags = new Slots();
    private final Slots fields = new Slots();
    private int shapeTags = -1;
    private int shapeFields = -1;
    private ValueType[] shapeTypes = new ValueType[16];

    /** The event kind of this raw measurement name when it equals the previous line's, else null. */
    EventKindBuilder kind(byte[] b, int from, int to) {
        return kind != null && measurementLength == to - from
            && ByteDictionary.sameBytes(measurement, 0, b, from, to - from) ? kind : null;
    }

    void rememberKind(byte[] b, int from, int to, EventKindBuilder k) {
        measurement = padded(b, from, to);
        measurementLength = to - from;
        kind = k;
        tags.clear();
        fields.clear();
        shapeTags = -1;
    }

    /**
     * Records that the line just written had {@code tagCount} tags and {@code fieldCount} fields of these types, its
     * keys all in the slots, and passed every check of a whole line: a line with the same keys can only differ from
     * it in its values.
     */
    void rememberShape(int tagCount, int fieldCount, ValueType[] types) {
        if (fieldCount > shapeTypes.length) {
            shapeTypes = new ValueType[Math.max(fieldCount, shapeTypes.length * 2)];
        }
        System.arraycopy(types, 0, shapeTypes, 0, fieldCount);
        shapeTags = tagCount;
        shapeFields = fieldCount;
    }

    /** True when the last line written had this many tags and fields (see {@link #rememberShape}). */
    boolean sameShape(int tagCount, int fieldCount) {
        return shapeTags == tagCount && shapeFields == fieldCount;
    }

    /** The type field number {@code i} had in the last line written. */
    ValueType shapeType(int i) {
        return shapeTypes[i];
    }

    /** The attribute of tag number {@code i} when its raw key equals the previous line's, else -1. */
    int tag(int i, byte[] b, int from, int to) {
        return tags.get(i, b, from, to);
    }

    int field(int i, byte[] b, int from, int to) {
        return fields.get(i, b, from, to);
    }

    void rememberTag(int i, byte[] b, int from, int to, int attribute) {
        tags.put(i, b, from, to, attribute);
    }

    void rememberField(int i, byte[] b, int from, int to, int attribute) {
        fields.put(i, b, from, to, attribute);
    }

    private static byte[] padded(byte[] b, int from, int to) {
        return Arrays.copyOfRange(b, from, to + SLACK);
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
            return n == to - from && ByteDictionary.sameBytes(keys[i], 0, b, from, n) ? attrs[i] : -1;
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
