package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Applied;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Apply a layout with a rollup, write its sample, import the database: the same layout and rollup come back. */
class InfluxV1ImportTest extends ScratchServerTest {

    static Stream<Arguments> layouts() {
        return Stream.of(Arguments.of("weather", "three-tags", "crop"), Arguments.of("ad-marketplace", "ids-as-fields", "event"));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("layouts")
    void importGivesBackTheLayoutThatWasApplied(String scenario, String layoutId, String groupTag) throws Exception {
        Path file = Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION);
        Workspace loaded = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, loaded), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout layout = loaded.layout(layoutId).orElseThrow()
            .withRetention(new RetentionPlan("raw", Duration.ofDays(400), Duration.ofDays(1), 1));
        String field = layout.fields().stream().filter(f -> loaded.eventKind(layout.eventKind()).orElseThrow()
            .attribute(f.attribute()).orElseThrow().type().name().matches("FLOAT|INTEGER")).findFirst().orElseThrow().attribute();
        Rollup daily = new Rollup("daily", "daily", layout.id(), Duration.ofDays(1),
            List.of(new Rollup.AggregateSpec(field, Aggregate.MEAN), new Rollup.AggregateSpec(field, Aggregate.MAX)),
            List.of(groupTag), new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, "daily", Duration.ofDays(730)));
        Workspace ws = new Workspace(loaded.name(), loaded.eventKinds(), loaded.layouts(), loaded.samples(), List.of(daily),
            loaded.targets(), loaded.canvas()).withLayout(layout);
        String db = "import_" + scenario.replace('-', '_');
        InfluxV1Push push = new InfluxV1Push(client, db);
        push.apply(push.plan(ws, List.of(layout)), Set.of(), PushMonitor.NONE);
        new SampleWrite(client, db, "raw", SampleWrite.timeShiftToNow(sample, Duration.ofDays(1), System.currentTimeMillis() * 1_000_000L))
            .write(layout, sample, 0, PushMonitor.NONE);

        ImportedWorkspace imported = InfluxV1Import.read(client, db);
        assertEquals(List.of(), imported.notes());
        Workspace back = imported.workspace();
        assertEquals(dev.cardinal.model.ServerVersion.parse(client.ping()), back.targets().get(0).serverVersion(),
            "the target keeps the version the server names, which decides what it reports");
        assertEquals(1, back.layouts().size());
        Layout got = back.layouts().get(0);
        assertEquals(layout.measurement(), got.measurement());
        assertEquals(layout.retention(), got.retention());
        assertEquals(layout.tags().stream().map(TagSpec::key).collect(Collectors.toSet()),
            got.tags().stream().map(TagSpec::key).collect(Collectors.toSet()));
        EventKind want = ws.eventKind(layout.eventKind()).orElseThrow();
        EventKind have = back.eventKind(got.eventKind()).orElseThrow();
        Map<String, String> wantFields = new HashMap<>();
        layout.fields().forEach(f -> wantFields.put(f.key().literalText(), InfluxV1Planner.serverType(want.attribute(f.attribute()).orElseThrow().type())));
        Map<String, String> haveFields = new HashMap<>();
        got.fields().forEach(f -> haveFields.put(f.key().literalText(), InfluxV1Planner.serverType(have.attribute(f.attribute()).orElseThrow().type())));
        assertEquals(wantFields, haveFields);

        assertEquals(1, back.rollups().size());
        Rollup r = back.rollups().get(0);
        assertEquals(List.of(daily.window(), daily.aggregates(), daily.groupBy(), daily.destination()),
            List.of(r.window(), r.aggregates(), r.groupBy(), r.destination()));
        assertEquals(got.id(), r.layout());

        LayoutMeasure projected = new LayoutMeasurer(new SampleIndex(sample)).measure(layout);
        assertEquals(projected.tags(), imported.tagValues().get(layout.measurement().literalText()));

        StringWriter recent = new StringWriter();
        assertEquals(300, InfluxV1Import.recentPoints(client, db, back, 300, recent));
        String[] lines = recent.toString().split("\n");
        assertEquals(300, lines.length);
        assertTrue(Long.parseLong(lines[0].substring(lines[0].lastIndexOf(' ') + 1))
            <= Long.parseLong(lines[299].substring(lines[299].lastIndexOf(' ') + 1)), "oldest first");
    }
}
