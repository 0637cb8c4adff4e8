package dev.cardinal.engine.victoriametrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every layout of every sample scenario, and the id-explosion traffic (nearly every line a new series), written to a
 * real VictoriaMetrics 1.79.5 as Cardinal writes it: the series {@code /api/v1/series} lists over the sample's range
 * are exactly the projected ones (names and labels), and so are, for each UTC day, the series it lists over that
 * day alone (its per-day index). {@code /api/v1/status/tsdb?date=} is only checked not to report fewer: it adds up
 * index rows, which count a series twice until they are merged, and says so in its source. Each layout writes with its own {@code ?db=}, so its series are told apart
 * by the {@code db} label the server adds, which the projection counts too.
 */
class VmProjectionAccuracyTest {
    private static ScratchVictoriaMetrics vm;
    private static Path explosionDir;
    private static long seriesWritten;

    @BeforeAll
    static void start() throws Exception {
        vm = ScratchVictoriaMetrics.start();
        explosionDir = Files.createTempDirectory("cardinal-vm-explosion");
        Scenarios.writeExplosion(explosionDir, 30_000, Scenarios.explosionSeed());
    }

    @AfterAll
    static void stop() throws Exception {
        if (vm != null) {
            // every layout's series: /api/v1/series/count is an estimate that may count one twice, never fewer
            long count = vm.seriesCount();
            System.out.printf("series/count | all layouts | %d | %d%n", seriesWritten, count);
            vm.close();
            assertTrue(count >= seriesWritten, count + " < " + seriesWritten);
        }
        try (Stream<Path> all = Files.walk(explosionDir)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static Stream<Arguments> layouts() {
        return Stream.of(
            Arguments.of("ad-marketplace", "ids-as-tags"), Arguments.of("ad-marketplace", "ids-as-fields"),
            Arguments.of("weather", "three-tags"), Arguments.of("weather", "data-in-measurement"),
            Arguments.of("weather", "data-in-field-keys"), Arguments.of("weather", "several-facts-in-one-tag"),
            Arguments.of("custom-metrics", "metric-names-as-field-keys"), Arguments.of("custom-metrics", "fixed-slots"),
            Arguments.of(Scenarios.EXPLOSION, "ids-as-tags"), Arguments.of(Scenarios.EXPLOSION, "ids-as-fields"));
    }

    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("layouts")
    void theServerHoldsTheProjectedSeries(String scenario, String layoutId) throws Exception {
        Path file = scenario.equals(Scenarios.EXPLOSION) ? explosionDir.resolve(Scenarios.workspaceFileName(scenario))
            : Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout layout = ws.layout(layoutId).orElseThrow();
        String db = scenario + "/" + layoutId;
        VmCounting counting = new VmCounting(VmFlags.defaults().withDb(db), System.currentTimeMillis());
        VmTally projected = counting.tally(new SeriesEngine.Request(ws, sample, layout, dev.cardinal.engines.ServerFor.defaults(),
            Optional.empty()));

        vm.write(db, new SampleLineProtocol(layout, sample, new SampleLineProtocol.Options(false)).batches(5_000));

        String match = "{db=\"" + db + "\"}";
        List<Map<String, String>> measured = vm.series(match, projected.firstMs(), projected.lastMs());
        Set<Map<String, String>> expected = new HashSet<>();
        projected.series().forEach(s -> expected.add(s.asMap()));
        System.out.printf("projected-vs-measured | %s | %s | %d | %d%n", scenario, layoutId, expected.size(), measured.size());
        assertEquals(expected.size(), measured.size(), "series the server lists");
        assertEquals(expected, new HashSet<>(measured), "the same series, name and labels");
        Map<String, Map<String, Long>> byPair = new java.util.HashMap<>();
        measured.forEach(series -> dev.cardinal.projection.TagPairs.count(byPair, series));
        assertEquals(dev.cardinal.projection.TagPairs.top(byPair, dev.cardinal.engine.EngineCount.TOP_PAIRS),
            projected.topPairs(dev.cardinal.engine.EngineCount.TOP_PAIRS), "the pairs that make the most series");
        seriesWritten += measured.size();
        long statusSum = 0;
        Map<Map<String, String>, long[]> daysOf = new java.util.HashMap<>();
        for (Map.Entry<Long, Integer> day : projected.seriesPerDay().entrySet()) {
            long dayMs = day.getKey();
            List<Map<String, String>> onDay = vm.series(match, dayMs, dayMs + VmTally.MS_PER_DAY - 1);
            assertEquals(day.getValue().intValue(), onDay.size(),
                "series in the per-day index of the day starting at " + dayMs + " ms");
            onDay.forEach(series -> {
                long[] span = daysOf.computeIfAbsent(series, x -> new long[] {dayMs, dayMs});
                span[0] = Math.min(span[0], dayMs);
                span[1] = Math.max(span[1], dayMs);
            });
            // an estimate by its own source's word (getTSDBStatus, lib/storage/index_db.go): never below the truth
            long status = vm.seriesOnDay(match, dayMs);
            assertTrue(status >= day.getValue(), "status/tsdb " + status + " < " + day.getValue());
            statusSum += status;
        }
        List<dev.cardinal.projection.AttributeChurn.Churn> churn = projected.churnPerDay(dev.cardinal.projection.AttributeChurn.TOP);
        assertEquals(measuredChurn(daysOf), churn, "the labels whose values make series come and go from day to day, as the"
            + " per-day index holds them");
        System.out.printf("churn per day | %s | %s | %s%n", scenario, layoutId, churn.stream().map(
            dev.cardinal.engine.EngineCounts::churn).toList());
        long projectedSum = projected.seriesPerDay().values().stream().mapToLong(Integer::longValue).sum();
        System.out.printf("per-day | %s | %s | %d | %d%n", scenario, layoutId, projectedSum, statusSum);
        assertTrue(projected.seriesPerDay().size() > 1, "the sample spans several days");
    }

    /** Churn per day counted from what the server's per-day index lists: each series' first and last day in it. */
    private static List<dev.cardinal.projection.AttributeChurn.Churn> measuredChurn(Map<Map<String, String>, long[]> daysOf) {
        List<Map<String, String>> series = List.copyOf(daysOf.keySet());
        return dev.cardinal.projection.AttributeChurn.top(dev.cardinal.projection.AttributeChurn.Series.of(series.size(), series::get,
            i -> daysOf.get(series.get(i))[0] * 1_000_000L, i -> daysOf.get(series.get(i))[1] * 1_000_000L), java.time.Duration.ofDays(1), 0, dev.cardinal.projection.AttributeChurn.TOP);
    }
}
