package dev.cardinal.traffic;

import java.util.Arrays;

/**
 * The measurement and keys of the previous line, as raw bytes, with what they resolved to. Traffic repeats the same
 * measurement and keys in the same order line after line, so most lookups become one short byte comparison
 * instead of an unescape and a hash.
 */
final class KeyCache {
    private byte[] measurement = new byte[0];
    private EventKindBuilder kind;
    private final Slots tags = new Slots();
    private final Slots fields = new Slots();

    /** The event kind of this raw measurement name when it equals the previous line's, else null. */
    EventKindBuilder kind(byte[] b, int from, int to) {
        return kind != null && measurement.length == to - from
            && ByteDictionary.sameBytes(measurement, 0, b, from, to - from) ? kind : null;
    }

    void rememberKind(byte[] b, int from, int to, EventKindBuilder k) {
        measurement = Arrays.copyOfRange(b, from, to);
        kind = k;
        tags.clear();
        fields.clear();
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

    private static final class Slots {
        private byte[][] keys = new byte[16][];
        private int[] attrs = new int[16];

        int get(int i, byte[] b, int from, int to) {
            if (i >= keys.length || keys[i] == null) {
                return -1;
            }
            byte[] k = keys[i];
            return k.length == to - from && ByteDictionary.sameBytes(k, 0, b, from, k.length) ? attrs[i] : -1;
        }

        void put(int i, byte[] b, int from, int to, int attribute) {
            if (i >= keys.length) {
                keys = Arrays.copyOf(keys, Math.max(i + 1, keys.length * 2));
                attrs = Arrays.copyOf(attrs, keys.length);
            }
            byte[] k = keys[i];
            if (k == null || attrs[i] != attribute || !Arrays.equals(k, 0, k.length, b, from, to)) {
                keys[i] = Arrays.copyOfRange(b, from, to);
                attrs[i] = attribute;
            }
        }

        void clear() {
            Arrays.fill(keys, null);
        }
    }
}
