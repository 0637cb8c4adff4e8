package dev.cardinal.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.posexplode;

import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.projection.SummaryRows;
import dev.cardinal.traffic.TrafficSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

/**
 * Counts a traffic summary from the rows {@link TrafficRows} makes, with group-bys that scale: every first-seen
 * time is the minimum position of a value, series or combination in time order; positions come from one sort and
 * {@code zipWithIndex}, per event kind (over its rows) and per covered layout (over its points), with ties in time
 * broken by file, partition and line as Cardinal's own reader breaks them.
 */
final class SummaryCounts {
    /** HLL precision of the sketches: Spark's default, about 1.6% standard error. */
    static final int LG_K = 12;
    /** Each sketch covers one day of traffic, so summaries of different days merge. */
    static final long BUCKET_SECONDS = 86_400;
    private static final String BUCKET = "(ts - pmod(ts, " + BUCKET_SECONDS * 1_000_000_000L + ")) div "
        + BUCKET_SECONDS * 1_000_000_000L;
    private final SparkSession spark;
    private final Map<String, List<Layout>> coverage;

    SummaryCounts(SparkSession spark, Map<String, List<Layout>> coverage) {
        this.spark = spark;
        this.coverage = coverage;
    }

    TrafficSummary summarize(JavaRDD<Row> raw, String source) {
        Dataset<Row> rows = spark.createDataFrame(raw, TrafficRows.SCHEMA).persist(StorageLevel.MEMORY_AND_DISK());
        Map<String, long[]> kindStats = new LinkedHashMap<>(); // n, first, last, offset
        long offset = 0;
        for (Row r : rows.groupBy("kind").agg(count(lit(1)), min("ts"), max("ts")).orderBy("kind").collectAsList()) {
            kindStats.put(r.getString(0), new long[]{r.getLong(1), r.getLong(2), r.getLong(3), offset});
            offset += r.getLong(1);
        }
        Map<String, long[]> kindCheckpoints = new HashMap<>();
        Map<String, Long> kindOffsets = new HashMap<>();
        kindStats.forEach((k, s) -> {
            kindCheckpoints.put(k, SummaryRows.checkpoints(s[0]));
            kindOffsets.put(k, s[3]);
        });
        Dataset<Row> positioned = positions(rows.sort("kind", "ts", "f", "p", "seq"), rows.schema(),
            r -> kindOffsets.get(r.getString(0))).persist(StorageLevel.MEMORY_AND_DISK());
        UserDefinedFunction kindCp = checkpointOf(kindCheckpoints);

        Map<String, double[]> kindSeconds = seconds(positioned, kindCheckpoints, col("kind"), kindStats);
        Map<String, Map<String, long[]>> attributeHist = histograms(positioned
            .select(col("kind"), col("pos"), explode(col("attrs")).as(new String[]{"key", "value"})), kindCp, kindCheckpoints);
        Map<String, Map<String, long[]>> tupleHist = histograms(positioned
            .select(col("kind"), col("pos"), explode(col("tagTuples")).as(new String[]{"key", "value"})), kindCp, kindCheckpoints);
        Map<String, List<TrafficSummary.Sketch>> attributeSketches = sketches(positioned
            .select(col("kind"), col("ts"), explode(col("attrs")).as(new String[]{"key", "value"}))
            .select(functions.concat(col("kind"), lit("\u0000"), col("key")).as("g"), col("ts"), col("value")));
        Map<String, List<TrafficSummary.Attribute>> attributes = attributes(rows, attributeHist, kindCheckpoints,
            attributeSketches);

        Map<String, TrafficSummary.CoveredLayout> covered = covered(positioned, tupleHist, kindCheckpoints);
        positioned.unpersist();
        rows.unpersist();
        List<TrafficSummary.Kind> kinds = new ArrayList<>();
        kindStats.forEach((k, s) -> {
            List<TrafficSummary.CoveredLayout> layouts = new ArrayList<>();
            List<Layout> cov = coverage.getOrDefault(k, List.of());
            for (int j = 0; j < cov.size(); j++) {
                layouts.add(covered.get(k + '\u0000' + j));
            }
            kinds.add(new TrafficSummary.Kind(k, s[0], s[1], s[2], kindCheckpoints.get(k), kindSeconds.get(k),
                attributes.get(k), layouts, LG_K, BUCKET_SECONDS));
        });
        return new TrafficSummary(source, kinds);
    }

