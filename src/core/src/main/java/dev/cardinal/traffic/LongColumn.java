package dev.cardinal.traffic;

import java.util.Arrays;

/**
 * Integer or unsigned values kept as they are (not dictionary-encoded: a measure such as a count is never hashed
 * while reading), in the narrowest of 1, 2, 4 or 8 bytes that holds every value seen so far.
 */
public final class LongColumn implements Column {
    private final boolean unsigned;
    private final Presence presence;
    private byte[] bytes;
    private short[] shorts;
    private int[] ints;
    private long[] longs;
    private int capacity;

    LongColumn(int capacity, boolean unsigned) {
        this.unsigned = unsigned;
        this.capacity = capacity;
        this.bytes = new byte[capacity];
        this.presence = new Presence(capacity);
    }

    private int capacity() {
        return capacity;
    }

    public boolean unsigned() {
        return unsigned;
    }

    /** The raw value; for an unsigned column read it with {@link Long#toUnsignedString(long)}. */
    public long get(int row) {
        if (longs != null) {
            return longs[row];
        }
        if (ints != null) {
            return ints[row];
        }
        if (shorts != null) {
            return shorts[row];
        }
        return bytes[row];
    }

    void set(int row, long v) {
        distinct.forget();
        presence.set(row);
        if (longs != null) {
            longs[row] = v;
            return;
        }
        if (unsigned && v < 0 || v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            widen(8);
            longs[row] = v;
        } else if (ints != null || v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            widen(4);
            ints[row] = (int) v;
        } else if (shorts != null || v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
            widen(2);
            shorts[row] = (short) v;
        } else {
            bytes[row] = (byte) v;
        }
    }

    private void widen(int width) {
        if (width == 8 && longs == null) {
            long[] n = new long[capacity];
            for (int i = 0; i < capacity; i++) {
                n[i] = get(i);
            }
            longs = n;
            bytes = null;
            shorts = null;
            ints = null;
        } else if (width == 4 && ints == null && longs == null) {
            int[] n = new int[capacity];
            for (int i = 0; i < capacity; i++) {
                n[i] = (int) get(i);
            }
            ints = n;
            bytes = null;
            shorts = null;
        } else if (width == 2 && shorts == null && ints == null && longs == null) {
            short[] n = new short[capacity];
            for (int i = 0; i < capacity; i++) {
                n[i] = bytes[i];
            }
            shorts = n;
            bytes = null;
        }
    }

    @Override
    public boolean present(int row) {
        return presence.get(row);
    }

    @Override
    public String text(int row) {
        if (!present(row)) {
            return null;
        }
        return unsigned ? Long.toUnsignedString(get(row)) : Long.toString(get(row));
    }

    private final DistinctCount distinct = new DistinctCount();

    @Override
    public long distinct() {
        return distinct.get(this::countDistinct);
    }

    private long countDistinct() {
        int rows = capacity();
        it.unimi.dsi.fastutil.longs.LongOpenHashSet seen = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
        for (int i = 0; i < rows; i++) {
            if (presence.get(i)) {
                seen.add(get(i));
            }
        }
        return seen.size();
    }

    @Override
    public int bytesPerRow() {
        return longs != null ? 8 : ints != null ? 4 : shorts != null ? 2 : 1;
    }

    @Override
    public long footprintBytes() {
        return (long) capacity * bytesPerRow() + presence.footprintBytes();
    }

    @Override
    public void ensureCapacity(int rows) {
        if (rows > capacity) {
            resize(rows);
        }
        presence.ensureCapacity(rows);
    }

    @Override
    public void trim(int rows) {
        resize(rows);
        presence.trim(rows);
    }

    private void resize(int rows) {
        capacity = rows;
        if (longs != null) {
            longs = Arrays.copyOf(longs, rows);
        } else if (ints != null) {
            ints = Arrays.copyOf(ints, rows);
        } else if (shorts != null) {
            shorts = Arrays.copyOf(shorts, rows);
        } else {
            bytes = Arrays.copyOf(bytes, rows);
        }
    }
}
