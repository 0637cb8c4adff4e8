package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Aggregate;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generated InfluxQL runs on a real influxd: every statement is accepted, the continuous queries are listed,
 * and the example queries return what the written sample holds, also for hostile names.
 */
class GeneratedInfluxQlTest extends ScratchServerTest {
    private static Workspace weather() throws Exception {
        return WorkspaceFiles.load(Path.of("sample-data/weather/weather.cardinal.json")).workspace();
    }

    private static EventKindSample sample(Workspace ws) {
        return SampleReader.read(SampleReader.sources(Path.of("sample-data/weather/weather.cardinal.json"), ws),
            SampleLimits.defaults(), ReadMonitor.NONE).eventKinds().get(0);
    }

    private static void run(InfluxQlGenerator.Script script, List<InfluxQlGenerator.Statement> statements) throws Exception {
        for (InfluxQlGenerator.Statement s : statements) {
            client.query(s.influxql(), script.database());
        }
    }

    /** Writes the sample through the layout, shifted by whole weeks so it ends near now. */
    private static long write(String db, Layout layout, EventKindSample sample) throws Exception {
        List<byte[]> lines = linesNearNow(layout, sample);
        client.writeBatched(db, layout.retention().name(), "ns", lines.iterator(), 5000);
        return lines.size();
    }

    private static long count(InfluxV1Result r) {
        return ((Number) r.series().get(0).values().get(0).get(1)).longValue();
    }

    @Test
    void weatherSetupRollupAndExamplesRunOnTheServer() throws Exception {
        Workspace ws = weather();
        Layout layout = ws.layout("three-tags").orElseThrow()
            .withRetention(new RetentionPlan("raw", Duration.ofDays(60), Duration.ofDays(1), 1));
        Rollup daily = new Rollup("crop-daily", "crop daily", layout.id(), Duration.ofDays(1),
            List.of(new Rollup.AggregateSpec("temp", Aggregate.MEAN), new Rollup.AggregateSpec("temp", Aggregate.MAX)),
            List.of("crop"), new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, "daily", Duration.ofDays(730)));
        ws = new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), List.of(daily), ws.targets(), ws.canvas())
            .withLayout(layout);
        EventKindSample sample = sample(ws);
        InfluxQlGenerator.Script script = InfluxQlGenerator.generate(ws, layout, "weather_gen", sample);
        run(script, script.setup());
        run(script, script.continuousQueries());

        InfluxV1Result rps = client.query("SHOW RETENTION POLICIES", "weather_gen");
        Map<String, List<Object>> byName = new HashMap<>();
        rps.series().get(0).values().forEach(v -> byName.put((String) v.get(0), v));
        assertEquals("1440h0m0s", byName.get("raw").get(1));
        assertEquals("24h0m0s", byName.get("raw").get(2));
        assertEquals(true, byName.get("raw").get(4), "raw is the default policy");
        assertEquals("17520h0m0s", byName.get("daily").get(1));
        InfluxV1Result cqs = client.query("SHOW CONTINUOUS QUERIES", null);
        String listed = cqs.series("weather_gen").orElseThrow().values().get(0).get(1).toString();
        assertTrue(listed.contains("cq_crop-daily") && listed.contains("GROUP BY time(1d), crop"), listed);

        long written = write("weather_gen", layout, sample);
        assertEquals(sample.rows(), written);
        InfluxQlGenerator.Statement filter = script.examples().get(0);
        assertTrue(filter.influxql().contains("WHERE \"crop\" = '"), filter.influxql());
        String crop = filter.influxql().substring(filter.influxql().indexOf("= '") + 3, filter.influxql().length() - 1);
        long expected = 0;
        for (int r = 0; r < sample.rows(); r++) {
            expected += sample.column("crop").text(r).equals(crop) ? 1 : 0;
        }
        assertEquals(expected, count(client.query(filter.influxql(), "weather_gen")));
        InfluxV1Result perCrop = client.query(script.examples().get(1).influxql(), "weather_gen");
        assertEquals(3, perCrop.series().size(), "one group per crop");
        assertEquals(sample.rows(), perCrop.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(1)).longValue()).sum());
        client.query(script.examples().get(2).influxql(), "weather_gen"); // runs: hourly mean over the last day

        // the file as written, comments and all, runs in one request
        InfluxQlGenerator.Script whole = InfluxQlGenerator.generate(ws, layout, "weather_whole", sample);
        InfluxV1Result all = client.query(whole.text(), "weather_whole");
        assertEquals(whole.setup().size() + whole.continuousQueries().size() + whole.examples().size(), all.statements().size());
        assertTrue(client.query("SHOW CONTINUOUS QUERIES", null).series("weather_whole").isPresent());
    }

    @Test
    void hostileNamesAreQuotedForTheServer() throws Exception {
        Workspace ws = weather();
        String[] names = {"select", "we\"ird, m=eas", "time x", "back\\slash", "ünïcödé ✓", "it's"};
        Layout layout = new Layout("odd", "odd", "weather", Template.literal(names[1]),
            List.of(new TagSpec(names[0], Template.ref("crop")), new TagSpec(names[4], Template.ref("region"))),
            List.of(new FieldSpec(Template.literal(names[2]), "temp"), new FieldSpec(Template.literal(names[3]), "plot")),
            new RetentionPlan(names[5], Duration.ofDays(60), Duration.ofDays(1), 1));
        ws = ws.withLayout(layout);
        EventKindSample sample = sample(ws);
        Workspace withOdd = ws;
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> InfluxQlGenerator.generate(withOdd, layout, "a\\b", sample));
        assertTrue(refused.getMessage().contains("'a\\b' cannot be used"), refused.getMessage());
        InfluxQlGenerator.Script script = InfluxQlGenerator.generate(ws, layout, "db \"x\" ✓", sample);
        run(script, script.setup());
        assertEquals(sample.rows(), write(script.database(), layout, sample));
        InfluxV1Result perTag = client.query(script.examples().get(1).influxql(), script.database());
        assertEquals(names[1], perTag.series().get(0).name());
        assertTrue(perTag.series().get(0).tags().containsKey(names[0]), perTag.series().get(0).tags().toString());
        assertEquals(sample.rows(), perTag.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(1)).longValue()).sum());
        assertTrue(count(client.query(script.examples().get(0).influxql(), script.database())) > 0);
    }
}
