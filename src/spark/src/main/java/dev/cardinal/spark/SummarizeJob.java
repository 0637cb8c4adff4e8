package dev.cardinal.spark;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.traffic.SummaryCoverage;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * {@code cardinal-summarize}: reads line protocol traffic (paths or globs on any Hadoop file system: local, HDFS,
 * {@code s3a://}, {@code gs://}) and writes a traffic summary for a workspace's event kinds and layouts.
 *
 * <pre>spark-submit --class dev.cardinal.spark.SummarizeJob cardinal-summarize.jar \
 *     --workspace W.cardinal.json --out S.summary.json [--precision ns] INPUT...</pre>
 */
public final class SummarizeJob {
    private SummarizeJob() {
    }

    /** The job's arguments. */
    record Args(String workspace, String out, String precision, String master, List<String> inputs) {
        static Args parse(String[] argv) {
            String workspace = null;
            String out = null;
            String precision = "ns";
            String master = null;
            List<String> inputs = new ArrayList<>();
            for (int i = 0; i < argv.length; i++) {
                String a = argv[i];
                switch (a) {
                    case "--workspace" -> workspace = value(argv, ++i, a);
                    case "--out" -> out = value(argv, ++i, a);
                    case "--precision" -> precision = value(argv, ++i, a);
                    case "--master" -> master = value(argv, ++i, a);
                    default -> {
                        if (a.startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + a);
                        }
                        inputs.add(a);
                    }
                }
            }
            if (workspace == null || out == null || inputs.isEmpty()) {
                throw new IllegalArgumentException("usage: --workspace W.cardinal.json --out S" + TrafficSummary.EXTENSION
                    + " [--precision ns|us|ms|s] [--master URL] INPUT...");
            }
            if (!dev.cardinal.model.SampleBinding.PRECISIONS.contains(precision)) {
                throw new IllegalArgumentException("--precision must be one of " + dev.cardinal.model.SampleBinding.PRECISIONS
                    + ", was " + precision);
            }
            if (!out.endsWith(TrafficSummary.EXTENSION)) {
                throw new IllegalArgumentException("--out must end with " + TrafficSummary.EXTENSION + " (Cardinal tells a summary "
                    + "from traffic by its name), was " + out);
            }
            return new Args(workspace, out, precision, master, inputs);
        }

        private static String value(String[] argv, int i, String option) {
            if (i >= argv.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return argv[i];
        }
    }

    public static void main(String[] argv) throws IOException {
        Args args;
        try {
            args = Args.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println("cardinal-summarize: " + e.getMessage());
            System.exit(2);
            return;
        }
        SparkSession.Builder b = SparkSession.builder().appName("cardinal-summarize");
        if (args.master() != null) {
            b.master(args.master());
        }
        SparkSession spark = b.getOrCreate();
        try {
            TrafficSummary s = run(spark, args);
            System.err.println("cardinal-summarize: wrote " + args.out() + " (" + s.eventKinds().size() + " event kind"
                + (s.eventKinds().size() == 1 ? "" : "s") + ")");
        } finally {
            spark.stop();
        }
    }

    /** Summarizes the inputs and writes the summary file; returns what it wrote. */
    static TrafficSummary run(SparkSession spark, Args args) throws IOException {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        byte[] workspace = readAll(new Path(args.workspace()), conf);
        Workspace ws;
        try {
            ws = WorkspaceReader.read(workspace, args.workspace()).workspace();
        } catch (dev.cardinal.model.WorkspaceFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
        List<String> files = expand(args.inputs(), conf);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        LongAccumulator badLines = spark.sparkContext().longAccumulator("bad lines");
        TrafficRows reader = new TrafficRows(workspace, args.precision(), badLines);
        JavaRDD<Row> all = null;
        for (int f = 0; f < files.size(); f++) {
            int file = f;
            JavaRDD<Row> rows = jsc.textFile(files.get(f)).mapPartitionsWithIndex((p, lines) -> reader.rows(file, p, lines), true);
            all = all == null ? rows : all.union(rows);
        }
        Map<String, List<Layout>> coverage = new LinkedHashMap<>();
        for (EventKind k : ws.eventKinds()) {
            coverage.put(k.name(), SummaryCoverage.layouts(ws, k.name()));
        }
        TrafficSummary summary = new SummaryCounts(spark, coverage).summarize(all, String.join(" ", args.inputs()));
        if (summary.eventKinds().isEmpty()) {
            throw new IOException("no point could be read from " + String.join(" ", args.inputs()) + " (" + badLines.value()
                + " bad lines)");
        }
        if (badLines.value() > 0) {
            System.err.println("cardinal-summarize: " + badLines.value() + " bad lines skipped; cardinal analyze on a part of "
                + "the traffic lists them with their line numbers");
        }
        Path out = new Path(args.out());
        FileSystem fs = out.getFileSystem(conf);
        fs.setWriteChecksum(false); // no .crc beside the summary on a local disk
        try (OutputStream o = fs.create(out, true)) {
            o.write(TrafficSummaryFile.toJson(summary).getBytes(StandardCharsets.UTF_8));
        }
        return summary;
    }

    /** Each input path or glob to the files it names, in the order given (a glob's files by name). */
    static List<String> expand(List<String> inputs, Configuration conf) throws IOException {
        List<String> files = new ArrayList<>();
        for (String in : inputs) {
            Path p = new Path(in);
            FileStatus[] found = p.getFileSystem(conf).globStatus(p);
            if (found == null || found.length == 0) {
                throw new IOException(in + ": no such file, and no file matches it");
            }
            Arrays.sort(found);
            for (FileStatus s : found) {
                if (s.isDirectory()) {
                    throw new IOException(s.getPath() + ": a folder; give its files, e.g. " + s.getPath() + "/*.lp.gz");
                }
                files.add(s.getPath().toString());
            }
        }
        return files;
    }

    private static byte[] readAll(Path p, Configuration conf) throws IOException {
        try (InputStream in = p.getFileSystem(conf).open(p)) {
            return in.readAllBytes();
        }
    }
}
