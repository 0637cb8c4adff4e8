package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.influxdb1.InfluxdRequired;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.traffic.scenarios.Clock;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Points that vanish: the ad marketplace's traffic stamped by realistic clocks, written by {@code cardinal apply
 * --write-sample} to a real influxd. The projection's points kept must equal what {@code SELECT count(*)} returns,
 * and the verdict must fail when points were overwritten, where the series, field keys and tag values it compared
 * before all agree.
 */
class PointsOverwrittenApplyTest {
    private static ScratchInfluxd server;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        InfluxdRequired.check();
        server = ScratchInfluxd.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void secondsClockOverwritesPointsWhenIdsAreFieldsAndTheProjectionSaysHowMany() throws Exception {
        Path ws = Scenarios.write("ad-marketplace", dir.resolve("s"), 20_000, Clock.SECONDS);
        JsonNode fields = apply(ws, "ids-as-fields", "ads_s_fields", PushCommand.FINDINGS);
        long kept = fields.get("measured").get("fieldValues").get("count").asLong();
        assertTrue(kept < 20_000 - 50, "whole seconds make points of one event type collide: " + kept);
        assertEquals(kept, fields.get("projected").get("pointsKept").asLong());
        assertEquals(20_000 - kept, fields.get("projected").get("pointsOverwritten").asLong());
        assertOldVerdictWouldHavePassed(fields);

        JsonNode tags = apply(ws, "ids-as-tags", "ads_s_tags", -1);
        long keptAsTags = tags.get("measured").get("fieldValues").get("count").asLong();
        assertEquals(tags.get("projected").get("pointsKept").asLong(), keptAsTags);

        // analyze, compare and the workbench's numbers say the same as the server
        CliRun analyze = CliRun.of("analyze", "--workspace", ws.toString(), "--format", "json");
        assertEquals(0, analyze.code(), analyze.err());
        for (JsonNode k : JSON.readTree(analyze.out()).get("eventKinds")) {
            long measured = k.get("layout").asText().equals("ids-as-fields") ? kept : keptAsTags;
            assertEquals(measured, k.get("pointsKept").asLong(), k.get("layout").asText());
            assertEquals(20_000 - measured, k.get("pointsOverwritten").asLong(), k.get("layout").asText());
        }
        CliRun text = CliRun.of("analyze", "--workspace", ws.toString());
        assertTrue(text.out().contains(String.format(java.util.Locale.ROOT, "points kept        %,d (%,d overwritten", kept,
            20_000 - kept)), text.out());
        CliRun compare = CliRun.of("compare", ws.toString(), "--a", "ids-as-tags", "--b", "ids-as-fields", "--format", "json");
        assertEquals(0, compare.code(), compare.err());
        JsonNode metric = null;
        for (JsonNode m : JSON.readTree(compare.out()).get("metrics")) {
            metric = m.get("name").asText().startsWith("points overwritten") ? m : metric;
        }
        assertEquals(20_000 - keptAsTags, metric.get("a").asLong(), String.valueOf(metric));
        assertEquals(20_000 - kept, metric.get("b").asLong(), String.valueOf(metric));
        CliRun markdown = CliRun.of("compare", ws.toString(), "--a", "ids-as-tags", "--b", "ids-as-fields");
        assertTrue(markdown.out().contains(String.format(java.util.Locale.ROOT, "ids-as-fields keeps %,d of 20,000 points", kept)),
            markdown.out());
    }

    @Test
    void millisecondAndBurstClocksProjectWhatTheServerKeeps() throws Exception {
        for (Clock clock : new Clock[]{Clock.MILLISECONDS, Clock.BURST}) {
            Path ws = Scenarios.write("ad-marketplace", dir.resolve(clock.optionName()), 20_000, clock);
            for (String layout : new String[]{"ids-as-fields", "ids-as-tags"}) {
                JsonNode k = apply(ws, layout, "ads_" + clock.optionName() + "_" + layout.replace('-', '_'), -1);
                long projected = k.get("projected").get("pointsKept").asLong();
                assertEquals(projected, k.get("measured").get("fieldValues").get("count").asLong(), clock + " " + layout);
                if (clock == Clock.BURST && layout.equals("ids-as-fields")) {
                    assertTrue(projected < 20_000 - 1_000, "bursts share an instant: " + projected);
                }
            }
        }
    }

