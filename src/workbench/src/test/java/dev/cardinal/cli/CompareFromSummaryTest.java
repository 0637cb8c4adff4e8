package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.compare.SummaryReview;
import dev.cardinal.model.Layout;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LimitMetric;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal compare W --a A --b B --sample S.summary.json} on the summaries the real job made of every sample
 * scenario: the same numbers, differences, verdict and findings as the comparison over the rows, but for what the
 * summary names as not held or not checked.
 */
class CompareFromSummaryTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The limits a summary cannot judge (field keys, tables, columns), as the verdict names them. */
    private static final List<String> ROWS_ONLY_LIMITS = dev.cardinal.engines.ServerFor.shipped().stream()
        .filter(l -> l.metric() != LimitMetric.SERIES && l.metric() != LimitMetric.VALUES_PER_TAG).map(Quantities::limit).toList();
    @TempDir
    Path dir;

    @Test
    void everyScenarioComparesFromItsSummaryAsFromItsRows() throws Exception {
        for (String name : Scenarios.names()) {
            Path ws = SummaryFixtures.scenario(name, dir);
            List<Layout> layouts = WorkspaceFiles.load(ws).workspace().layouts();
            String a = layouts.get(0).id();
            String b = layouts.stream().filter(l -> l.eventKind().equals(layouts.get(0).eventKind())).skip(1).findFirst()
                .orElseThrow().id();
            CliRun rows = CliRun.of("compare", ws.toString(), "--a", a, "--b", b, "--format", "json");
            CliRun sum = CliRun.of("compare", ws.toString(), "--a", a, "--b", b, "--format", "json",
                "--sample", SummaryFixtures.summary(name).toString());
            assertEquals(0, rows.code(), rows.err());
            assertEquals(0, sum.code(), sum.err());
            JsonNode r = JSON.readTree(rows.out());
            JsonNode s = JSON.readTree(sum.out());
            String at = name + " " + a + " vs " + b;
            for (String same : List.of("workspace", "eventKind", "server", "differences")) {
                assertEquals(r.get(same), s.get(same), at + ": " + same);
            }
            List<JsonNode> verdict = new java.util.ArrayList<>();
            r.get("verdict").forEach(v -> {
                if (ROWS_ONLY_LIMITS.stream().noneMatch(v.asText()::contains)) {
                    verdict.add(v);
                }
            });
            List<JsonNode> summaryVerdict = new java.util.ArrayList<>();
            s.get("verdict").forEach(summaryVerdict::add);
            assertEquals(verdict, summaryVerdict, at + ": verdict");
            SummaryFixtures.contained(at + ".a", s.get("a"), r.get("a"));
            SummaryFixtures.contained(at + ".b", s.get("b"), r.get("b"));
            assertEquals(r.get("metrics").size(), s.get("metrics").size(), at);
            Set<String> unknown = new HashSet<>();
            for (int i = 0; i < r.get("metrics").size(); i++) {
                JsonNode rm = r.get("metrics").get(i);
                JsonNode sm = s.get("metrics").get(i);
                assertEquals(rm.get("name"), sm.get("name"), at);
                if (sm.get("a").isNull()) {
                    unknown.add(sm.get("name").asText().replaceAll(" at .*", ""));
                } else {
                    assertEquals(rm, sm, at + ": " + rm.get("name"));
                }
            }
            assertEquals(Set.of(dev.cardinal.compare.LayoutComparison.OVERWRITTEN, "measurements", "field keys", "index memory"),
                unknown, at);
            assertTrue(SummaryReview.NOT_IN_SUMMARY.containsAll(unknown), at);
            for (String side : List.of("a", "b")) {
                List<JsonNode> expected = new java.util.ArrayList<>();
                r.get("findings").get(side).forEach(f -> {
                    if (!SummaryFixtures.notChecked(s.get("notChecked").get(side), f)) {
                        expected.add(f);
                    }
                });
                List<JsonNode> actual = new java.util.ArrayList<>();
                s.get("findings").get(side).forEach(actual::add);
                assertEquals(expected, actual, at + ": findings of " + side);
            }
        }
    }

    @Test
    void theReviewSaysWhatASummaryDoesNotHoldAndSoDoesItsPage() throws Exception {
        Path ws = SummaryFixtures.scenario("ad-marketplace", dir);
        String summary = SummaryFixtures.summary("ad-marketplace").toString();
        CliRun md = CliRun.of("compare", ws.toString(), "--a", "ids-as-tags", "--b", "ids-as-fields", "--sample", summary);
        assertEquals(0, md.code(), md.err());
        assertTrue(md.out().contains("points of the traffic summary of"), md.out());
        assertTrue(md.out().contains("| measurements | — | — |"), md.out());
        assertTrue(md.out().contains("## Not in a summary"), md.out());
        assertTrue(md.out().contains("Not checked for ids-as-tags (they need the rows):"), md.out());
        assertTrue(md.out().contains("holds") && md.out().contains("fewer"), md.out());

        Path page = dir.resolve("review.html");
        CliRun html = CliRun.of("compare", ws.toString(), "--a", "ids-as-tags", "--b", "ids-as-fields", "--sample", summary,
            "--format", "html", "-o", page.toString());
        assertEquals(0, html.code(), html.err());
        String h = java.nio.file.Files.readString(page);
        assertTrue(h.startsWith("<!DOCTYPE html>") && h.contains("points of the traffic summary of"), h);
        assertTrue(h.contains("<tr><td>measurements</td><td class=\"n\">—</td><td class=\"n\">—</td>"), h);
        assertTrue(h.contains("<h2>Not in a summary</h2>") && h.contains("Not checked (they need the rows):"), h);
        assertEquals(4, h.split("<polyline", -1).length - 1, "measured and projected series for both layouts");
        JsonNode numbers = JSON.readTree(CliRun.of("compare", ws.toString(), "--a", "ids-as-tags", "--b", "ids-as-fields",
            "--sample", summary, "--format", "json").out());
        for (JsonNode m : numbers.get("metrics")) {
            String row = "<tr><td>" + m.get("name").asText() + "</td><td class=\"n\">" + cell(m.get("a")) + "</td><td class=\"n\">"
                + cell(m.get("b")) + "</td>";
            assertTrue(h.contains(row), "the page's numbers are the summary's: " + row);
        }
        dev.cardinal.compare.HeadlessChromium.require();
        var visit = dev.cardinal.compare.HeadlessChromium.open(page, Path.of("target/screenshots/review-summary-html.png"), dir);
        assertEquals(List.of(), visit.console());
        assertEquals(List.of(), visit.requests());

        CliRun withRows = CliRun.of("compare", ws.toString(), "--a", "ids-as-tags", "--b", "ids-as-fields", "--sample", summary,
            "--sample", ws.resolveSibling("traffic.lp.gz").toString());
        assertEquals(2, withRows.code());
        assertTrue(withRows.err().contains("give one --sample S.summary.json alone"), withRows.err());
    }

    @Test
    void aLayoutTheSummaryDoesNotCoverIsSaidWithTheRerun() throws Exception {
        Path file = SummaryFixtures.scenario("ad-marketplace", dir);
        Path proposal = SummaryFixtures.twoTogglesAway(file, dir, "proposal.cardinal.json");
        CliRun r = CliRun.of("compare", file.toString(), "--a", "ids-as-tags", "--b", "ids-as-tags", "--b-workspace",
            proposal.toString(), "--sample", SummaryFixtures.summary("ad-marketplace").toString());
        assertEquals(1, r.code(), r.out());
        assertTrue(r.err().contains("does not cover layout 'ids-as-tags'") && r.err().contains(proposal + " has it now"), r.err());
        assertTrue(r.err().contains("spark-submit --class dev.cardinal.spark.SummarizeJob"), r.err());
        assertTrue(r.err().contains("cardinal summarize INPUT... --workspace "), r.err());
        assertFalse(r.out().contains("# "), r.out());
    }

    /** A number of the review's JSON as the page writes it: a dash for what the summary does not hold. */
    private static String cell(JsonNode n) {
        return n.isNull() ? "—" : Quantities.count(n.asLong());
    }
}
