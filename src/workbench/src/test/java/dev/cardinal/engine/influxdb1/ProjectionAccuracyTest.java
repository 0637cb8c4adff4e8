package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Applied;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Server;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import dev.cardinal.projection.TagPairs;
import dev.cardinal.projection.AttributeChurn;
import dev.cardinal.projection.ShardGroupChurn;
import dev.cardinal.engine.EngineCount;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every layout of every sample scenario, pushed the way {@code cardinal apply --write-sample} does it: plan on an
 * empty database, apply, plan again (nothing to do), write the sample, and the server's own numbers equal the
 * projection's: SHOW SERIES EXACT CARDINALITY (per shard group on this version), distinct series, SHOW MEASUREMENT,
 * TAG VALUES and FIELD KEY EXACT CARDINALITY. Several scenarios span more than one shard group (weather: two 7-day
 * groups; ids-as-fields: fifteen 1-day groups). The tags that make the most churn from shard group to shard group
 * ({@link ShardGroupChurn}) are counted again from the series the server holds in each of its shard groups
 * ({@link #churnByShardGroup}).
 */
class ProjectionAccuracyTest extends ScratchServerTest {

    static Stream<Arguments> layouts() {
        return Stream.of(
            Arguments.of("ad-marketplace", "ids-as-tags"), Arguments.of("ad-marketplace", "ids-as-fields"),
            Arguments.of("weather", "three-tags"), Arguments.of("weather", "data-in-measurement"),
            Arguments.of("weather", "data-in-field-keys"), Arguments.of("weather", "several-facts-in-one-tag"),
            Arguments.of("custom-metrics", "metric-names-as-field-keys"), Arguments.of("custom-metrics", "fixed-slots"));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("layouts")
    void theServerReportsWhatTheProjectionSays(String scenario, String layoutId) throws Exception {
        Path file = Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout layout = ws.layout(layoutId).orElseThrow();
        LayoutMeasure projected = new LayoutMeasurer(new SampleIndex(sample)).measure(layout);

        String db = (scenario + "_" + layoutId).replace('-', '_');
        InfluxV1Push push = new InfluxV1Push(client, db);
        Plan first = push.plan(ws, List.of(layout));
        assertFalse(first.noOp());
        assertEquals(List.of(), push.apply(first, Set.of(), PushMonitor.NONE).blocked());
        assertTrue(push.plan(ws, List.of(layout)).noOp(), "applied once, nothing left to do");

        SampleWrite write = new SampleWrite(client, db, layout.retention().name(), SampleWrite.timeShiftToNow(sample,
            layout.retention().effectiveShardGroupDuration(), System.currentTimeMillis() * 1_000_000L));
        SampleWrite.Result result = write.write(layout, sample, 0, PushMonitor.NONE);
        assertEquals(projected.points(), result.linesSent(), "every point the projection counts is written");
        assertEquals(0, result.pointsDropped(), result.serverReasons().toString());

        ServerNumbers measured = ServerNumbers.read(client, db, null);
        // what SHOW SERIES EXACT CARDINALITY counts depends on the version the server's header names (1.6.7 here)
        Server server = push.engine();
        assertFalse(server.assumed(), "influxd names its version");
        assertEquals(server.reportedSeries(projected, () -> {
            throw new AssertionError("1.x counts no series per field key");
        }), measured.serverReportedSeries(), server.product());
        assertEquals(projected.series(), measured.series());
        assertEquals(projected.measurements(), measured.measurements());
        assertEquals(projected.fieldKeys(), measured.fieldKeys());
        assertEquals(projected.tags(), measured.tags());
        assertTrue(measured.indexMemoryBytes() > 0, "the server reports its index memory");
        assertEquals(topPairs(db), TagPairs.top(new SampleIndex(sample), layout, EngineCount.TOP_PAIRS),
            "the tag pairs that make the most series, from SHOW SERIES");
        assertEquals(churnByShardGroup(db, layout.retention().name()), ShardGroupChurn.top(new SampleIndex(sample), layout,
            AttributeChurn.TOP), "the tags that make series come and go, from the series in each of the server's shard groups");
    }

    /**
     * The tags with the most churn as the server holds its series: {@code SHOW SHARDS} gives the retention policy's
     * shard groups and their time ranges; in each, {@code SELECT count(*) ... GROUP BY *} lists the series written in
     * it (a tag the series lacks comes back empty); a series is then first and last written in the first and last
     * shard group it is in, which {@link AttributeChurn} takes as its windows. The server reports no churn of its own:
     * what is compared is which series each of its shard groups holds.
     */
    private static List<AttributeChurn.Churn> churnByShardGroup(String db, String rp) throws Exception {
        Map<Long, Long> groups = new java.util.TreeMap<>(); // start -> end, ns
        for (InfluxV1Result.Series s : client.query("SHOW SHARDS", null).series()) {
            if (s.name().equals(db)) {
                for (int row = 0; row < s.values().size(); row++) {
                    if (rp.equals(s.value(row, "retention_policy"))) {
                        groups.put(ns(s.value(row, "start_time")), ns(s.value(row, "end_time")));
                    }
                }
            }
        }
        Map<String, long[]> spans = new java.util.LinkedHashMap<>(); // series key -> first, last group start
        Map<String, Map<String, String>> tagsOf = new HashMap<>();
        for (Map.Entry<Long, Long> g : groups.entrySet()) {
            String q = "SELECT count(*) FROM " + InfluxQl.identifier(rp) + "./.*/ WHERE time >= " + g.getKey()
                + " AND time < " + g.getValue() + " GROUP BY *";
            for (InfluxV1Result.Series s : client.query(q, db).series()) {
                Map<String, String> tags = new java.util.TreeMap<>(s.tags());
                tags.values().removeIf(String::isEmpty);
                String key = s.name() + tags;
                tagsOf.put(key, tags);
                spans.computeIfAbsent(key, k -> new long[] {g.getKey(), g.getKey()})[1] = g.getKey();
            }
        }
        assertFalse(groups.isEmpty(), "the server lists the shard groups of " + db);
        long width = groups.entrySet().iterator().next().getValue() - groups.keySet().iterator().next();
        List<String> keys = new ArrayList<>(spans.keySet());
        return AttributeChurn.top(AttributeChurn.Series.of(keys.size(), i -> tagsOf.get(keys.get(i)), i -> spans.get(keys.get(i))[0],
            i -> spans.get(keys.get(i))[1]), java.time.Duration.ofNanos(width), groups.keySet().iterator().next(), AttributeChurn.TOP);
    }

    /** A time SHOW SHARDS gives: RFC 3339 text, or epoch nanoseconds. */
    private static long ns(Object time) {
        if (time instanceof Number n) {
            return n.longValue();
        }
        java.time.Instant t = java.time.Instant.parse(String.valueOf(time));
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** The pairs the most series carry, counted from the keys {@code SHOW SERIES} lists. */
    private static List<TagPairs.Pair> topPairs(String db) throws Exception {
        Map<String, Map<String, Long>> counts = new HashMap<>();
        for (InfluxV1Result.Series s : client.query("SHOW SERIES", db).series()) {
            for (List<Object> row : s.values()) {
                List<String> parts = keyParts(String.valueOf(row.get(0)), ',');
                for (String pair : parts.subList(1, parts.size())) {
                    List<String> kv = keyParts(pair, '=');
                    counts.computeIfAbsent(unescape(kv.get(0)), k -> new HashMap<>()).merge(unescape(kv.get(1)), 1L, Long::sum);
                }
            }
        }
        return TagPairs.top(counts, EngineCount.TOP_PAIRS);
    }

    /** A series key cut at {@code at} where it is not escaped ({@code m,k=v}: InfluxDB escapes , = and space). */
    private static List<String> keyParts(String key, char at) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < key.length(); i++) {
            if (key.charAt(i) == '\\') {
                i++;
            } else if (key.charAt(i) == at) {
                parts.add(key.substring(start, i));
                start = i + 1;
                if (at == '=') {
                    break;
                }
            }
        }
        parts.add(key.substring(start));
        return parts;
    }

    private static String unescape(String s) {
        return s.replace("\\,", ",").replace("\\=", "=").replace("\\ ", " ");
    }
}
