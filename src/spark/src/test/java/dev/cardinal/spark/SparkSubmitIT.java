package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.ReadReport;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal summarize INPUT --workspace W --spark 'local[2]' -o OUT} as a user runs it, in {@code mvn verify}
 * after the jars are built: Cardinal's own jar ({@code java -jar target/cardinal.jar}) finds {@code spark-submit} in
 * {@code SPARK_HOME} (a throwaway {@link SparkInstallation} of Spark 4.2.0's jars) and submits the job jar
 * ({@code src/spark/target/cardinal-summarize.jar}, found where a build of Cardinal leaves it) to a Spark driver of its
 * own. The summary it writes is, byte for byte, the one the job writes in this process for the same rows, and its
 * figures are the rows' ({@link ReportComparison}): on a scenario's traffic, and on explosion-shaped traffic with bad
 * lines among the good ones, each of which the job lists where and why as Cardinal's reader lists it. A path that
 * names no file fails with the job's reason and leaves no file behind.
 */
class SparkSubmitIT extends SparkTest {
    private static final Path TOP = Path.of(System.getProperty("cardinal.top", "../..")).toAbsolutePath().normalize();
    private static final Path CARDINAL_JAR = TOP.resolve("target/cardinal.jar");
    private static final Path JOB_JAR = TOP.resolve("src/spark/target/cardinal-summarize.jar");
    private static final String JOB = "cardinal-summarize: ";

    @TempDir
    static Path dir;
    private static Path sparkHome;

    @BeforeAll
    static void installSpark() throws IOException {
        assertTrue(Files.isRegularFile(CARDINAL_JAR), CARDINAL_JAR + " is built by the workbench module's package phase");
        assertTrue(Files.isRegularFile(JOB_JAR), JOB_JAR + " is built by this module's package phase");
        sparkHome = SparkInstallation.create(dir.resolve("spark"), TOP);
    }

    @Test
    void aScenarioSummarizedThroughSparkSubmitIsTheJobsOwnSummary() throws Exception {
        Path ws = Scenarios.write("ad-marketplace", dir.resolve("ads"), 5_000);
        Path traffic = ws.resolveSibling("traffic.lp.gz");
        Path out = ws.resolveSibling("ads" + TrafficSummary.EXTENSION);
        Run r = summarize(ws, traffic.toString(), out);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("cardinal summarize: " + sparkHome.resolve("bin/spark-submit") + " --master 'local[2]' --class "
            + SummarizeJob.class.getName() + " " + JOB_JAR), "the command run is said: " + r.err());
        assertTrue(r.err().contains(JOB + "wrote " + out + " (1 event kind)"), r.err());
        assertArrayEquals(inProcess(ws, traffic), Files.readAllBytes(out), "the summary of spark-submit and of the job here");
        ReportComparison.compare("ad-marketplace through spark-submit", ws, traffic, out);
    }

    @Test
    void explosionShapedTrafficWithBadLinesIsSummarizedAndEveryBadLineSaid() throws Exception {
        Path ws = Scenarios.write(Scenarios.EXPLOSION, dir.resolve("explosion"), 20_000);
        Path traffic = ws.resolveSibling("traffic-bad.lp");
        List<Long> bad = withBadLines(ws.resolveSibling("traffic.lp.gz"), traffic);
        Path out = ws.resolveSibling("explosion" + TrafficSummary.EXTENSION);
        Run r = summarize(ws, traffic.toString(), out);
        assertEquals(0, r.code(), r.err());

        ReadReport desktop = SampleReader.read(List.of(new SampleReader.Source(traffic, SampleBinding.lineProtocol("traffic",
            traffic.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE).report();
        assertEquals(bad, desktop.problems().stream().map(ReadProblem::line).toList(), "the bad lines Cardinal's reader says");
        assertEquals(bad.size(), desktop.badLines());
        assertEquals(0, desktop.problemsOmitted());
        // the job names a local file by its URI, in the place and in the reason
        String name = "file:" + traffic;
        List<String> expected = new ArrayList<>();
        for (ReadProblem p : desktop.problems()) {
            expected.add(new ReadProblem(name, p.line(), p.column(), p.kind(), p.message().replace(traffic.toString(), name))
                .toString());
        }
        expected.add(desktop.badLines() + " bad lines skipped");
        List<String> said = r.err().lines().filter(l -> l.startsWith(JOB)).map(l -> l.substring(JOB.length()))
            .filter(l -> l.startsWith(name) || l.endsWith("bad lines skipped")).toList();
        assertEquals(expected, said);
        assertFalse(r.err().contains("\u001b"), "an escape character of the traffic reached the terminal: " + r.err());

        assertArrayEquals(inProcess(ws, traffic), Files.readAllBytes(out), "the summary of spark-submit and of the job here");
        ReportComparison.compare("explosion with bad lines through spark-submit", ws, traffic, out);
    }

    @Test
    void aPathThatNamesNoFileFailsWithTheReasonAndLeavesNoFile() throws Exception {
        Path ws = Scenarios.write("weather", dir.resolve("missing"), 100);
        Path outDir = Files.createDirectories(dir.resolve("missing/out"));
        Path out = outDir.resolve("weather" + TrafficSummary.EXTENSION);
        String missing = dir.resolve("missing/no-such-traffic.lp.gz").toString();
        Run r = summarize(ws, missing, out);
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains(JOB + missing + ": no such file, and no file matches it"), r.err());
        assertTrue(r.err().contains("cardinal summarize: the job failed (spark-submit exited with 1); its messages are above"),
            r.err());
        assertFalse(r.err().contains("\tat "), "a stack trace: " + r.err());
        try (Stream<Path> left = Files.list(outDir)) {
            assertEquals(List.of(), left.toList(), "files left in the output's folder");
        }
    }

    /** The job in this process, as the unit tests run it: the bytes it writes for the same rows and workspace. */
    private static byte[] inProcess(Path ws, Path traffic) throws IOException {
        Path ref = Files.createTempDirectory(dir, "in-process").resolve("s" + TrafficSummary.EXTENSION);
        SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", ref.toString(), traffic.toString()));
        return Files.readAllBytes(ref);
    }

    /**
     * Writes the traffic as a plain file (Spark splits it between its tasks) with a line after every 499th: lines that
     * break the syntax, a tag without a value, a field whose type changes, a timestamp and a number that are none, one carrying terminal
     * escape sequences; comments are no problem. Returns the numbers of the bad lines.
     */
    private static List<Long> withBadLines(Path gz, Path to) throws IOException {
        List<String> lines = new ArrayList<>();
        List<Long> bad = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)),
            StandardCharsets.UTF_8))) {
            int i = 0;
            for (String line = r.readLine(); line != null; line = r.readLine(), i++) {
                lines.add(line);
                if (i % 499 != 498) {
                    continue;
                }
                String[] parts = line.split(" ");
                String field = parts[1].substring(0, parts[1].indexOf('='));
                String ts = parts[parts.length - 1];
                int kind = (i / 499) % 7;
                if (kind != 4) {
                    bad.add(lines.size() + 1L);
                }
                lines.add(switch (kind) {
                    case 0 -> "garbage without fields";
                    case 1 -> parts[0] + " " + field + "=\"a string where numbers go\" " + ts;
                    case 2 -> parts[0] + " " + parts[1] + " 12ab34";
                    case 3 -> parts[0] + " " + field + "=1.0.0 " + ts;
                    case 4 -> "# a comment, not a problem";
                    case 5 -> parts[0] + ",\u001b[31mred=\u001b]0;title\u0007 " + parts[1] + " " + ts + " trailing";
                    default -> parts[0] + ",lonely " + parts[1] + " " + ts; // a tag without a value
                });
            }
        }
        Files.write(to, lines, StandardCharsets.UTF_8);
        return bad;
    }

    private record Run(int code, String out, String err) {
    }

    /** {@code java -jar target/cardinal.jar summarize INPUT --workspace W --spark local[2] -o OUT} in the build's folder. */
    private static Run summarize(Path ws, String input, Path out) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path stdout = Files.createTempFile(dir, "summarize", ".out");
        Path stderr = Files.createTempFile(dir, "summarize", ".err");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-jar", CARDINAL_JAR.toString(), "summarize", input,
            "--workspace", ws.toString(), "--spark", "local[2]", "-o", out.toString())
            .directory(TOP.toFile()).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
        Map<String, String> env = pb.environment();
        env.put("SPARK_HOME", sparkHome.toString());
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.remove("CARDINAL_SUMMARIZE_JAR");
        env.remove("SPARK_CONF_DIR");
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            throw new AssertionError("cardinal summarize still running after 5 minutes: " + Files.readString(stderr));
        }
        return new Run(p.exitValue(), Files.readString(stdout), Files.readString(stderr));
    }
}
