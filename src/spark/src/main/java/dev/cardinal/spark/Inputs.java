package dev.cardinal.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.to_json;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;

/**
 * The job's inputs as rows: each path or glob to its files (in the order given, a glob's files by name, a Parquet
 * folder's part files by name), each file's records read as {@link InputSpec} says for its format and event kind.
 * CSV, NDJSON and Parquet inputs take their event kind's binding from the workspace (time column, time format,
 * precision, tag columns), which the job's options may override.
 */
final class Inputs {
    /** One input as given: a path or glob, its format (null: from its name) and event kind (null: the workspace's only one). */
    record Input(String path, InputFormat format, String eventKind) {
    }

    /** Overrides of the workspace's binding; null where the binding decides. */
    record Overrides(String precision, String timeColumn, String timeFormat, List<String> tagColumns) {
    }

    private final SparkSession spark;
    private final Workspace ws;
    private final Overrides overrides;
    private final int chunkLines;

    Inputs(SparkSession spark, Workspace ws, Overrides overrides, int chunkLines) {
        this.spark = spark;
        this.ws = ws;
        this.overrides = overrides;
        this.chunkLines = chunkLines;
    }

    /** The inputs' records in chunks, and the readers the chunks name ({@link RawChunk#reader}). */
    record Chunks(JavaRDD<RawChunk> chunks, List<TrafficRows> readers, List<String> files) {
    }

    /**
     * The records of the inputs in chunks. When the inputs make fewer partitions than Spark has cores (one gzipped
     * file is one partition), the chunks are spread over {@code partitions}, so that every core reads records.
     */
    Chunks chunks(List<Input> inputs, int partitions) throws IOException {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        Map<String, Integer> readerOf = new HashMap<>();
        ArrayList<TrafficRows> readers = new ArrayList<>();
        JavaRDD<RawChunk> all = null;
        List<String> files = new ArrayList<>();
        for (Input in : inputs) {
            for (String path : expand(in, conf)) {
                files.add(path);
                InputFormat format = in.format() != null ? in.format() : InputFormat.fromPath(path).orElseThrow(() ->
                    new IOException(path + ": the format is not known from its name; give --format lp|csv|ndjson|parquet before it"));
                SampleBinding binding = binding(format, in.eventKind(), path);
                JavaRDD<String> records = records(format, path);
                String group = format + "\u0000" + binding.eventKind();
                Integer reader = readerOf.get(group);
                if (reader == null) {
                    List<String> head = records.take(chunkLines + 1);
                    reader = readers.size();
                    readers.add(new TrafficRows(InputSpec.of(format, binding, head, path), chunkLines));
                    readerOf.put(group, reader);
                }
                TrafficRows r = readers.get(reader);
                int f = files.size() - 1;
                int ri = reader;
                JavaRDD<RawChunk> chunks = records.mapPartitionsWithIndex((p, lines) -> r.chunks(ri, f, p, lines), true);
                all = all == null ? chunks : all.union(chunks);
            }
        }
        if (all.getNumPartitions() < spark.sparkContext().defaultParallelism()) {
            all = all.repartition(partitions);
        }
        return new Chunks(all, readers, files);
    }

    /** A file's records: text lines, or for Parquet each row as the JSON object of its columns (nulls left out, as NDJSON's). */
    private JavaRDD<String> records(InputFormat format, String path) {
        if (format != InputFormat.PARQUET) {
            return JavaSparkContext.fromSparkContext(spark.sparkContext()).textFile(path);
        }
        Map<String, String> json = Map.of("timestampFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX",
            "timestampNTZFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'");
        return spark.read().parquet(path).select(to_json(struct(col("*")), json)).as(Encoders.STRING()).javaRDD();
    }

    /** The binding a file is read with: its event kind's binding in the workspace, with the overrides. */
    private SampleBinding binding(InputFormat format, String eventKind, String path) throws IOException {
        String precision = overrides.precision();
        if (format == InputFormat.LINE_PROTOCOL) {
            return SampleBinding.lineProtocol("traffic", path, precision != null ? precision : "ns");
        }
        String kind = eventKind;
        String kinds = ws.eventKinds().stream().map(EventKind::name).collect(Collectors.joining(", "));
        if (kind == null) {
            if (ws.eventKinds().size() != 1) {
                throw new IOException(path + ": a " + format.id() + " input holds one event kind; give --event-kind K before it"
                    + " (the workspace has " + (kinds.isEmpty() ? "none" : kinds) + ")");
            }
            kind = ws.eventKinds().get(0).name();
        } else if (ws.eventKind(kind).isEmpty()) {
            throw new IOException(path + ": the workspace has no event kind '" + kind + "' (it has " + kinds + ")");
        }
        String k = kind;
        SampleBinding bound = ws.samples().stream().filter(b -> k.equals(b.eventKind())).findFirst().orElse(null);
        return new SampleBinding("traffic", path, format.records(), kind,
            precision != null ? precision : bound != null ? bound.precision() : "ns",
            overrides.timeColumn() != null ? overrides.timeColumn() : bound != null ? bound.timeColumn() : null,
            overrides.timeFormat() != null ? overrides.timeFormat() : bound != null ? bound.timeFormat() : null,
            overrides.tagColumns() != null ? overrides.tagColumns() : bound != null ? bound.tagColumns() : List.of());
    }

    /** An input path or glob to the files it names; a Parquet folder (as Spark writes one) to its part files. */
    static List<String> expand(Input in, Configuration conf) throws IOException {
        Path p = new Path(in.path());
        FileSystem fs = p.getFileSystem(conf);
        FileStatus[] found = fs.globStatus(p);
        if (found == null || found.length == 0) {
            throw new IOException(in.path() + ": no such file, and no file matches it");
        }
        Arrays.sort(found);
        List<String> files = new ArrayList<>();
        for (FileStatus s : found) {
            boolean parquet = in.format() == InputFormat.PARQUET
                || in.format() == null && InputFormat.fromPath(s.getPath().getName()).orElse(null) == InputFormat.PARQUET;
            if (s.isDirectory() && parquet) {
                FileStatus[] parts = fs.globStatus(new Path(s.getPath(), "*.parquet"));
                if (parts == null || parts.length == 0) {
                    throw new IOException(s.getPath() + ": a folder without .parquet files");
                }
                Arrays.sort(parts);
                Arrays.stream(parts).forEach(x -> files.add(x.getPath().toString()));
            } else if (s.isDirectory()) {
                throw new IOException(s.getPath() + ": a folder; give its files, e.g. " + s.getPath() + "/*.lp.gz");
            } else {
                files.add(s.getPath().toString());
            }
        }
        return files;
    }
}
