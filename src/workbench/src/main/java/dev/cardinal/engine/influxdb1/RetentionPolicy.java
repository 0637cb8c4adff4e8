package dev.cardinal.engine.influxdb1;

import java.time.Duration;

/** A retention policy of an InfluxDB 1.x database as the server reports it; a zero duration keeps points forever. */
public record RetentionPolicy(String name, Duration duration, Duration shardGroupDuration, int replication,
                              boolean isDefault) {
}
