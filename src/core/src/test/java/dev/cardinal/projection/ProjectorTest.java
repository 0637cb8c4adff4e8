package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Role;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ProjectorTest {

    private static Projection project(String scenario, String layout, Duration horizon, double x) {
        Scenario s = Scenario.of(scenario);
        return new Projector(s.index).project(s.workspace.eventKinds().get(0), s.layout(layout),
            TestServer.settings(horizon, x));
    }

    private static LimitProjection limit(Projection p, String id) {
        return p.limits().stream().filter(l -> l.limit().id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void classifiesEachAttributeByTheTagTest() {
        Projection p = project("ad-marketplace", "ids-as-tags", Duration.ofDays(30), 1);
        Map<String, Growth> growth = p.attributes().stream()
            .collect(Collectors.toMap(Projection.AttributeProjection::name, Projection.AttributeProjection::growth));
        assertEquals(Growth.CLOSED, growth.get("event"));
        assertEquals(Growth.CLOSED, growth.get("device"));
        assertEquals(Growth.GROWS, growth.get("user_id"));
        assertEquals(Growth.GROWS, growth.get("session_id"));
        assertEquals(Role.TAG, p.attributes().get(2).role());
    }

    @Test
    void idsInTagsBreakTheSeriesLimitAndTenTimesTheTrafficBreaksItTenTimesSooner() {
        Projection x1 = project("ad-marketplace", "ids-as-tags", Duration.ofDays(365), 1);
        Projection x10 = project("ad-marketplace", "ids-as-tags", Duration.ofDays(365), 10);
        LimitProjection series1 = limit(x1, "influxdb1-max-series-per-database");
        LimitProjection series10 = limit(x10, "influxdb1-max-series-per-database");
        assertEquals(LimitProjection.Reach.AT, series1.reach());
        assertEquals(series1.after().getSeconds() / 10.0, series10.after().getSeconds(), 2.0,
            "the same points arrive ten times sooner");
        assertTrue(x10.seriesAtHorizon() > 9 * x1.seriesAtHorizon(), "user and session ids grow almost linearly");
        assertTrue(series10.brokenAtHorizon());
        assertEquals(LimitProjection.Reach.WITHIN_SAMPLE, limit(x1, "cloud-tsm-free-series").reach(),
            "12,934 series in the sample are past the 10k free plan already");
        assertEquals("session_id", limit(x1, "influxdb1-max-values-per-tag").subject());
    }

    @Test
    void closedTagsNeverReachALimitWhateverTheTraffic() {
        Projection p = project("ad-marketplace", "ids-as-fields", Duration.ofDays(365), 100);
        assertEquals(5, p.seriesAtHorizon());
        for (LimitProjection l : p.limits()) {
            assertEquals(LimitProjection.Reach.NEVER, l.reach(), l.limit().id());
            assertNull(l.after());
        }
        assertEquals(Duration.ofDays(31), p.window(), "30d retention plus one 1d shard group");
    }

    @Test
    void fieldKeyExplosionBreaksTheMappingLimitAndSlotsDoNot() {
        Projection names = project("custom-metrics", "metric-names-as-field-keys", Duration.ofDays(365), 10);
        Projection slots = project("custom-metrics", "fixed-slots", Duration.ofDays(365), 10);
        assertTrue(limit(names, "elasticsearch-total-fields").brokenAtHorizon());
        assertEquals(LimitProjection.Reach.AT, limit(names, "influxdb3-core-columns-per-table").reach());
        assertEquals(50, slots.fieldKeysAtHorizon(), "slot_{slot(metric, tenant, max=50)} is 50 keys at most");
        assertEquals(LimitProjection.Reach.NEVER, limit(slots, "elasticsearch-total-fields").reach());
    }

    /**
     * A layout that makes a field key per metric name grows the index's field keys (and field set) with the traffic:
     * the index memory at the horizon holds the field keys projected there, not the sample's.
     */
    @Test
    void indexMemoryAtTheHorizonHoldsTheFieldKeysProjectedThere() {
        Projection p = project("custom-metrics", "metric-names-as-field-keys", Duration.ofDays(365), 10);
        LayoutMeasure now = p.now();
        assertTrue(p.fieldKeysAtHorizon() > now.fieldKeys(), p.fieldKeysAtHorizon() + " field keys at the horizon");
        double series = (double) p.seriesAtHorizon() / now.series();
        long valuesNow = now.tags().values().stream().mapToLong(Long::longValue).sum();
        double values = valuesNow == 0 ? 0 : (double) p.tagsAtHorizon().values().stream().mapToLong(Long::longValue).sum() / valuesNow;
        double fields = (double) p.fieldKeysAtHorizon() / now.fieldKeys();
        double measurements = Math.max(1, (double) p.measurementsAtHorizon() / now.measurements());
        assertEquals(MemoryModel.estimate(now.footprint().scaled(series, values, measurements, fields)), p.memoryAtHorizon());
        MemoryEstimate keysAsSampled = MemoryModel.estimate(now.footprint().scaled(series, values));
        assertTrue(p.memoryAtHorizon().low() > keysAsSampled.low(), p.memoryAtHorizon() + " against " + keysAsSampled);
    }

    @Test
    void aClosedLayoutProjectsToItself() {
        Projection p = project("weather", "three-tags", Duration.ofDays(365), 10);
        assertEquals(72, p.seriesAtHorizon());
        assertEquals(Map.of("crop", 3L, "plot", 6L, "region", 4L), p.tagsAtHorizon());
        assertEquals(p.memoryNow(), p.memoryAtHorizon());
    }

    /**
     * Each series costs what influxd's {@code Index.Bytes()} counts for it (see {@link MemoryModel}): 97 bytes, its key
     * twice, 16 in its measurement's {@code seriesByID}, per tag a {@code models.Tag} (48), the tag's key and value
     * and its id in the value's posting map (8); and 4 bytes in the series sketch's {@code tmpSet}.
     */
    @Test
    void indexMemoryCountsEachSeriesAsTheInmemIndexDoes() {
        Scenario w = Scenario.of("weather");
        Projection p = project("weather", "three-tags", Duration.ofDays(30), 1);
        Set<String> keys = new HashSet<>();
        long perSeries = 0;
        for (int r = 0; r < w.sample.rows(); r++) {
            String crop = w.sample.column("crop").text(r);
            String plot = w.sample.column("plot").text(r);
            String region = w.sample.column("region").text(r);
            String key = "weather,crop=" + crop + ",plot=" + plot + ",region=" + region;
            if (keys.add(key)) {
                perSeries += 97 + 16 + 2L * key.length() + 3 * (48 + 8) + 4 + crop.length() + 4 + plot.length()
                    + 6 + region.length() + 4;
            }
        }
        IndexFootprint f = p.now().footprint();
        IndexFootprint noSeries = new IndexFootprint(0, 0, 0, 0, f.tagValues(), f.tagValueBytes(), f.measurements(),
            f.measurementNameBytes(), f.tagKeys(), f.tagKeyBytes(), f.fieldKeys(), f.fieldKeyBytes(), f.fieldSetLow(),
            f.fieldSetHigh());
        // the low edge holds one sorted id per measurement: the first series' (8)
        assertEquals(perSeries + 8, p.memoryNow().low() - MemoryModel.estimate(noSeries).low());
        assertTrue(p.memoryNow().high() > p.memoryNow().low());
    }

    @Test
    void everyTagKeyThatBreaksWithinTheHorizonIsListedWithItsTime() {
        LimitProjection values = limit(project("ad-marketplace", "ids-as-tags", Duration.ofDays(365), 10),
            "influxdb1-max-values-per-tag");
        assertEquals("session_id", values.subject());
        assertEquals(java.util.List.of("session_id", "user_id"), values.keys().stream().map(LimitProjection::subject).toList());
        assertEquals(values.after(), values.keys().get(0).after());
        assertTrue(values.keys().get(1).after().compareTo(values.keys().get(0).after()) > 0);
        for (LimitProjection k : values.keys()) {
            assertEquals(LimitProjection.Reach.AT, k.reach());
            assertTrue(k.earliest().compareTo(k.after()) <= 0 && k.after().compareTo(k.latest()) <= 0, k.toString());
        }
        assertTrue(limit(project("ad-marketplace", "ids-as-tags", Duration.ofDays(30), 1), "influxdb1-max-values-per-tag")
            .keys().isEmpty(), "within 30 days at x1 no key gets there");
    }

    @Test
    void theServersOwnQueryIsReportedForItsVersion() {
        Scenario s = Scenario.of("ad-marketplace");
        ProjectionSettings base = TestServer.settings();
        Projector projector = new Projector(s.index);
        ReportedSeries old = projector.project(s.workspace.eventKinds().get(0), s.layout("ids-as-tags"),
            base.forServer(TestServer.perShardGroup())).reported();
        assertEquals(12_935L, old.series());
        assertEquals("SHOW SERIES EXACT CARDINALITY", old.query());
        ReportedSeries assumed = projector.project(s.workspace.eventKinds().get(0), s.layout("ids-as-tags"), base).reported();
        assertEquals(12_934L, assumed.series());
        assertTrue(assumed.server().assumed());
    }

    @Test
    void aTinySampleIsNotExtrapolated() {
        dev.cardinal.traffic.EventKindSample k = dev.cardinal.traffic.LpFixture.read(
            "m,t=a f=1 1000000000\nm,t=b f=1 2000000000\nm,t=c f=1 3000000000\n").eventKinds().get(0);
        Projection p = new Projector(new SampleIndex(k)).project(dev.cardinal.traffic.SchemaInference.eventKind(k),
            dev.cardinal.traffic.SchemaInference.asWritten(k, "w"), TestServer.settings());
        assertTrue(!p.projected());
        assertEquals("3 points over 2 s: a growth fit needs at least 100 points over at least a minute", p.withheld());
        assertEquals(3, p.seriesAtHorizon());
        assertEquals(3.0, p.seriesAt(1e9));
        assertEquals(p.memoryNow(), p.memoryAtHorizon());
        assertTrue(p.limits().stream().allMatch(l -> l.reach() == LimitProjection.Reach.NOT_PROJECTED && l.after() == null));
        assertTrue(p.attributes().stream().allMatch(a -> a.atHorizon() == a.distinct()));
    }
}
