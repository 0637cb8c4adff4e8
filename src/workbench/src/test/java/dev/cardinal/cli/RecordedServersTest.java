package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code cardinal apply --write-sample} against InfluxDB versions that cannot be installed here (only 1.6.7 can, and
 * {@code PushCommandTest} and {@code ProjectionAccuracyTest} run against it), from answers recorded by reading each
 * version's source. The sample: five points of {@code cpu} over three days with 1-day shard groups, hosts a and b on
 * day 1, a and c on day 2, a on day 3: three distinct series, 2 + 2 + 1 = 5 counted once per shard group.
 *
 * <p>Sources, repository influxdata/influxdb:
 * <ul>
 *   <li>{@code query/statement_rewriter.go}, rewriteShowSeriesCardinalityStatement: at v1.7.7 the EXACT form becomes
 *   {@code SELECT count(_seriesKey) AS count}, counting a series in every shard it is in (5); at v1.7.8 (PR 14557,
 *   the 1.7 backport of PR 14444), v1.8.10 and v1.9.0 {@code SELECT count(distinct(_seriesKey)) AS count} (3). At
 *   v1.9.0 the form without EXACT and with FROM becomes {@code count_hll(sum_hll(_seriesKey))} aliased
 *   "cardinality estimation" (PR 20745): an estimate, which Cardinal must not ask for.</li>
 *   <li>The same file at v1.8.10: SHOW SERIES is {@code SELECT _seriesKey AS key} with Dedupe (distinct keys, 3);
 *   SHOW FIELD KEY and SHOW TAG VALUES EXACT CARDINALITY are {@code count(distinct(...)) AS count}; each SELECT
 *   answers one series per measurement, named after it, with {@code OmitTime} (no time column).</li>
 *   <li>{@code services/httpd/handler.go} at each tag: /ping answers 204 with {@code X-Influxdb-Version} set to the
 *   release's version; statements that return nothing answer {@code {"results":[{"statement_id":0}]}}.</li>
 * </ul>
 */
class RecordedServersTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DB = "recorded";
    private static final String SAMPLE = String.join("\n",
        "cpu,host=a v=1 1767574800000000000", // 2026-01-05T01:00Z
        "cpu,host=b v=2 1767574800000000000",
        "cpu,host=a v=3 1767661200000000000", // 2026-01-06T01:00Z
        "cpu,host=c v=4 1767661200000000000",
        "cpu,host=a v=5 1767747600000000000") + "\n"; // 2026-01-07T01:00Z

    private MockWebServer server;
    private final List<String> queries = new CopyOnWriteArrayList<>();
    private final List<String> writes = new CopyOnWriteArrayList<>();
    private final AtomicLong indexMemory = new AtomicLong(1_000_000);
    /**
     * How much the index grows by the write: what influxd 1.6.7's {@code Index.Bytes()} adds up for this database
     * ({@code MemoryModel}): 263,925 bytes for the index, its sketches, measurement cpu, three series of 10-byte keys,
     * tag key host and its three values, field v and the last shard's field set, plus a 46-byte field set path
     * (/var/lib/influxdb/data/recorded/raw/3/fields.idx) and 2 x 24 bytes of sorted id lists (after SHOW SERIES and
     * SHOW TAG VALUES).
     */
    private long indexGrowth = 264_019;

    /** A server of one version: its /ping header and its answer to SHOW SERIES EXACT CARDINALITY FROM "cpu". */
    private class Recorded extends Dispatcher {
        final String version;
        final long exactCardinality;

        Recorded(String version, long exactCardinality) {
            this.version = version;
            this.exactCardinality = exactCardinality;
        }

        @Override
        public MockResponse dispatch(RecordedRequest r) {
            String path = r.getRequestUrl().encodedPath();
            if (path.equals("/ping")) {
                return new MockResponse().setResponseCode(204).setHeader("X-Influxdb-Version", version);
            }
            if (path.equals("/write")) {
                writes.add(r.getBody().readUtf8());
                return new MockResponse().setResponseCode(204).setHeader("X-Influxdb-Version", version);
            }
            String form = r.getBody().readUtf8();
            String q = param(form, "q");
            queries.add(q);
            String answer = answer(q);
            return answer == null
                ? json(400, "{\"error\":\"not recorded: " + q.replace("\"", "\\\"") + "\"}")
                : json(200, "{\"results\":[{\"statement_id\":0" + answer + "}]}");
        }

        private String answer(String q) {
            Map<String, String> recorded = Map.of(
                "SHOW DATABASES", series("databases", null, "name", "\"_internal\""),
                "SHOW MEASUREMENTS WITH MEASUREMENT = \"cpu\"", series("measurements", null, "name", "\"cpu\""),
                "SHOW SERIES FROM \"cpu\"", series(null, null, "key", "\"cpu,host=a\"", "\"cpu,host=b\"", "\"cpu,host=c\""),
                "SHOW SERIES EXACT CARDINALITY FROM \"cpu\"", series("cpu", null, "count", Long.toString(exactCardinality)),
                "SHOW FIELD KEY EXACT CARDINALITY FROM \"cpu\"", series("cpu", null, "count", "1"),
                "SHOW TAG KEYS FROM \"cpu\"", series("cpu", null, "tagKey", "\"host\""),
                "SHOW TAG VALUES EXACT CARDINALITY FROM \"cpu\" WITH KEY = \"host\"", series("cpu", null, "count", "3"),
                // an aggregate without GROUP BY time answers one row at time 0, a column count_<field> per field
                "SELECT count(*) FROM \"raw\".\"cpu\"",
                ",\"series\":[{\"name\":\"cpu\",\"columns\":[\"time\",\"count_v\"],\"values\":[[\"1970-01-01T00:00:00Z\",5]]}]",
                // the index grows by what the write added: the server's own accounting
                "SHOW STATS FOR 'indexes'", series("indexes", "{\"database\":\"" + DB + "\"}", "memoryBytes",
                    Long.toString(q.equals("SHOW STATS FOR 'indexes'") ? indexMemory.getAndAdd(indexGrowth) : 0)));
            if (q.startsWith("CREATE DATABASE") || q.startsWith("CREATE RETENTION POLICY")) {
                return "";
            }
            return recorded.get(q);
        }
    }

    /** {@code ,"series":[{"name":...,"columns":[column],"values":[[v1],[v2]...]}]} */
    private static String series(String name, String tags, String column, String... values) {
        StringBuilder sb = new StringBuilder(",\"series\":[{");
        if (name != null) {
            sb.append("\"name\":\"").append(name).append("\",");
        }
        if (tags != null) {
            sb.append("\"tags\":").append(tags).append(',');
        }
        sb.append("\"columns\":[\"").append(column).append("\"],\"values\":[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ",").append('[').append(values[i]).append(']');
        }
        return sb.append("]}]").toString();
    }

    private static String param(String form, String name) {
        for (String pair : form.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return "";
    }

    private static MockResponse json(int status, String body) {
        return new MockResponse().setResponseCode(status).setHeader("Content-Type", "application/json").setBody(body);
    }

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start(InetAddress.getLoopbackAddress(), 0);
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
    }

    private Path workspace(Path dir) throws Exception {
        Files.writeString(dir.resolve("cpu.lp"), SAMPLE);
        return Files.writeString(dir.resolve("w.cardinal.json"), """
            {
              "formatVersion": 1,
              "name": "recorded",
              "eventKinds": [{ "name": "cpu", "attributes": [{ "name": "host", "type": "string" }, { "name": "v", "type": "float" }] }],
              "layouts": [{ "id": "by-host", "name": "by-host", "eventKind": "cpu", "measurement": "cpu", "tags": ["host"],
                "fields": ["v"], "retention": { "name": "raw", "duration": "30d", "shardGroupDuration": "1d", "replication": 1 } }],
              "samples": [{ "id": "traffic", "path": "cpu.lp", "format": "line-protocol", "precision": "ns" }],
              "rollups": [], "targets": []
            }
            """);
    }

    private JsonNode apply(Path dir, String version, long exactCardinality, int expectedCode) throws Exception {
        server.setDispatcher(new Recorded(version, exactCardinality));
        CliRun r = CliRun.of("apply", workspace(dir).toString(), "--url", server.url("/").toString(), "--database", DB,
            "--yes", "--write-sample", "--format", "json");
        assertEquals(expectedCode, r.code(), r.err() + r.out());
        assertEquals(5, String.join("", writes).strip().split("\n").length, "the sample's five points were written");
        return JSON.readTree(r.out());
    }

    /** Each version's recorded answer to SHOW SERIES EXACT CARDINALITY FROM "cpu", and the projection agrees. */
    @ParameterizedTest(name = "{0} answers {1}")
    @CsvSource({"1.7.7, 5", "1.7.8, 3", "1.8.10, 3", "1.9.0, 3"})
    void theProjectionCountsAsTheServersVersionDoes(String version, long answer, @TempDir Path dir) throws Exception {
        JsonNode root = apply(dir, version, answer, 0);
        assertEquals(version, root.at("/server/version").asText());
        assertFalse(root.at("/server/assumed").asBoolean());
        JsonNode kind = root.at("/eventKinds/0");
        assertTrue(kind.get("matches").asBoolean(), kind.toString());
        assertEquals(answer, kind.at("/projected/serverReportedSeries").asLong());
        assertEquals(3, kind.at("/projected/series").asLong());
        assertTrue(queries.contains("SHOW SERIES EXACT CARDINALITY FROM \"cpu\""), queries.toString());
        // from 1.9 SHOW SERIES CARDINALITY FROM m is a HyperLogLog estimate: the EXACT form is the one to ask
        assertTrue(queries.stream().noneMatch(q -> q.startsWith("SHOW SERIES CARDINALITY")), queries.toString());
    }

    @Test
    void aServerWhoseAnswerDoesNotFollowItsVersionIsReportedAsDiffering(@TempDir Path dir) throws Exception {
        // 1.8.10's header with 1.7.7's count: what Cardinal said against every server before it read the version
        JsonNode kind = apply(dir, "1.8.10", 5, 1).at("/eventKinds/0");
        assertFalse(kind.get("matches").asBoolean());
        assertEquals(3, kind.at("/projected/serverReportedSeries").asLong());
        assertEquals(5, kind.at("/measured/serverReportedSeries").asLong());
    }

    /** Every other number agrees, the index memory grew by 4 KiB where the model says about 264 KB: a miss. */
    @Test
    void anIndexMemoryOutsideItsRangeIsReportedAsDiffering(@TempDir Path dir) throws Exception {
        indexGrowth = 4_096;
        JsonNode kind = apply(dir, "1.8.10", 3, 1).at("/eventKinds/0");
        assertFalse(kind.get("matches").asBoolean(), kind.toString());
        assertEquals(kind.at("/projected/series"), kind.at("/measured/series"));
        assertEquals(4_096, kind.at("/measured/indexMemoryGrowthBytes").asLong(), kind.toString());
        assertTrue(kind.at("/projected/indexMemoryBytes/low").asLong() > 250_000, kind.toString());
    }

    /**
     * A batch the server refuses stops the write and says how to resume it; resumed from there with the stopped
     * write's time shift, the rest of the sample is written, once, and the numbers compared. The refusal is influxd's
     * own to a write into a database it lacks ({@code services/httpd/handler.go}, serveWrite: 404
     * {@code database not found: "DB"}), which a second try does not cure.
     */
    @Test
    void aRefusedBatchSaysHowToResumeAndTheResumedWriteCompletesIt(@TempDir Path dir) throws Exception {
        Path ws = workspace(dir);
        java.util.concurrent.atomic.AtomicInteger batches = new java.util.concurrent.atomic.AtomicInteger();
        server.setDispatcher(new Recorded("1.8.10", 3) {
            @Override
            public MockResponse dispatch(RecordedRequest r) {
                if (r.getRequestUrl().encodedPath().equals("/write") && batches.incrementAndGet() == 2) {
                    return json(404, "{\"error\":\"database not found: \\\"" + DB + "\\\"\"}");
                }
                return super.dispatch(r);
            }
        });
        CliRun stopped = CliRun.of("apply", ws.toString(), "--url", server.url("/").toString(), "--database", DB, "--yes",
            "--write-sample", "--batch-size", "2");
        assertEquals(3, stopped.code(), stopped.err() + stopped.out());
        assertTrue(stopped.err().contains("(in the batch of lines 3 to 4; lines 1 to 2 are written)"), stopped.err());
        java.util.regex.Matcher resume = java.util.regex.Pattern.compile(
            "\n  to resume: --write-sample --layout by-host --resume-at 2 --time-shift (-?\\d+)\n").matcher(stopped.err());
        assertTrue(resume.find(), stopped.err());
        long shift = Long.parseLong(resume.group(1));
        assertEquals(1, writes.size(), "the first batch is on the server");

        writes.clear();
        server.setDispatcher(new Recorded("1.8.10", 3));
        CliRun resumed = CliRun.of("apply", ws.toString(), "--url", server.url("/").toString(), "--database", DB, "--yes",
            "--write-sample", "--batch-size", "2", "--layout", "by-host", "--resume-at", "2", "--time-shift", Long.toString(shift),
            "--format", "json");
        assertEquals(0, resumed.code(), resumed.err() + resumed.out());
        JsonNode kind = JSON.readTree(resumed.out()).at("/eventKinds/0");
        assertTrue(kind.get("matches").asBoolean(), kind.toString());
        assertEquals(5, kind.at("/write/linesSent").asLong(), "lines 1 to 5 are on the server");
        assertEquals(shift, kind.at("/write/timeShiftNs").asLong());
        assertEquals(List.of("cpu,host=a v=3.0 " + (1767661200000000000L + shift), "cpu,host=c v=4.0 " + (1767661200000000000L + shift),
            "cpu,host=a v=5.0 " + (1767747600000000000L + shift)), List.of(String.join("", writes).strip().split("\n")),
            "the sample's last three lines, moved as the stopped write moved the first two");
    }

    @Test
    void aServerThatNamesNoVersionIsTakenForTheAssumedOneAndSaysSo(@TempDir Path dir) throws Exception {
        JsonNode root = apply(dir, "unknown", 3, 0);
        assertEquals("1.8.10", root.at("/server/version").asText());
        assertTrue(root.at("/server/assumed").asBoolean());
        server.setDispatcher(new Recorded("unknown", 3));
        CliRun text = CliRun.of("plan", dir.resolve("w.cardinal.json").toString(), "--url", server.url("/").toString(),
            "--database", DB);
        assertTrue(text.out().startsWith("server: InfluxDB 1.8.10 (assumed: the server sent no version); SHOW SERIES EXACT"
            + " CARDINALITY counts each series once, across shard groups (from 1.7.8)\n"), text.out());
    }
}
