package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Traffic with bad lines among good ones, in a plain file Spark reads in two partitions and the job in chunks of 500
 * lines: the job lists every refused line with its file, line, column and reason exactly as Cardinal's own reader
 * lists it, in file order, says how many there were, and its summary's figures are the rows' (the bad lines count
 * nowhere, the good ones all).
 */
class HostileInputTest extends SparkTest {
    @TempDir
    static Path dir;

    @Test
    void everyBadLineIsListedWhereAndWhyAsCardinalsReaderListsIt() throws Exception {
        Path ws = Scenarios.write("weather", dir, 6_000);
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(
            Files.newInputStream(ws.resolveSibling("traffic.lp.gz"))), StandardCharsets.UTF_8))) {
            r.lines().forEach(lines::add);
        }
        List<String> hostile = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            hostile.add(line);
            if (i < 50 || i % 97 != 0) {
                continue;
            }
            String[] parts = line.split(" ");
            String key = parts[0];
            String firstField = parts[1].substring(0, parts[1].indexOf('='));
            String ts = parts[parts.length - 1];
            hostile.add(switch ((i / 97) % 8) {
                case 0 -> "garbage without fields";
                case 1 -> key + ",x=1,x=2 " + parts[1] + " " + ts; // duplicate tags
                case 2 -> key + " " + firstField + "=\"a string where numbers go\" " + ts; // a field type conflict
                case 3 -> key + " " + parts[1] + " 12ab34"; // a timestamp that is not a number
                case 4 -> key + " " + firstField + "=1.0.0 " + ts; // a number that is not one
                case 5 -> "# a comment, not a problem";
                case 6 -> ""; // a blank line, not a problem
                default -> key + " " + parts[1] + ",\"unterminated=1 " + ts;
            });
        }
        Path traffic = dir.resolve("hostile.lp");
        Files.write(traffic, hostile, StandardCharsets.UTF_8);
        String name = "file:" + traffic.toAbsolutePath();
        Path out = dir.resolve("hostile" + TrafficSummary.EXTENSION);

        PrintStream before = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", out.toString(),
                "--chunk-lines", "500", name));
        } finally {
            System.setErr(before);
        }
        List<String> said = Arrays.stream(err.toString(StandardCharsets.UTF_8).split("\n"))
            .filter(l -> l.startsWith("cardinal-summarize: ")).map(l -> l.substring("cardinal-summarize: ".length())).toList();

        ReadReport desktop = SampleReader.read(List.of(new SampleReader.Source(traffic, SampleBinding.lineProtocol("traffic",
            traffic.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE).report();
        assertTrue(desktop.badLines() >= 30, "bad lines in the file: " + desktop.badLines());
        assertEquals(0, desktop.problemsOmitted());
        List<String> expected = new ArrayList<>();
        for (ReadProblem p : desktop.problems()) {
            // the job names the file as it was given, in the place and in the reason
            expected.add(new ReadProblem(name, p.line(), p.column(), p.kind(), p.message().replace(traffic.toString(), name))
                .toString());
        }
        expected.add(desktop.badLines() + " bad lines skipped");
        assertEquals(expected, said.stream().filter(l -> l.startsWith(name) || l.endsWith("bad lines skipped")).toList());
        ReportComparison.compare("weather with bad lines", ws, traffic, out);
    }
}
