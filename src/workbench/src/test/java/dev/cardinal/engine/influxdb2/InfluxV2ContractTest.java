package dev.cardinal.engine.influxdb2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import dev.cardinal.engine.Applied;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.influxdb1.WeatherFixture;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Target;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The InfluxDB 2.x path against a recorded contract of the v2 HTTP API (no 2.x server can be installed here): a
 * MockWebServer answers as 2.x does and the test asserts the exact requests Cardinal makes through
 * influxdb-client-java: paths, query parameters, the token header, and the bodies of bucket, task, write and query
 * calls.
 */
class InfluxV2ContractTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ORG_ID = "0a1b2c3d4e5f6071";
    private static final String TOKEN = "s3cret-token-value";
    private static final Path WEATHER = Path.of("sample-data/weather/weather.cardinal.json");

    private MockWebServer server;
    private final List<RecordedRequest> requests = new CopyOnWriteArrayList<>();
    /** Request bodies, read once by the dispatcher, by request. */
    private final Map<RecordedRequest, String> bodies = new ConcurrentHashMap<>();
    private final Map<String, ObjectNode> buckets = new ConcurrentHashMap<>();
    private final Map<String, ObjectNode> tasks = new ConcurrentHashMap<>();
    private final List<String> written = new CopyOnWriteArrayList<>();
    /**
     * What {@code influxdb.cardinality()} answers: 144 (the weather sample's series, one field each), or, once a test
     * sets it, counted from the lines written as the server counts them ({@link #cardinalityOf}).
     */
    private java.util.function.LongSupplier cardinality = () -> 144;
    /** What {@code schema.measurementFieldKeys() |> count()} answers: the weather layout's one field, or as set. */
    private java.util.function.LongSupplier fieldKeys = () -> 1;

    /** A stateful stand-in for the v2 API, answering with the shapes the 2.x OpenAPI document gives. */
    private final class V2 extends Dispatcher {
        @Override
        public MockResponse dispatch(RecordedRequest r) {
            requests.add(r);
            String body = r.getBody().readUtf8();
            bodies.put(r, body);
            String path = r.getRequestUrl().encodedPath();
            String method = r.getMethod();
            try {
                if (!("Token " + TOKEN).equals(r.getHeader("Authorization"))) {
                    return json(401, "{\"code\":\"unauthorized\",\"message\":\"unauthorized access\"}");
                }
                if (method.equals("GET") && path.equals("/api/v2/orgs")) {
                    boolean acme = "acme".equals(r.getRequestUrl().queryParameter("org"));
                    return json(200, "{\"orgs\":[" + (acme ? "{\"id\":\"" + ORG_ID + "\",\"name\":\"acme\"}" : "") + "]}");
                }
                if (method.equals("GET") && path.equals("/api/v2/buckets")) {
                    ArrayNode list = JSON.createArrayNode();
                    ObjectNode b = buckets.get(r.getRequestUrl().queryParameter("name"));
                    if (b != null) {
                        list.add(b);
                    }
                    return json(200, JSON.createObjectNode().set("buckets", list).toString());
                }
                if (method.equals("POST") && path.equals("/api/v2/buckets")) {
                    ObjectNode b = (ObjectNode) JSON.readTree(body);
                    b.put("id", String.format("%016x", buckets.size() + 1));
                    buckets.put(b.get("name").asText(), b);
                    return json(201, b.toString());
                }
                if (method.equals("PATCH") && path.startsWith("/api/v2/buckets/")) {
                    ObjectNode b = (ObjectNode) JSON.readTree(body);
                    b.put("id", path.substring("/api/v2/buckets/".length()));
                    buckets.put(b.get("name").asText(), b);
                    return json(200, b.toString());
                }
                if (method.equals("GET") && path.equals("/api/v2/tasks")) {
                    ArrayNode list = JSON.createArrayNode();
                    tasks.values().forEach(list::add);
                    return json(200, JSON.createObjectNode().set("tasks", list).toString());
                }
                if (method.equals("POST") && path.equals("/api/v2/tasks")) {
                    ObjectNode t = (ObjectNode) JSON.readTree(body);
                    t.put("id", String.format("%016x", tasks.size() + 100)).put("name", InfluxV2Push.taskName(t.get("flux").asText()));
                    tasks.put(t.get("name").asText(), t);
                    return json(201, t.toString());
                }
                if (method.equals("GET") && path.equals("/ping")) {
                    // a release names its version with a leading v: http/handler.go (buildHeader) at v2.7.11 sets
                    // X-Influxdb-Version from the build's version, "v2.7.11" for that release
                    return new MockResponse().setResponseCode(204).setHeader("X-Influxdb-Version", "v2.7.11");
                }
                if (method.equals("POST") && path.equals("/api/v2/write")) {
                    written.add(body);
                    return new MockResponse().setResponseCode(204);
                }
                if (method.equals("POST") && path.equals("/api/v2/query")) {
                    String flux = JSON.readTree(body).get("query").asText();
                    if (flux.contains("schema.measurements(")) {
                        return csv("string", "_value", List.of("weather"));
                    }
                    if (flux.contains("schema.measurementTagKeys(")) {
                        return csv("string", "_value", List.of("_field", "_measurement", "_start", "_stop", "crop", "plot", "region"));
                    }
                    if (flux.contains("|> pivot(rowKey: [\"_time\"]")) {
                        // newest first, fields pivoted into columns; an empty tag, and a record without the field
                        return new MockResponse().setResponseCode(200).setHeader("Content-Type", "text/csv; charset=utf-8")
                            .setBody("#datatype,string,long,dateTime:RFC3339,string,string,string,string,double\n"
                                + "#group,false,false,false,false,false,false,false,false\n#default,_result,,,,,,,\n"
                                + ",result,table,_time,_measurement,crop,plot,region,temp\n"
                                + ",,0,2026-01-05T00:03:00Z,weather,cherry,1,east,\n"
                                + ",,0,2026-01-05T00:02:00Z,weather,blueberry,3,north,21.5\n"
                                + ",,0,2026-01-05T00:01:00.5Z,weather,apple,,south,19.25\n\n");
                    }
                    if (flux.contains("group(columns: [\"_field\"])")) {
                        return new MockResponse().setResponseCode(200).setHeader("Content-Type", "text/csv; charset=utf-8")
                            .setBody("#datatype,string,long,string,double\n#group,false,false,true,false\n#default,_result,,,\n"
                                + ",result,table,_field,_value\n,,0,temp,21.5\n\n");
                    }
                    long value = flux.contains("cardinality") ? cardinality.getAsLong()
                        : flux.contains("measurementFieldKeys") ? fieldKeys.getAsLong() : 12;
                    return new MockResponse().setResponseCode(200).setHeader("Content-Type", "text/csv; charset=utf-8")
                        .setBody("#datatype,string,long,long\n#group,false,false,false\n#default,_result,,\n,result,table,_value\n,,0,"
                            + value + "\n\n");
                }
                return json(404, "{\"code\":\"not found\",\"message\":\"path not found\"}");
            } catch (IOException e) {
                return json(400, "{\"code\":\"invalid\",\"message\":\"" + e.getMessage() + "\"}");
            }
        }

        private MockResponse csv(String type, String column, List<String> values) {
            StringBuilder sb = new StringBuilder("#datatype,string,long," + type + "\n#group,false,false,false\n#default,_result,,\n,result,table,"
                + column + "\n");
            values.forEach(v -> sb.append(",,0,").append(v).append('\n'));
            return new MockResponse().setResponseCode(200).setHeader("Content-Type", "text/csv; charset=utf-8").setBody(sb + "\n");
        }

        private MockResponse json(int status, String body) {
            return new MockResponse().setResponseCode(status).setHeader("Content-Type", "application/json; charset=utf-8").setBody(body);
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.setDispatcher(new V2());
        server.start(InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
    }

    private InfluxV2Push push() {
        String url = server.url("/").toString();
        InfluxDBClient client = InfluxDBClientFactory.create(url, TOKEN.toCharArray(), "acme");
        return new InfluxV2Push(client, url, "farm", "acme");
    }

    private static Layout layout() throws Exception {
        return WeatherFixture.threeTags(Duration.ofDays(30));
    }

    private static Workspace workspace(Layout layout) throws Exception {
        return WeatherFixture.withDailyRollup(layout);
    }

    private List<String> calls() {
        List<String> out = new ArrayList<>();
        requests.forEach(r -> out.add(r.getMethod() + " " + r.getRequestUrl().encodedPath()
            + (r.getRequestUrl().encodedQuery() == null ? "" : "?" + r.getRequestUrl().encodedQuery())));
        return out;
    }

    @Test
    void planCreatesBucketsAndTheTaskThenApplyingAgainChangesNothing() throws Exception {
        Layout layout = layout();
        Workspace ws = workspace(layout);
        try (InfluxV2Push push = push()) {
            Plan plan = push.plan(ws, List.of(layout));
            assertEquals(List.of("unchanged organisation acme", "create bucket farm/raw", "create bucket farm/daily",
                "create task cardinal crop daily into farm/daily"),
                plan.steps().stream().map(s -> s.action().id() + " " + s.subject()).toList(), plan.text());
            assertEquals(List.of("GET /api/v2/orgs?org=acme", "GET /api/v2/tasks?orgID=" + ORG_ID,
                "GET /api/v2/buckets?name=farm%2Fraw", "GET /api/v2/buckets?name=farm%2Fdaily"), calls());
            requests.clear();

            assertEquals(3, push.apply(plan, Set.of(), PushMonitor.NONE).ran().size());
            assertEquals(List.of("POST /api/v2/buckets", "POST /api/v2/buckets", "POST /api/v2/tasks"), calls());
            JsonNode raw = JSON.readTree(bodies.get(requests.get(0)));
            assertEquals("farm/raw", raw.get("name").asText());
            assertEquals(ORG_ID, raw.get("orgID").asText());
            assertEquals(30 * 86_400, raw.get("retentionRules").get(0).get("everySeconds").asLong());
            assertEquals(86_400, raw.get("retentionRules").get(0).get("shardGroupDurationSeconds").asLong());
            assertEquals("expire", raw.get("retentionRules").get(0).get("type").asText());
            JsonNode daily = buckets.get("farm/daily");
            assertEquals(730 * 86_400, daily.get("retentionRules").get(0).get("everySeconds").asLong());
            JsonNode task = tasks.values().iterator().next();
            assertEquals(FluxGenerator.generate(ws, layout, "farm", "acme", null).tasks().get(0).flux(), task.get("flux").asText());
            assertEquals(ORG_ID, task.get("orgID").asText());
            assertEquals("active", task.get("status").asText());

            requests.clear();
            Plan again = push.plan(ws, List.of(layout));
            assertTrue(again.noOp(), again.text());
            assertEquals(List.of(), push.apply(again, Set.of(), PushMonitor.NONE).ran());
            assertTrue(calls().stream().allMatch(c -> c.startsWith("GET ")), calls().toString());
        }
    }

    @Test
    void aShorterRetentionIsDestructiveAndAnUnknownOrganisationIsAConflict() throws Exception {
        Layout layout = layout();
        Workspace ws = workspace(layout);
        try (InfluxV2Push push = push()) {
            push.apply(push.plan(ws, List.of(layout)), Set.of(), PushMonitor.NONE);
            Layout shorter = layout.withRetention(new RetentionPlan("raw", Duration.ofDays(7), Duration.ofDays(1), 1));
            Plan plan = push.plan(ws.withLayout(shorter), List.of(shorter));
            assertEquals(List.of("bucket farm/raw"), plan.blocked(Set.of()).stream().map(PlanStep::subject).toList(), plan.text());
            requests.clear();
            push.apply(plan, Set.of(), PushMonitor.NONE);
            assertEquals(List.of(), calls(), "nothing destructive without asking");
            push.apply(plan, Set.of("bucket farm/raw"), PushMonitor.NONE);
            assertEquals(List.of("PATCH /api/v2/buckets/" + buckets.get("farm/raw").get("id").asText()), calls());
            assertEquals(7 * 86_400, JSON.readTree(bodies.get(requests.get(0))).get("retentionRules").get(0)
                .get("everySeconds").asLong());
        }
        String url = server.url("/").toString();
        try (InfluxV2Push other = new InfluxV2Push(InfluxDBClientFactory.create(url, TOKEN.toCharArray(), "nobody"), url, "farm", "nobody")) {
            Plan plan = other.plan(ws, List.of(layout));
            assertEquals(PlanStep.Action.CONFLICT, plan.steps().get(0).action(), plan.text());
        }
    }

    @Test
    void importReadsABucketBackIntoTheLayout() throws Exception {
        Layout layout = layout();
        try (InfluxV2Push push = push()) {
            push.apply(push.plan(workspace(layout), List.of(layout)), Set.of(), PushMonitor.NONE);
            ImportedWorkspace imported = push.importBucket("farm/raw");
            Workspace ws = imported.workspace();
            Layout got = ws.layouts().get(0);
            assertEquals("weather", got.measurement().literalText());
            assertEquals(List.of("crop", "plot", "region"), got.tags().stream().map(t -> t.key()).toList());
            assertEquals(List.of("temp"), got.fields().stream().map(f -> f.key().literalText()).toList());
            assertEquals(ValueType.FLOAT, ws.eventKind("weather").orElseThrow().attribute("temp").orElseThrow().type());
            assertEquals(layout.retention(), got.retention());
            assertEquals(Map.of("crop", 12L, "plot", 12L, "region", 12L), imported.tagValues().get("weather"));
            assertEquals("farm", ws.targets().get(0).database());
            assertEquals(Target.Kind.INFLUXDB_2, ws.targets().get(0).kind());
            assertEquals(dev.cardinal.model.ServerVersion.of(2, 7, 11), ws.targets().get(0).serverVersion(),
                "the version the server names in /ping");
        }
    }

    @Test
    void importTakesTheNewestPointsOfEachMeasurementAsLineProtocolOldestFirst() throws Exception {
        Layout layout = layout();
        try (InfluxV2Push push = push()) {
            push.apply(push.plan(workspace(layout), List.of(layout)), Set.of(), PushMonitor.NONE);
            Workspace ws = push.importBucket("farm/raw").workspace();
            java.io.StringWriter lines = new java.io.StringWriter();
            assertEquals(2, push.recentPoints("farm/raw", ws, 3, lines));
            assertEquals("weather,crop=apple,region=south temp=19.25 1767571260500000000\n"
                + "weather,crop=blueberry,plot=3,region=north temp=21.5 1767571320000000000\n", lines.toString());
            String flux = bodies.entrySet().stream().map(e -> e.getValue()).filter(b -> b.contains("pivot(")).findFirst().orElseThrow();
            assertEquals("from(bucket: \"farm/raw\")\n    |> range(start: 0)\n    |> filter(fn: (r) => r._measurement == \"weather\")\n"
                + "    |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n    |> group()\n"
                + "    |> sort(columns: [\"_time\"], desc: true)\n    |> limit(n: 3)", JSON.readTree(flux).get("query").asText());
        }
    }

    @Test
    void theSampleIsWrittenInBatchesAndMeasuredWithTheSchemaFunctions() throws Exception {
        EventKindSample sample = WeatherFixture.sample();
        Layout layout = layout();
        long shift = 52L * 7 * 86_400_000_000_000L;
        try (InfluxV2Push push = push()) {
            long lines = push.writeSample(layout, sample, shift, 2_000, PushMonitor.NONE);
            assertEquals(sample.rows(), lines);
            assertEquals((sample.rows() + 1_999) / 2_000, written.size());
            assertTrue(calls().stream().allMatch(c -> c.equals("POST /api/v2/write?org=acme&bucket=farm%2Fraw&precision=ns")),
                calls().toString());
            StringBuilder expected = new StringBuilder();
            SampleLineProtocol lp = new SampleLineProtocol(layout, sample, new SampleLineProtocol.Options(false, shift));
            for (String l = lp.nextLine(); l != null; l = lp.nextLine()) {
                expected.append(l).append('\n');
            }
            assertEquals(expected.toString().strip(), String.join("\n", written).strip());

            requests.clear();
            InfluxV2Push.Measured m = push.measure(layout);
            assertEquals(144, m.reportedSeries());
            assertEquals(Map.of("crop", 12L, "plot", 12L, "region", 12L), m.tags());
            assertEquals(1, m.fieldKeys());
            List<String> queries = new ArrayList<>();
            for (RecordedRequest r : requests) {
                assertEquals("/api/v2/query?org=acme", r.getRequestUrl().encodedPath() + "?" + r.getRequestUrl().encodedQuery());
                queries.add(JSON.readTree(bodies.get(r)).get("query").asText());
            }
            assertEquals("import \"influxdata/influxdb\"\ninfluxdb.cardinality(bucket: \"farm/raw\", start: 0, predicate: (r) =>"
                + " r._measurement == \"weather\")", queries.get(0));
            assertTrue(queries.get(1).contains("schema.measurementTagValues(bucket: \"farm/raw\", measurement: \"weather\", tag: \"crop\""),
                queries.get(1));
            assertTrue(queries.get(queries.size() - 1).contains("schema.measurementFieldKeys(bucket: \"farm/raw\""));
        }
        assertTrue(requests.stream().noneMatch(r -> r.getRequestUrl().toString().contains(TOKEN)), "the token is never in a URL");
    }

    /**
     * {@code influxdb.cardinality()} over lines written with no point outside the bucket's retention, as 2.x OSS at
     * v2.7.12 counts it: {@code storage/engine.go} {@code WritePoints} hands the points unchanged to the 1.x points
     * writer (database = bucket ID, policy {@code autogen}), and {@code v1/services/storage/store.go}
     * {@code ReadSeriesCardinality} merges into one {@code tsdb.SeriesIDSet} the series of each shard group in the range
     * ({@code tsdb/store.go} {@code SeriesCardinalityFromShards}: each shard index's {@code SeriesIDSet}), an ID being
     * {@code sfile.SeriesID(name, tags)}: a line's measurement and tag set, whatever its fields. InfluxDB Cloud (TSM)
     * keys a series by measurement, tags and field key (docs.influxdata.com/influxdb/cloud/write-data/best-practices/
     * resolve-high-cardinality), so there each (series, field key) pair counts. Lines without escapes or string fields.
     */
    private long cardinalityOf(boolean cloud) {
        Set<String> series = new java.util.HashSet<>();
        for (String batch : written) {
            for (String line : batch.split("\n")) {
                String[] parts = line.split(" ");
                if (cloud) {
                    for (String field : parts[1].split(",")) {
                        series.add(parts[0] + " " + field.substring(0, field.indexOf('=')));
                    }
                } else {
                    series.add(parts[0]);
                }
            }
        }
        return series.size();
    }

    @Test
    void theSampleCheckProjectsWhatInfluxdbCardinalityCountsEachSeriesOnceOnOssPerFieldKeyOnCloud() throws Exception {
        EventKindSample sample = WeatherFixture.sample();
        // one series (no tag), its readings spread over 72 field keys: explosion-shaped for a count per field key;
        // kept ten years, so that no point is outside the retention (the server would not keep it)
        Layout layout = WeatherFixture.withDailyRollup(layout()).layout("data-in-field-keys").orElseThrow()
            .withRetention(new RetentionPlan("raw", Duration.ofDays(3650), Duration.ofDays(1), 1));
        Workspace ws = workspace(layout);
        String url = server.url("/").toString();
        for (boolean cloud : List.of(false, true)) {
            written.clear();
            cardinality = () -> cardinalityOf(cloud);
            fieldKeys = () -> written.stream().flatMap(b -> java.util.Arrays.stream(b.split("\\n")))
                .flatMap(l -> java.util.Arrays.stream(l.split(" ")[1].split(","))).map(f -> f.substring(0, f.indexOf('='))).distinct().count();
            try (InfluxV2Push push = new InfluxV2Push(InfluxDBClientFactory.create(url, TOKEN.toCharArray(), "acme"), url, "farm", "acme", cloud)) {
                dev.cardinal.engine.SampleComparison c = push.writeSample(ws, layout, sample,
                    new dev.cardinal.engine.SampleWriteOptions(52L * 7 * 86_400_000_000_000L, 2_000, 0), PushMonitor.NONE);
                dev.cardinal.engine.ComparisonRow row = c.rows().get(0);
                assertEquals("influxdb.cardinality()", row.what());
                assertEquals(cloud ? 72 : 1, row.measured(), "the recorded answer");
                assertEquals(row.measured(), row.projected(), (cloud ? "Cloud" : "OSS") + ": " + c.shown().text());
                assertTrue(c.matches(), c.shown().text().toString());
                assertEquals(cloud, c.shown().json().at("/measured/serverCountsSeriesPerFieldKey").asBoolean());
            }
        }
    }
}
