package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.DictionaryColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GrowthFitTest {

    /** 100 evenly spaced checkpoints over [0, span] of a curve given as a function. */
    static GrowthFit fitOf(double span, DoubleUnaryOperator f) {
        double[] x = new double[100];
        double[] y = new double[100];
        for (int i = 0; i < 100; i++) {
            x[i] = span * (i + 1) / 100;
            y[i] = f.applyAsDouble(x[i]);
        }
        return GrowthFit.fit(x, y);
    }

    @Test
    void anExactPowerLawGivesItsConstants() {
        GrowthFit f = fitOf(20_000, x -> 3 * Math.pow(x, 0.7));
        assertEquals(3, f.k(), 1e-9);
        assertEquals(0.7, f.beta(), 1e-12);
        assertEquals(1, f.rSquared(), 1e-12);
        assertEquals(Growth.GROWS, f.growth());
        assertEquals(1 - Math.pow(0.75, 0.7), f.tailShare(), 1e-12);
        assertEquals(0.7, f.endSlope(), 1e-12);
        assertEquals(3 * Math.pow(1e6, 0.7), f.predict(1e6), 1e-6);
        assertEquals(1e6, f.whenReaches(3 * Math.pow(1e6, 0.7)).getAsDouble(), 1e-3);
    }

    @Test
    void logSpacedCheckpointsFitTheSame() {
        double[] x = new double[50];
        double[] y = new double[50];
        for (int i = 0; i < 50; i++) {
            x[i] = Math.pow(2, i * 0.4);
            y[i] = 3 * Math.pow(x[i], 0.7);
        }
        GrowthFit f = GrowthFit.fit(x, y);
        assertEquals(0.7, f.beta(), 1e-12);
        assertEquals(3, f.k(), 1e-9);
    }

    @Test
    void aClosedSetSaturatesAtItsSize() {
        // 5 values, all seen within the first 1% of 20,000 points
        GrowthFit f = fitOf(20_000, x -> Math.min(5, Math.ceil(x / 40)));
        assertEquals(Growth.CLOSED, f.growth());
        assertEquals(5, f.saturatedAt());
        assertEquals(0, f.tailShare());
        assertEquals(0, f.endSlope());
        assertEquals(5, f.predict(1e9));
        assertEquals(OptionalDouble.empty(), f.whenReaches(6));
        assertEquals(200, f.whenReaches(5).getAsDouble(), 1e-9); // the first checkpoint already holds all 5
        assertEquals("5 values, none new in the last 99% of the sample", f.evidence());
    }

    @Test
    void aUniqueIdGrowsLinearly() {
        GrowthFit f = fitOf(20_000, x -> x);
        assertEquals(Growth.GROWS, f.growth());
        assertEquals(1, f.beta(), 1e-12);
        assertEquals(1, f.k(), 1e-9);
        assertEquals(0.25, f.tailShare(), 1e-12);
        assertEquals(1e6, f.predict(1e6), 1e-6);
        assertEquals(1e5, f.whenReaches(1e5).getAsDouble(), 1e-6);
        assertEquals("20,000 values, 25% of them first seen in the last quarter; Heaps β=1.00", f.evidence());
    }

    @Test
    void aSetThatFinishedArrivingIsClosedAtItsSize() {
        // ~900 listings discovered over the first tenth of the span, hardly any after
        GrowthFit f = fitOf(20_000, x -> Math.floor(900 * (1 - Math.exp(-x / 2_000.0))));
        assertEquals(Growth.CLOSED, f.growth(), f::toString);
        assertEquals(899, f.saturatedAt());
        assertTrue(f.beta() < 0.01, f::toString);
    }

    @Test
    void aSetThatKeepsTricklingInGrowsSlowly() {
        // ~900 active listings found early, then new ones keep appearing at a steady trickle
        GrowthFit f = fitOf(20_000, x -> Math.floor(900 * (1 - Math.exp(-x / 2_000.0)) + 0.02 * x));
        assertEquals(Growth.GROWS, f.growth(), f::toString);
        assertTrue(f.beta() > 0.05 && f.beta() < 0.5, f::toString);
        assertTrue(f.tailShare() > 0.02 && f.tailShare() < 0.15, f::toString);
        double atTenfold = f.predict(200_000);
        assertTrue(atTenfold > f.observed() && atTenfold < f.observed() * 10, f::toString);
    }

    @Test
    void aStepAtTheStartIsClosed() {
        GrowthFit f = fitOf(20_000, x -> 100);
        assertEquals(Growth.CLOSED, f.growth());
        assertEquals(100, f.saturatedAt());
        assertEquals(0, f.beta());
        assertEquals(100, f.k(), 1e-9);
        assertEquals(1, f.rSquared());
        assertEquals(100, f.predict(1e12));
        // inside the sample: the observed curve, read linearly from the origin to the first checkpoint (x = 200)
        assertEquals(50, f.predict(100), 1e-12);
        assertEquals(100, f.predict(200));
    }

    @Test
    void aConstantSingleValueIsClosed() {
        double[] x = new double[60];
        double[] y = new double[60];
        for (int i = 0; i < 60; i++) {
            x[i] = i;
            y[i] = 1;
        }
        GrowthFit f = GrowthFit.fit(x, y);
        assertEquals(Growth.CLOSED, f.growth());
        assertEquals(1, f.saturatedAt());
        assertEquals("1 value, all present from the start", f.evidence());
        assertEquals(0, f.whenReaches(1).getAsDouble());
        assertTrue(f.whenReaches(2).isEmpty());
    }

    @Test
    void oneLateValueInASmallSetMeansItMayGrow() {
        // a 6th value among 5 arriving in the last quarter is over the 2% tolerance: the safe answer is GROWS
        GrowthFit f = fitOf(20_000, x -> x < 18_000 ? 5 : 6);
        assertEquals(Growth.GROWS, f.growth());
        assertTrue(f.predict(40_000) >= 6);
    }

    @Test
    void aTrickleOfRareValuesInABigClosedSetIsTolerated() {
        // 1,000 values; 10 rare ones (1%) show up in the last quarter
        GrowthFit f = fitOf(20_000, x -> x <= 200 ? 990 * x / 200 : x <= 15_000 ? 990 : x <= 17_000 ? 995 : 1000);
        assertEquals(Growth.CLOSED, f.growth(), f::toString);
        assertEquals("1,000 values, only 1.0% of them first seen in the last quarter", f.evidence());
    }

    @Test
    void valuesThatStartArrivingOnlyAtTheEndGrow() {
        // 2,000 values for most of the sample, then 30 new in the last 5%: a tail share of 1.5%, but the end climbs
        GrowthFit f = fitOf(20_000, x -> x <= 19_000 ? 2_000 : 2_000 + (x - 19_000) * 0.03);
        assertTrue(f.tailShare() < GrowthFit.CLOSED_TAIL_SHARE, f::toString);
        assertEquals(Growth.GROWS, f.growth(), f::toString);
    }

    @Test
    void whenReachesInterpolatesTheObservedCurve() {
        GrowthFit f = GrowthFit.fit(new double[] {10, 20, 30, 40}, new double[] {10, 20, 30, 40});
        assertEquals(15, f.whenReaches(15).getAsDouble(), 1e-12);
        assertEquals(5, f.whenReaches(5).getAsDouble(), 1e-12); // below the first checkpoint, from the origin
        assertEquals(0, f.whenReaches(0).getAsDouble());
        assertEquals(400, f.whenReaches(400).getAsDouble(), 1e-9);
        assertEquals(25, f.predict(25), 1e-12);
    }

    @Test
    void duplicateXKeepsTheCountAfterTheBurst() {
        // elapsed seconds: several checkpoints in the same second
        double[] x = {0, 1, 1, 1, 2, 3, 3, 4};
        double[] y = {1, 2, 4, 6, 8, 10, 12, 14};
        GrowthFit f = GrowthFit.fit(x, y);
        assertEquals(6, f.predict(1), 1e-12);
        assertTrue(Double.isFinite(f.beta()) && Double.isFinite(f.k()) && Double.isFinite(f.rSquared()));
        assertEquals(Growth.GROWS, f.growth());
    }

    @Test
    void degenerateCurvesGiveFiniteNumbers() {
        List<double[][]> curves = List.of(
            new double[][] {{0, 0}, {0, 0}},               // nothing, no span
            new double[][] {{0, 5}, {0, 0}},               // nothing seen in 5 points
            new double[][] {{0, 0}, {3, 3}},               // everything at one instant
            new double[][] {{1, 2}, {1, 1}},               // 2 checkpoints, flat
            new double[][] {{1, 2}, {1, 2}},               // 2 checkpoints, rising
            new double[][] {{0, 1, 2}, {0, 0, 7}},         // one usable point
            new double[][] {{1e-300, 1e300}, {1, 1e300}},  // absurd scales
            new double[][] {{1, 2, 1e308}, {1, 1e308, 1e308}});
        for (double[][] c : curves) {
            GrowthFit f = GrowthFit.fit(c[0], c[1]);
            for (double v : new double[] {f.k(), f.beta(), f.rSquared(), f.tailShare(), f.endSlope(), f.saturatedAt(),
                f.predict(0), f.predict(1e6), f.predict(Double.MAX_VALUE), f.predict(Double.POSITIVE_INFINITY)}) {
                assertTrue(Double.isFinite(v), () -> f.toString());
            }
            for (double limit : new double[] {0, 1, 1e9, Double.MAX_VALUE, Double.POSITIVE_INFINITY}) {
                f.whenReaches(limit).ifPresent(x -> assertTrue(Double.isFinite(x), f::toString));
            }
            assertFalse(f.evidence().isBlank());
        }
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> GrowthFit.fit(new double[] {1, 2}, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> GrowthFit.fit(new double[] {1}, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> GrowthFit.fit(new double[] {1, 2}, new double[] {2, 1}));
        assertThrows(IllegalArgumentException.class, () -> GrowthFit.fit(new double[] {2, 1}, new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> GrowthFit.fit(new double[] {1, Double.NaN}, new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> GrowthFit.fit(new double[] {-1, 2}, new double[] {1, 2}));
        GrowthFit f = fitOf(100, x -> x);
        assertThrows(IllegalArgumentException.class, () -> f.predict(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> f.predict(-1));
        assertThrows(IllegalArgumentException.class, () -> f.whenReaches(Double.NaN));
    }

    // ---- the committed sample scenarios ----

    /** Distinct values seen up to each of 100 checkpoints over the rows; ids are numbered by first appearance. */
    static double[][] firstOccurrenceCurve(DictionaryColumn column, int rows) {
        double[] x = new double[100];
        double[] y = new double[100];
        int max = 0;
        int row = 0;
        for (int i = 0; i < 100; i++) {
            int upTo = (int) ((long) rows * (i + 1) / 100);
            for (; row < upTo; row++) {
                max = Math.max(max, column.id(row));
            }
            x[i] = upTo;
            y[i] = max;
        }
        return new double[][] {x, y};
    }

    static EventKindSample read(String scenario) {
        Path path = Path.of("sample-data", scenario, "traffic.lp.gz");
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(path,
            SampleBinding.lineProtocol("t", path.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE);
        return sample.eventKinds().get(0);
    }

    static GrowthFit fitAttribute(EventKindSample k, String attribute) {
        double[][] c = firstOccurrenceCurve((DictionaryColumn) k.column(attribute), k.rows());
        return GrowthFit.fit(c[0], c[1]);
    }

    @ParameterizedTest
    @CsvSource({
        "ad-marketplace, event, CLOSED", "ad-marketplace, device, CLOSED",
        "ad-marketplace, user_id, GROWS", "ad-marketplace, session_id, GROWS",
        "ad-marketplace, listing_id, GROWS", "ad-marketplace, page_url, GROWS",
        "weather, crop, CLOSED", "weather, plot, CLOSED", "weather, region, CLOSED",
        "custom-metrics, tenant, CLOSED", "custom-metrics, metric, GROWS"})
    void theSampleScenariosClassifyAsTheirStoriesSay(String scenario, String attribute, Growth expected) {
        GrowthFit f = fitAttribute(read(scenario), attribute);
        assertEquals(expected, f.growth(), () -> scenario + " " + attribute + ": " + f);
        if (expected == Growth.CLOSED) {
            assertEquals(f.observed(), f.saturatedAt());
            assertEquals(f.observed(), f.predict(1e9));
        } else {
            assertTrue(f.beta() > 0.2 && f.beta() <= 1.05 && f.rSquared() > 0.9, f::toString);
        }
    }

    @Test
    void userIdsReachAHundredThousandWithinAFewMillionPoints() {
        EventKindSample k = read("ad-marketplace");
        GrowthFit f = fitAttribute(k, "user_id");
        double x = f.whenReaches(100_000).orElseThrow();
        assertTrue(x > k.rows() * 20 && x < k.rows() * 200, f::toString);
        assertEquals(100_000, f.predict(x), 1e-6 * 100_000);
        assertEquals(f.observed(), f.predict(k.rows()));
        assertTrue(f.whenReaches(1_000).getAsDouble() < k.rows()); // already crossed in the sample
    }

    @org.junit.jupiter.api.Test
    void aLayoutThatWritesNothingHasAFlatClosedCurve() {
        GrowthFit f = GrowthFit.overPoints(new GrowthCurve(new long[0], new double[0], new long[0]));
        assertEquals(Growth.CLOSED, f.growth());
        assertEquals(0.0, f.predict(1e9));
    }

    @Test
    void anExactPowerLawHasNoRange() {
        GrowthFit f = fitOf(20_000, x -> 3 * Math.pow(x, 0.7));
        for (double x : new double[]{1e5, 1e7}) {
            assertEquals(f.predict(x), f.predict(x, GrowthFit.Band.LOW), f.predict(x) * 1e-9);
            assertEquals(f.predict(x), f.predict(x, GrowthFit.Band.HIGH), f.predict(x) * 1e-9);
        }
    }

    @Test
    void aCurveStillBendingHasARangeThatWidensWithTheDistance() {
        // new values come ever slower: the later stretch's exponent falls, so the edges part as x grows
        GrowthFit f = fitOf(20_000, x -> 50 * Math.log1p(x / 10) + Math.sqrt(x));
        double near = 40_000;
        double far = 4_000_000;
        assertTrue(f.predict(near, GrowthFit.Band.LOW) < f.predict(near) && f.predict(near) < f.predict(near, GrowthFit.Band.HIGH));
        double nearWidth = f.predict(near, GrowthFit.Band.HIGH) / f.predict(near, GrowthFit.Band.LOW);
        double farWidth = f.predict(far, GrowthFit.Band.HIGH) / f.predict(far, GrowthFit.Band.LOW);
        assertTrue(farWidth > nearWidth, nearWidth + " then " + farWidth);
        assertEquals(f.predict(10_000), f.predict(10_000, GrowthFit.Band.HIGH), "inside the sample the curve is observed");
        assertEquals(f.predict(10_000), f.predict(10_000, GrowthFit.Band.LOW));
        assertTrue(f.predict(far, GrowthFit.Band.LOW) >= f.observed(), "never below what was seen");
    }

    @Test
    void aClosedSetHasNoRange() {
        GrowthFit f = fitOf(20_000, x -> Math.min(5, Math.ceil(x / 100)));
        assertEquals(Growth.CLOSED, f.growth());
        assertEquals(5, f.predict(1e9, GrowthFit.Band.LOW));
        assertEquals(5, f.predict(1e9, GrowthFit.Band.HIGH));
    }

    @Test
    void tooLittleSampleIsWithheldWithItsReason() {
        assertEquals(java.util.Optional.empty(), GrowthSupport.withheld(100, 60));
        assertEquals("99 points: a growth fit needs at least 100", GrowthSupport.withheld(99, 3600).orElseThrow());
        assertEquals("the sample spans 59 s: a rate of traffic needs at least a minute", GrowthSupport.withheld(5000, 59).orElseThrow());
        assertEquals("all 5,000 points carry one timestamp: the sample has no rate of traffic to project with",
            GrowthSupport.withheld(5000, 0).orElseThrow());
        assertEquals("1 point over 0 s: a growth fit needs at least 100 points over at least a minute",
            GrowthSupport.withheld(1, 0).orElseThrow());
    }
}
