package dev.cardinal.spark;

import static org.apache.spark.sql.functions.bit_or;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.datasketches.hll.Coupons;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.storage.StorageLevel;

/**
 * The distinct keys of the traffic counted with Spark's own operators: every row's keys ({@link KeyFacts}) go
 * through one hash aggregation (partial before the shuffle, spilling to disk when it outgrows its memory) grouped by
 * slot, extra number and the first half of the value's hash; the groups are then counted where they are
 * ({@link FactCounts}) and the sketches made of each day's distinct coupons in ascending order, so that the summary is
 * the same bytes however the traffic is partitioned. A group whose second hashes differ holds two values (a
 * collision of the first hash): the job then groups by both halves, 128 bits, and says so.
 */
final class DistinctKeys {
    /** The sketches' precision and type, as Spark's {@code hll_sketch_agg} makes them by default. */
    static final int LG_K = SummaryCounts.LG_K;

    /** One day's sketch of a slot. A plain class so that Kryo can write it. */
    static final class SketchBytes implements Serializable {
        private static final long serialVersionUID = 1L;
        int slot;
        long day;
        byte[] hll;

        SketchBytes() {
        }

        SketchBytes(int slot, long day, byte[] hll) {
            this.slot = slot;
            this.day = day;
            this.hll = hll;
        }
    }

    /** What the aggregation gives. */
    record Counted(FactCounts counts, List<SketchBytes> sketches, boolean fullHash) {
    }

    private DistinctKeys() {
    }

    /**
     * Counts the keys {@code facts} gives of the traffic (read again, should the first count meet a collision of the
     * first 64 bits of two values' hashes).
     */
    static Counted count(SparkSession spark, RDD<InternalRow> facts, Broadcast<Slots> slots) {
        Counted c = count(spark, facts, slots, false);
        if (c.counts().collisions > 0) {
            System.err.println("cardinal-summarize: " + c.counts().collisions + " groups of keys shared the first 64 bits "
                + "of their hash; counted again by all 128 bits");
            c = count(spark, facts, slots, true);
        }
        return c;
    }

    private static Counted count(SparkSession spark, RDD<InternalRow> facts, Broadcast<Slots> slots, boolean fullHash) {
        Dataset<Row> rows = ((org.apache.spark.sql.classic.SparkSession) spark).internalCreateDataFrame(facts,
            KeyFacts.SCHEMA, false);
        Column[] by = fullHash ? new Column[]{col("slot"), col("extra"), col("h1"), col("h2")}
            : new Column[]{col("slot"), col("extra"), col("h1")};
        Dataset<Row> keys = rows.groupBy(by)
            .agg(min("interval").as("interval"), max("last").as("last"), bit_or(col("mask")).as("mask"),
                min("h2").as("h2min"), max("h2").as("h2max"))
            .select("slot", "extra", "interval", "last", "mask", "h2min", "h2max", "h1")
            .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            FactCounts counts = internal(keys).toJavaRDD()
                .mapPartitions(it -> List.of(FactCounts.of(it, slots.value())).iterator())
                .reduce(FactCounts::merge);
            if (counts.collisions > 0 && !fullHash) {
                return new Counted(counts, List.of(), false);
            }
            Slots s = slots.value();
            List<Integer> sketchSlots = new ArrayList<>();
            for (int i = 0; i < s.size(); i++) {
                if (s.type(i) == Slots.SKETCH) {
                    sketchSlots.add(i);
                }
            }
            // each slot's days in partitions of their own, each day's coupons in ascending order
            Dataset<Row> coupons = keys.filter(col("slot").isin(sketchSlots.toArray()))
                .repartition(col("slot"), col("extra")).sortWithinPartitions("slot", "extra", "h1");
            List<SketchBytes> sketches = internal(coupons).toJavaRDD().mapPartitions(DistinctKeys::sketches).collect();
            return new Counted(counts, sketches, fullHash);
        } finally {
            keys.unpersist(false);
        }
    }

    private static RDD<InternalRow> internal(Dataset<Row> ds) {
        return ((org.apache.spark.sql.classic.Dataset<Row>) ds).queryExecution().toRdd();
    }

    /** The sketches of sorted (slot, day, coupon) rows: one sketch at a time, updated in the coupons' order. */
    private static Iterator<SketchBytes> sketches(Iterator<InternalRow> sorted) {
        List<SketchBytes> out = new ArrayList<>();
        HllSketch sketch = null;
        int slot = -1;
        long day = 0;
        while (sorted.hasNext()) {
            InternalRow r = sorted.next();
            if (sketch == null || r.getInt(0) != slot || r.getLong(1) != day) {
                if (sketch != null) {
                    out.add(new SketchBytes(slot, day, sketch.toUpdatableByteArray()));
                }
                sketch = new HllSketch(LG_K, TgtHllType.HLL_8);
                slot = r.getInt(0);
                day = r.getLong(1);
            }
            Coupons.update(sketch, r.getLong(7));
        }
        if (sketch != null) {
            out.add(new SketchBytes(slot, day, sketch.toUpdatableByteArray()));
        }
        return out.iterator();
    }
}