    /** Rows in the given order with their 1-based position within their group ({@code offset} gives the group's start). */
    private Dataset<Row> positions(Dataset<Row> sorted, StructType schema,
                                   org.apache.spark.api.java.function.Function<Row, Long> offset) {
        JavaRDD<Row> withPos = sorted.javaRDD().zipWithIndex().map(t -> {
            Row r = t._1();
            Object[] values = new Object[r.size() + 1];
            for (int i = 0; i < r.size(); i++) {
                values[i] = r.get(i);
            }
            values[r.size()] = t._2() - offset.call(r) + 1;
            return RowFactory.create(values);
        });
        return spark.createDataFrame(withPos, schema.add("pos", DataTypes.LongType, false));
    }

    /** The checkpoint a 1-based position falls at or before: the first whose position is at least it. */
    private static UserDefinedFunction checkpointOf(Map<String, long[]> checkpoints) {
        HashMap<String, long[]> at = new HashMap<>(checkpoints);
        return functions.udf((org.apache.spark.sql.api.java.UDF2<String, Long, Integer>) (group, pos) -> {
            int i = Arrays.binarySearch(at.get(group), pos);
            return i >= 0 ? i : -i - 1;
        }, DataTypes.IntegerType);
    }

    /** Seconds from each group's first row to its row at each checkpoint. */
    private Map<String, double[]> seconds(Dataset<Row> positioned, Map<String, long[]> checkpoints, Column group,
                                          Map<String, long[]> stats) {
        List<Row> at = new ArrayList<>();
        checkpoints.forEach((g, positions) -> {
            for (long p : positions) {
                at.add(RowFactory.create(g, p));
            }
        });
        StructType schema = new StructType().add("wg", DataTypes.StringType).add("cpPos", DataTypes.LongType);
        Dataset<Row> wanted = spark.createDataFrame(at, schema);
        Map<String, double[]> out = new HashMap<>();
        checkpoints.forEach((g, positions) -> out.put(g, new double[positions.length]));
        for (Row r : positioned.select(group.as("g"), col("pos"), col("ts"))
            .join(functions.broadcast(wanted), col("g").equalTo(col("wg")).and(col("pos").equalTo(col("cpPos"))))
            .select(col("g"), col("pos"), col("ts")).collectAsList()) {
            String g = r.getString(0);
            int i = Arrays.binarySearch(checkpoints.get(g), r.getLong(1));
            out.get(g)[i] = (r.getLong(2) - stats.get(g)[1]) / 1e9;
        }
        return out;
    }

    /** Per kind and key: values first seen per checkpoint interval, from (kind, pos, key, value) rows. */
    private static Map<String, Map<String, long[]>> histograms(Dataset<Row> kv, UserDefinedFunction cp,
                                                              Map<String, long[]> checkpoints) {
        Map<String, Map<String, long[]>> out = new HashMap<>();
        for (Row r : kv.groupBy("kind", "key", "value").agg(min("pos").as("first"))
            .withColumn("cp", cp.apply(col("kind"), col("first")))
            .groupBy("kind", "key", "cp").count().collectAsList()) {
            String kind = r.getString(0);
            out.computeIfAbsent(kind, k -> new HashMap<>())
                .computeIfAbsent(r.getString(1), x -> new long[checkpoints.get(kind).length])[r.getInt(2)] = r.getLong(3);
        }
        return out;
    }

    /** Per group ({@code g}): an HLL sketch of {@code value} per day bucket of {@code ts}, in bucket order. */
    private static Map<String, List<TrafficSummary.Sketch>> sketches(Dataset<Row> gtv) {
        Map<String, List<TrafficSummary.Sketch>> out = new HashMap<>();
        for (Row r : gtv.withColumn("bucket", functions.expr(BUCKET)).groupBy("g", "bucket")
            .agg(functions.hll_sketch_agg(col("value"), LG_K)).orderBy("g", "bucket").collectAsList()) {
            out.computeIfAbsent(r.getString(0), g -> new ArrayList<>()).add(new TrafficSummary.Sketch(r.getLong(1),
                (byte[]) r.get(2)));
        }
        return out;
    }

