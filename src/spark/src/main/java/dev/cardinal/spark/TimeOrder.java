package dev.cardinal.spark;

import dev.cardinal.projection.SummaryRows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Puts the rows in time order once, by their compact keys only ({@link Pos}), to find the {@link Checkpoints}: one
 * pass counts the rows and points, one sort orders them, a pass counts each sorted partition and a last one picks the
 * rows at the checkpoint positions. Only counts and about a hundred keys per kind and layout reach the driver.
 */
final class TimeOrder {
    /** What the first pass counts: per kind its rows, first and last time, and per covered layout the same over its points. */
    static final class Counts implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        final Map<String, long[][]> groups;
        final List<Pos> metas;

        private Counts(Map<String, long[][]> groups, List<Pos> metas) {
            this.groups = groups;
            this.metas = metas;
        }

        static Counts of(Iterator<Pos> rows) {
            Map<String, long[][]> groups = new HashMap<>();
            List<Pos> metas = new ArrayList<>();
            while (rows.hasNext()) {
                Pos p = rows.next();
                long[][] g = groups.computeIfAbsent(p.kind, k -> empty(1 + p.written.length * 64));
                add(g[0], p.ts);
                for (int j = 0; j < g.length - 1; j++) {
                    if (RowKeys.has(p.written, j)) {
                        add(g[1 + j], p.ts);
                    }
                }
                if (p.meta != null) {
                    metas.add(p);
                }
            }
            return new Counts(groups, metas);
        }

        private static long[][] empty(int n) {
            long[][] g = new long[n][];
            for (int i = 0; i < n; i++) {
                g[i] = new long[]{0, Long.MAX_VALUE, Long.MIN_VALUE};
            }
            return g;
        }

        private static void add(long[] g, long ts) {
            g[0]++;
            g[1] = Math.min(g[1], ts);
            g[2] = Math.max(g[2], ts);
        }

        Counts merge(Counts o) {
            o.groups.forEach((k, g) -> {
                long[][] mine = groups.putIfAbsent(k, g);
                if (mine != null) {
                    for (int i = 0; i < mine.length; i++) {
                        mine[i][0] += g[i][0];
                        mine[i][1] = Math.min(mine[i][1], g[i][1]);
                        mine[i][2] = Math.max(mine[i][2], g[i][2]);
                    }
                }
            });
            metas.addAll(o.metas);
            return this;
        }
    }

    private TimeOrder() {
    }

    /**
     * The checkpoints of {@code rows}, whose kinds have {@code layouts} covered layouts each; {@code metas} receives
     * the rows that carry a chunk's attributes.
     */
    static Checkpoints of(JavaRDD<Pos> rows, Map<String, Integer> layouts, int partitions, List<Pos> metas) {
        rows.persist(StorageLevel.MEMORY_AND_DISK_SER());
        try {
            Counts counts = rows.mapPartitions(it -> List.of(Counts.of(it)).iterator()).reduce(Counts::merge);
            metas.addAll(counts.metas);
            Checkpoints cp = new Checkpoints();
            counts.groups.forEach((kind, g) -> {
                long[] k = g[0];
                cp.kinds.put(kind, new Checkpoints.Group(k[0], k[1], k[2], SummaryRows.checkpoints(k[0])));
                Checkpoints.Group[] ls = new Checkpoints.Group[layouts.getOrDefault(kind, 0)];
                for (int j = 0; j < ls.length; j++) {
                    long[] l = g[1 + j];
                    ls[j] = l[0] == 0 ? null : new Checkpoints.Group(l[0], l[1], l[2], SummaryRows.checkpoints(l[0]));
                }
                cp.layouts.put(kind, ls);
            });
            if (cp.kinds.isEmpty()) {
                return cp;
            }
            JavaRDD<Pos> sorted = rows.mapToPair(p -> new Tuple2<>(p, Boolean.TRUE)).sortByKey(true, partitions).keys()
                .persist(StorageLevel.MEMORY_AND_DISK_SER());
            try {
                pick(sorted, cp);
            } finally {
                sorted.unpersist(false);
            }
            return cp;
        } finally {
            rows.unpersist(false);
        }
    }

    /** Fills in the keys at the checkpoint positions from the rows in time order. */
    private static void pick(JavaRDD<Pos> sorted, Checkpoints cp) {
        // per sorted partition, per kind: its rows and each layout's points there
        List<Tuple2<Integer, Map<String, long[]>>> perPartition = sorted.mapPartitionsWithIndex((i, it) -> {
            Map<String, long[]> n = new HashMap<>();
            while (it.hasNext()) {
                Pos p = it.next();
                long[] c = n.computeIfAbsent(p.kind, k -> new long[1 + p.written.length * 64]);
                c[0]++;
                for (int j = 0; j < c.length - 1; j++) {
                    if (RowKeys.has(p.written, j)) {
                        c[1 + j]++;
                    }
                }
            }
            return List.of(new Tuple2<>(i, n)).iterator();
        }, true).collect();
        Map<Integer, Map<String, long[]>> before = new HashMap<>();
        Map<String, long[]> running = new HashMap<>();
        perPartition.stream().sorted(java.util.Comparator.comparing(Tuple2::_1)).forEach(t -> {
            Map<String, long[]> at = new HashMap<>();
            t._2().forEach((kind, c) -> {
                long[] r = running.computeIfAbsent(kind, k -> new long[c.length]);
                at.put(kind, r.clone());
                for (int g = 0; g < c.length; g++) {
                    r[g] += c[g];
                }
            });
            before.put(t._1(), at);
        });
        Checkpoints positions = cp;
        for (Picked p : sorted.mapPartitionsWithIndex((i, it) -> {
            Map<String, long[]> seen = new HashMap<>();
            before.getOrDefault(i, Map.of()).forEach((k, c) -> seen.put(k, c.clone()));
            List<Picked> out = new ArrayList<>();
            while (it.hasNext()) {
                Pos p = it.next();
                long[] c = seen.get(p.kind);
                Checkpoints.Group[] ls = positions.layouts.get(p.kind);
                for (int g = 0; g < c.length && g <= ls.length; g++) {
                    if (g == 0 || RowKeys.has(p.written, g - 1)) {
                        c[g]++;
                        int k = java.util.Arrays.binarySearch(positions.group(p.kind, g).positions, c[g]);
                        if (k >= 0) {
                            out.add(new Picked(p, g, k));
                        }
                    }
                }
            }
            return out.iterator();
        }, true).collect()) {
            Checkpoints.Group group = cp.group(p.kind, p.group);
            group.ts[p.index] = p.ts;
            group.filePartition[p.index] = p.filePartition;
            group.seq[p.index] = p.seq;
        }
    }

    /** The row at checkpoint {@code index} of group {@code group} of its kind. A plain class so that Kryo can write it. */
    static final class Picked implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        String kind;
        int group;
        int index;
        long ts;
        long filePartition;
        long seq;

        Picked() {
        }

        Picked(Pos p, int group, int index) {
            this.kind = p.kind;
            this.group = group;
            this.index = index;
            this.ts = p.ts;
            this.filePartition = p.filePartition;
            this.seq = p.seq;
        }
    }
}
