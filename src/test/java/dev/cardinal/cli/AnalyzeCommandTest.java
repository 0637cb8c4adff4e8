package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code cardinal analyze} end to end: the JSON fields the README documents, and clear refusals. */
class AnalyzeCommandTest {
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static JsonNode json(String... args) throws Exception {
        Run r = run(args);
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
        Run r = run("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--horizon", "365d");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("InfluxDB Cloud (TSM) Free Plan series 10,000"), r.out());
        assertTrue(r.out().contains("ALREADY within the sample"), r.out());
    }

    @Test
    void refusesWhatItCannotDo(@TempDir Path dir) throws Exception {
        assertEquals(2, run("analyze", "--workspace", ADS, "--tags", "a").code());
        assertEquals(2, run("analyze", "--workspace", ADS, "--horizon", "30 days").code());
        assertEquals(2, run("analyze", "--workspace", ADS, "--exact", "--estimate").code());
        Run missing = run("analyze", "--workspace", ADS, "--layout", "nope");
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("no layout 'nope'"), missing.err());
        Path garbage = Files.writeString(dir.resolve("g.lp"), "not line protocol at all\n".repeat(30));
        Run bad = run("analyze", garbage.toString());
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains("does not look like line protocol"), bad.err());
    }
}
