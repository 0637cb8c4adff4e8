package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal summarize}: where it looks for spark-submit and the job jar, what it says when one is missing, and
 * the spark-submit command it builds and prints. Running the job itself is tested in the Spark module.
 */
class SummarizeCommandTest {
    @TempDir
    Path dir;

    @Test
    void withoutSparkItSaysWhatIsMissingAndHowToGetIt() {
        CliRun r = run(Map.of("PATH", dir.toString()), "in.lp", "-w", "w.cardinal.json", "-o", "s.summary.json");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("no SPARK_HOME is set and no spark-submit is on PATH"), r.err());
        assertTrue(r.err().contains("set SPARK_HOME") && r.err().contains("--print-command"), r.err());

        r = run(Map.of("SPARK_HOME", dir.resolve("spark").toString()), "in.lp", "-w", "w.cardinal.json", "-o", "s.summary.json");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("SPARK_HOME is " + dir.resolve("spark") + ", which has no bin/spark-submit"), r.err());
    }

    @Test
    void withSparkButNoJobJarItSaysHowToBuildIt() throws Exception {
        Path home = sparkHome();
        CliRun r = run(Map.of("SPARK_HOME", home.toString()), "in.lp", "-w", "w.cardinal.json", "-o", "s.summary.json");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("the job jar cardinal-summarize.jar was not found") && r.err().contains("mvn verify"), r.err());

        r = run(Map.of("SPARK_HOME", home.toString()), "in.lp", "-w", "w", "-o", "s.summary.json", "--job-jar", "nope.jar");
        assertEquals(1, r.code());
        assertTrue(r.err().contains("--job-jar nope.jar: no such file"), r.err());
    }

    @Test
    void printCommandGivesTheSparkSubmitLineWithTheJobsOptionsBeforeTheInputs() throws Exception {
        Path home = sparkHome();
        Path jar = Files.createDirectories(dir.resolve("src/spark/target")).resolve(JobJar.JAR);
        Files.writeString(jar, "");
        CliRun r = run(Map.of("SPARK_HOME", home.toString()), "--print-command", "--spark", "yarn", "-w",
            "s3a://lake/ads.cardinal.json", "-o", "s3a://lake/ads.summary.json", "--input-format", "csv", "--event-kind", "ad event",
            "s3a://lake/2026-*/*.csv");
        assertEquals(0, r.code(), r.err());
        assertEquals(home.resolve("bin/spark-submit") + " --master yarn --class dev.cardinal.spark.SummarizeJob " + jar
            + " --workspace s3a://lake/ads.cardinal.json --out s3a://lake/ads.summary.json --format csv --event-kind 'ad event'"
            + " 's3a://lake/2026-*/*.csv'", r.out().strip());

        r = run(Map.of("PATH", dir.toString()), "--print-command", "-w", "w.cardinal.json", "-o", "s.summary.json", "a.lp");
        assertEquals("spark-submit --master 'local[*]' --class dev.cardinal.spark.SummarizeJob " + jar
            + " --workspace w.cardinal.json --out s.summary.json a.lp", r.out().strip());
    }

    @Test
    void anOutputNotNamedAsASummaryIsAUsageError() {
        CliRun r = run(Map.of(), "in.lp", "-w", "w.cardinal.json", "-o", "s.json");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("-o must end with .summary.json"), r.err());
    }

    private Path sparkHome() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("spark/bin"));
        Path submit = bin.resolve("spark-submit");
        Files.writeString(submit, "#!/bin/sh\nexit 3\n");
        Files.setPosixFilePermissions(submit, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir.resolve("spark");
    }

    private CliRun run(Map<String, String> env, String... args) {
        SummarizeCommand c = new SummarizeCommand();
        c.env = env;
        c.workingDir = dir;
        return CliRun.ofCommand(c, args);
    }
}
