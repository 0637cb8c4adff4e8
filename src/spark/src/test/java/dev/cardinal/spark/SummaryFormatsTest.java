package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleFormat;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on CSV, NDJSON and Parquet: every sample scenario written in each (CSV with an RFC 3339 {@code time}
 * column, NDJSON with Elastic's {@code @timestamp}, Parquet written by Spark from the same rows), each bound in a
 * workspace as its event kind; every figure of {@code cardinal analyze --format json} from the summary equals the
 * figure Cardinal's own reader gives on the same files. The files are read in small chunks and, unzipped, in two
 * partitions, so chunks and partitions start inside a file (a CSV chunk with the file's header, types as the file's
 * first lines give them).
 */
class SummaryFormatsTest extends SparkTest {
    private static final long ROWS = 12_000;
    private static final String CHUNK = "3000";
    @TempDir
    static Path dir;

    @Test
    void csvNdjsonAndParquetSummariesGiveTheRowsFigures() throws Exception {
        for (String name : Scenarios.names()) {
            Path scenario = Scenarios.write(name, dir.resolve(name), ROWS);
            Path csv = ScenarioFormats.write(scenario, SampleFormat.CSV);
            ReportComparison.compare(name + " csv", csv, null, summarize(csv, "csv", csv.resolveSibling(ScenarioFormats.CSV)));

            Path ndjson = ScenarioFormats.write(scenario, SampleFormat.NDJSON);
            ReportComparison.compare(name + " ndjson", ndjson, null,
                summarize(ndjson, "ndjson", ndjson.resolveSibling(ScenarioFormats.NDJSON)));

            Path parquet = ScenarioFormats.parquet(spark, ndjson);
            ReportComparison.compare(name + " parquet", ndjson, null, summarize(ndjson, "parquet", parquet));
        }
    }

    @Test
    void aGlobOfFilesReadsAsTheFilesInNameOrder() throws Exception {
        Path scenario = Scenarios.write("weather", dir.resolve("glob"), ROWS);
        Path csv = ScenarioFormats.write(scenario, SampleFormat.CSV);
        java.util.List<String> lines = Files.readAllLines(csv.resolveSibling(ScenarioFormats.CSV));
        Path parts = Files.createDirectories(dir.resolve("glob").resolve("parts"));
        int half = lines.size() / 2;
        Files.write(parts.resolve("a.csv"), lines.subList(0, half));
        java.util.List<String> second = new java.util.ArrayList<>(lines.subList(half, lines.size()));
        second.add(0, lines.get(0));
        Files.write(parts.resolve("b.csv"), second);
        Path out = dir.resolve("glob").resolve("parts" + TrafficSummary.EXTENSION);
        SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", csv.toString(), "--out", out.toString(),
            "--chunk-lines", CHUNK, "file:" + parts.toAbsolutePath() + "/*.csv"));
        ReportComparison.compare("weather csv in two files", csv, null, out);
    }

    @Test
    void anInputWithoutAKnownFormatOrEventKindIsSaidWithWhatToGive() throws Exception {
        Path scenario = Scenarios.write("weather", dir.resolve("bad"), 100);
        Path odd = Files.writeString(dir.resolve("bad").resolve("traffic.dat"), "x\n");
        Path out = dir.resolve("bad").resolve("o" + TrafficSummary.EXTENSION);
        IOException e = assertThrows(IOException.class, () -> SummarizeJob.run(spark, SummarizeJob.Args.parse(
            "--workspace", scenario.toString(), "--out", out.toString(), odd.toString())));
        assertTrue(e.getMessage().contains("give --format lp|csv|ndjson|parquet"), e.getMessage());
        e = assertThrows(IOException.class, () -> SummarizeJob.run(spark, SummarizeJob.Args.parse(
            "--workspace", scenario.toString(), "--out", out.toString(), "--event-kind", "nope", "--format", "csv", odd.toString())));
        assertTrue(e.getMessage().contains("the workspace has no event kind 'nope'"), e.getMessage());
        IllegalArgumentException usage = assertThrows(IllegalArgumentException.class, () -> SummarizeJob.Args.parse(
            "--workspace", "w", "--out", out.toString(), "--format", "xml", "f"));
        assertEquals("--format must be lp, csv, ndjson or parquet, was xml", usage.getMessage());
    }

    private static Path summarize(Path ws, String format, Path input) throws Exception {
        Path out = ws.resolveSibling(format + TrafficSummary.EXTENSION);
        SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", out.toString(),
            "--chunk-lines", CHUNK, "--format", format, input.toString()));
        return out;
    }
}
