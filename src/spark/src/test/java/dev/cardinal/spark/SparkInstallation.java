package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A throwaway Spark installation laid out as a Spark distribution is: {@code bin/spark-submit} (the test resource
 * {@code spark-home/bin/spark-submit}, which runs Spark's own launcher library), {@code conf/} (no web UI, the driver
 * on the loopback address, Spark's logging at warnings) and {@code jars/}, links to the Spark 4.2.0 jars (Spark and
 * what it brings, from Maven Central) on this test's class path.
 */
final class SparkInstallation {
    /**
     * Jars on the test's class path that are not Spark's, beside those of this build (under {@code top}): Cardinal's
     * own, the job's fastutil (in the job jar, not in a Spark distribution), the command line's picocli, the test
     * runner's. Named by their folder in the Maven repository.
     */
    private static final List<String> NOT_SPARKS = List.of("/dev/cardinal/", "/it/unimi/dsi/", "/info/picocli/",
        "/org/junit/", "/org/opentest4j/", "/org/apiguardian/", "/org/apache/maven/");

    private SparkInstallation() {
    }

    /** Lays the installation out in {@code home} (an empty or absent folder) and returns it; {@code top}: this build's folder. */
    static Path create(Path home, Path top) throws IOException {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path submit = bin.resolve("spark-submit");
        copyResource("spark-home/bin/spark-submit", submit);
        Files.setPosixFilePermissions(submit, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path conf = Files.createDirectories(home.resolve("conf"));
        copyResource("spark-home/conf/spark-defaults.conf", conf.resolve("spark-defaults.conf"));
        copyResource("spark-home/conf/log4j2.properties", conf.resolve("log4j2.properties"));
        Path jars = Files.createDirectories(home.resolve("jars"));
        Set<String> names = new HashSet<>();
        for (Path jar : sparkJars(top)) {
            String name = jar.getFileName().toString();
            assertTrue(names.add(name), "two jars named " + name + " on the class path");
            Files.createSymbolicLink(jars.resolve(name), jar);
        }
        return home;
    }

    /** The Spark jars of this test's class path ({@code java.class.path}); fails when Spark's are not among them. */
    static List<Path> sparkJars(Path top) {
        List<Path> found = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath().normalize();
            String unix = p.toString().replace(File.separatorChar, '/');
            if (entry.endsWith(".jar") && !p.startsWith(top) && NOT_SPARKS.stream().noneMatch(unix::contains)) {
                found.add(p);
            }
        }
        for (String needed : List.of("spark-core_2.13-", "spark-sql_2.13-", "spark-launcher_2.13-", "scala-library-")) {
            if (found.stream().noneMatch(p -> p.getFileName().toString().startsWith(needed))) {
                fail("no " + needed + "*.jar among the class path's jars: " + found);
            }
        }
        return found;
    }

    private static void copyResource(String name, Path to) throws IOException {
        try (InputStream in = SparkInstallation.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                fail("test resource " + name + " missing");
            }
            Files.copy(in, to);
        }
    }
}
