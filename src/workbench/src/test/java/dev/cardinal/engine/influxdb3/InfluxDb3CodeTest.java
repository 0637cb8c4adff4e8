package dev.cardinal.engine.influxdb3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Artefact;
import dev.cardinal.engines.Bundle;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * InfluxDB 3's generated code for the ad marketplace's layouts: the script's {@code influxdb3} calls as the shell
 * passes them (the database with its retention, the table with its tags in the designed order and typed fields, the
 * caches on the closed-set tags), and the example queries' identifiers quoted; hostile names pass as one argument
 * each or leave the script out with the reason.
 */
class InfluxDb3CodeTest {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    @Test
    void theScriptCreatesTheDatabaseTheTableInTheDesignedOrderAndTheCaches(@TempDir Path dir) throws Exception {
        Workspace ws = WorkspaceFiles.load(ADS).workspace();
        EventKindSample sample = sample(ws);
        Layout layout = ws.layout("ids-as-tags").orElseThrow();
        Map<String, Artefact> files = files(ws, layout, sample, "ads db");
        Artefact sh = files.get("ids-as-tags.influxdb3.sh");
        Path script = Files.writeString(dir.resolve("s.sh"), sh.text());
        List<List<String>> calls = InfluxDb3Artefacts.calls(script, dir);
        assertEquals(4, calls.size(), sh.text());
        List<String> db = calls.get(0);
        assertEquals(List.of("create", "database"), db.subList(0, 2));
        assertEquals("ads db", db.get(db.size() - 1));
        List<String> table = calls.get(1);
        List<String> tags = layout.tags().stream().map(TagSpec::key).toList();
        assertEquals(List.of("create", "table", "--database", "ads db", "--tags", String.join(",", tags)), table.subList(0, 6));
        assertEquals("--fields", table.get(6));
        assertTrue(table.get(7).matches("[a-z_]+:(int64|uint64|float64|utf8|bool)(,[a-z_]+:(int64|uint64|float64|utf8|bool))*"),
            table.get(7));
        assertEquals(layout.measurement().literalText(), table.get(8));
        assertEquals(List.of("create", "distinct_cache", "--database", "ads db", "--table", "listing_event", "--columns",
            "event,device", "--max-cardinality", "100000", "ids-as-tags_distinct"), calls.get(2));
        assertEquals(List.of("create", "last_cache", "--database", "ads db", "--table", "listing_event", "--key-columns",
            "event,device", "--count", "1", "ids-as-tags_last"), calls.get(3));

        Set<String> names = Set.of("listing_event", "event", "listing_id", "user_id", "device", "session_id", "page_url",
            "count", "ids-as-tags_distinct", "ids-as-tags_last");
        InfluxDb3Artefacts.sqlIdentifiersAre(files.get("ids-as-tags.influxdb3.sql").text(), names);
        assertTrue(files.get("ids-as-tags.influxdb3.sql").text().contains("FROM distinct_cache('listing_event', 'ids-as-tags_distinct')"));
        assertTrue(files.get("ids-as-tags.influxdb3.influxql").text().contains("SHOW TAG KEYS FROM \"listing_event\""));
    }

    @Test
    void hostileNamesAreOneArgumentEachAndQuotedInTheQueries(@TempDir Path dir) throws Exception {
        Workspace ads = WorkspaceFiles.load(ADS).workspace();
        EventKindSample sample = sample(ads);
        String measurement = "le'$(touch x)\"; DROP TABLE t; --\n`id`";
        String tag = "ev\"ent $HOME";
        Layout odd = new Layout("odd", "odd", "listing_event", Template.literal(measurement),
            List.of(new TagSpec(tag, Template.ref("event"))), List.of(new FieldSpec(Template.literal("pri'ce\""), "count")),
            new RetentionPlan("r", Duration.ofDays(30), Duration.ofDays(1), 1));
        Map<String, Artefact> files = files(ads, odd, sample, "d'b");
        List<List<String>> calls = InfluxDb3Artefacts.calls(Files.writeString(dir.resolve("s.sh"), files.get("odd.influxdb3.sh").text()), dir);
        assertEquals(List.of("create", "database", "--retention-period", "30d", "d'b"), calls.get(0));
        assertEquals(List.of("create", "table", "--database", "d'b", "--tags", tag, "--fields", "pri'ce\":int64", measurement),
            calls.get(1));
        InfluxDb3Artefacts.sqlIdentifiersAre(files.get("odd.influxdb3.sql").text(), Set.of(measurement, tag, "pri'ce\"",
            "odd_distinct", "odd_last"));
        assertTrue(files.get("odd.influxdb3.influxql").text().contains("\"le'$(touch x)\\\"; DROP TABLE t; --\\n`id`\""),
            files.get("odd.influxdb3.influxql").text());

        Layout comma = odd.withTags(List.of(new TagSpec("a,b", Template.ref("event"))));
        Bundle.Contents c = Bundle.of(ads, List.of(comma), "db", "org", Map.of("listing_event", sample));
        assertFalse(c.artefacts().stream().anyMatch(a -> a.file().endsWith(".influxdb3.sh")));
        assertTrue(c.notWritten().stream().anyMatch(w -> w.contains("'a,b' cannot be given to the influxdb3 CLI")), c.notWritten().toString());
    }

