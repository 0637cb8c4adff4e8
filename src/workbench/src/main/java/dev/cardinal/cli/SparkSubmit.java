package dev.cardinal.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where {@code spark-submit} is, and the command that runs the {@code cardinal-summarize} job ({@link JobJar}): the
 * desktop jar carries none of Spark, so {@code cardinal summarize} hands the job to a Spark installation as a child
 * process. Looked up in an environment given (the process's own in use), so the lookup is testable.
 */
final class SparkSubmit {
    static final String JOB_CLASS = "dev.cardinal.spark.SummarizeJob";

    private final Map<String, String> env;

    SparkSubmit(Map<String, String> env) {
        this.env = env;
    }

    /** {@code $SPARK_HOME/bin/spark-submit}, else the first {@code spark-submit} on {@code PATH}. */
    Optional<Path> sparkSubmit() {
        String home = env.get("SPARK_HOME");
        if (home != null && !home.isBlank()) {
            Path p = Path.of(home, "bin", "spark-submit");
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, "spark-submit");
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** What is missing when {@link #sparkSubmit()} is empty, and how to get it. */
    String sparkSubmitMissing() {
        String home = env.get("SPARK_HOME");
        String where = home != null && !home.isBlank() ? "SPARK_HOME is " + home + ", which has no bin/spark-submit"
            : "no SPARK_HOME is set and no spark-submit is on PATH";
        return "Apache Spark is needed and was not found: " + where + ". Install Spark 4 (Scala 2.13, Java 17) "
            + "(https://spark.apache.org/downloads.html, e.g. spark-4.2.0-bin-hadoop3) and set SPARK_HOME to its "
            + "folder, or use --print-command to get the spark-submit command for a cluster";
    }

    /** The spark-submit command line that runs the job with {@code jobArgs} on {@code master}. */
    static List<String> command(String sparkSubmit, String master, String jobJar, List<String> jobArgs) {
        List<String> c = new ArrayList<>(List.of(sparkSubmit, "--master", master, "--class", JOB_CLASS, jobJar));
        c.addAll(jobArgs);
        return c;
    }
}
