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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;

/**
 * {@code cardinal-summarize}: reads traffic (line protocol, CSV, NDJSON or Parquet; paths or globs on any Hadoop file
 * system: local, HDFS, {@code s3a://}, {@code gs://}) and writes a traffic summary for a workspace's event kinds and
 * layouts.
 *
 * <pre>spark-submit --class dev.cardinal.spark.SummarizeJob cardinal-summarize.jar \
 *     --workspace W.cardinal.json --out S.summary.json [--precision ns] [--time-column C] [--time-format F] \
 *     [--tag-columns a,b] [--format lp|csv|ndjson|parquet] [--event-kind K] INPUT...</pre>
 *
 * {@code --format} and {@code --event-kind} apply to the inputs after them.
 */
public final class SummarizeJob {
    static final String USAGE = "usage: --workspace W.cardinal.json --out S" + TrafficSummary.EXTENSION
        + " [--precision ns|us|ms|s] [--time-column C] [--time-format F] [--tag-columns a,b] [--master URL] [--chunk-lines N]"
        + " [--format lp|csv|ndjson|parquet] [--event-kind K] INPUT...";

    /**
     * Partitions of the aggregation (and of the chunks of too few inputs) per core: each task's distinct keys stay
     * few enough to be held cheaply, and the shuffle stays under Spark's bypass threshold (200) on small machines.
     */
    static final int PARTITIONS_PER_CORE = 16;

    static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";

    /**
     * Shuffle partitions per core of the aggregations when the user has not set {@value #SHUFFLE_PARTITIONS}. Spark's
     * default of 200 whatever the cores cost the job about 55 CPU-seconds per run on two cores (every map task writes
     * and every exchange plans 200 partitions); 8 per core (16 on two) took 200,000 ad rows from 89 to 54 CPU-seconds.
     * Spark's adaptive execution, on by default, coalesces what is left small after the shuffle.
     */
    static final int SHUFFLE_PARTITIONS_PER_CORE = 8;

    private SummarizeJob() {
    }

    /** The classes the job moves between tasks, registered with Kryo so that a record does not carry its class name. */
    static final List<Class<?>> MOVED = List.of(Pos.class, RawChunk.class, FactCounts.class, DistinctKeys.SketchBytes.class,
        Checkpoints.class, Checkpoints.Group.class, Slots.class, Slots.Kind.class, TimeOrder.Counts.class,
        TimeOrder.Picked.class, long[].class, long[][].class, int[].class, int[][].class, byte[].class, String[].class);

    /**
     * The session settings the job is fast with, each unless {@code spark-submit} set it: Kryo writes the rows' keys
     * and counts between tasks in a fraction of the bytes and time of Java serialization; with the job's classes
     * registered, a record is written without its class name, and without reference tracking Kryo no longer clears
     * its table of objects seen after every record (the job's records share no objects). Kryo had 18% of the samples
     * of a JFR profile of 200,000 rows before, 9% after.
     */
    static SparkSession.Builder tuned(SparkSession.Builder b) {
        org.apache.spark.SparkConf given = new org.apache.spark.SparkConf();
        if (!given.contains("spark.serializer")) {
            b.config("spark.serializer", "org.apache.spark.serializer.KryoSerializer");
        }
        if (!given.contains("spark.kryo.referenceTracking")) {
            b.config("spark.kryo.referenceTracking", "false");
        }
        if (!given.contains("spark.kryo.classesToRegister")) {
            b.config("spark.kryo.classesToRegister", MOVED.stream().map(Class::getName)
                .collect(java.util.stream.Collectors.joining(",")));
        }
        return b;
    }

    /** The job's arguments. */
    record Args(String workspace, String out, String master, List<Inputs.Input> inputs, Inputs.Overrides overrides,
                int chunkLines) {
        static Args parse(String... argv) {
            String workspace = null;
            String out = null;
            String master = null;
            String precision = null;
            String timeColumn = null;
            String timeFormat = null;
            List<String> tagColumns = null;
            InputFormat format = null;
            String eventKind = null;
            int chunkLines = TrafficRows.CHUNK_LINES;
            List<Inputs.Input> inputs = new ArrayList<>();
            for (int i = 0; i < argv.length; i++) {
                String a = argv[i];
                switch (a) {
                    case "--workspace" -> workspace = value(argv, ++i, a);
                    case "--out" -> out = value(argv, ++i, a);
                    case "--precision" -> precision = value(argv, ++i, a);
                    case "--master" -> master = value(argv, ++i, a);
                    case "--time-column" -> timeColumn = value(argv, ++i, a);
                    case "--time-format" -> timeFormat = value(argv, ++i, a);
                    case "--tag-columns" -> tagColumns = Arrays.stream(value(argv, ++i, a).split(","))
                        .map(String::trim).filter(t -> !t.isEmpty()).toList();
                    case "--event-kind" -> eventKind = value(argv, ++i, a);
                    case "--chunk-lines" -> chunkLines = positive(value(argv, ++i, a), a);
                    case "--format" -> {
                        String id = value(argv, ++i, a);
                        format = InputFormat.fromId(id).orElseThrow(() -> new IllegalArgumentException(
                            "--format must be lp, csv, ndjson or parquet, was " + id));
                    }
                    default -> {
                        if (a.startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + a);
                        }
                        inputs.add(new Inputs.Input(a, format, eventKind));
                    }
                }
            }
            if (workspace == null || out == null || inputs.isEmpty()) {
                throw new IllegalArgumentException(USAGE);
            }
            if (precision != null && !dev.cardinal.model.SampleBinding.PRECISIONS.contains(precision)) {
                throw new IllegalArgumentException("--precision must be one of " + dev.cardinal.model.SampleBinding.PRECISIONS
                    + ", was " + precision);
            }
            if (!out.endsWith(TrafficSummary.EXTENSION)) {
                throw new IllegalArgumentException("--out must end with " + TrafficSummary.EXTENSION + " (Cardinal tells a summary "
                    + "from traffic by its name), was " + out);
            }
            return new Args(workspace, out, master, inputs,
                new Inputs.Overrides(precision, timeColumn, timeFormat, tagColumns), chunkLines);
        }

