package dev.cardinal.model;

import java.time.Duration;
import java.util.Objects;

/**
 * How long points are kept and how they are cut into shard groups. A {@code null} shard group duration means
 * "let the server choose", which InfluxDB 1.x does from the retention duration (see {@link #effectiveShardGroupDuration()}).
 *
 * @param name                retention policy name (bucket name on 2.x)
 * @param duration            how long points are kept; {@link Duration#ZERO} keeps them forever
 * @param shardGroupDuration  time span of one shard group, or {@code null} for the server default
 * @param replication         replication factor (1 on open-source InfluxDB)
 */
public record RetentionPlan(String name, Duration duration, Duration shardGroupDuration, int replication) {

    public static final RetentionPlan AUTOGEN = new RetentionPlan("autogen", Duration.ZERO, null, 1);

    public RetentionPlan {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(duration, "duration");
    }

    public boolean isInfinite() {
        return duration.isZero();
    }

    /** The shard group duration the server uses: the explicit one, else InfluxDB 1.x's default for the retention. */
    public Duration effectiveShardGroupDuration() {
        if (shardGroupDuration != null) {
            return shardGroupDuration;
        }
        return defaultShardGroupDuration(duration);
    }

    /**
     * InfluxDB's rule, 1.x and 2.x alike: under 2 days 1h, under 180 days 1d, from 180 days (or infinite) 7d
     * ({@code shardGroupDuration} in services/meta/data.go at v1.8.10, v1/services/meta/data.go at v2.7.10; checked on
     * the real influxd by ShardGroupDefaultTest).
     */
    public static Duration defaultShardGroupDuration(Duration retention) {
        if (retention.isZero() || retention.compareTo(Duration.ofDays(180)) >= 0) {
            return Duration.ofDays(7);
        }
        if (retention.compareTo(Duration.ofDays(2)) < 0) {
            return Duration.ofHours(1);
        }
        return Duration.ofDays(1);
    }
}
