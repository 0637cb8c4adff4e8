package dev.cardinal.traffic;

import java.util.Arrays;

/**
 * Dictionary ids of one attribute, one per row, stored in the narrowest width that holds the largest id: one
 * byte while the dictionary has at most 255 values, two bytes up to 65,535, four beyond. Id 0 means the row
 * does not carry the attribute.
 */
public final class IdColumn {
    private byte[] bytes;
    private short[] shorts;
    private int[] ints;
    private int capacity;

    IdColumn(int capacity) {
        this.capacity = capacity;
        this.bytes = new byte[capacity];
    }

    /** A new column of {@code rows} ids, {@code idOfRow} giving each (0 to 2^31 - 1), as narrow as they allow. */
    public static IdColumn of(int rows, java.util.function.IntUnaryOperator idOfRow) {
        IdColumn c = new IdColumn(rows);
        for (int r = 0; r < rows; r++) {
            c.set(r, idOfRow.applyAsInt(r));
        }
        return c;
    }

    /** Bytes per row: 1, 2 or 4. */
    public int width() {
        return ints != null ? 4 : shorts != null ? 2 : 1;
    }

    public int get(int row) {
        if (ints != null) {
            return ints[row];
        }
        if (shorts != null) {
            return shorts[row] & 0xFFFF;
        }
        return bytes[row] & 0xFF;
    }

    /** Copies rows {@code [0, rows)} into {@code out} as ints. */
    public void copyTo(int[] out, int rows) {
        if (ints != null) {
            System.arraycopy(ints, 0, out, 0, rows);
        } else if (shorts != null) {
            for (int i = 0; i < rows; i++) {
                out[i] = shorts[i] & 0xFFFF;
            }
        } else {
            for (int i = 0; i < rows; i++) {
                out[i] = bytes[i] & 0xFF;
            }
        }
    }

    void set(int row, int id) {
        if (ints != null) {
            ints[row] = id;
        } else if (shorts != null) {
            if (id > 0xFFFF) {
                widenToInts();
                ints[row] = id;
            } else {
                shorts[row] = (short) id;
            }
        } else if (id > 0xFF) {
            if (id > 0xFFFF) {
                widenToInts();
                ints[row] = id;
            } else {
                widenToShorts();
                shorts[row] = (short) id;
            }
        } else {
            bytes[row] = (byte) id;
        }
    }

    void ensureCapacity(int rows) {
        if (rows <= capacity) {
            return;
        }
        capacity = rows;
        if (ints != null) {
            ints = Arrays.copyOf(ints, rows);
        } else if (shorts != null) {
            shorts = Arrays.copyOf(shorts, rows);
        } else {
            bytes = Arrays.copyOf(bytes, rows);
        }
    }

    void trim(int rows) {
        capacity = rows;
        if (ints != null) {
            ints = Arrays.copyOf(ints, rows);
        } else if (shorts != null) {
            shorts = Arrays.copyOf(shorts, rows);
        } else {
            bytes = Arrays.copyOf(bytes, rows);
        }
    }

    long footprintBytes() {
        return (long) capacity * width();
    }

    private void widenToShorts() {
        shorts = new short[capacity];
        for (int i = 0; i < capacity; i++) {
            shorts[i] = (short) (bytes[i] & 0xFF);
        }
        bytes = null;
    }

    private void widenToInts() {
        ints = new int[capacity];
        if (shorts != null) {
            for (int i = 0; i < capacity; i++) {
                ints[i] = shorts[i] & 0xFFFF;
            }
            shorts = null;
        } else {
            for (int i = 0; i < capacity; i++) {
                ints[i] = bytes[i] & 0xFF;
            }
            bytes = null;
        }
    }
}
