package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Summaries of the two halves of the traffic, merged through their HLL sketches by {@code cardinal analyze A B},
 * give every distinct count of the whole (attributes and each layout's series, exact from the whole's summary) within
 * the sketches' +-2 sigma.
 */
class HalvesMergeTest extends SparkTest {
    @TempDir
    static Path dir;

    @Test
    void twoHalvesMergedGiveTheWholeWithinTwoSigma() throws Exception {
        Path ws = Scenarios.write("ad-marketplace", dir, 20_000);
        Path whole = dir.resolve("traffic.lp.gz");
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(whole)),
            StandardCharsets.UTF_8))) {
            r.lines().forEach(lines::add);
        }
        Path first = write(dir.resolve("first.lp.gz"), lines.subList(0, lines.size() / 2));
        Path second = write(dir.resolve("second.lp.gz"), lines.subList(lines.size() / 2, lines.size()));
        Path a = summarize(ws, first, "first");
        Path b = summarize(ws, second, "second");
        TrafficSummary.Kind exact = TrafficSummaryFile.read(summarize(ws, whole, "whole")).eventKinds().get(0);

        ReportComparison.Run run = ReportComparison.cardinal("analyze", a.toString(), b.toString(), "--workspace", ws.toString(),
            "--format", "json");
        assertEquals(0, run.code(), run.err());
        JsonNode kind = new ObjectMapper().readTree(run.out()).get("eventKinds").get(0);
        assertEquals(exact.rows(), kind.get("rows").asLong());
        int checked = 0;
        for (JsonNode attr : kind.get("attributes")) {
            long truth = exact.attributes().stream().filter(x -> x.name().equals(attr.get("name").asText())).findFirst()
                .orElseThrow().distinct();
            within(attr.get("name").asText(), truth, attr.get("distinct"));
            checked++;
        }
        for (JsonNode l : kind.get("layouts")) {
            long truth = exact.layouts().stream().filter(c -> c.layout().equals(l.get("layout").asText())).findFirst()
                .orElseThrow().series();
            within("series of " + l.get("layout").asText(), truth, l.get("series"));
            checked++;
        }
        assertEquals(exact.attributes().size() + 2, checked);
    }

    private static void within(String what, long truth, JsonNode estimate) {
        assertTrue(estimate.get("lower").asLong() <= truth && truth <= estimate.get("upper").asLong(),
            what + ": the whole has " + truth + ", the merged halves say " + estimate);
    }

    private static Path summarize(Path ws, Path traffic, String name) throws Exception {
        Path out = dir.resolve(name + TrafficSummary.EXTENSION);
        SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", out.toString(), traffic.toString()));
        return out;
    }

    private static Path write(Path file, List<String> lines) throws Exception {
        try (Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(file)), StandardCharsets.UTF_8)) {
            for (String l : lines) {
                w.write(l);
                w.write('\n');
            }
        }
        return file;
    }
}
