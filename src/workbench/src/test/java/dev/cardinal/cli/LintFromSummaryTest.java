package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal lint S.summary.json --workspace W} on the summaries the real job made of every sample scenario: the
 * same findings as {@code cardinal lint W} over the rows, evidence and all, except those the summary's
 * {@code notChecked} names, each with why.
 */
class LintFromSummaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;

    @Test
    void everyScenarioLintsFromItsSummaryAsFromItsRowsButForWhatIsListed() throws Exception {
        int fromSummary = 0;
        int listed = 0;
        for (String name : Scenarios.names()) {
            Path ws = SummaryFixtures.scenario(name, dir);
            CliRun rows = CliRun.of("lint", ws.toString(), "--format", "json");
            CliRun sum = CliRun.of("lint", SummaryFixtures.summary(name).toString(), "--workspace", ws.toString(), "--format", "json");
            JsonNode r = JSON.readTree(rows.out());
            JsonNode s = JSON.readTree(sum.out());
            assertEquals(r.get("layouts"), s.get("layouts"), name);
            assertEquals(r.get("server"), s.get("server"), name);
            List<JsonNode> expected = new ArrayList<>();
            for (JsonNode f : r.get("findings")) {
                if (!SummaryFixtures.notChecked(s.get("notChecked"), f)) {
                    expected.add(f);
                } else {
                    listed++;
                }
            }
            List<JsonNode> actual = new ArrayList<>();
            s.get("findings").forEach(actual::add);
            assertEquals(expected, actual, name);
            boolean errors = expected.stream().anyMatch(f -> f.get("severity").asText().equals("error"));
            assertEquals(errors ? LintCommand.FINDINGS : 0, sum.code(), name + ": " + sum.err());
            for (JsonNode u : s.get("notChecked")) {
                assertFalse(u.get("why").asText().isBlank(), u.toString());
                assertFalse(u.get("subjects").isEmpty(), u.toString());
            }
            fromSummary += actual.size();
        }
        // the summaries find what the rows find: ids in tags, their limits, shard groups; and some need the rows
        assertTrue(fromSummary >= 10, "findings from the summaries: " + fromSummary);
        assertTrue(listed >= 1, "findings the rows give that the summaries list as not checked: " + listed);
    }

    @Test
    void anIdInATagIsAnErrorFromTheSummaryWithItsGrowthAndTheTextSaysWhatIsNotChecked() throws Exception {
        Path ws = SummaryFixtures.scenario("ad-marketplace", dir);
        CliRun r = CliRun.of("lint", SummaryFixtures.summary("ad-marketplace").toString(), "--workspace", ws.toString(),
            "--layout", "ids-as-tags");
        assertEquals(LintCommand.FINDINGS, r.code(), r.err());
        assertTrue(r.out().contains("tag-grows-with-traffic") && r.out().contains("user_id"), r.out());
        assertTrue(r.out().contains("not checked from the summary (they need the rows):"), r.out());
        assertTrue(r.out().contains("tag-looks-like-id") && r.out().contains("a summary holds counts, not values"), r.out());
        assertTrue(r.out().contains("field-type-conflict"), r.out());
    }

    @Test
    void aLayoutTheSummaryDoesNotCoverIsSaidWithTheRerun() throws Exception {
        Path twoAway = SummaryFixtures.twoTogglesAway(SummaryFixtures.scenario("ad-marketplace", dir), dir, "two.cardinal.json");
        String summary = SummaryFixtures.summary("ad-marketplace").toString();

        CliRun only = CliRun.of("lint", summary, "--workspace", twoAway.toString(), "--layout", "ids-as-tags");
        assertEquals(LintCommand.UNCHECKED, only.code(), only.out());
        assertTrue(only.err().contains("does not cover layout 'ids-as-tags'"), only.err());
        assertTrue(only.err().contains("spark-submit --class dev.cardinal.spark.SummarizeJob"), only.err());
        assertTrue(only.err().contains("cardinal summarize INPUT... --workspace "), only.err());

        CliRun all = CliRun.of("lint", summary, "--workspace", twoAway.toString(), "--format", "json");
        JsonNode root = JSON.readTree(all.out());
        assertEquals("[\"ids-as-tags\"]", root.get("unchecked").toString(), all.err());
        assertEquals("[\"ids-as-fields\"]", root.get("layouts").toString());
    }

    @Test
    void aWorkspaceThatBindsASummarySaysHowToReadIt() throws Exception {
        Path ws = SummaryFixtures.scenario("ad-marketplace", dir);
        dev.cardinal.model.Workspace w = dev.cardinal.model.WorkspaceFiles.load(ws).workspace();
        Path summary = Files.copy(SummaryFixtures.summary("ad-marketplace"), ws.resolveSibling("ads.summary.json"));
        java.util.List<dev.cardinal.model.SampleBinding> samples = new java.util.ArrayList<>(w.samples());
        samples.add(new dev.cardinal.model.SampleBinding("ads", "ads.summary.json", dev.cardinal.model.SampleFormat.SUMMARY, null,
            "ns", null, null, java.util.List.of()));
        dev.cardinal.model.WorkspaceFiles.save(ws, new dev.cardinal.model.Workspace(w.name(), w.eventKinds(), w.layouts(), samples,
            w.rollups(), w.targets(), w.canvas()));
        CliRun r = CliRun.of("lint", ws.toString(), "--layout", "ids-as-tags");
        assertEquals(LintCommand.FINDINGS, r.code(), r.err() + "the rows are read as before");
        assertTrue(r.err().contains("binds the traffic summary ads.summary.json, which holds counts, not rows: to read it, give it:"
            + " cardinal lint " + summary + " --workspace " + ws), r.err());
    }

    @Test
    void aSummaryWithoutItsWorkspaceOrThatIsNoSummaryIsRefusedSayingWhy() throws Exception {
        Path ws = SummaryFixtures.scenario("weather", dir);
        CliRun noWorkspace = CliRun.of("lint", SummaryFixtures.summary("weather").toString());
        assertEquals(2, noWorkspace.code());
        assertTrue(noWorkspace.err().contains("give --workspace"), noWorkspace.err());

        CliRun workspaceWithoutSummary = CliRun.of("lint", ws.toString(), "--workspace", ws.toString());
        assertEquals(2, workspaceWithoutSummary.code());
        assertTrue(workspaceWithoutSummary.err().contains("--workspace goes with a traffic summary"), workspaceWithoutSummary.err());

        Path broken = Files.writeString(dir.resolve("broken.summary.json"), "{\"format\": \"cardinal-traffic-summary\", \"version\": 1,\n"
            + " \"eventKinds\": [ {\"name\": ");
        CliRun bad = CliRun.of("lint", broken.toString(), "--workspace", ws.toString());
        assertEquals(LintCommand.UNCHECKED, bad.code());
        assertTrue(bad.err().startsWith("cardinal lint: ") && bad.err().contains("line 2"), bad.err());

        CliRun missing = CliRun.of("lint", dir.resolve("none.summary.json").toString(), "--workspace", ws.toString());
        assertEquals(LintCommand.UNCHECKED, missing.code());
        assertTrue(missing.err().contains("none.summary.json: no such file"), missing.err());
    }
}
