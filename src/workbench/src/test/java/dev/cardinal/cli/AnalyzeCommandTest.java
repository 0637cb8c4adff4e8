package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.traffic.SpecialFiles;
import dev.cardinal.traffic.synthetic.ProfileWriter;
import dev.cardinal.traffic.synthetic.SyntheticSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal analyze} end to end: the JSON fields the README documents, and clear refusals. */
class AnalyzeCommandTest {
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private static JsonNode json(String... args) throws Exception {
        CliRun r = run(args);
        assertEquals(0, r.code(), r.err());
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void jsonCarriesTheDocumentedFields() throws Exception {
        JsonNode root = json("analyze", "--workspace", ADS, "--layout", "ids-as-fields", "--horizon", "365d",
            "--traffic-x", "10", "--format", "json");
        assertEquals(0, root.get("badLines").asLong());
        assertTrue(root.get("errors").isArray());
        JsonNode k = root.get("eventKinds").get(0);
        assertEquals("listing_event", k.get("name").asText());
        assertEquals("ids-as-fields", k.get("layout").asText());
        assertEquals(20_000, k.get("points").asLong());
        assertEquals(1, k.get("measurements").asLong());
        assertEquals(5, k.get("series").asLong());
        assertEquals(6, k.get("fieldKeys").asLong());
        assertEquals(5, k.get("tags").get("event").asLong());
        assertTrue(k.get("serverReportedSeries").asLong() >= 5);
        assertEquals("exact", k.get("counting").asText());
        JsonNode user = null;
        for (JsonNode a : k.get("attributes")) {
            if (a.get("name").asText().equals("user_id")) {
                user = a;
            }
        }
        assertEquals("field", user.get("role").asText());
        assertEquals("string", user.get("type").asText());
        assertEquals("grows", user.get("growth").asText());
        assertEquals(1_413, user.get("distinct").asLong());
        JsonNode p = k.get("projection");
        assertEquals("365d", p.get("horizon").asText());
        assertEquals(10.0, p.get("trafficMultiplier").asDouble());
        assertEquals(5, p.get("series").asLong());
        JsonNode series = p.get("timeToLimit").get("influxdb1-max-series-per-database");
        assertEquals("never", series.get("reached").asText());
        assertTrue(series.get("seconds").isNull());
        assertTrue(p.get("indexMemoryBytes").get("low").asLong() > 0);
        assertTrue(p.get("indexMemoryBytes").get("high").asLong() >= p.get("indexMemoryBytes").get("low").asLong());
        assertEquals(100, k.get("seriesGrowth").get("series").size());
    }

    @Test
    void tagsTryALayoutFromTheShell() throws Exception {
        JsonNode root = json("analyze", "sample-data/weather/traffic.lp.gz", "--tags", "crop,region", "--format", "json");
        JsonNode k = root.get("eventKinds").get(0);
        assertEquals(12, k.get("series").asLong(), "3 crops x 4 regions");
        assertEquals(2, k.get("fieldKeys").asLong(), "plot and temp become fields");
    }

    @Test
    void estimatedCountingShowsItsRange() throws Exception {
        JsonNode k = json("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--estimate", "--format", "json")
            .get("eventKinds").get(0);
        assertEquals("estimated", k.get("counting").asText());
        JsonNode s = k.get("estimate").get("series");
        assertTrue(s.get("lower").asLong() <= 12_934 && 12_934 <= s.get("upper").asLong(), s.toString());
        assertEquals(14, k.get("estimate").get("lgK").asInt());
    }

    @Test
    void textReportNamesTheLimits() {
        CliRun r = run("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--horizon", "365d");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("InfluxDB 1.x OSS values per tag 100,000"), r.out());
        assertFalse(r.out().contains("Cloud"), "the workspace's target is a 1.x server: a Cloud plan's cap is not its limit");
        CliRun all = run("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--horizon", "365d", "--all-limits");
        assertEquals(0, all.code());
        assertTrue(all.out().contains("InfluxDB Cloud (TSM) Free Plan series 10,000"), all.out());
        assertTrue(all.out().contains("ALREADY within the sample"), all.out());
    }

