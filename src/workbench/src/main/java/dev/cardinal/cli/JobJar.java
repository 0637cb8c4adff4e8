package dev.cardinal.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the {@code cardinal-summarize} job jar that {@link SparkSubmit} hands to Spark is, or what is missing. Looked
 * up in an environment given (the process's own in use), so the lookup is testable.
 */
final class JobJar {
    static final String JAR = "cardinal-summarize.jar";

    private final Map<String, String> env;
    private final Path cardinalJar;

    /** {@code cardinalJar}: the jar Cardinal runs from, or null when it runs from classes (a build, a test). */
    JobJar(Map<String, String> env, Path cardinalJar) {
        this.env = env;
        this.cardinalJar = cardinalJar;
    }

    /**
     * The job jar: {@code --job-jar}, else {@code $CARDINAL_SUMMARIZE_JAR}, else {@value #JAR} beside Cardinal's own
     * jar, else {@code src/spark/target/cardinal-summarize.jar} under the working folder (a build of Cardinal).
     */
    Optional<Path> find(Path given, Path workingDir) {
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

    /** What is missing when {@link #find} is empty, and how to get it. */
    String missing(Path given) {
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

    /** The jar Cardinal runs from, or null when it runs from a folder of classes. */
    static Path runningJar() {
        try {
            var source = JobJar.class.getProtectionDomain().getCodeSource();
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
