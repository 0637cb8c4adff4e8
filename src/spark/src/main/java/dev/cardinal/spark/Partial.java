package dev.cardinal.spark;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import scala.Tuple2;

/**
 * The counts of a part of the distinct keys ({@link Keys}), which add up across parts because each key is in one
 * part only: values, combinations and series first seen per checkpoint interval, tag values per covered layout,
 * series per shard group, and the HLL sketches per day bucket (as Spark's {@code hll_sketch_agg} makes them: HLL_8,
 * strings, the updatable serialization). A plain class so that Kryo can write it.
 */
final class Partial implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Per (type, kind, slot): keys first seen per checkpoint interval. */
    final Map<String, long[]> firstSeen = new HashMap<>();
    /** Per (tag value, kind, template): distinct values written per covered layout. */
    final Map<String, long[]> tagValues = new HashMap<>();
    /** Per (series, kind, layout): per shard group, the series with points in it and those whose last point is in it. */
    final Map<String, TreeMap<Long, long[]>> shardGroups = new HashMap<>();
    /** Per (type, kind, slot): per day bucket, the sketch's bytes. */
    final Map<String, TreeMap<Long, byte[]>> sketches = new HashMap<>();

    /** The counts of the keys of one partition. */
    static Partial of(Iterator<Tuple2<String, Agg>> keys, Checkpoints cp, int lgK) {
        Partial out = new Partial();
        Map<String, TreeMap<Long, HllSketch>> sketching = new HashMap<>();
        while (keys.hasNext()) {
            Tuple2<String, Agg> e = keys.next();
            String key = e._1();
            int valueAt = Keys.valueAt(key);
            // the key's slot is its prefix; kind and slot are parsed only when a slot is first met
            String slot = key.substring(0, valueAt);
            Agg agg = e._2();
            char type = key.charAt(0);
            switch (type) {
                case Keys.VALUE, Keys.COMBINATION -> out.firstSeen.computeIfAbsent(slot,
                    s -> new long[cp.kinds.get(Keys.parse(s)[1]).positions.length])[agg.interval]++;
                case Keys.TAG_VALUE -> {
                    long[] n = out.tagValues.computeIfAbsent(slot, s -> new long[agg.layouts.length * 64]);
                    for (int j = 0; j < n.length; j++) {
                        if (RowKeys.has(agg.layouts, j)) {
                            n[j]++;
                        }
                    }
                }
                case Keys.SERIES -> {
                    out.firstSeen.computeIfAbsent(slot, s -> {
                        String[] k = Keys.parse(s);
                        return new long[cp.layouts.get(k[1])[Integer.parseInt(k[2])].positions.length];
                    })[agg.interval]++;
                    TreeMap<Long, long[]> groups = out.shardGroups.computeIfAbsent(slot, s -> new TreeMap<>());
                    for (long g : agg.groups) {
                        groups.computeIfAbsent(g, x -> new long[2])[0]++;
                    }
                    groups.get(agg.groups[agg.groups.length - 1])[1]++;
                }
                default -> throw new IllegalStateException("unknown key type " + type);
            }
            if (agg.days != null) {
                TreeMap<Long, HllSketch> byDay = sketching.computeIfAbsent(slot, s -> new TreeMap<>());
                String value = key.substring(valueAt);
                for (long day : agg.days) {
                    byDay.computeIfAbsent(day, d -> new HllSketch(lgK, TgtHllType.HLL_8)).update(value);
                }
            }
        }
        sketching.forEach((slot, byDay) -> {
            TreeMap<Long, byte[]> bytes = new TreeMap<>();
            byDay.forEach((day, s) -> bytes.put(day, s.toUpdatableByteArray()));
            out.sketches.put(slot, bytes);
        });
        return out;
    }

    /** This and {@code o} together (this one, changed). */
    Partial merge(Partial o, int lgK) {
        o.firstSeen.forEach((k, n) -> firstSeen.merge(k, n, Partial::add));
        o.tagValues.forEach((k, n) -> tagValues.merge(k, n, Partial::add));
        o.shardGroups.forEach((k, groups) -> {
            TreeMap<Long, long[]> mine = shardGroups.computeIfAbsent(k, x -> new TreeMap<>());
            groups.forEach((g, n) -> mine.merge(g, n, Partial::add));
        });
        o.sketches.forEach((k, byDay) -> {
            TreeMap<Long, byte[]> mine = sketches.computeIfAbsent(k, x -> new TreeMap<>());
            byDay.forEach((day, b) -> mine.merge(day, b, (x, y) -> {
                Union u = new Union(lgK);
                u.update(HllSketch.heapify(x));
                u.update(HllSketch.heapify(y));
                return u.getResult(TgtHllType.HLL_8).toUpdatableByteArray();
            }));
        });
        return this;
    }

    private static long[] add(long[] a, long[] b) {
        for (int i = 0; i < a.length; i++) {
            a[i] += b[i];
        }
        return a;
    }
}
