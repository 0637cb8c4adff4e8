package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.SeriesServers;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.LimitsFile;
import dev.cardinal.projection.Server;
import java.util.List;

/**
 * InfluxDB 2.x OSS and Cloud (TSM). A 2.x OSS bucket is 1.x storage: {@code storage/engine.go} {@code WritePoints}
 * writes the points unchanged into the database named by the bucket ID, retention policy {@code autogen}, and
 * {@code influxdb.cardinality()} ({@code v1/services/storage/store.go} {@code ReadSeriesCardinality} at v2.7.12) merges
 * into one {@code tsdb.SeriesIDSet} the series IDs of the shard groups in its range, an ID being
 * {@code sfile.SeriesID(name, tags)}: measurement and tag set, no field. So 2.x OSS counts each series once across the
 * live shard groups, as 1.x does from 1.7.8, and has no series or tag value limit. InfluxDB Cloud (TSM) indexes the
 * field key too (docs.influxdata.com/influxdb/cloud/write-data/best-practices/resolve-high-cardinality: measurement,
 * tags and field keys form its series key) and caps those per plan ({@code limits.json} here): a target that names
 * its Cloud plan is counted per field key.
 */
public final class InfluxDb2Servers implements SeriesServers {
    static final List<Limit> SHIPPED = LimitsFile.read(InfluxDb2Servers.class, "limits.json");

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
        return new V2(version, assumed, plan != null, Limit.withOwn(shipped, own, "InfluxDB " + version));
    }

    /** One 2.x OSS server, or a Cloud (TSM) organisation when {@code cloud}. */
    record V2(ServerVersion version, boolean assumed, boolean cloud, List<Limit> limits) implements Server {
        @Override
        public SeriesCount seriesCount() {
            return cloud ? SeriesCount.PER_FIELD_KEY : SeriesCount.DISTINCT;
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
            return cloud ? "counts a series per field key: measurement, tag set and field (InfluxDB Cloud, TSM)"
                : "counts each series (measurement and tag set, not the field) once, across the shard groups in its range (2.x OSS)";
        }
    }
}
