package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.cli.Main;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The job on every sample scenario, in Spark local mode: every figure {@code cardinal analyze --format json} gives
 * from the summary equals the figure it gives from the same files read by Cardinal's own reader, and every figure
 * of the rows' report is either in the summary's or named in its {@code notInSummary}.
 */
class SummaryEqualsRowsTest {
    private static final long ROWS = 30_000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SparkSession spark;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() {
        spark = Sessions.local();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void everyScenarioSummaryGivesTheRowsFigures() throws Exception {
        for (String name : Scenarios.names()) {
            Path ws = Scenarios.write(name, dir.resolve(name), ROWS);
            Path traffic = dir.resolve(name).resolve("traffic.lp.gz");
            Path summary = summarize(ws, traffic, dir.resolve(name).resolve("traffic" + dev.cardinal.traffic.TrafficSummary.EXTENSION));
            compare(name, ws, traffic, summary);
        }
    }

    @Test
    void aLayoutOneToggleAwayIsCoveredAndTwoAwayIsSaidWithTheRerun() throws Exception {
        Path ws = Scenarios.write("ad-marketplace", dir.resolve("toggle"), ROWS);
        Path traffic = dir.resolve("toggle").resolve("traffic.lp.gz");
        Path summary = summarize(ws, traffic, dir.resolve("toggle").resolve("t" + dev.cardinal.traffic.TrafficSummary.EXTENSION));
        Workspace w = WorkspaceFiles.load(ws).workspace();
        Layout ids = w.layout("ids-as-tags").orElseThrow();
        Path oneAway = dir.resolve("toggle").resolve("one.cardinal.json");
        WorkspaceFiles.save(oneAway, w.withLayout(ids.withRole("session_id", Role.FIELD)));
        compare("one toggle away", oneAway, traffic, summary);

        Path twoAway = dir.resolve("toggle").resolve("two.cardinal.json");
        WorkspaceFiles.save(twoAway, w.withLayout(ids.withRole("session_id", Role.FIELD).withRole("user_id", Role.FIELD)));
        Run r = cardinal("analyze", summary.toString(), "--workspace", twoAway.toString(), "--layout", "ids-as-tags");
        assertEquals(1, r.code, r.err);
        assertTrue(r.err.contains("does not cover layout 'ids-as-tags'"), r.err);
        assertTrue(r.err.contains("spark-submit --class dev.cardinal.spark.SummarizeJob"), r.err);
    }

    private static Path summarize(Path ws, Path traffic, Path out) throws Exception {
        SummarizeJob.run(spark, new SummarizeJob.Args(ws.toString(), out.toString(), "ns", null, List.of(traffic.toString())));
        return out;
    }

    private static void compare(String name, Path ws, Path traffic, Path summary) throws Exception {
        Run fromRows = cardinal("analyze", traffic.toString(), "--workspace", ws.toString(), "--format", "json");
        Run fromSummary = cardinal("analyze", summary.toString(), "--workspace", ws.toString(), "--format", "json");
        assertEquals(0, fromRows.code, fromRows.err);
        assertEquals(0, fromSummary.code, fromSummary.err);
        JsonNode rows = JSON.readTree(fromRows.out);
        JsonNode sum = JSON.readTree(fromSummary.out);
        Set<String> notInSummary = new java.util.HashSet<>();
        sum.get("notInSummary").forEach(n -> notInSummary.add(n.asText()));
        assertEquals(rows.get("eventKinds").size(), sum.get("eventKinds").size(), name + ": layouts projected");
        assertFalse(sum.get("eventKinds").isEmpty(), name + ": nothing projected");
        for (JsonNode s : sum.get("eventKinds")) {
            JsonNode r = find(rows.get("eventKinds"), s.get("name").asText(), s.get("layout").asText());
            String at = name + " " + s.get("name").asText() + "/" + s.get("layout").asText();
            contained(at, s, r);
            for (Iterator<String> it = r.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                assertTrue(s.has(field) || notInSummary.contains(field) || field.equals("counting"),
                    at + ": '" + field + "' is neither in the summary's report nor named in notInSummary");
            }
        }
    }

    /** Every field of the summary's report, at any depth, equals the rows' report's field at that place. */
    private static void contained(String at, JsonNode summary, JsonNode rows) {
        if (summary.isObject()) {
            for (Iterator<String> it = summary.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                if (!rows.has(field)) {
                    fail(at + "." + field + ": in the summary's report only");
                }
                contained(at + "." + field, summary.get(field), rows.get(field));
            }
        } else {
            assertEquals(rows, summary, at);
        }
    }

    private static JsonNode find(JsonNode kinds, String name, String layout) {
        List<JsonNode> found = new ArrayList<>();
        kinds.forEach(k -> {
            if (k.get("name").asText().equals(name) && k.get("layout").asText().equals(layout)) {
                found.add(k);
            }
        });
        assertEquals(1, found.size(), name + "/" + layout + " in the rows' report");
        return found.get(0);
    }

    record Run(int code, String out, String err) {
    }

    static Run cardinal(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }
}
