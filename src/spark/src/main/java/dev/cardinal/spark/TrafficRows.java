package dev.cardinal.spark;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.projection.SummaryRows;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SummaryCoverage;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.LongAccumulator;

/**
 * Turns the records of one partition of one input file into one Spark row per point: the records are read in chunks
 * by Cardinal's own readers as {@link InputSpec} says (so a point is a point, a value a value, exactly as
 * {@code cardinal analyze} reads them), and each row carries the keys {@link SummaryRows} gives it: its attributes' values, and per covered
 * layout its series, shard group and tag values. Nothing is kept across chunks.
 */
final class TrafficRows implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Lines read at once by default: enough to amortize the reader, few enough to stay small per task. */
    static final int CHUNK_LINES = 50_000;

    static final StructType SCHEMA = new StructType()
        .add("kind", DataTypes.StringType, false)
        .add("ts", DataTypes.LongType, false)
        .add("f", DataTypes.IntegerType, false)
        .add("p", DataTypes.IntegerType, false)
        .add("seq", DataTypes.LongType, false)
        .add("attrs", DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType), false)
        .add("series", DataTypes.createArrayType(DataTypes.StringType, true), false)
        .add("groups", DataTypes.createArrayType(DataTypes.LongType, false), false)
        .add("tagValues", DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.StringType, true), false), false)
        .add("tagTuples", DataTypes.createMapType(DataTypes.StringType, DataTypes.StringType), false)
        .add("meta", DataTypes.createArrayType(DataTypes.StringType, false), true);

    private final byte[] workspace;
    private final InputSpec spec;
    private final int chunkLines;
    private final LongAccumulator badLines;

    TrafficRows(byte[] workspace, InputSpec spec, int chunkLines, LongAccumulator badLines) {
        this.workspace = workspace;
        this.spec = spec;
        this.chunkLines = chunkLines;
        this.badLines = badLines;
    }

    /**
     * The rows of one partition of one file: its records in chunks of {@link #CHUNK_LINES} (a CSV chunk never ends
     * inside a quoted cell, and the partition at the start of a CSV file skips the header, which every chunk gets).
     */
    Iterator<Row> rows(int file, int partition, Iterator<String> lines) {
        Workspace ws;
        try {
            ws = WorkspaceReader.read(workspace, "workspace").workspace();
        } catch (dev.cardinal.model.WorkspaceFormatException e) {
            throw new IllegalStateException(e.getMessage(), e); // the driver read it first: not reached
        }
        Map<String, List<Layout>> layouts = new HashMap<>();
        if (spec.csv() && partition == 0 && lines.hasNext()) {
            lines.next();
        }
        // one chunk's rows at a time: a partition (a whole gzipped file) never sits in memory
        return new Iterator<>() {
            private final List<String> records = new ArrayList<>(Math.min(chunkLines, CHUNK_LINES));
            private Iterator<Row> current = java.util.Collections.emptyIterator();
            private long chunk;

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && lines.hasNext()) {
                    records.clear();
                    boolean quoted = false;
                    while (lines.hasNext() && (records.size() < chunkLines || quoted)) {
                        String line = lines.next();
                        records.add(line);
                        quoted ^= spec.csv() && InputSpec.quotes(line) % 2 != 0;
                    }
                    List<Row> out = new ArrayList<>();
                    read(InputSpec.chunk(spec.header(), records), file, partition, chunk++, ws, layouts, out);
                    current = out.iterator();
                }
                return current.hasNext();
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException();
                }
                return current.next();
            }
        };
    }

    private void read(byte[] bytes, int file, int partition, long chunk, Workspace ws, Map<String, List<Layout>> layouts,
                      List<Row> out) {
        long[] bad = new long[1];
        Sample sample = spec.read(bytes, bad);
        badLines.add(bad[0]);
        for (EventKindSample k : sample.eventKinds()) {
            List<Layout> covered = layouts.computeIfAbsent(k.name(), n -> SummaryCoverage.layouts(ws, n));
            SummaryRows sr = new SummaryRows(k, covered);
            List<SampleAttribute> attributes = k.attributes();
            String[] patterns = covered.stream().flatMap(l -> l.tags().stream()).map(t -> t.value().pattern()).distinct()
                .toArray(String[]::new);
            int[][] patternTag = new int[patterns.length][];
            for (int i = 0; i < patterns.length; i++) {
                outer:
                for (int j = 0; j < covered.size(); j++) {
                    for (int t = 0; t < covered.get(j).tags().size(); t++) {
                        if (covered.get(j).tags().get(t).value().pattern().equals(patterns[i])) {
                            patternTag[i] = new int[]{j, t};
                            break outer;
                        }
                    }
                }
            }
            List<String> meta = attributes.stream().map(a -> a.name() + '\u0000' + a.type().id() + '\u0000' + a.arrivedAsTag())
                .toList();
            for (int r = 0; r < k.rows(); r++) {
                Map<String, String> attrs = new LinkedHashMap<>();
                for (int a = 0; a < attributes.size(); a++) {
                    String v = sr.valueKey(a, r);
                    if (v != null) {
                        attrs.put(attributes.get(a).name(), v);
                    }
                }
                String[] series = new String[covered.size()];
                Long[] groups = new Long[covered.size()];
                Object[] tagValues = new Object[covered.size()];
                for (int j = 0; j < covered.size(); j++) {
                    boolean written = sr.written(j, r);
                    series[j] = written ? sr.seriesKey(j, r) : null;
                    groups[j] = sr.shardGroup(j, r);
                    String[] values = new String[covered.get(j).tags().size()];
                    for (int t = 0; t < values.length && written; t++) {
                        values[t] = sr.tagValue(j, t, r);
                    }
                    tagValues[j] = seq(values);
                }
                Map<String, String> tuples = new HashMap<>();
                for (int i = 0; i < patterns.length; i++) {
                    String tuple = sr.tagTuple(patternTag[i][0], patternTag[i][1], r);
                    if (tuple != null) {
                        tuples.put(patterns[i], tuple);
                    }
                }
                out.add(RowFactory.create(k.name(), k.timestamp(r), file, partition, (chunk << 32) | r, map(attrs),
                    seq(series), seq(groups), seq(tagValues), map(tuples), r == 0 ? seq(meta.toArray()) : null));
            }
        }
    }

    /** A row's array column: Spark's encoder takes Scala sequences. */
    private static scala.collection.Seq<Object> seq(Object[] values) {
        return scala.jdk.javaapi.CollectionConverters.asScala(java.util.Arrays.asList(values)).toSeq();
    }

    private static scala.collection.Map<String, String> map(Map<String, String> m) {
        return scala.jdk.javaapi.CollectionConverters.asScala(m);
    }
}
