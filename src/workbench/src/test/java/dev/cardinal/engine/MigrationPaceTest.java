package dev.cardinal.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
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
}
