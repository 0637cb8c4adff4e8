package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Timestamps moved to end now: a short sample keeps its spacing, a long one is squeezed into the window in order. */
class TimeSqueezeTest {
    private static final long NOW = 1_800_000_000_000L;
    private static final long HOUR_NS = 3_600_000_000_000L;

    @Test
    void aShortSampleKeepsItsSpacingAndEndsNow() {
        long[] range = {0, 600_000_000_000L};
        assertEquals(NOW, SampleRemoteWrite.moved(range[1], range, NOW));
        assertEquals(NOW - 600_000, SampleRemoteWrite.moved(0, range, NOW));
        assertEquals(NOW - 300_000, SampleRemoteWrite.moved(300_000_000_000L, range, NOW));
    }

    @Test
    void aFifteenDaySampleFitsTheHeadsAppendableHourInOrder() {
        long[] range = {5 * HOUR_NS, 5 * HOUR_NS + 360 * HOUR_NS};
        long previous = Long.MIN_VALUE;
        for (long t = range[0]; t <= range[1]; t += HOUR_NS / 7) {
            long ms = SampleRemoteWrite.moved(t, range, NOW);
            assertTrue(ms >= previous, "order kept");
            assertTrue(ms >= NOW - SampleRemoteWrite.WINDOW_MS && ms <= NOW, "inside the window: " + (NOW - ms));
            previous = ms;
        }
        assertEquals(NOW - SampleRemoteWrite.WINDOW_MS, SampleRemoteWrite.moved(range[0], range, NOW));
    }
}