    /** Each kind's attributes in the order they first appear in the input, with their type. */
    private static Map<String, List<TrafficSummary.Attribute>> attributes(Dataset<Row> rows,
                                                                         Map<String, Map<String, long[]>> hist,
                                                                         Map<String, long[]> kindCheckpoints,
                                                                         Map<String, List<TrafficSummary.Sketch>> sketches) {
        List<Row> metas = new ArrayList<>(rows.filter(col("meta").isNotNull()).select("kind", "f", "p", "seq", "meta").collectAsList());
        metas.sort(Comparator.<Row>comparingInt(r -> r.getInt(1)).thenComparingInt(r -> r.getInt(2))
            .thenComparingLong(r -> r.getLong(3)));
        Map<String, Map<String, String[]>> seen = new LinkedHashMap<>();
        for (Row r : metas) {
            Map<String, String[]> kind = seen.computeIfAbsent(r.getString(0), k -> new LinkedHashMap<>());
            for (String m : r.<String>getList(4)) {
                String[] parts = m.split("\u0000", -1);
                String[] before = kind.putIfAbsent(parts[0], parts);
                if (before != null && !before[1].equals(parts[1])) {
                    throw new IllegalArgumentException("event kind '" + r.getString(0) + "', attribute '" + parts[0]
                        + "' arrives as " + before[1] + " in one part of the input and as " + parts[1] + " in another; "
                        + "a summary needs one type per attribute (fix the writer, or summarize the parts apart)");
                }
            }
        }
        Map<String, List<TrafficSummary.Attribute>> out = new HashMap<>();
        seen.forEach((kind, attrs) -> {
            List<TrafficSummary.Attribute> list = new ArrayList<>();
            attrs.forEach((name, parts) -> {
                long[] h = hist.getOrDefault(kind, Map.of()).get(name);
                long[] firstSeen = h != null ? h : new long[kindCheckpoints.get(kind).length];
                list.add(new TrafficSummary.Attribute(name, parts[1], Boolean.parseBoolean(parts[2]),
                    Arrays.stream(firstSeen).sum(), firstSeen, sketches.getOrDefault(kind + '\u0000' + name, List.of())));
            });
            out.put(kind, list);
        });
        return out;
    }

