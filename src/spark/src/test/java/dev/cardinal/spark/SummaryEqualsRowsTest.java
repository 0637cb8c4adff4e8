package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on every sample scenario, in Spark local mode: every figure {@code cardinal analyze --format json} gives
 * from the summary equals the figure it gives from the same files read by Cardinal's own reader, and every figure
 * of the rows' report is either in the summary's or named in its {@code notInSummary}.
 */
class SummaryEqualsRowsTest extends SparkTest {
    private static final long ROWS = 30_000;
    @TempDir
    static Path dir;

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
        ReportComparison.Run r = cardinal("analyze", summary.toString(), "--workspace", twoAway.toString(), "--layout", "ids-as-tags");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("does not cover layout 'ids-as-tags'"), r.err());
        assertTrue(r.err().contains("cardinal summarize INPUT... --workspace " + twoAway + " -o SUMMARY.summary.json"), r.err());
        assertTrue(r.err().contains("(on a cluster: spark-submit --class dev.cardinal.spark.SummarizeJob cardinal-summarize.jar "
            + "--workspace " + twoAway + " --out SUMMARY.summary.json INPUT...)"), r.err());
    }

    private static Path summarize(Path ws, Path traffic, Path out) throws Exception {
        SummarizeJob.run(spark, SummarizeJob.Args.parse("--workspace", ws.toString(), "--out", out.toString(), traffic.toString()));
        return out;
    }

    private static void compare(String name, Path ws, Path traffic, Path summary) throws Exception {
        ReportComparison.compare(name, ws, traffic, summary);
    }

    private static ReportComparison.Run cardinal(String... args) {
        return ReportComparison.cardinal(args);
    }
}