        private static int positive(String text, String option) {
            try {
                int n = Integer.parseInt(text);
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new IllegalArgumentException(option + " takes a positive number of lines, was " + text);
        }

        private static String value(String[] argv, int i, String option) {
            if (i >= argv.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return argv[i];
        }

        String source() {
            return inputs.stream().map(Inputs.Input::path).collect(java.util.stream.Collectors.joining(" "));
        }
    }

    public static void main(String[] argv) {
        Args args;
        try {
            args = Args.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println("cardinal-summarize: " + e.getMessage());
            System.exit(2);
            return;
        }
        SparkSession.Builder b = tuned(SparkSession.builder().appName("cardinal-summarize"));
        if (args.master() != null) {
            b.master(args.master());
        }
        SparkSession spark = b.getOrCreate();
        int code = 0;
        try {
            TrafficSummary s = run(spark, args);
            System.err.println("cardinal-summarize: wrote " + args.out() + " (" + s.eventKinds().size() + " event kind"
                + (s.eventKinds().size() == 1 ? "" : "s") + ")");
        } catch (IOException | IllegalArgumentException e) {
            // bad input (a missing file, an unknown format, a workspace without the event kind): said, not a stack trace
            System.err.println("cardinal-summarize: " + e.getMessage());
            code = 1;
        } finally {
            spark.stop();
        }
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Summarizes the inputs and writes the summary file; returns what it wrote. */
    static TrafficSummary run(SparkSession spark, Args args) throws IOException {
        return run(spark, args, -1L);
    }

    /**
     * As {@link #run(SparkSession, Args)}, grouping keys by the bits {@code keyMask} keeps of their hash's first half:
     * all of them, but in the test of the collision check.
     */
    static TrafficSummary run(SparkSession spark, Args args, long keyMask) throws IOException {
        return withShufflePartitions(spark, () -> summarize(spark, args, keyMask));
    }

    /** What runs with the shuffle partitions chosen: the job, or a test's look at the setting. */
    interface Work<T> {
        T run() throws IOException;
    }

    /**
     * Runs {@code work} with {@value #SHUFFLE_PARTITIONS} at {@link #SHUFFLE_PARTITIONS_PER_CORE} per core of the
     * session when the user has not set it ({@code spark-submit --conf}, {@code spark-defaults.conf}, the session's
     * builder or its runtime configuration: each is kept), and leaves the session's configuration as it found it.
     */
    static <T> T withShufflePartitions(SparkSession spark, Work<T> work) throws IOException {
        if (spark.conf().contains(SHUFFLE_PARTITIONS)) {
            return work.run();
        }
        spark.conf().set(SHUFFLE_PARTITIONS, SHUFFLE_PARTITIONS_PER_CORE * spark.sparkContext().defaultParallelism());
        try {
            return work.run();
        } finally {
            spark.conf().unset(SHUFFLE_PARTITIONS);
        }
    }

    private static TrafficSummary summarize(SparkSession spark, Args args, long keyMask) throws IOException {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        byte[] workspace = readAll(new Path(args.workspace()), conf);
        Workspace ws;
        try {
            ws = WorkspaceReader.read(workspace, args.workspace()).workspace();
        } catch (dev.cardinal.model.WorkspaceFormatException e) {
            throw new IOException(e.getMessage(), e);
        }
        ReadProblems problems = new ReadProblems(spark.sparkContext());
        int partitions = PARTITIONS_PER_CORE * spark.sparkContext().defaultParallelism();
        Inputs.Chunks chunks = new Inputs(spark, ws, args.overrides(), args.chunkLines()).chunks(args.inputs(), partitions);
        Map<String, List<Layout>> coverage = new LinkedHashMap<>();
        for (EventKind k : ws.eventKinds()) {
            coverage.put(k.name(), SummaryCoverage.layouts(ws, k.name()));
        }
        TrafficSummary summary = new SummaryCounts(spark, coverage).summarize(chunks, workspace, problems, args.source(),
            Math.max(partitions, chunks.chunks().getNumPartitions()), keyMask);
        if (summary.eventKinds().isEmpty()) {
            say(problems, chunks.files());
            throw new IOException("no point could be read from " + args.source() + " (" + problems.badLines()
                + " bad lines)");
        }
        say(problems, chunks.files());
        byte[] json = TrafficSummaryFile.toJson(summary).getBytes(StandardCharsets.UTF_8);
        SummaryOutput.write(new Path(args.out()), conf, o -> o.write(json));
        return summary;
    }

    /** Each refused line kept, as Cardinal's reader says it (file:line:column: reason), and how many more there were. */
    private static void say(ReadProblems problems, List<String> files) {
        List<dev.cardinal.traffic.ReadProblem> kept = problems.problems(files);
        kept.forEach(p -> System.err.println("cardinal-summarize: " + p));
        if (problems.badLines() > kept.size()) {
            System.err.println("cardinal-summarize: " + problems.badLines() + " bad lines skipped, " + kept.size()
                + " listed above");
        } else if (problems.badLines() > 0) {
            System.err.println("cardinal-summarize: " + problems.badLines() + " bad lines skipped");
        }
    }

    private static byte[] readAll(Path p, Configuration conf) throws IOException {
        try (InputStream in = p.getFileSystem(conf).open(p)) {
            return in.readAllBytes();
        }
    }
}
