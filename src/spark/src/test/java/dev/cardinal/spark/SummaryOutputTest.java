package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary's name holds a whole summary or nothing: a job that fails after reading part of its input leaves the
 * previous summary as it was, a write that fails half-way leaves the name untouched, and neither leaves a
 * temporary file beside it.
 */
class SummaryOutputTest extends SparkTest {
    @TempDir
    static Path dir;

    @Test
    void aJobThatFailsMidWayLeavesThePreviousSummaryWholeAndNoTemporaryFile() throws Exception {
        Path ws = Scenarios.write("weather", dir.resolve("job"), 20_000);
        Path out = dir.resolve("job").resolve("traffic" + TrafficSummary.EXTENSION);
        SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", out.toString(),
            ws.resolveSibling("traffic.lp.gz").toString()));
        byte[] before = Files.readAllBytes(out);
        // the same traffic cut off half-way through its gzip stream: read until the cut, then the task fails
        Path traffic = ws.resolveSibling("traffic.lp.gz");
        byte[] gz = Files.readAllBytes(traffic);
        Path cut = Files.write(dir.resolve("job").resolve("cut.lp.gz"), java.util.Arrays.copyOf(gz, gz.length / 2));
        Exception e = assertThrows(Exception.class, () -> SummarizeJob.run(spark,
            SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", out.toString(), traffic.toString(),
                cut.toString())));
        assertTrue(String.valueOf(e.getMessage()).contains("end of"), String.valueOf(e.getMessage()));
        assertEquals(new String(before, StandardCharsets.UTF_8), Files.readString(out));
        assertEquals(List.of(out.getFileName().toString()), summaries(out.getParent()));
    }

    @Test
    void aWriteThatFailsHalfWayLeavesTheNameAsItWasAndNoTemporaryFile() throws Exception {
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        FileSystem fs = FileSystem.getLocal(conf).getRaw(); // HDFS keeps no .crc files beside them
        for (boolean hadoop : new boolean[]{false, true}) {
            Path folder = Files.createDirectories(dir.resolve(hadoop ? "hadoop" : "local"));
            Path out = folder.resolve("s" + TrafficSummary.EXTENSION);
            org.apache.hadoop.fs.Path name = new org.apache.hadoop.fs.Path(out.toUri());
            for (String previous : new String[]{null, "{\"whole\": true}"}) {
                if (previous != null) {
                    Files.writeString(out, previous);
                }
                IOException failed = assertThrows(IOException.class, () -> write(hadoop, fs, name, conf, o -> {
                    o.write("{\"half\": ".getBytes(StandardCharsets.UTF_8));
                    o.flush();
                    throw new IOException("disk full");
                }));
                assertEquals("disk full", failed.getMessage());
                if (previous == null) {
                    assertFalse(Files.exists(out), out + " after a failed first write");
                } else {
                    assertEquals(previous, Files.readString(out));
                }
                assertEquals(previous == null ? List.of() : List.of(out.getFileName().toString()), summaries(folder),
                    "files beside " + out);
            }
            write(hadoop, fs, name, conf, o -> o.write("{\"new\": 1}".getBytes(StandardCharsets.UTF_8)));
            assertEquals("{\"new\": 1}", Files.readString(out));
            assertEquals(List.of(out.getFileName().toString()), summaries(folder), "files beside " + out);
        }
    }

    private static void write(boolean hadoop, FileSystem fs, org.apache.hadoop.fs.Path out, Configuration conf,
                              dev.cardinal.model.AtomicFiles.Content content) throws IOException {
        if (hadoop) {
            SummaryOutput.viaRename(fs, out, content);
        } else {
            SummaryOutput.write(out, conf, content);
        }
    }

    /** The names in a folder but for the job's inputs and workspace: summaries, temporary files, checksums. */
    private static List<String> summaries(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(f -> f.getFileName().toString())
                .filter(n -> !n.endsWith(".lp") && !n.endsWith(".lp.gz") && !n.endsWith(".cardinal.json")).sorted().toList();
        }
    }
}