    /** Each covered layout's points, series (over all, per shard group, as they grow) and tag values. */
    private Map<String, TrafficSummary.CoveredLayout> covered(Dataset<Row> positioned, Map<String, Map<String, long[]>> tupleHist,
                                                              Map<String, long[]> kindCheckpoints) {
        Dataset<Row> points = positioned
            .select(col("kind"), col("ts"), col("f"), col("p"), col("seq"),
                posexplode(functions.arrays_zip(col("series"), col("groups"), col("tagValues"))).as(new String[]{"j", "z"}))
            .filter(col("z.series").isNotNull())
            .select(functions.concat(col("kind"), lit("\u0000"), col("j").cast("string")).as("kind"), col("ts"), col("f"),
                col("p"), col("seq"), col("z.series").as("s"), col("z.groups").as("g"), col("z.tagValues").as("tv"))
            .persist(StorageLevel.MEMORY_AND_DISK());
        Map<String, long[]> stats = new LinkedHashMap<>(); // points, first, last, offset
        long offset = 0;
        for (Row r : points.groupBy("kind").agg(count(lit(1)), min("ts"), max("ts")).orderBy("kind").collectAsList()) {
            stats.put(r.getString(0), new long[]{r.getLong(1), r.getLong(2), r.getLong(3), offset});
            offset += r.getLong(1);
        }
        Map<String, long[]> checkpoints = new HashMap<>();
        Map<String, Long> offsets = new HashMap<>();
        stats.forEach((k, s) -> {
            checkpoints.put(k, SummaryRows.checkpoints(s[0]));
            offsets.put(k, s[3]);
        });
        Dataset<Row> written = positions(points.sort("kind", "ts", "f", "p", "seq"), points.schema(),
            r -> offsets.get(r.getString(0))).persist(StorageLevel.MEMORY_AND_DISK());
        Map<String, double[]> seconds = seconds(written, checkpoints, col("kind"), stats);
        Dataset<Row> perSeries = written.groupBy("kind", "s").agg(min("pos").as("first"), max("g").as("lastGroup"))
            .persist(StorageLevel.MEMORY_AND_DISK());
        Map<String, long[]> firstSeen = new HashMap<>();
        Map<String, Long> series = new HashMap<>();
        for (Row r : perSeries.withColumn("cp", checkpointOf(checkpoints).apply(col("kind"), col("first")))
            .groupBy("kind", "cp").count().collectAsList()) {
            firstSeen.computeIfAbsent(r.getString(0), k -> new long[checkpoints.get(k).length])[r.getInt(1)] = r.getLong(2);
            series.merge(r.getString(0), r.getLong(2), Long::sum);
        }
        Map<String, Map<Long, long[]>> groups = new HashMap<>();
        for (Row r : written.groupBy("kind", "g").agg(countDistinct("s")).collectAsList()) {
            groups.computeIfAbsent(r.getString(0), k -> new java.util.TreeMap<>()).computeIfAbsent(r.getLong(1), g -> new long[2])[0]
                = r.getLong(2);
        }
        for (Row r : perSeries.groupBy("kind", "lastGroup").count().collectAsList()) {
            groups.get(r.getString(0)).get(r.getLong(1))[1] = r.getLong(2);
        }
        Map<String, Map<Integer, Long>> tagValues = new HashMap<>();
        for (Row r : written.select(col("kind"), posexplode(col("tv")).as(new String[]{"t", "v"})).filter(col("v").isNotNull())
            .groupBy("kind", "t").agg(countDistinct("v")).collectAsList()) {
            tagValues.computeIfAbsent(r.getString(0), k -> new HashMap<>()).put(r.getInt(1), r.getLong(2));
        }
        Map<String, List<TrafficSummary.Sketch>> seriesSketches = sketches(written.select(col("kind").as("g"), col("ts"),
            col("s").as("value")));
        perSeries.unpersist();
        written.unpersist();
        points.unpersist();

        Map<String, TrafficSummary.CoveredLayout> out = new HashMap<>();
        coverage.forEach((kind, layouts) -> {
            if (!kindCheckpoints.containsKey(kind)) {
                return; // an event kind of the workspace that the traffic does not hold
            }
            for (int j = 0; j < layouts.size(); j++) {
                Layout l = layouts.get(j);
                String key = kind + '\u0000' + j;
                long[] s = stats.getOrDefault(key, new long[4]);
                Map<String, Long> tags = new java.util.TreeMap<>();
                Map<String, long[]> tagGrowth = new java.util.TreeMap<>();
                for (int t = 0; t < l.tags().size(); t++) {
                    TagSpec spec = l.tags().get(t);
                    tags.merge(spec.key(), tagValues.getOrDefault(key, Map.of()).getOrDefault(t, 0L), Math::max);
                    long[] h = tupleHist.getOrDefault(kind, Map.of()).get(spec.value().pattern());
                    tagGrowth.put(spec.key(), h != null ? h : new long[kindCheckpoints.get(kind).length]);
                }
                List<TrafficSummary.ShardGroup> shardGroups = new ArrayList<>();
                groups.getOrDefault(key, Map.of()).forEach((g, c) -> shardGroups.add(new TrafficSummary.ShardGroup(g, c[0], c[1])));
                out.put(key, new TrafficSummary.CoveredLayout(TrafficSummary.signature(l), l.id(), s[0], series.getOrDefault(key, 0L),
                    s[2], checkpoints.getOrDefault(key, new long[0]), seconds.getOrDefault(key, new double[0]),
                    firstSeen.getOrDefault(key, new long[0]), tags, tagGrowth,
                    l.retention().effectiveShardGroupDuration().getSeconds(), shardGroups,
                    seriesSketches.getOrDefault(key, List.of())));
            }
        });
        return out;
    }
}