    /**
     * Many events at few instants, ids in fields, and a field only some events carry: merged points join their
     * fields, so count(note) counts the (series, instant) pairs where any event carried a note.
     */
    @Test
    void burstsWithIdsInFieldsAndAnOccasionalField() throws Exception {
        Path d = Files.createDirectories(dir.resolve("adversarial"));
        StringBuilder lp = new StringBuilder();
        long t0 = 1_767_571_200_000_000_000L;
        for (int i = 0; i < 3_000; i++) {
            long ts = t0 + (i / 40) * 1_000_000_000L; // 40 events per second, all stamped with the second
            lp.append("order,kind=").append(new String[]{"buy", "sell", "cancel"}[i % 7 % 3])
                .append(" order_id=\"o").append(i).append('"')
                .append(i % 11 == 0 ? ",note=\"a, b\\\" c\"" : "")
                .append(",qty=").append(i % 5 + 1).append("i ").append(ts).append('\n');
        }
        Files.writeString(d.resolve("orders.lp"), lp, StandardCharsets.UTF_8);
        Files.writeString(d.resolve("orders.cardinal.json"), """
            {"formatVersion": 1, "name": "orders",
             "eventKinds": [{"name": "order", "attributes": [{"name": "kind", "type": "string"},
               {"name": "order_id", "type": "string"}, {"name": "note", "type": "string"}, {"name": "qty", "type": "integer"}]}],
             "layouts": [{"id": "ids-as-fields", "name": "ids-as-fields", "eventKind": "order", "measurement": "order",
               "tags": ["kind"], "fields": ["order_id", "note", "qty"],
               "retention": {"name": "autogen", "duration": "INF", "replication": 1}}],
             "samples": [{"id": "orders", "path": "orders.lp", "format": "line-protocol", "precision": "ns"}]}
            """, StandardCharsets.UTF_8);
        JsonNode k = apply(d.resolve("orders.cardinal.json"), "ids-as-fields", "orders", PushCommand.FINDINGS);
        JsonNode projected = k.get("projected").get("fieldValues");
        JsonNode measured = k.get("measured").get("fieldValues");
        assertEquals(projected, measured);
        // 75 seconds x 3 kinds
        assertEquals(225, measured.get("qty").asLong());
        assertEquals(225, k.get("projected").get("pointsKept").asLong());
        assertTrue(measured.get("note").asLong() < 225, measured.toString());
        assertOldVerdictWouldHavePassed(k);

        CliRun lint = CliRun.of("lint", d.resolve("orders.cardinal.json").toString());
        assertTrue(lint.out().contains("points-overwritten"), lint.out());
        assertTrue(lint.out().contains("2,775 of 3,000 points"), lint.out());
        assertTrue(lint.out().contains("order,kind=buy at 2026-01-05T00:00:00Z"), lint.out());
    }

    /** What apply compared before: series, server-reported series, field keys and tag values, all equal. */
    private static void assertOldVerdictWouldHavePassed(JsonNode k) {
        for (String n : new String[]{"series", "serverReportedSeries", "fieldKeys", "tags"}) {
            assertEquals(k.get("projected").get(n), k.get("measured").get(n), n);
        }
        assertTrue(k.get("matches").asBoolean(), "the projection says how many points are kept: " + k);
    }

    /** {@code apply --write-sample} of one layout into a new database; {@code code} -1: 0 or 1, as the clock makes it. */
    private static JsonNode apply(Path ws, String layout, String db, int code) throws Exception {
        CliRun run = CliRun.of("apply", ws.toString(), "--url", server.url().toString(), "--database", db, "--layout",
            layout, "--yes", "--write-sample", "--format", "json");
        if (code >= 0) {
            assertEquals(code, run.code(), run.err() + run.out());
        }
        JsonNode k = JSON.readTree(run.out()).get("eventKinds").get(0);
        assertEquals(k.get("projected").get("fieldValues"), k.get("measured").get("fieldValues"), db);
        long overwritten = k.get("projected").get("pointsOverwritten").asLong();
        assertEquals(overwritten == 0 ? PushCommand.OK : PushCommand.FINDINGS, run.code(), db + ": " + run.err());
        return k;
    }
}
