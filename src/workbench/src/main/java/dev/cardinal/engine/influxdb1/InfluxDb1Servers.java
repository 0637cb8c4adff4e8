package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.SeriesServers;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.LimitsFile;
import dev.cardinal.projection.Server;
import java.util.List;

/**
 * InfluxDB 1.x by version. What {@code SHOW SERIES EXACT CARDINALITY} (and {@code SHOW SERIES CARDINALITY FROM m})
 * reports changed twice, from the InfluxDB source:
 * <ul>
 *   <li>up to 1.7.7 it is rewritten to {@code SELECT count(_seriesKey)}, which counts a series once in every shard it
 *   has points in ({@code query/statement_rewriter.go} at v1.7.7);</li>
 *   <li>from 1.7.8 {@code count(distinct(_seriesKey))}, each series once across shards (influxdb PR 14444 on master,
 *   backported to 1.7 as PR 14557, first released in v1.7.8);</li>
 *   <li>from 1.9 the EXACT form is unchanged; {@code SHOW SERIES CARDINALITY FROM m} becomes
 *   {@code count_hll(sum_hll(_seriesKey))}, an estimate (PR 20745). Bare {@code SHOW SERIES CARDINALITY} is the
 *   index's HyperLogLog sketch on every 1.x since 1.4 (PR 8984).</li>
 * </ul>
 * Only the shards still inside the retention count: expired ones are gone. Its limits are {@code limits.json} here.
 */
public final class InfluxDb1Servers implements SeriesServers {
    /** What the figures follow when the server is not known: the last 1.8 release, the most deployed 1.x. */
    public static final ServerVersion ASSUMED = ServerVersion.of(1, 8, 10);
    private static final ServerVersion LAST_PER_SHARD = ServerVersion.of(1, 7, 7);
    private static final ServerVersion FIRST_HLL_FROM = ServerVersion.of(1, 9, 0);
    static final List<Limit> SHIPPED = LimitsFile.read(InfluxDb1Servers.class, "limits.json");

    @Override
    public Target.Kind kind() {
        return Target.Kind.INFLUXDB_1;
    }

    @Override
    public List<Limit> shipped() {
        return SHIPPED;
    }

    @Override
    public ServerVersion assumedVersion() {
        return ASSUMED;
    }

    @Override
    public Server server(ServerVersion version, boolean assumed, ServerLimits own) {
        String product = "InfluxDB " + version;
        return new V1(version, assumed, Limit.withOwn(SHIPPED, own, product));
    }

    /** One 1.x server. */
    record V1(ServerVersion version, boolean assumed, List<Limit> limits) implements Server {
        @Override
        public SeriesCount seriesCount() {
            return version.compareTo(LAST_PER_SHARD) <= 0 ? SeriesCount.PER_SHARD_GROUP : SeriesCount.DISTINCT;
        }

        @Override
        public String product() {
            return "InfluxDB " + version;
        }

        @Override
        public String seriesQuery() {
            return "SHOW SERIES EXACT CARDINALITY";
        }

        @Override
        public String seriesMeaning() {
            return seriesCount() == SeriesCount.PER_SHARD_GROUP
                ? "counts each series once per shard group it has points in (1.x up to 1.7.7)"
                : "counts each series once, across shard groups (from 1.7.8)" + (version.compareTo(FIRST_HLL_FROM) >= 0
                    ? "; SHOW SERIES CARDINALITY FROM m is a HyperLogLog estimate from 1.9" : "");
        }
    }
}
