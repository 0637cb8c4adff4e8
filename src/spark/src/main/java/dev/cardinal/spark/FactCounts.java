package dev.cardinal.spark;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * The counts of a part of the distinct keys, as Spark's aggregation leaves them ({@link DistinctKeys}: one row per
 * slot, extra number and hash, with the key's earliest interval, last shard group, layouts and the smallest and largest
 * second hash), which add up across parts because each key is in one part only: keys first seen per checkpoint
 * interval, tag values per covered layout, series per shard group and by their last one. The size is the slots' and
 * the shard groups', never the keys'. Sketch slots are not counted here. A plain class so that Kryo can write it.
 */
final class FactCounts implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Per slot counted by interval: keys first seen per checkpoint interval; null where none. */
    long[][] firstSeen;
    /** Per tag value slot: values written per bit of its word of covered layouts; null where none. */
    long[][] tagBits;
    /** Per series-per-shard-group slot: per group, the series with points in it. */
    final Map<Integer, TreeMap<Long, Long>> groupsWith = new HashMap<>();
    /** Per series slot: per group, the series whose last point is in it. */
    final Map<Integer, TreeMap<Long, Long>> lastIn = new HashMap<>();
    /** Groups of two or more values whose first hashes are equal (their second hashes differ). */
    long collisions;

    FactCounts() {
    }

    static FactCounts of(Iterator<InternalRow> keys, Slots slots) {
        FactCounts out = new FactCounts();
        out.firstSeen = new long[slots.size()][];
        out.tagBits = new long[slots.size()][];
        while (keys.hasNext()) {
            InternalRow k = keys.next();
            int slot = k.getInt(0);
            if (k.getLong(5) != k.getLong(6)) {
                out.collisions++;
            }
            switch (slots.type(slot)) {
                case Slots.VALUE, Slots.COMBINATION -> out.seen(slots, slot, k.getInt(2));
                case Slots.SERIES -> {
                    out.seen(slots, slot, k.getInt(2));
                    out.lastIn.computeIfAbsent(slot, s -> new TreeMap<>()).merge(k.getLong(3), 1L, Long::sum);
                }
                case Slots.SERIES_GROUP -> out.groupsWith.computeIfAbsent(slot, s -> new TreeMap<>())
                    .merge(k.getLong(1), 1L, Long::sum);
                case Slots.TAG_VALUE -> {
                    long[] bits = out.tagBits[slot];
                    if (bits == null) {
                        bits = out.tagBits[slot] = new long[64];
                    }
                    for (long m = k.getLong(4); m != 0; m &= m - 1) {
                        bits[Long.numberOfTrailingZeros(m)]++;
                    }
                }
                default -> {
                    // a sketch: made apart, in order ({@link DistinctKeys#sketches})
                }
            }
        }
        return out;
    }

    private void seen(Slots slots, int slot, int interval) {
        long[] n = firstSeen[slot];
        if (n == null) {
            n = firstSeen[slot] = new long[slots.intervals(slot)];
        }
        n[interval]++;
    }

    /** This and {@code o} together (this one, changed). */
    FactCounts merge(FactCounts o) {
        firstSeen = add(firstSeen, o.firstSeen);
        tagBits = add(tagBits, o.tagBits);
        o.groupsWith.forEach((s, g) -> g.forEach((group, n) -> groupsWith.computeIfAbsent(s, x -> new TreeMap<>())
            .merge(group, n, Long::sum)));
        o.lastIn.forEach((s, g) -> g.forEach((group, n) -> lastIn.computeIfAbsent(s, x -> new TreeMap<>())
            .merge(group, n, Long::sum)));
        collisions += o.collisions;
        return this;
    }

    private static long[][] add(long[][] a, long[][] b) {
        for (int s = 0; s < a.length; s++) {
            if (a[s] == null) {
                a[s] = b[s];
            } else if (b[s] != null) {
                for (int i = 0; i < a[s].length; i++) {
                    a[s][i] += b[s][i];
                }
            }
        }
        return a;
    }
}
