package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.SeriesServers;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.LimitsFile;
import dev.cardinal.projection.Server;
import java.util.List;

/**
 * InfluxDB 3: no series limit; it counts tables and the columns of each table. A target is checked against InfluxDB 3
 * Core's limits; the other products' are in {@code limits.json} here for {@code --all-limits} (and the product
 * settings of {@code --kind influxdb3}).
 */
public final class InfluxDb3Servers implements SeriesServers {
    static final List<Limit> SHIPPED = LimitsFile.read(InfluxDb3Servers.class, "limits.json");

    @Override
    public Target.Kind kind() {
        return Target.Kind.INFLUXDB_3;
    }

    @Override
    public List<Limit> shipped() {
        return SHIPPED;
    }

    @Override
    public ServerVersion assumedVersion() {
        return ServerVersion.of(3, 0, 0);
    }

    @Override
    public Server server(ServerVersion version, boolean assumed, ServerLimits own) {
        List<Limit> core = SHIPPED.stream().filter(l -> l.product().equals("InfluxDB 3 Core")).toList();
        return new V3(version, assumed, Limit.withOwn(core, own, "InfluxDB " + version));
    }

    /** One InfluxDB 3 server. */
    record V3(ServerVersion version, boolean assumed, List<Limit> limits) implements Server {
        @Override
        public SeriesCount seriesCount() {
            return SeriesCount.NONE;
        }

        @Override
        public String product() {
            return "InfluxDB " + version;
        }

        @Override
        public String seriesQuery() {
            return null;
        }

        @Override
        public String seriesMeaning() {
            return "has no series limit; it counts tables and the columns of each table (3.x)";
        }
    }
}
