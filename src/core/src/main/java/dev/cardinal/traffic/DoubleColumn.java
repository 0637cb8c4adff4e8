package dev.cardinal.traffic;

import java.util.Arrays;

/** Float values kept as they are (not dictionary-encoded). */
public final class DoubleColumn implements Column {
    private final Presence presence;
    private double[] values;

    DoubleColumn(int capacity) {
        values = new double[capacity];
        presence = new Presence(capacity);
    }

    private int capacity() {
        return values.length;
    }

    public double get(int row) {
        return values[row];
    }

    void set(int row, double v) {
        distinct.forget();
        presence.set(row);
        values[row] = v;
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
        double v = values[row];
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
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
                seen.add(Double.doubleToLongBits(values[i]));
            }
        }
        return seen.size();
    }

    @Override
    public int bytesPerRow() {
        return 8;
    }

    @Override
    public long footprintBytes() {
        return 8L * values.length + presence.footprintBytes();
    }

    @Override
    public void ensureCapacity(int rows) {
        if (rows > values.length) {
            values = Arrays.copyOf(values, rows);
        }
        presence.ensureCapacity(rows);
    }

    @Override
    public void trim(int rows) {
        values = Arrays.copyOf(values, rows);
        presence.trim(rows);
    }
}
