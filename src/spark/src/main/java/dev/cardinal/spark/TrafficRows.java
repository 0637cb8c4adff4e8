package dev.cardinal.spark;

import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.projection.SummaryRows;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SummaryCoverage;
import dev.cardinal.traffic.WriteListener;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
 * Turns the lines of one partition of one input file into one Spark row per point: the lines are read in chunks by
 * Cardinal's own line protocol reader (so a point is a point, a value a value, exactly as {@code cardinal analyze}
 * reads them), and each row carries the keys {@link SummaryRows} gives it: its attributes' values, and per covered
 * layout its series, shard group and tag values. Nothing is kept across chunks.
 */
final class TrafficRows implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Lines read at once: enough to amortize the reader, few enough to stay small per task. */
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
    private final String precision;
    private final LongAccumulator badLines;

    TrafficRows(byte[] workspace, String precision, LongAccumulator badLines) {
        this.workspace = workspace;
        this.precision = precision;
        this.badLines = badLines;
    }

    Iterator<Row> rows(int file, int partition, Iterator<String> lines) {
        Workspace ws;
        try {
            ws = WorkspaceReader.read(workspace, "workspace").workspace();
        } catch (dev.cardinal.model.WorkspaceFormatException e) {
            throw new IllegalStateException(e.getMessage(), e); // the driver read it first: not reached
        }
        Map<String, List<Layout>> layouts = new HashMap<>();
        // one chunk's rows at a time: a partition (a whole gzipped file) never sits in memory
        return new Iterator<>() {
            private final ByteArrayOutputStream body = new ByteArrayOutputStream(1 << 20);
            private Iterator<Row> current = java.util.Collections.emptyIterator();
            private long chunk;

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && lines.hasNext()) {
                    body.reset();
                    for (int n = 0; n < CHUNK_LINES && lines.hasNext(); n++) {
                        body.writeBytes(lines.next().getBytes(StandardCharsets.UTF_8));
                        body.write('\n');
                    }
                    List<Row> out = new ArrayList<>();
                    read(body.toByteArray(), file, partition, chunk++, ws, layouts, out);
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
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
        long[] bad = new long[1];
        WriteListener listener = new WriteListener() {
            @Override
            public void accepted(long line, long start, long end, long timestampStart, long timestampEnd) {
            }

            @Override
            public void problem(dev.cardinal.traffic.ReadProblem problem) {
                if (problem.kind() != dev.cardinal.traffic.ReadProblem.Kind.WARNING) {
                    bad[0]++;
                }
            }
        };
        SampleBinding binding = new SampleBinding("traffic", "input", SampleFormat.LINE_PROTOCOL, null, precision, null, null,
            List.of());
        try {
            LineProtocolReader.forWrites(listener).read(new ByteArrayInputStream(bytes), "input", binding, into, ReadMonitor.NONE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (dev.cardinal.traffic.SampleFormatException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        badLines.add(bad[0]);
        Sample sample = into.build();
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
