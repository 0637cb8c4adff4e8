package dev.cardinal.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.compare.ReviewedChange;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code cardinal compare} on every sample scenario's good and bad layout: the numbers are analyze's, the differences the layouts'. */
class CompareCommandTest {
    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new CommandLine(new Main()).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "ad-marketplace; ids-as-tags; ids-as-fields; listing_id:tag>field, user_id:tag>field, device:tag>field, session_id:tag>field, retention:autogen INF, shard groups 1w>raw 30d, shard groups 1d",
        "weather; data-in-measurement; three-tags; measurement:{crop}.plot-{plot}.{region}>weather, crop:in measurement {crop}.plot-{plot}.{region}>tag, plot:in measurement {crop}.plot-{plot}.{region}>tag, region:in measurement {crop}.plot-{plot}.{region}>tag",
        "weather; data-in-field-keys; three-tags; crop:in field key {crop}.plot-{plot}.{region}.temp>tag, plot:in field key {crop}.plot-{plot}.{region}.temp>tag, region:in field key {crop}.plot-{plot}.{region}.temp>tag, temp:field {crop}.plot-{plot}.{region}.temp>field",
        "weather; several-facts-in-one-tag; three-tags; plot:in tag location = plot-{plot}.{region}>tag, region:in tag location = plot-{plot}.{region}>tag",
        "custom-metrics; metric-names-as-field-keys; fixed-slots; metric:in field key {metric}>in field key slot_{slot(metric, tenant, max=50)}, value:field {metric}>field slot_{slot(metric, tenant, max=50)}"})
    void eachScenariosBadAndGoodLayoutCompareWithAnalyzesNumbers(String scenario, String bad, String good, String differences) throws Exception {
        String ws = "sample-data/" + scenario + "/" + scenario + ".cardinal.json";
        Run compare = run("compare", ws, "--a", bad, "--b", good, "--format", "json");
        assertEquals(0, compare.code(), compare.err());
        JsonNode review = new ObjectMapper().readTree(compare.out());
        for (String side : List.of("a", "b")) {
            Run analyze = run("analyze", "--workspace", ws, "--layout", side.equals("a") ? bad : good, "--format", "json");
            assertEquals(0, analyze.code(), analyze.err());
            JsonNode analysed = new ObjectMapper().readTree(analyze.out()).path("eventKinds").get(0);
            assertEquals(analysed, review.path(side), side + ": the compare JSON carries what analyze says, field for field");
        }
        List<String> listed = new ArrayList<>();
        review.path("differences").forEach(d -> listed.add(d.path("subject").asText() + ":" + d.path("a").asText() + ">" + d.path("b").asText()));
        assertEquals(List.of(differences.split(", (?=[a-z_]+:)")), listed);
        assertTrue(review.path("verdict").size() > 0);
    }

    @Test
    void markdownAndHtmlGoToAFileAndLayoutsOfTwoEventKindsAreRefused(@TempDir Path dir) throws Exception {
        Path md = dir.resolve("review.md");
        Run r = run("compare", "sample-data/ad-marketplace/ad-marketplace.cardinal.json", "--a", "ids-as-tags", "--b", "ids-as-fields", "-o", md.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(md).startsWith("# ids-as-tags vs ids-as-fields (listing_event)"));
        Path html = dir.resolve("review.html");
        assertEquals(0, run("compare", "sample-data/ad-marketplace/ad-marketplace.cardinal.json", "--a", "ids-as-tags", "--b", "ids-as-fields",
            "--format", "html", "-o", html.toString()).code());
        assertTrue(Files.readString(html).startsWith("<!DOCTYPE html>"));
        assertEquals(2, run("compare", "sample-data/ad-marketplace/ad-marketplace.cardinal.json", "--a", "ids-as-tags", "--b", "ids-as-fields",
            "--format", "pdf").code());
        Run missing = run("compare", "sample-data/ad-marketplace/ad-marketplace.cardinal.json", "--a", "ids-as-tags", "--b", "nope");
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("nope"), missing.err());
    }

    /** A layout as it was at a git revision of the workspace, and from another workspace file, against the one on disk. */
    @Test
    void aLayoutFromAGitRevisionOrAnotherFileComparesWithTheOneOnDisk(@TempDir Path dir) throws Exception {
        // the change under review: user_id becomes a tag again
        Path ws = ReviewedChange.make(dir);
        var edited = dev.cardinal.model.WorkspaceFiles.load(ws).workspace();
        Path other = dir.resolve("proposal.cardinal.json");
        dev.cardinal.model.WorkspaceFiles.save(other, edited);

        Run r = run("compare", ws.toString(), "--a", "ids-as-fields", "--a-revision", "HEAD", "--b", "ids-as-fields", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode review = new ObjectMapper().readTree(r.out());
        List<String> listed = new ArrayList<>();
        review.path("differences").forEach(d -> listed.add(d.path("subject").asText() + ":" + d.path("a").asText() + ">" + d.path("b").asText()));
        assertEquals(List.of("user_id:field>tag"), listed);
        JsonNode before = new ObjectMapper().readTree(run("analyze", "--workspace", "sample-data/ad-marketplace/ad-marketplace.cardinal.json",
            "--layout", "ids-as-fields", "--format", "json").out()).path("eventKinds").get(0);
        assertEquals(before, review.path("a"), "the revision's layout projects as it did when committed");
        assertEquals(1413, review.path("b").path("tags").path("user_id").asLong());

        Run md = run("compare", ws.toString(), "--a", "ids-as-fields", "--a-revision", "HEAD", "--b", "ids-as-fields");
        assertTrue(md.out().startsWith("# ids-as-fields (HEAD) vs ids-as-fields (listing_event)"), md.out());

        Run fromFile = run("compare", ws.toString(), "--a", "ids-as-fields", "--a-revision", "HEAD", "--b", "ids-as-fields",
            "--b-workspace", other.toString(), "--format", "json");
        assertEquals(0, fromFile.code(), fromFile.err());
        assertEquals(review.path("b"), new ObjectMapper().readTree(fromFile.out()).path("b"));

        Run unknown = run("compare", ws.toString(), "--a", "ids-as-fields", "--a-revision", "no-such-branch", "--b", "ids-as-fields");
        assertEquals(1, unknown.code());
        assertTrue(unknown.err().startsWith("cardinal compare: git show no-such-branch:./ads.cardinal.json in "), unknown.err());
        assertTrue(unknown.err().contains("no-such-branch"), unknown.err());
        Run option = run("compare", ws.toString(), "--a", "ids-as-fields", "--a-revision=--upload-pack=x", "--b", "ids-as-fields");
        assertEquals(1, option.code(), option.err());
        assertTrue(option.err().contains("is not a git revision"), option.err());
        Path outside = Files.createDirectory(dir.resolve("elsewhere"));
        Files.copy(ws, outside.resolve("copy.cardinal.json"));
        ReviewedChange.git(outside, "init", "-q");
        Run notCommitted = run("compare", ws.toString(), "--a", "ids-as-fields", "--a-workspace", outside.resolve("copy.cardinal.json").toString(),
            "--a-revision", "HEAD", "--b", "ids-as-fields");
        assertEquals(1, notCommitted.code());
        assertTrue(notCommitted.err().contains("HEAD"), notCommitted.err());
    }
}
