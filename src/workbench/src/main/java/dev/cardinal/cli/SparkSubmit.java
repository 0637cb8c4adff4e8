package dev.cardinal.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where {@code spark-submit} and the {@code cardinal-summarize} job jar are, and the command that runs the job: the
 * desktop jar carries none of Spark, so {@code cardinal summarize} hands the job to a Spark installation as a child
 * process. Looked up in an environment given (the process's own in use), so the lookup is testable.
 */
final class SparkSubmit {
    static final String JOB_CLASS = "dev.cardinal.spark.SummarizeJob";
    static final String JAR = "cardinal-summarize.jar";

    private final Map<String, String> env;
    private final Path cardinalJar;

    /** {@code cardinalJar}: the jar Cardinal runs from, or null when it runs from classes (a build, a test). */
    SparkSubmit(Map<String, String> env, Path cardinalJar) {
        this.env = env;
        this.cardinalJar = cardinalJar;
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

    /**
     * The job jar: {@code --job-jar}, else {@code $CARDINAL_SUMMARIZE_JAR}, else {@value #JAR} beside Cardinal's own
     * jar, else {@code src/spark/target/cardinal-summarize.jar} under the working folder (a build of Cardinal).
     */
    Optional<Path> jobJar(Path given, Path workingDir) {
        if (given != null) {
            return Files.isRegularFile(given) ? Optional.of(given) : Optional.empty();
        }
        String fromEnv = env.get("CARDINAL_SUMMARIZE_JAR");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Files.isRegularFile(Path.of(fromEnv)) ? Optional.of(Path.of(fromEnv)) : Optional.empty();
        }
        List<Path> candidates = new ArrayList<>();
        if (cardinalJar != null && cardinalJar.getParent() != null) {
            candidates.add(cardinalJar.getParent().resolve(JAR));
        }
        candidates.add(workingDir.resolve("src/spark/target").resolve(JAR));
        return candidates.stream().filter(Files::isRegularFile).findFirst();
    }

    /** What is missing when {@link #jobJar} is empty, and how to get it. */
    String jobJarMissing(Path given) {
        if (given != null) {
            return "--job-jar " + given + ": no such file";
        }
        String fromEnv = env.get("CARDINAL_SUMMARIZE_JAR");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return "CARDINAL_SUMMARIZE_JAR is " + fromEnv + ": no such file";
        }
        return "the job jar " + JAR + " was not found (looked beside Cardinal's jar and in src/spark/target). Build it "
            + "with 'mvn verify' in Cardinal's source folder (or 'cd src/spark && mvn package' after installing the core), "
            + "then give it with --job-jar or CARDINAL_SUMMARIZE_JAR";
    }

    /** The spark-submit command line that runs the job with {@code jobArgs} on {@code master}. */
    static List<String> command(String sparkSubmit, String master, String jobJar, List<String> jobArgs) {
        List<String> c = new ArrayList<>(List.of(sparkSubmit, "--master", master, "--class", JOB_CLASS, jobJar));
        c.addAll(jobArgs);
        return c;
    }

    /** The jar Cardinal runs from, or null when it runs from a folder of classes. */
    static Path runningJar() {
        try {
            var source = SparkSubmit.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return null;
            }
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) ? p : null;
        } catch (java.net.URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null; // a class source that is not a file: look elsewhere
        }
    }
}
