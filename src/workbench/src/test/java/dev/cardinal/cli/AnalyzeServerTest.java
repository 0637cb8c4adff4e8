package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code analyze} for a named server: what its version's SHOW SERIES EXACT CARDINALITY reports, the limits it has
 * (a target's own among them), every tag key that breaks max-values-per-tag with its time, and no projection from
 * a sample too small to carry one.
 */
class AnalyzeServerTest {
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    private static JsonNode json(String... args) throws Exception {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.code(), r.err());
        return new ObjectMapper().readTree(r.out());
    }

    private static JsonNode kind(JsonNode root, String layout) {
        for (JsonNode k : root.get("eventKinds")) {
            if (k.get("layout").asText().equals(layout)) {
                return k;
            }
        }
        throw new AssertionError("no layout " + layout);
    }

    /**
     * ids-as-tags: 12,934 series over 14 days in three 7-day shard groups, one of them in two; ids-as-fields: 5
     * event types in 1-day shard groups, 75 counted once per day. Up to 1.7.7 the server sums per shard group, from
     * 1.7.8 it counts each series once (query/statement_rewriter.go, influxdb PR 14444 and its 1.7 backport 14557).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"1.6.7, 12935, 75", "1.7.7, 12935, 75", "1.7.8, 12934, 5", "1.8.10, 12934, 5", "1.9.0, 12934, 5"})
    void theReportedSeriesFollowTheServerVersion(String version, long tags, long fields) throws Exception {
        JsonNode root = json("analyze", "--workspace", ADS, "--server-version", version, "--format", "json");
        JsonNode a = kind(root, "ids-as-tags");
        assertEquals(12_934, a.get("series").asLong());
        assertEquals(tags, a.get("serverReportedSeries").asLong());
        assertEquals(fields, kind(root, "ids-as-fields").get("serverReportedSeries").asLong());
        assertEquals(version, a.at("/server/version").asText());
        assertFalse(a.at("/server/assumed").asBoolean());
        assertEquals("SHOW SERIES EXACT CARDINALITY", a.at("/server/seriesQuery").asText());
        assertEquals(List.of("influxdb1-max-series-per-database", "influxdb1-max-values-per-tag"),
            fieldNames(a.at("/projection/timeToLimit")), "a 1.x server has 1.x's limits");
    }

    @Test
    void twoAndThreeCountOtherThings() throws Exception {
        JsonNode two = kind(json("analyze", "--workspace", ADS, "--server-version", "v2.7.11", "--format", "json"), "ids-as-fields");
        assertEquals(5, two.get("serverReportedSeries").asLong(), "2.x OSS counts each of the 5 series once, whatever its fields");
        assertEquals("influxdb.cardinality()", two.at("/server/seriesQuery").asText());
        JsonNode three = kind(json("analyze", "--workspace", ADS, "--server-version", "3.0.0", "--format", "json"), "ids-as-tags");
        assertTrue(three.get("serverReportedSeries").isNull());
        assertTrue(three.at("/server/seriesQuery").isNull());
        assertEquals(List.of("influxdb3-core-columns-per-table", "influxdb3-core-tables"), fieldNames(three.at("/projection/timeToLimit")));
        CliRun text = CliRun.of("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--server-version", "3.0.0");
        assertTrue(text.out().contains("(InfluxDB 3.0.0 has no series limit; it counts tables and the columns of each table (3.x);"),
            text.out());
    }

    @Test
    void withoutAVersionTheAssumedOneIsSaid() throws Exception {
        CliRun text = CliRun.of("analyze", "--workspace", ADS, "--layout", "ids-as-tags");
        assertTrue(text.out().contains("\nServer: InfluxDB 1.8.10 (assumed: give --server-version, or --target"), text.out());
        assertTrue(text.out().contains("(SHOW SERIES EXACT CARDINALITY on InfluxDB 1.8.10 reports 12,934: it counts each series"
            + " once, across shard groups (from 1.7.8); 3 shard groups)"), text.out());
        JsonNode k = json("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--format", "json").get("eventKinds").get(0);
        assertTrue(k.at("/server/assumed").asBoolean());
        assertEquals(List.of("influxdb1-max-series-per-database", "influxdb1-max-values-per-tag"),
            fieldNames(k.at("/projection/timeToLimit")), "the assumed server's own limits, as the workbench checks them");
        assertFalse(k.at("/server/allLimits").asBoolean());
        JsonNode all = json("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--format", "json", "--all-limits")
            .get("eventKinds").get(0);
        assertEquals(9, all.at("/projection/timeToLimit").size(), "every product's limits, when asked");
        assertTrue(all.at("/server/allLimits").asBoolean());
        CliRun both = CliRun.of("analyze", "--workspace", ADS, "--all-limits", "--server-version", "1.8.10");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("--all-limits checks every product's limits for no server in particular"), both.err());
    }

    @Test
    void aMalformedVersionSaysWhereAndWhy() {
        CliRun r = CliRun.of("analyze", "--workspace", ADS, "--server-version", "1.8.x");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--server-version '1.8.x': expected a number at character 5 (a version such as 1.8.10)"), r.err());
        CliRun four = CliRun.of("lint", ADS, "--server-version", "4.0");
        assertEquals(2, four.code());
        assertTrue(four.err().contains("--server-version '4.0': InfluxDB versions are 1.x, 2.x or 3.x"), four.err());
        CliRun noWorkspace = CliRun.of("analyze", "sample-data/weather/traffic.lp.gz", "--target", "prod");
        assertEquals(2, noWorkspace.code());
        assertTrue(noWorkspace.err().contains("--target names one of a workspace's targets: give --workspace"), noWorkspace.err());
    }

    @Test
    void everyTagKeyThatBreaksMaxValuesPerTagHasItsTime() throws Exception {
        JsonNode k = json("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--horizon", "365d", "--traffic-x", "10",
            "--server-version", "1.8.10", "--format", "json").get("eventKinds").get(0);
        JsonNode values = k.at("/projection/timeToLimit/influxdb1-max-values-per-tag");
        assertEquals("session_id", values.get("subject").asText(), "the first to break");
        List<String> keys = new ArrayList<>();
        long previous = 0;
        for (JsonNode key : values.get("keys")) {
            keys.add(key.get("key").asText());
            long seconds = key.get("seconds").asLong();
            assertTrue(seconds >= previous && seconds <= 365 * 86_400L, key.toString());
            previous = seconds;
            assertTrue(key.at("/secondsRange/earliest").asLong() <= seconds && seconds <= key.at("/secondsRange/latest").asLong(),
                key.toString());
        }
        assertEquals(List.of("session_id", "user_id"), keys, "user_id breaks too, later, not only the first key");
        CliRun text = CliRun.of("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--horizon", "365d", "--traffic-x", "10",
            "--server-version", "1.8.10");
        assertTrue(text.out().matches("(?s).*values per tag 100,000 +after [0-9.]+ days of traffic, fit's range"
            + " [0-9.]+ days to [0-9.]+ days \\(session_id\\); user_id after [0-9.]+ days, fit's range .*"), text.out());
    }

    @Test
    void aTargetsOwnLimitsAreUsed(@TempDir Path dir) throws Exception {
        Path ws = copyOfAds(dir, new Target("prod", "production", Target.Kind.INFLUXDB_1, "http://influx:8086", "ads", null,
            ServerVersion.parse("1.6.7"), new ServerLimits(0L, 1_000L, null, null)));
        JsonNode k = kind(json("analyze", "--workspace", ws.toString(), "--target", "prod", "--format", "json"), "ids-as-tags");
        assertEquals("1.6.7", k.at("/server/version").asText(), "the target's version");
        assertEquals(12_935, k.get("serverReportedSeries").asLong());
        JsonNode limits = k.at("/projection/timeToLimit");
        assertEquals(List.of("influxdb1-max-values-per-tag"), fieldNames(limits), "max-series-per-database 0: unlimited");
        JsonNode values = limits.get("influxdb1-max-values-per-tag");
        assertEquals(1_000, values.get("limit").asLong());
        assertEquals("within-sample", values.get("reached").asText());
        assertEquals(List.of("listing_id", "session_id", "user_id"), sorted(values.get("keys")),
            "three ids pass 1,000 values within the 14-day sample");
        JsonNode overridden = kind(json("analyze", "--workspace", ws.toString(), "--target", "production", "--server-version", "1.8.10",
            "--format", "json"), "ids-as-tags");
        assertEquals(12_934, overridden.get("serverReportedSeries").asLong(), "--server-version wins over the target's");
        assertEquals(1_000, overridden.at("/projection/timeToLimit/influxdb1-max-values-per-tag/limit").asLong());

        Path cloud = copyOfAds(dir.resolve("cloud"), new Target("cloud", "cloud", Target.Kind.INFLUXDB_2,
            "https://eu-central-1-1.aws.cloud2.influxdata.com", "ads", "acme", null,
            new ServerLimits(null, null, ServerLimits.CloudPlan.FREE, null)));
        JsonNode free = kind(json("analyze", "--workspace", cloud.toString(), "--target", "cloud", "--format", "json"), "ids-as-tags");
        assertEquals(List.of("cloud-tsm-free-series"), fieldNames(free.at("/projection/timeToLimit")));
        assertEquals("influxdb.cardinality()", free.at("/server/seriesQuery").asText());
        JsonNode perKey = kind(json("analyze", "--workspace", cloud.toString(), "--target", "cloud", "--format", "json"), "ids-as-fields");
        assertEquals(5 * 6, perKey.get("serverReportedSeries").asLong(), "Cloud counts each of the 5 series once per field key");
        CliRun lint = CliRun.of("lint", ws.toString(), "--target", "prod", "--layout", "ids-as-tags", "--format", "json");
        JsonNode findings = new ObjectMapper().readTree(lint.out()).get("findings");
        List<String> subjects = new ArrayList<>();
        for (JsonNode f : findings) {
            if (f.get("rule").asText().equals("limit-within-horizon")) {
                subjects.add(f.get("subject").asText());
                assertEquals("error", f.get("severity").asText(), "the named server's own limit");
            }
        }
        assertEquals(List.of("listing_id", "session_id", "user_id"), subjects.stream().sorted().toList(), "a finding per key");
    }

    @Test
    void twoPointsAreNotExtrapolated(@TempDir Path dir) throws Exception {
        Path two = Files.writeString(dir.resolve("two.lp"), "m,t=a f=1 1000000000\nm,t=b f=1 1000000001\n");
        JsonNode k = json("analyze", two.toString(), "--format", "json").get("eventKinds").get(0);
        JsonNode p = k.get("projection");
        assertEquals("2 points over 1.00e-09 s: a growth fit needs at least 100 points over at least a minute",
            p.get("withheld").asText());
        assertFalse(p.has("series"), "no figure at the horizon: " + p);
        assertFalse(p.has("indexMemoryBytes"), p.toString());
        for (JsonNode l : p.get("timeToLimit")) {
            assertEquals("not-projected", l.get("reached").asText(), l.toString());
            assertTrue(l.get("seconds").isNull());
        }
        assertEquals(2, k.get("series").asLong(), "the sample's own numbers are still there");
        CliRun text = CliRun.of("analyze", two.toString());
        assertTrue(text.out().contains("points             2 over 0 s (too little for a rate)"), text.out());
        assertTrue(text.out().contains("at 30d, traffic x1: not projected: 2 points over"), text.out());
        assertFalse(text.out().contains("after 1 s"), text.out());
        assertFalse(text.out().contains("TiB"), text.out());
    }

    @Test
    void aSampleAtOneInstantHasNoRate(@TempDir Path dir) throws Exception {
        StringBuilder lp = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            lp.append("m,t=t").append(i).append(" f=1 1700000000000000000\n");
        }
        JsonNode p = json("analyze", Files.writeString(dir.resolve("burst.lp"), lp).toString(), "--format", "json")
            .at("/eventKinds/0/projection");
        assertEquals("all 500 points carry one timestamp: the sample has no rate of traffic to project with", p.get("withheld").asText());
    }

    @Test
    void theSampleItselfStillBreaksALimitWhenItIsTooShortToProject(@TempDir Path dir) throws Exception {
        StringBuilder lp = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            lp.append("m,t=t").append(i).append(" f=1 ").append(1_700_000_000_000_000_000L + i * 100_000_000L).append('\n');
        }
        Path ws = dir.resolve("w.cardinal.json");
        Path traffic = Files.writeString(dir.resolve("t.lp"), lp);
        assertEquals(0, CliRun.of("infer", traffic.toString(), "-o", ws.toString()).code());
        Workspace w = WorkspaceFiles.load(ws).workspace();
        WorkspaceFiles.save(ws, new Workspace(w.name(), w.eventKinds(), w.layouts(), w.samples(), w.rollups(),
            List.of(new Target("t", "t", Target.Kind.INFLUXDB_1, "http://h:8086", "d", null, ServerVersion.parse("1.8.10"),
                new ServerLimits(null, 150L, null, null))), w.canvas()));
        JsonNode p = json("analyze", "--workspace", ws.toString(), "--target", "t", "--format", "json").at("/eventKinds/0/projection");
        assertEquals("the sample spans 20 s: a rate of traffic needs at least a minute", p.get("withheld").asText());
        JsonNode values = p.at("/timeToLimit/influxdb1-max-values-per-tag");
        assertEquals("within-sample", values.get("reached").asText());
        assertEquals(200, values.get("inSample").asLong());
        assertEquals("not-projected", p.at("/timeToLimit/influxdb1-max-series-per-database/reached").asText());
    }

    @Test
    void everyGrowthFigureCarriesItsRange() throws Exception {
        JsonNode k = json("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--horizon", "365d", "--format", "json")
            .get("eventKinds").get(0);
        JsonNode p = k.get("projection");
        within(p.get("series").asLong(), p.get("seriesRange"), true);
        Map<String, Long> tags = new TreeMap<>();
        fieldNames(p.get("tags")).forEach(tag -> tags.put(tag, p.at("/tags/" + tag).asLong()));
        tags.forEach((tag, v) -> within(v, p.at("/tagsRange/" + tag), !tag.equals("event") && !tag.equals("device")));
        within(p.get("fieldKeys").asLong(), p.get("fieldKeysRange"), false);
        for (JsonNode a : k.get("attributes")) {
            within(a.get("atHorizon").asLong(), a.get("atHorizonRange"), a.get("growth").asText().equals("grows"));
        }
        JsonNode series = p.at("/timeToLimit/influxdb1-max-series-per-database");
        assertTrue(series.at("/secondsRange/earliest").asLong() < series.get("seconds").asLong());
        assertTrue(series.at("/secondsRange/latest").asLong() > series.get("seconds").asLong());
        assertTrue(p.at("/indexMemoryBytesRange/low").asLong() <= p.at("/indexMemoryBytes/low").asLong());
        assertTrue(p.at("/indexMemoryBytesRange/high").asLong() >= p.at("/indexMemoryBytes/high").asLong());
        CliRun text = CliRun.of("analyze", "--workspace", ADS, "--layout", "ids-as-tags", "--horizon", "365d");
        assertTrue(text.out().matches("(?s).*\n    series           342,068 \\(fit's range [0-9,]+ to [0-9,]+\\)\n.*"), text.out());
    }

    /** The value within its range; a growing count's range is wider than a point, a closed set's is the point. */
    private static void within(long value, JsonNode range, boolean grows) {
        long low = range.get("low").asLong();
        long high = range.get("high").asLong();
        assertTrue(low <= value && value <= high, value + " in " + range);
        assertEquals(grows, low < high, value + " in " + range);
    }

    private static Path copyOfAds(Path dir, Target target) throws Exception {
        Files.createDirectories(dir);
        Path from = Path.of(ADS);
        Files.copy(from.resolveSibling("traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        Workspace w = WorkspaceFiles.load(from).workspace();
        Path to = dir.resolve("ads.cardinal.json");
        WorkspaceFiles.save(to, new Workspace(w.name(), w.eventKinds(), w.layouts(), w.samples(), w.rollups(), List.of(target),
            w.canvas()));
        return to;
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> sorted(JsonNode keys) {
        List<String> out = new ArrayList<>();
        keys.forEach(k -> out.add(k.get("key").asText()));
        return out.stream().sorted().toList();
    }
}
