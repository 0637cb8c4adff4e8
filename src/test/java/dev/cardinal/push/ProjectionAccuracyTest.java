package dev.cardinal.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Durations;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The projection's exact numbers equal what a real InfluxDB 1.x reports after the sample is written through each
 * layout of each scenario, with the layout's own retention policy: SHOW SERIES EXACT CARDINALITY (per shard group
 * on this version), SHOW MEASUREMENT, TAG VALUES and FIELD KEY EXACT CARDINALITY. Several scenarios span more than
 * one shard group (weather: two 7-day groups; ids-as-fields: fifteen 1-day groups).
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
        client.query("CREATE DATABASE \"" + db + "\"", null);
        RetentionPlan rp = layout.retention();
        if (!rp.isInfinite() || rp.shardGroupDuration() != null) {
            client.query("CREATE RETENTION POLICY \"" + rp.name() + "\" ON \"" + db + "\" DURATION "
                + Durations.format(rp.duration()) + " REPLICATION 1 SHARD DURATION "
                + Durations.format(rp.effectiveShardGroupDuration()) + " DEFAULT", null);
        }
        List<byte[]> lines = linesNearNow(layout, sample);
        Iterator<byte[]> it = lines.iterator();
        client.writeBatched(db, rp.isInfinite() && rp.shardGroupDuration() == null ? "autogen" : rp.name(), "ns", it, 5000);

        assertEquals(projected.points(), lines.size(), "every point the projection counts is written");
        assertEquals(projected.serverReportedSeries(), sum(client.query("SHOW SERIES EXACT CARDINALITY", db)));
        assertEquals(projected.measurements(), sum(client.query("SHOW MEASUREMENT EXACT CARDINALITY", db)));
        assertEquals(projected.fieldKeys(), sum(client.query("SHOW FIELD KEY EXACT CARDINALITY", db)));
        Map<String, Long> tags = new TreeMap<>();
        for (String key : projected.tags().keySet()) {
            InfluxV1Result r = client.query("SHOW TAG VALUES EXACT CARDINALITY WITH KEY = \"" + key + "\"", db);
            tags.put(key, r.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(0)).longValue()).max().orElse(0));
        }
        assertEquals(projected.tags(), tags);
        assertTrue(projected.series() <= projected.serverReportedSeries());
    }

    private static long sum(InfluxV1Result r) {
        return r.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(0)).longValue()).sum();
    }
}
