package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.EventKindBuilder;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Estimated numbers against the exact ones: the exact count must lie inside the reported +-2 sigma range. */
class EstimatedMeasurerTest {
    private static final StringBuilder TABLE = new StringBuilder();

    @AfterAll
    static void printTable() {
        System.out.println("case | metric | exact | estimate | -2s..+2s | rel. error\n" + TABLE);
    }

    /** Measures both ways and checks every number; returns the estimate. */
    private static EstimatedMeasure agree(String label, SampleIndex index, Layout layout) {
        LayoutMeasure exact = new LayoutMeasurer(index).measure(layout);
        EstimatedMeasure est = new EstimatedMeasurer(index).measure(layout);
        assertEquals(exact.points(), est.points(), label + " points");
        assertEquals(exact.skippedRows(), est.skippedRows(), label + " skipped rows");
        assertEquals(exact.shardGroups(), est.shardGroups(), label + " shard groups");
        within(label, "series", exact.series(), est.series());
        within(label, "series per shard group", exact.shardGroupSeries(), est.shardGroupSeries());
        within(label, "series in live shard groups", exact.liveSeries(), est.liveSeries());
        within(label, "measurements", exact.measurements(), est.measurements());
        within(label, "field keys", exact.fieldKeys(), est.fieldKeys());
        within(label, "field key names", exact.distinctFieldKeyNames(), est.distinctFieldKeyNames());
        assertEquals(exact.tags().keySet(), est.tags().keySet(), label + " tag keys");
        exact.tags().forEach((k, v) -> within(label, "tag " + k, v, est.tags().get(k)));
        GrowthCurve a = exact.seriesGrowth();
        GrowthCurve b = est.seriesGrowth();
        assertEquals(a.size(), b.size(), label + " checkpoints");
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.points()[i], b.points()[i], label + " checkpoint " + i);
            assertEquals(a.elapsedSeconds()[i], b.elapsedSeconds()[i], label + " checkpoint " + i);
            // a running estimate carries the same error as the final one; 4 sigma of 0.81% over 100 correlated points
            double tolerance = Math.max(1, 4 * 0.0081 * a.distinct()[i]);
            assertTrue(Math.abs(a.distinct()[i] - b.distinct()[i]) <= tolerance,
                label + " growth at " + a.points()[i] + ": exact " + a.distinct()[i] + ", estimate " + b.distinct()[i]);
        }
        return est;
    }

    private static void within(String label, String metric, long exact, Estimate e) {
        double rel = exact == 0 ? e.value() : Math.abs(e.value() - exact) / exact;
        TABLE.append(String.format("%s | %s | %,d | %,.1f | %,.1f..%,.1f | %.3f%%%n", label, metric, exact, e.value(),
            e.lower(), e.upper(), 100 * rel));
        assertTrue(e.contains(exact), label + " " + metric + ": exact " + exact + " outside " + e);
    }

    @Test
    void everySampleLayoutAgreesWithTheExactCount() {
        for (String name : List.of("ad-marketplace", "weather", "custom-metrics")) {
            Scenario s = Scenario.of(name);
            for (Layout layout : s.workspace.layouts()) {
                agree(name + "/" + layout.id(), s.index, layout);
            }
        }
    }

    @Test
    void smallSetsComeOutExact() {
        Scenario ads = Scenario.of("ad-marketplace");
        // event x device: 25 series at most, well inside the sketch's exact (list) range
        Layout small = ads.layout("ids-as-fields").withRole("device", dev.cardinal.model.Role.TAG);
        EstimatedMeasure m = agree("ads/event+device", ads.index, small);
        LayoutMeasure exact = new LayoutMeasurer(ads.index).measure(small);
        assertEquals(exact.series(), m.series().rounded());
        assertEquals(Map.of("event", Estimate.exact(5), "device", Estimate.exact(5)), m.tags(), "plain tags count exactly");
        assertTrue(m.fieldKeys().isExact(), "literal field keys count exactly");
        Scenario w = Scenario.of("weather");
        EstimatedMeasure three = agree("weather/three-tags", w.index, w.layout("three-tags"));
        assertEquals(72, three.series().rounded());
        assertEquals(144, three.shardGroupSeries().rounded());
        assertEquals(72, three.liveSeries().rounded());
    }

    @Test
    void skipsTheRowsTheExactMeasurerSkips() {
        Scenario w = Scenario.of("weather");
        Layout timeTag = new Layout("t", "t", "weather", Template.literal("weather"),
            List.of(new TagSpec("time", Template.ref("crop"))), List.of(FieldSpec.of("temp")), RetentionPlan.AUTOGEN);
        assertEquals(0, agree("weather/time-tag", w.index, timeTag).points());
        Layout timeField = new Layout("t", "t", "weather", Template.literal("weather"), List.of(),
            List.of(new FieldSpec(Template.literal("time"), "temp")), RetentionPlan.AUTOGEN);
        assertEquals(0, agree("weather/time-field", w.index, timeField).points());
        Scenario ads = Scenario.of("ad-marketplace");
        Layout noFields = new Layout("t", "t", "listing_event", Template.literal("listing_event"),
            List.of(TagSpec.of("event"), TagSpec.of("device")), List.of(), RetentionPlan.AUTOGEN);
        assertEquals(20_000, agree("ads/no-fields", ads.index, noFields).skippedRows());
        Layout shortLived = w.layout("three-tags").withRetention(new RetentionPlan("rp", Duration.ofDays(3), Duration.ofDays(1), 1));
        EstimatedMeasure m = agree("weather/3d-retention", w.index, shortLived);
        assertEquals(4 * 72, m.shardGroupSeries().rounded());
        assertEquals(72, m.liveSeries().rounded());
    }

    @Test
    void templatedMeasurementAndMixedTags() throws Exception {
        Scenario ads = Scenario.of("ad-marketplace");
        Layout templated = new Layout("t", "t", "listing_event", Template.parse("ev_{event}"),
            List.of(TagSpec.of("device"), new TagSpec("who", Template.parse("{user_id}/{session_id}"))),
            List.of(new FieldSpec(Template.parse("c_{device}"), "count"), FieldSpec.of("page_url")),
            new RetentionPlan("raw", Duration.ofDays(30), Duration.ofDays(1), 1));
        agree("ads/templated", ads.index, templated);
    }

    /** 1,000 hosts x 1,000 devices, each pair written once over 14 days, then 200,000 repeats. */
    private static SampleIndex millionSeries() {
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        EventKindBuilder k = b.kind("m");
        int host = k.attribute("host", true, ValueType.STRING, "synthetic", 0);
        int device = k.attribute("dev", true, ValueType.STRING, "synthetic", 0);
        int value = k.attribute("v", false, ValueType.FLOAT, "synthetic", 0);
        long start = 1_700_000_000_000_000_000L;
        int rows = 1_200_000;
        long step = Duration.ofDays(14).toNanos() / rows;
        for (int i = 0; i < rows; i++) {
            int pair = i < 1_000_000 ? i : (int) ((i * 2_654_435_761L) % 1_000_000);
            k.beginRow();
            k.setString(host, "h" + pair / 1000);
            k.setString(device, "d" + pair % 1000);
            k.setDouble(value, i);
            k.commit(start + i * step);
            b.rowAdded("synthetic", i + 1);
        }
        return new SampleIndex(b.build().eventKinds().get(0));
    }

    @Test
    void aMillionSeriesStayWithinTheSketchError() throws Exception {
        SampleIndex index = millionSeries();
        RetentionPlan weekly = new RetentionPlan("rp", Duration.ZERO, Duration.ofDays(1), 1);
        Layout plain = new Layout("p", "p", "m", Template.literal("m"), List.of(TagSpec.of("host"), TagSpec.of("dev")),
            List.of(FieldSpec.of("v")), weekly);
        Layout joined = new Layout("j", "j", "m", Template.literal("m"), List.of(new TagSpec("at", Template.parse("{host}.{dev}"))),
            List.of(FieldSpec.of("v")), weekly);
        for (Layout layout : List.of(plain, joined)) {
            EstimatedMeasure m = agree("synthetic-1M/" + layout.id(), index, layout);
            assertTrue(Math.abs(m.series().value() - 1_000_000) / 1_000_000 < 0.025, "series " + m.series());
            assertTrue(m.series().relativeSpread() < 0.025, "2 sigma at lgK 14 is about 1.6%: " + m.series());
        }
    }

    @Test
    void autoEstimatesOnlyBeyondTheThreshold() {
        long t = MeasureMode.DEFAULT_THRESHOLD_ROWS;
        assertEquals(20_000_000L, t);
        assertFalse(MeasureMode.useEstimate(MeasureMode.AUTO, t, t));
        assertTrue(MeasureMode.useEstimate(MeasureMode.AUTO, t + 1, t));
        assertTrue(MeasureMode.useEstimate(MeasureMode.ESTIMATE, 10, t), "on request, whatever the size");
        assertFalse(MeasureMode.useEstimate(MeasureMode.EXACT, Long.MAX_VALUE, t));
        assertTrue(MeasureMode.AUTO.useEstimate(t + 1));
    }

    @Test
    void precisionIsAtLeastFourteen() {
        SampleIndex index = Scenario.of("weather").index;
        assertThrows(IllegalArgumentException.class, () -> new EstimatedMeasurer(index, 12));
        assertThrows(IllegalArgumentException.class, () -> new EstimatedMeasurer(index, 22));
        assertEquals(21, new EstimatedMeasurer(index, 21).measure(Scenario.of("weather").layout("three-tags")).lgK());
    }
}
