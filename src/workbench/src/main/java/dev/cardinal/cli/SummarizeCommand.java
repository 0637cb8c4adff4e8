package dev.cardinal.cli;

import dev.cardinal.traffic.SummaryCoverage;
import dev.cardinal.traffic.TrafficSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cardinal summarize FILES... --workspace W -o S.summary.json}: runs the {@code cardinal-summarize} Spark job
 * through {@code spark-submit} as a child process (the desktop jar carries none of Spark), or prints the command for
 * a cluster.
 */
@Command(name = "summarize", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Summarize traffic too large for one machine on Apache Spark: runs the cardinal-summarize job with "
        + "spark-submit ($SPARK_HOME/bin or PATH) and writes a traffic summary that analyze reads in place of the traffic."
        + "%nExit codes: 0 written (or the command printed), 1 Spark, the job jar or the job failed, 2 usage.")
final class SummarizeCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "Traffic files, globs or URLs (file:, hdfs://, s3a://, "
        + "gs://): line protocol, CSV, NDJSON or Parquet, as their names say or as --input-format says.")
    List<String> inputs = new ArrayList<>();

    @Option(names = {"-w", "--workspace"}, required = true, paramLabel = "W.cardinal.json",
        description = "The workspace whose event kinds and layouts are counted (a path or URL the job can read).")
    String workspace;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "S" + TrafficSummary.EXTENSION,
        description = "Where the job writes the summary (a path or URL; the name ends with " + TrafficSummary.EXTENSION + ").")
    String output;

    @Option(names = "--spark", defaultValue = "local[*]", paramLabel = "MASTER",
        description = "The Spark master: local[*], local[2], yarn, spark://host:7077, k8s://... (default: ${DEFAULT-VALUE}).")
    String master;

    @Option(names = "--input-format", paramLabel = "FORMAT", description = "lp, csv, ndjson or parquet, for inputs whose name does not say.")
    String inputFormat;

    @Option(names = "--event-kind", paramLabel = "KIND", description = "The event kind of CSV, NDJSON or Parquet inputs "
        + "(default: the workspace's only one).")
    String eventKind;

    @Option(names = "--precision", paramLabel = "UNIT", description = "ns, us, ms or s: of the timestamps (default: the "
        + "workspace's binding, else ns).")
    String precision;

    @Option(names = "--job-jar", paramLabel = "JAR", description = "The cardinal-summarize job jar (default: "
        + "$CARDINAL_SUMMARIZE_JAR, beside cardinal.jar, or src/spark/target in a build).")
    Path jobJar;

    @Option(names = "--print-command", description = "Print the spark-submit command (for a cluster: change --master "
        + "and the paths) instead of running it.")
    boolean printCommand;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The environment Spark and the jar are looked up in. */
    Map<String, String> env = System.getenv();
    /** The folder a relative job jar location is resolved against. */
    Path workingDir = Path.of("").toAbsolutePath();

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!output.endsWith(TrafficSummary.EXTENSION)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-o must end with " + TrafficSummary.EXTENSION
                + " (Cardinal tells a summary from traffic by its name), was " + output);
        }
        SparkSubmit spark = new SparkSubmit(env);
        JobJar job = new JobJar(env, JobJar.runningJar());
        Optional<Path> submit = spark.sparkSubmit();
        Optional<Path> jar = job.find(jobJar, workingDir);
        if (printCommand) {
            out.println(SummaryCoverage.shell(SparkSubmit.command(submit.map(Path::toString).orElse("spark-submit"), master,
                jar.map(Path::toString).orElse(JobJar.JAR), jobArgs())));
            return 0;
        }
        if (submit.isEmpty()) {
            err.println("cardinal summarize: " + spark.sparkSubmitMissing());
            return 1;
        }
        if (jar.isEmpty()) {
            err.println("cardinal summarize: " + job.missing(jobJar));
            return 1;
        }
        List<String> command = SparkSubmit.command(submit.get().toString(), master, jar.get().toString(), jobArgs());
        err.println("cardinal summarize: " + SummaryCoverage.shell(command));
        err.flush();
        Process p = new ProcessBuilder(command).inheritIO().start();
        int code = p.waitFor();
        if (code != 0) {
            err.println("cardinal summarize: the job failed (spark-submit exited with " + code + "); its messages are above");
            return 1;
        }
        return 0;
    }

    /** The job's own arguments: options first, then the inputs (a format and event kind apply to the inputs after them). */
    List<String> jobArgs() {
        List<String> a = new ArrayList<>(List.of("--workspace", workspace, "--out", output));
        if (precision != null) {
            a.addAll(List.of("--precision", precision));
        }
        if (inputFormat != null) {
            a.addAll(List.of("--format", inputFormat));
        }
        if (eventKind != null) {
            a.addAll(List.of("--event-kind", eventKind));
        }
        a.addAll(inputs);
        return a;
    }
}
