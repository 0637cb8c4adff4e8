package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.SeriesServers;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.Server;
import java.util.List;

/**
 * InfluxDB 2.x and Cloud (TSM). {@code influxdb.cardinality()} counts the series IDs of the shards in its time range,
 * merged, and a 2.x series key holds the field key ({@code v1/services/storage/store.go} ReadSeriesCardinality at
 * v2.7.11): one series per measurement, tag set and field key. 2.x OSS has no series or tag value limit; a Cloud
 * target names its plan, whose cap is in {@code limits.json} here.
 */
public final class InfluxDb2Servers implements SeriesServers {
    static final List<Limit> SHIPPED = Limit.read(InfluxDb2Servers.class, "limits.json");

    @Override
    public Target.Kind kind() {
        return Target.Kind.INFLUXDB_2;
    }

    @Override
    public List<Limit> shipped() {
        return SHIPPED;
    }

    @Override
    public ServerVersion assumedVersion() {
        return ServerVersion.of(2, 7, 0);
    }

    @Override
    public Server server(ServerVersion version, boolean assumed, ServerLimits own) {
        ServerLimits.CloudPlan plan = own.cloudPlan();
        String planLimit = plan == null ? null : plan == ServerLimits.CloudPlan.FREE ? "cloud-tsm-free-series" : "cloud-tsm-usage-series";
        List<Limit> shipped = SHIPPED.stream().filter(l -> l.id().equals(planLimit)).toList();
        return new V2(version, assumed, Limit.withOwn(shipped, own, "InfluxDB " + version));
    }

    /** One 2.x server or Cloud organisation. */
    record V2(ServerVersion version, boolean assumed, List<Limit> limits) implements Server {
        @Override
        public SeriesCount seriesCount() {
            return SeriesCount.PER_FIELD_KEY;
        }

        @Override
        public String product() {
            return "InfluxDB " + version;
        }

        @Override
        public String seriesQuery() {
            return "influxdb.cardinality()";
        }

        @Override
        public String seriesMeaning() {
            return "counts a series per field key: measurement, tag set and field (2.x)";
        }
    }
}
