package dev.cardinal.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What each version counts and which limits it has, with a target's own values. */
class EngineTest {
    private static Engine v(String version) {
        return Engine.of(ServerVersion.parse(version));
    }

    private static List<String> ids(List<Limit> limits) {
        return limits.stream().map(Limit::id).toList();
    }

    @Test
    void theCountChangedIn178() {
        assertEquals(Engine.SeriesCount.PER_SHARD_GROUP, v("1.6.7").seriesCount());
        assertEquals(Engine.SeriesCount.PER_SHARD_GROUP, v("1.7.7").seriesCount());
        assertEquals(Engine.SeriesCount.DISTINCT, v("1.7.8").seriesCount());
        assertEquals(Engine.SeriesCount.DISTINCT, v("1.7.10").seriesCount());
        assertEquals(Engine.SeriesCount.DISTINCT, v("1.8.10").seriesCount());
        assertEquals(Engine.SeriesCount.DISTINCT, v("1.11.8").seriesCount());
        assertEquals(Engine.SeriesCount.PER_FIELD_KEY, v("2.7.11").seriesCount());
        assertEquals(Engine.SeriesCount.NONE, v("3.0.0").seriesCount());
        assertTrue(v("1.9.0").seriesMeaning().contains("SHOW SERIES CARDINALITY FROM m is a HyperLogLog estimate"));
        assertTrue(!v("1.8.10").seriesMeaning().contains("HyperLogLog"));
        assertNull(v("3.0.0").seriesQuery());
    }

    @Test
    void eachServerHasItsOwnLimits() {
        List<Limit> shipped = Limit.defaults();
        assertEquals(ids(shipped), ids(Engine.unknown().limits(shipped, ServerLimits.DEFAULTS)));
        assertEquals(List.of("influxdb1-max-series-per-database", "influxdb1-max-values-per-tag"),
            ids(v("1.6.7").limits(shipped, ServerLimits.DEFAULTS)));
        assertEquals(List.of(), ids(v("2.7.11").limits(shipped, ServerLimits.DEFAULTS)), "2.x OSS has none");
        assertEquals(List.of("cloud-tsm-usage-series"),
            ids(v("2.7.11").limits(shipped, new ServerLimits(null, null, ServerLimits.CloudPlan.USAGE_BASED, null))));
        assertEquals(List.of("influxdb3-core-columns-per-table", "influxdb3-core-tables"),
            ids(v("3.0.0").limits(shipped, ServerLimits.DEFAULTS)));
    }

    @Test
    void aTargetsValuesReplaceDropOrAdd() {
        List<Limit> limits = v("1.8.10").limits(Limit.defaults(), new ServerLimits(3_000_000L, 0L, null, 500L));
        assertEquals(List.of("influxdb1-max-series-per-database", "target-field-keys"), ids(limits));
        assertEquals(3_000_000, limits.get(0).value());
        assertEquals("the target's maxSeriesPerDatabase (shipped default 1,000,000)", limits.get(0).source());
        assertEquals(500, limits.get(1).value());
        assertEquals("InfluxDB 1.8.10", limits.get(1).product());
        List<Limit> quota = v("2.7.11").limits(Limit.defaults(), new ServerLimits(2_500_000L, null, ServerLimits.CloudPlan.USAGE_BASED,
            null));
        assertEquals(2_500_000, quota.get(0).value(), "a usage-based plan's raised quota");
    }

    @Test
    void aTargetWithoutAVersionIsAssumedByItsKind() {
        Target one = new Target("t", "t", Target.Kind.INFLUXDB_1, "http://h:8086", "d", null);
        Engine e = Engine.of(one);
        assertTrue(e.assumed());
        assertEquals(Engine.ASSUMED, e.version());
        assertEquals(List.of("influxdb1-max-series-per-database", "influxdb1-max-values-per-tag"),
            ids(e.limits(Limit.defaults(), one.limits())), "the kind is known, so its own limits");
        assertEquals(2, Engine.of(new Target("t", "t", Target.Kind.INFLUXDB_2, "http://h:8086", "d", "o")).version().major());
        assertEquals(ServerVersion.parse("1.6.7"), Engine.of(one.withServerVersion(ServerVersion.parse("1.6.7"))).version());
    }

    @Test
    void twoPerFieldKeyCountsEachSeriesOncePerKey() {
        Scenario w = Scenario.of("weather");
        LayoutMeasurer m = new LayoutMeasurer(w.index);
        assertEquals(72, m.seriesPerFieldKey(w.layout("three-tags")), "one field: the series themselves");
        assertEquals(72, m.seriesPerFieldKey(w.layout("data-in-field-keys")), "one series, 72 field keys");
        assertEquals(72, m.seriesPerFieldKey(w.layout("data-in-measurement")), "72 measurements of one series and key each");
        Scenario ads = Scenario.of("ad-marketplace");
        LayoutMeasurer a = new LayoutMeasurer(ads.index);
        assertEquals(5 * 6, a.seriesPerFieldKey(ads.layout("ids-as-fields")), "every event type carries all six fields");
    }
}
