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
 * groups; ids-as-fields: fifteen 1-day groups).
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
    }
}
