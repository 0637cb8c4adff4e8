package dev.cardinal.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.Server;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What each version counts and which limits it has, as the engine packages ship them, with a target's own values. */
class ServerForTest {
    private static Server v(String version) {
        return ServerFor.version(ServerVersion.parse(version)).server();
    }

    private static Server v(String version, ServerLimits own) {
        Target t = new Target("t", "t", Target.Kind.INFLUXDB_2, "http://h:8086", "d", "o", null, own);
        return ServerFor.target(t, ServerVersion.parse(version)).server();
    }

    private static List<String> ids(List<Limit> limits) {
        return limits.stream().map(Limit::id).toList();
    }

    @Test
    void theCountChangedIn178() {
        assertEquals(Server.SeriesCount.PER_SHARD_GROUP, v("1.6.7").seriesCount());
        assertEquals(Server.SeriesCount.PER_SHARD_GROUP, v("1.7.7").seriesCount());
        assertEquals(Server.SeriesCount.DISTINCT, v("1.7.8").seriesCount());
        assertEquals(Server.SeriesCount.DISTINCT, v("1.7.10").seriesCount());
        assertEquals(Server.SeriesCount.DISTINCT, v("1.8.10").seriesCount());
        assertEquals(Server.SeriesCount.DISTINCT, v("1.11.8").seriesCount());
        assertEquals(Server.SeriesCount.DISTINCT, v("2.7.11").seriesCount(), "2.x OSS: a series ID is measurement and tag set");
        assertEquals(Server.SeriesCount.PER_FIELD_KEY, v("2.7.11", new ServerLimits(null, null, ServerLimits.CloudPlan.FREE, null))
            .seriesCount(), "a Cloud (TSM) series key holds the field key");
        assertTrue(v("2.7.11").seriesMeaning().contains("not the field"), v("2.7.11").seriesMeaning());
        assertEquals(Server.SeriesCount.NONE, v("3.0.0").seriesCount());
        assertTrue(v("1.9.0").seriesMeaning().contains("SHOW SERIES CARDINALITY FROM m is a HyperLogLog estimate"));
        assertFalse(v("1.8.10").seriesMeaning().contains("HyperLogLog"));
        assertNull(v("3.0.0").seriesQuery());
        assertEquals("influxdb.cardinality()", v("2.7.11").seriesQuery());
    }

    @Test
    void eachServerHasItsOwnLimits() {
        List<String> every = ids(ServerFor.everyProduct().server().limits());
        assertEquals(List.of("influxdb1-max-series-per-database", "influxdb1-max-values-per-tag", "cloud-tsm-free-series",
            "cloud-tsm-usage-series", "influxdb3-core-columns-per-table", "influxdb3-core-tables",
            "influxdb3-clustered-columns-per-table", "influxdb3-clustered-tables", "elasticsearch-total-fields"), every,
            "every engine's shipped limits, in the engines' order");
        assertTrue(ServerFor.everyProduct().server().everyProduct());
        assertEquals(List.of("influxdb1-max-series-per-database", "influxdb1-max-values-per-tag"), ids(v("1.6.7").limits()));
        assertEquals(List.of(), ids(v("2.7.11").limits()), "2.x OSS has none");
        assertEquals(List.of("cloud-tsm-usage-series"),
            ids(v("2.7.11", new ServerLimits(null, null, ServerLimits.CloudPlan.USAGE_BASED, null)).limits()));
        assertEquals(List.of("influxdb3-core-columns-per-table", "influxdb3-core-tables"), ids(v("3.0.0").limits()));
    }

    @Test
    void aTargetsValuesReplaceDropOrAdd() {
        Target t = new Target("t", "t", Target.Kind.INFLUXDB_1, "http://h:8086", "d", null, ServerVersion.parse("1.8.10"),
            new ServerLimits(3_000_000L, 0L, null, 500L));
        List<Limit> limits = ServerFor.target(t, null).server().limits();
        assertEquals(List.of("influxdb1-max-series-per-database", "target-field-keys"), ids(limits));
        assertEquals(3_000_000, limits.get(0).value());
        assertEquals("the target's maxSeriesPerDatabase (shipped default 1,000,000)", limits.get(0).source());
        assertEquals(500, limits.get(1).value());
        assertEquals("InfluxDB 1.8.10", limits.get(1).product());
        List<Limit> quota = v("2.7.11", new ServerLimits(2_500_000L, null, ServerLimits.CloudPlan.USAGE_BASED, null)).limits();
        assertEquals(2_500_000, quota.get(0).value(), "a usage-based plan's raised quota");
    }

    @Test
    void aTargetWithoutAVersionIsAssumedByItsKind() {
        Target one = new Target("t", "t", Target.Kind.INFLUXDB_1, "http://h:8086", "d", null);
        Server e = ServerFor.target(one, null).server();
        assertTrue(e.assumed());
        assertEquals(ServerFor.ASSUMED, e.version());
        assertEquals(List.of("influxdb1-max-series-per-database", "influxdb1-max-values-per-tag"), ids(e.limits()),
            "the kind is known, so its own limits");
        assertEquals(2, ServerFor.target(new Target("t", "t", Target.Kind.INFLUXDB_2, "http://h:8086", "d", "o"), null)
            .server().version().major());
        assertEquals(ServerVersion.parse("1.6.7"), ServerFor.target(one.withServerVersion(ServerVersion.parse("1.6.7")), null)
            .server().version());
        Target index = new Target("i", "i", Target.Kind.OPENSEARCH, "http://h:9200", "idx", null);
        assertEquals(ServerFor.ASSUMED, ServerFor.target(index, null).server().version(),
            "a document target counts no series: the assumed server's figures");
    }

    @Test
    void captureAnswersAsTheAssumedServer() {
        assertEquals(ServerFor.ASSUMED, dev.cardinal.capture.CaptureServer.PRESENTED);
    }

    @Test
    void theCoreShipsNoEnginesLimits() {
        assertNull(Limit.class.getResource("limits.json"), "limits belong to the engine packages");
    }
}
