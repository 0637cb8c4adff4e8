package dev.cardinal.spark;

import dev.cardinal.projection.SummaryRows;
import dev.cardinal.traffic.SampleAttribute;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.datasketches.hll.Coupons;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The keys of one chunk's rows of one event kind as Spark's own rows, for Spark's hash aggregation: a slot number
 * ({@link Slots}), an {@code extra} number (a shard group, a day bucket), the 128-bit hash of the value (its first
 * half groups, the second checks that two values grouped together are one, {@link DistinctKeys}), and what is kept of
 * the key: the checkpoint interval it is seen in, its last shard group, the covered layouts it is written under. A
 * sketch's key is the value's HLL coupon instead of its hash. No string leaves the task; one row object is reused.
 */
final class KeyFacts implements Iterator<InternalRow> {
    static final StructType SCHEMA = new StructType()
        .add("slot", DataTypes.IntegerType, false)
        .add("extra", DataTypes.LongType, false)
        .add("h1", DataTypes.LongType, false)
        .add("h2", DataTypes.LongType, false)
        .add("interval", DataTypes.IntegerType, false)
        .add("last", DataTypes.LongType, false)
        .add("mask", DataTypes.LongType, false);
    private static final int FIELDS = 7;
    /** Interval and last group of a key that has none (a minimum and a maximum leave them be). */
    static final int NO_INTERVAL = Integer.MAX_VALUE;
    static final long NO_GROUP = Long.MIN_VALUE;

    private final RowKeys k;
    private final RawChunk c;
    private final Checkpoints.Group rowsInOrder;
    private final Checkpoints.Group[] points;
    private final Slots.Kind slots;
    private final long keyMask;
    private final int[] valueSlot;
    private final int[] sketchSlot;
    private final UnsafeRow row = new UnsafeRow(FIELDS);
    private long[] buf = new long[FIELDS * 64];
    private int n;
    private int at;
    private int r;
    private long h1;
    private long h2;
    private long coupon;

    /** {@code keyMask}: the bits of the first hash that group (all but in the test of the collision check). */
    KeyFacts(RawChunk c, RowKeys k, Checkpoints cp, Slots s, long keyMask) {
        this.k = k;
        this.c = c;
        this.keyMask = keyMask;
        String kind = k.sample.name();
        this.rowsInOrder = cp.kinds.get(kind);
        this.points = cp.layouts.get(kind);
        this.slots = s.kinds.get(kind);
        List<SampleAttribute> attributes = k.sample.attributes();
        valueSlot = new int[attributes.size()];
        sketchSlot = new int[attributes.size()];
        for (int a = 0; a < valueSlot.length; a++) {
            valueSlot[a] = slots.value.get(attributes.get(a).name());
            sketchSlot[a] = slots.valueSketch.get(attributes.get(a).name());
        }
        int width = UnsafeRow.calculateBitSetWidthInBytes(FIELDS) + 8 * FIELDS;
        row.pointTo(new byte[width], width);
    }

    @Override
    public boolean hasNext() {
        while (at == n && r < k.sample.rows()) {
            at = 0;
            n = 0;
            facts(r++);
        }
        return at < n;
    }

    @Override
    public InternalRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        int o = at++ * FIELDS;
        row.setInt(0, (int) buf[o]);
        row.setLong(1, buf[o + 1]);
        row.setLong(2, buf[o + 2]);
        row.setLong(3, buf[o + 3]);
        row.setInt(4, (int) buf[o + 4]);
        row.setLong(5, buf[o + 5]);
        row.setLong(6, buf[o + 6]);
        return row;
    }

    private void hash(String value) {
        long[] h = Coupons.hash(value.getBytes(StandardCharsets.UTF_8));
        h1 = h[0] & keyMask;
        h2 = h[1];
        coupon = Coupons.coupon(h[0], h[1]);
    }

    private void add(int slot, long extra, long first, long second, int interval, long last, long mask) {
        int o = n++ * FIELDS;
        if (o + FIELDS > buf.length) {
            buf = java.util.Arrays.copyOf(buf, buf.length * 2);
        }
        buf[o] = slot;
        buf[o + 1] = extra;
        buf[o + 2] = first;
        buf[o + 3] = second;
        buf[o + 4] = interval;
        buf[o + 5] = last;
        buf[o + 6] = mask;
    }

    /** The keys of row {@code r}, as {@code RowPasses} made them before, as facts. */
    private void facts(int r) {
        SummaryRows sr = k.rows;
        long ts = k.sample.timestamp(r);
        long fp = c.filePartition();
        long seq = c.chunk << 32 | r;
        int interval = rowsInOrder.interval(ts, fp, seq);
        long day = Math.floorDiv(ts, RowPasses.BUCKET_NANOS);
        for (int a = 0; a < valueSlot.length; a++) {
            String v = sr.valueKey(a, r);
            if (v != null) {
                hash(v);
                add(valueSlot[a], 0, h1, h2, interval, NO_GROUP, 0);
                add(sketchSlot[a], day, coupon, 0, NO_INTERVAL, NO_GROUP, 0);
            }
        }
        long[] written = k.written(r);
        for (int p = 0; p < k.patterns.length; p++) {
            int[] jt = k.patternTag[p];
            if (k.patternAttribute[p] == null) {
                String tuple = sr.tagTuple(jt[0], jt[1], r);
                if (tuple != null) {
                    hash(tuple);
                    add(slots.combination[p], 0, h1, h2, interval, NO_GROUP, 0);
                }
            }
            long[] under = RowKeys.and(written, k.patternLayouts[p]);
            String v = under == null ? null : sr.tagValue(jt[0], jt[1], r);
            if (v != null) {
                hash(v);
                for (int w = 0; w < under.length; w++) {
                    if (under[w] != 0) {
                        add(slots.tagValue[p][w], 0, h1, h2, NO_INTERVAL, NO_GROUP, under[w]);
                    }
                }
            }
        }
        for (int j = 0; j < k.layouts; j++) {
            if (RowKeys.has(written, j)) {
                hash(sr.seriesKey(j, r));
                long group = sr.shardGroup(j, r);
                add(slots.series[j], 0, h1, h2, points[j].interval(ts, fp, seq), group, 0);
                add(slots.seriesGroups[j], group, h1, h2, NO_INTERVAL, NO_GROUP, 0);
                add(slots.seriesSketch[j], day, coupon, 0, NO_INTERVAL, NO_GROUP, 0);
            }
        }
    }
}
