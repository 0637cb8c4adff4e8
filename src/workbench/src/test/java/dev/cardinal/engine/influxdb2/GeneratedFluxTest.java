package dev.cardinal.engine.influxdb2;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every generated Flux script is accepted by the official Flux language service (parsed and type-checked). */
class GeneratedFluxTest {

    private static List<Path> write(Path dir, FluxGenerator.Output out) throws Exception {
        List<Path> files = new ArrayList<>();
        int n = 0;
        for (FluxGenerator.Script s : concat(out.tasks(), out.examples())) {
            files.add(Files.writeString(dir.resolve((n++) + "-" + s.name()), s.flux()));
        }
        return files;
    }

    private static List<FluxGenerator.Script> concat(List<FluxGenerator.Script> a, List<FluxGenerator.Script> b) {
        List<FluxGenerator.Script> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static dev.cardinal.traffic.EventKindSample sample(Workspace ws, String scenario) {
        Path file = Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION);
        return dev.cardinal.traffic.SampleReader.read(dev.cardinal.traffic.SampleReader.sources(file, ws),
            dev.cardinal.traffic.SampleLimits.defaults(), dev.cardinal.traffic.ReadMonitor.NONE).eventKinds().get(0);
    }

    private static void assertAccepted(List<Path> files) throws Exception {
        FluxLanguageService.Result r = FluxLanguageService.check(files);
        StringBuilder scripts = new StringBuilder();
        for (Path f : files) {
            scripts.append("\n== ").append(f.getFileName()).append('\n').append(Files.readString(f));
        }
        assertEquals(0, r.exitCode(), r.lines() + r.err() + scripts);
        assertEquals(files.size(), r.lines().size());
    }

    @Test
    void theRelationalRollupTaskAndExamplesOfTheAdMarketplace(@TempDir Path dir) throws Exception {
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json")).workspace();
        FluxGenerator.Output out = FluxGenerator.generate(ws, ws.layout("ids-as-fields").orElseThrow(), "ads", "cardinal", sample(ws, "ad-marketplace"));
        // a task per engine the SQL is generated for: before, one, and only for PostgreSQL
        assertEquals(List.of("listing-daily.mariadb.flux", "listing-daily.postgresql.flux"),
            out.tasks().stream().map(FluxGenerator.Script::name).toList());
        String maria = out.tasks().get(0).flux();
        assertTrue(maria.contains("sql.to(driverName: \"mysql\", dataSourceName: dsn, table: \"listing_daily\")")
            && maria.contains("secrets.get(key: \"CARDINAL_MARIADB_DSN\")") && maria.contains("user:password@tcp(host:3306)/database"), maria);
        String pg = out.tasks().get(1).flux();
        assertTrue(pg.contains("sql.to(driverName: \"postgres\", dataSourceName: dsn, table: \"listing_daily\")")
            && pg.contains("secrets.get(key: \"CARDINAL_POSTGRESQL_DSN\")"), pg);
        assertTrue(out.bucketCommands().get(0).contains("--name ads/raw --retention 30d --shard-group-duration 1d"),
            out.bucketCommands().toString());
        assertEquals(List.of("filter-by-tag.flux", "group-by-tag.flux", "field-over-time.flux"),
            out.examples().stream().map(FluxGenerator.Script::name).toList());
        assertTrue(out.examples().get(0).flux().contains("r[\"event\"] == \"view\""), out.examples().get(0).flux());
        assertTrue(out.examples().get(2).flux().contains("r._field == \"count\""), "the numeric field, not an id");
        assertAccepted(write(dir, out));
    }

    @Test
    void aDownsamplingTaskPerRollupIntoABucket(@TempDir Path dir) throws Exception {
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/weather/weather.cardinal.json")).workspace();
        Layout layout = ws.layout("three-tags").orElseThrow();
        Rollup daily = new Rollup("crop-daily", "crop daily", layout.id(), Duration.ofDays(1),
            List.of(new Rollup.AggregateSpec("temp", Aggregate.MEAN), new Rollup.AggregateSpec("temp", Aggregate.MAX),
                new Rollup.AggregateSpec("temp", Aggregate.COUNT_DISTINCT)),
            List.of("crop", "region"), new Rollup.Destination(Rollup.DestinationKind.BUCKET, "weather_daily", Duration.ofDays(730)));
        ws = new Workspace(ws.name(), ws.eventKinds(), ws.layouts(), ws.samples(), List.of(daily), ws.targets(), ws.canvas());
        FluxGenerator.Output out = FluxGenerator.generate(ws, layout, "weather", "cardinal", sample(ws, "weather"));
        assertTrue(out.tasks().get(0).flux().contains("aggregateWindow(every: 1d, fn: mean, createEmpty: false)"));
        assertEquals(2, out.bucketCommands().size());
        assertAccepted(write(dir, out));
    }

    @Test
    void hostileNamesStayStrings(@TempDir Path dir) throws Exception {
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/weather/weather.cardinal.json")).workspace();
        Layout odd = new Layout("odd", "odd", "weather", Template.literal("we\"ird ${x} m"),
            List.of(new TagSpec("sel ect \\ ü", Template.ref("crop"))),
            List.of(new FieldSpec(Template.literal("back\\slash \"q\" $"), "temp")),
            new RetentionPlan("r p", Duration.ofDays(30), Duration.ofDays(1), 1));
        Rollup r = new Rollup("odd-daily", "odd daily", "odd", Duration.ofDays(1), List.of(new Rollup.AggregateSpec("temp", Aggregate.SUM)),
            List.of("crop"), new Rollup.Destination(Rollup.DestinationKind.BUCKET, "odd \"daily\"", Duration.ZERO));
        ws = new Workspace(ws.name(), ws.eventKinds(), List.of(odd), ws.samples(), List.of(r), ws.targets(), ws.canvas());
        assertAccepted(write(dir, FluxGenerator.generate(ws, odd, "d${b}", "o'rg", sample(ws, "weather"))));
    }
}
