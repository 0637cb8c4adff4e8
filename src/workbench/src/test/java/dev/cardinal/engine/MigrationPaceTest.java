package dev.cardinal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The pace the probe's timings give (no timing here: the timings are given). */
class MigrationPaceTest {

    @Test
    void windowsAndSlicesOfDifferentSizesFitATimePerWindowAndAPerPoint() {
        // 40 ms a window and 50 µs a point, exactly
        List<double[]> timed = List.of(new double[] {5000, 0.29}, new double[] {2500, 0.165}, new double[] {1000, 0.09},
            new double[] {4000, 0.24});
        MigrationPace p = MigrationPace.fitted(timed);
        assertEquals(0.040, p.secondsPerWindow(), 1e-9);
        assertEquals(50e-6, p.secondsPerPoint(), 1e-12);
        assertEquals(12_500, p.points());
        assertEquals(10 * 0.040 + 100_000 * 50e-6, p.secondsFor(100_000, 10), 1e-9);
    }

    @Test
    void windowsOfAlikeSizesGiveTheirMeanWindowWithTheSlowestKept() {
        List<double[]> timed = List.of(new double[] {1000, 0.1}, new double[] {1100, 0.1}, new double[] {1200, 0.4});
        MigrationPace p = MigrationPace.fitted(timed);
        assertEquals(0.2, p.secondsPerWindow(), 1e-9, "the mean of all three, the slowest included");
        assertEquals(0, p.secondsPerPoint());
    }

    @Test
    void aFitWithoutMeaningFallsBackToTheMeanOrThePoint() {
        // larger slices that took less time: no line, the mean window
        MigrationPace down = MigrationPace.fitted(List.of(new double[] {1000, 0.3}, new double[] {3000, 0.1}));
        assertEquals(0.2, down.secondsPerWindow(), 1e-9);
        assertEquals(0, down.secondsPerPoint());
        // a line through below zero: no time of its own a window, all by the point
        MigrationPace steep = MigrationPace.fitted(List.of(new double[] {1000, 0.01}, new double[] {3000, 0.3}));
        assertEquals(0, steep.secondsPerWindow());
        assertEquals(0.31 / 4000, steep.secondsPerPoint(), 1e-12);
    }

    @Test
    void theServersFirstRewriteIsAWindowTheProbeDoesNotTime() throws Exception {
        List<MigrationWindow> windows = IntStream.range(0, 10)
            .mapToObj(i -> new MigrationWindow(Instant.ofEpochSecond(i * 86_400L), Instant.ofEpochSecond((i + 1) * 86_400L))).toList();
        List<Long> points = IntStream.range(0, 10).mapToObj(i -> 1_000L + i).toList();
        List<Integer> rewritten = new ArrayList<>();
        MigrationPace pace = MigrationPace.probe(windows, points, 20_000, w -> {
            int i = windows.indexOf(w);
            rewritten.add(i);
            return points.get(i);
        });
        assertEquals(List.of(1, 0, 3, 6, 9), rewritten, "window 1 first and untimed, then four spread evenly");
        assertEquals(1_001, pace.untimed());
        assertEquals(1_000 + 1_003 + 1_006 + 1_009, pace.points(), "only the timed windows' points");
    }

    @Test
    void aProbeThatRewritesEveryWindowWarmsNothingFirst() throws Exception {
        List<MigrationWindow> windows = IntStream.range(0, 3)
            .mapToObj(i -> new MigrationWindow(Instant.ofEpochSecond(i * 86_400L), Instant.ofEpochSecond((i + 1) * 86_400L))).toList();
        List<Integer> rewritten = new ArrayList<>();
        MigrationPace pace = MigrationPace.probe(windows, List.of(10L, 0L, 30L), 20_000, w -> {
            rewritten.add(windows.indexOf(w));
            return 10;
        });
        assertEquals(List.of(0, 2), rewritten, "the empty window is not rewritten, every other one is timed");
        assertEquals(0, pace.untimed());
    }

    @Test
    void aWindowOfMoreThanTheWantedPointsIsProbedByASliceFromItsStartAndHalfAsLargeFromItsEnd() throws Exception {
        MigrationWindow day = new MigrationWindow(Instant.ofEpochSecond(0), Instant.ofEpochSecond(86_400));
        List<MigrationWindow> rewritten = new ArrayList<>();
        MigrationPace.probe(List.of(day), List.of(100_000L), 20_000, w -> {
            rewritten.add(w);
            return 1;
        });
        assertEquals(List.of(new MigrationWindow(Instant.ofEpochSecond(0), Instant.ofEpochSecond(17_280)),
            new MigrationWindow(Instant.ofEpochSecond(77_760), Instant.ofEpochSecond(86_400))), rewritten);
    }
}