    /** A rollup into a retention policy becomes a scheduled downsampler trigger; one the plugin cannot run says why. */
    @Test
    void aRollupIsAScheduledDownsamplerTrigger(@TempDir Path dir) throws Exception {
        Path weather = Path.of("sample-data/weather/weather.cardinal.json");
        Workspace w = WorkspaceFiles.load(weather).workspace();
        Rollup daily = new Rollup("daily", "daily", "three-tags", Duration.ofDays(1),
            List.of(new Rollup.AggregateSpec("temp", Aggregate.MEAN), new Rollup.AggregateSpec("temp", Aggregate.MAX)),
            List.of("crop"), new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, "daily", Duration.ZERO));
        Rollup distinct = new Rollup("distinct", "distinct", "three-tags", Duration.ofHours(6),
            List.of(new Rollup.AggregateSpec("temp", Aggregate.COUNT_DISTINCT)), List.of("crop"),
            new Rollup.Destination(Rollup.DestinationKind.BUCKET, "d", Duration.ZERO));
        Workspace ws = new Workspace(w.name(), w.eventKinds(), w.layouts(), w.samples(), List.of(daily, distinct), w.targets(),
            w.canvas());
        EventKindSample sample = SampleReader.read(SampleReader.sources(weather, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout three = ws.layout("three-tags").orElseThrow();
        Bundle.Contents c = Bundle.of(ws, List.of(three), "weather db", "org", Map.of("weather", sample));
        Artefact trigger = c.artefacts().stream().filter(a -> a.file().equals("daily.influxdb3.trigger.sh")).findFirst()
            .orElseThrow(() -> new AssertionError(c.artefacts().stream().map(Artefact::file).toList().toString()));
        List<List<String>> calls = InfluxDb3Artefacts.calls(Files.writeString(dir.resolve("t.sh"), trigger.text()), dir);
        assertEquals(List.of(List.of("create", "trigger", "--database", "weather db", "--path",
            "gh:influxdata/downsampler/downsampler.py", "--trigger-spec", "every:1d", "--trigger-arguments",
            "source_measurement=weather,target_measurement=weather_daily,interval=1d,window=1d,calculations=temp:avg.temp:max,"
                + "target_database=weather db,excluded_fields=plot.region", "daily")), calls);
        assertFalse(c.artefacts().stream().anyMatch(a -> a.file().startsWith("distinct.influxdb3")));
        assertTrue(c.notWritten().contains("rollup distinct is no InfluxDB 3 trigger: the downsampler has no count distinct"
            + " (of 'temp')"), c.notWritten().toString());
    }

    private static Map<String, Artefact> files(Workspace ws, Layout layout, EventKindSample sample, String db) {
        Bundle.Contents c = Bundle.of(ws, List.of(layout), db, "org", Map.of(layout.eventKind(), sample));
        Map<String, Artefact> out = new java.util.HashMap<>();
        c.artefacts().forEach(a -> out.put(a.file(), a));
        return out;
    }

    private static EventKindSample sample(Workspace ws) {
        return SampleReader.read(SampleReader.sources(ADS, ws), SampleLimits.defaults(), ReadMonitor.NONE).eventKinds().get(0);
    }
}
