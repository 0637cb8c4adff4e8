package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every layout of every sample scenario, and of explosion-shaped traffic (nearly every row a new listing, user and
 * device), remote-written to a real Prometheus: the series it holds ({@code /api/v1/series}), its head series
 * ({@code /api/v1/status/tsdb} headStats.numSeries), its label names and each label's values equal the projection.
 * A head cannot be emptied, so each case has its own server.
 */
class PrometheusAccuracyTest {
    @TempDir
    static Path explosionDir;

    static Stream<Arguments> layouts() throws Exception {
        Path explosion = Scenarios.writeExplosion(explosionDir, 20_000, Scenarios.explosionSeed());
        Stream<Path> files = Stream.concat(Scenarios.names().stream()
            .map(s -> Path.of("sample-data", s, s + WorkspaceFiles.EXTENSION)), Stream.of(explosion));
        return files.flatMap(f -> {
            try {
                Workspace ws = WorkspaceFiles.load(f).workspace();
                return ws.layouts().stream().map(l -> Arguments.of(ws.name(), l.id(), f));
            } catch (Exception e) {
                throw new IllegalStateException(f.toString(), e);
            }
        });
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("layouts")
    void prometheusHoldsWhatTheProjectionSays(String scenario, String layoutId, Path file) throws Exception {
        ScratchPrometheus.required();
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Layout layout = ws.layout(layoutId).orElseThrow();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().stream().filter(k -> k.name().equals(layout.eventKind())).findFirst().orElseThrow();
        EngineCount count = new Prometheus().counting().orElseThrow().count(
            new SeriesEngine.Request(ws, sample, layout, dev.cardinal.engines.ServerFor.defaults(), Optional.empty()));
        SeriesTally.Tally projected = PrometheusCount.tally(new SampleSeries(layout, sample), sample.rows());
        Set<String> projectedSeries = new HashSet<>();
        new SampleSeries(layout, sample).forEach((row, labels, value, ns) -> projectedSeries.add(SeriesTally.key(labels)));

        try (ScratchPrometheus server = ScratchPrometheus.start()) {
            SampleRemoteWrite.Result sent = new SampleRemoteWrite(server.client()).write(layout, sample,
                System.currentTimeMillis());
            assertEquals(projected.series(), sent.series());
            ServerSeries measured = ServerSeries.read(server);
            System.out.printf("| %s | %s | %d | %d |%n", scenario, layoutId, count.figure("series").orElseThrow().now(),
                measured.headSeries());
            assertEquals(count.figure("series").orElseThrow().now(), measured.headSeries(), "headStats.numSeries");
            // the sample squeezed into the hour is all in this head; at the traffic's own pace the head holds 3 hours
            assertTrue(count.figure("headSeries").orElseThrow().now() <= measured.headSeries());
            assertEquals(projectedSeries, measured.series(), "the label sets of /api/v1/series");
            assertEquals(projected.valuesByLabel(), measured.valuesByLabel(), "label names and values per label");
            measured.topValueCounts().forEach((name, n) -> assertEquals(projected.valuesByLabel().get(name), n,
                "labelValueCountByLabelName of " + name));
            assertTrue(measured.headSeries() > 0, "the layout writes some series");
        }
    }
}
