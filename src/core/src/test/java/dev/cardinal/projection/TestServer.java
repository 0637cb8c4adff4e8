package dev.cardinal.projection;

import dev.cardinal.model.ServerVersion;
import java.time.Duration;
import java.util.List;

/**
 * A server for the core's own tests, which know no engine: it counts as it is told and checks the limits it is given.
 * {@code shipped-limits.json} holds the limits the engines shipped when these tests were written, so the tests keep
 * their numbers; the engines' own files are tested in their packages.
 */
public record TestServer(ServerVersion version, boolean assumed, boolean everyProduct, SeriesCount seriesCount,
                         List<Limit> limits) implements Server {
    static final List<Limit> SHIPPED = LimitsFile.read(TestServer.class, "shipped-limits.json");

    /** Every limit, each series counted once: what the front ends call "every product", at an assumed 1.8.10. */
    public static TestServer anyProduct() {
        return new TestServer(ServerVersion.of(1, 8, 10), true, true, SeriesCount.DISTINCT, SHIPPED);
    }

    /** A server counting each series once per shard group, with the 1.x limits. */
    public static TestServer perShardGroup() {
        return new TestServer(ServerVersion.of(1, 6, 7), false, false, SeriesCount.PER_SHARD_GROUP,
            SHIPPED.stream().filter(l -> l.id().startsWith("influxdb1-")).toList());
    }

    /** 30 days at x1, every limit. */
    public static ProjectionSettings settings() {
        return settings(Duration.ofDays(30), 1);
    }

    public static ProjectionSettings settings(Duration horizon, double x) {
        return ProjectionSettings.of(horizon, x, anyProduct());
    }

    @Override
    public String product() {
        return "test server " + version;
    }

    @Override
    public String seriesQuery() {
        return seriesCount == SeriesCount.NONE ? null : "SHOW SERIES EXACT CARDINALITY";
    }

    @Override
    public String seriesMeaning() {
        return "counts " + seriesCount;
    }
}