    @Test
    void refusesWhatItCannotDo(@TempDir Path dir) throws Exception {
        assertEquals(2, run("analyze", "--workspace", ADS, "--tags", "a").code());
        assertEquals(2, run("analyze", "--workspace", ADS, "--horizon", "30 days").code());
        assertEquals(2, run("analyze", "--workspace", ADS, "--exact", "--estimate").code());
        CliRun noFile = run("analyze", "--workspace", dir.resolve("gone.cardinal.json").toString());
        assertEquals(1, noFile.code());
        assertTrue(noFile.err().contains("gone.cardinal.json: no such file"), noFile.err());
        CliRun missing = run("analyze", "--workspace", ADS, "--layout", "nope");
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("no layout 'nope'"), missing.err());
        Path garbage = Files.writeString(dir.resolve("g.lp"), "not line protocol at all\n".repeat(30));
        CliRun bad = run("analyze", garbage.toString());
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains("does not look like line protocol"), bad.err());
    }

    @Test
    void aDirectoryOrPipeIsNamedForWhatItIsAndNeverRead(@TempDir Path dir) throws Exception {
        CliRun folder = run("analyze", dir.toString());
        assertEquals(1, folder.code());
        assertEquals("cardinal analyze: " + dir + ": is a directory, not a file\n", folder.err());
        Path traffic = Files.writeString(dir.resolve("traffic.lp"), "m,t=a f=1 1\n");
        Path workspace = dir.resolve("w.cardinal.json");
        assertEquals(0, run("infer", traffic.toString(), "-o", workspace.toString()).code());
        Files.delete(traffic);
        SpecialFiles.fifo(traffic);
        CliRun pipe = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> run("analyze", traffic.toString()));
        assertEquals("cardinal analyze: " + traffic + ": is a named pipe (FIFO), not a regular file: sample traffic is"
            + " read from files only (reading it could wait for a writer forever or never end)\n", pipe.err());
        // bound in a workspace, as lint and the workbench read it
        CliRun bound = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> run("analyze", "--workspace", workspace.toString()));
        assertEquals(1, bound.code());
        assertTrue(bound.err().startsWith(traffic + ": is a named pipe (FIFO)"), bound.err());
        CliRun infer = run("infer", dir.toString(), "-o", dir.resolve("x.cardinal.json").toString());
        assertEquals("cardinal infer: " + dir + ": is a directory, not a file\n", infer.err());
        // a workspace given where traffic goes is named for what it is, not read as NDJSON
        CliRun asTraffic = run("analyze", workspace.toString());
        assertEquals(1, asTraffic.code());
        assertEquals("cardinal analyze: " + workspace + ": is a Cardinal workspace, not sample traffic: give it with --workspace"
            + " (or open it in the workbench)\n", asTraffic.err());
    }

    /** A line kept with a warning counts; the warning is printed, and listed in the JSON's errors with its kind. */
    @Test
    void warningsArePrintedAndListedWithTheirKind(@TempDir Path dir) throws Exception {
        Path f = Files.write(dir.resolve("w.lp"), "m,t=a f=1 1\nm s=\"oops 2\nm f=3 3\nm s=x\" 4\n"
            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        CliRun text = run("analyze", f.toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.err().contains(f + ":2:5: warning: the string opened at column 5 runs to line 4"), text.err());
        JsonNode root = json("analyze", f.toString(), "--format", "json");
        JsonNode warning = root.get("errors").get(0);
        assertEquals("warning", warning.get("kind").asText());
        assertEquals(2, warning.get("line").asInt());
        assertEquals(0, root.get("badLines").asInt());
    }

    @Test
    void aProfileIsProjectedFromItsSyntheticTraffic(@TempDir Path dir) throws Exception {
        Path profile = dir.resolve("listing.profile.json");
        ProfileWriter.save(profile, SyntheticSamples.listingEvents(7));
        Path traffic = dir.resolve("listing.lp.gz");
        assertEquals(0, run("synthesize", profile.toString(), "-o", traffic.toString()).code());
        JsonNode fromProfile = json("analyze", profile.toString(), "--format", "json");
        JsonNode fromFile = json("analyze", traffic.toString(), "--format", "json");
        JsonNode a = fromProfile.get("eventKinds").get(0);
        JsonNode b = fromFile.get("eventKinds").get(0);
        assertTrue(a.get("points").asLong() > 1000, a.toString());
        assertEquals(b.get("points"), a.get("points"));
        assertEquals(b.get("series"), a.get("series"));
        assertEquals(b.get("tags"), a.get("tags"));

        CliRun both = run("analyze", profile.toString(), traffic.toString());
        assertEquals(2, both.code());
        assertTrue(both.err().contains("give it alone"), both.err());
        Path bad = Files.writeString(dir.resolve("bad.profile.json"), "{\"formatVersion\": 1, \"eventKind\": 3}");
        CliRun broken = run("analyze", bad.toString());
        assertEquals(1, broken.code());
        assertTrue(broken.err().contains(bad + ":1: "), broken.err());
        assertTrue(broken.err().contains("nothing analysed"), broken.err());
    }
}
