package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.model.RetentionPlan;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The shard group duration a retention policy gets when none is given equals the real influxd's, at every boundary of
 * its rule ({@code shardGroupDuration} in services/meta/data.go, the same at v1.6.6, v1.8.10 and, for a 2.x bucket,
 * v1/services/meta/data.go at v2.7.10: from 180 days on, 7 days; from 2 days, 1 day; below, 1 hour). Cardinal's rule
 * said 7 days only beyond 183 days, so a 180-to-183-day retention was counted in 1-day shard groups the server does not
 * make.
 */
class ShardGroupDefaultTest extends ScratchServerTest {
    @Test
    void theDefaultShardGroupIsTheServersAtEachBoundary() throws Exception {
        client.query("CREATE DATABASE sgd", null);
        List<Duration> retentions = List.of(Duration.ofHours(1), Duration.ofHours(47), Duration.ofHours(48), Duration.ofDays(30),
            Duration.ofHours(180 * 24 - 1), Duration.ofDays(180), Duration.ofDays(182), Duration.ofDays(183), Duration.ofDays(184),
            Duration.ofDays(365), Duration.ZERO);
        Map<String, Duration> created = new LinkedHashMap<>();
        for (int i = 0; i < retentions.size(); i++) {
            Duration d = retentions.get(i);
            String rp = "rp" + i;
            client.query("CREATE RETENTION POLICY " + rp + " ON sgd DURATION " + (d.isZero() ? "INF" : d.toHours() + "h")
                + " REPLICATION 1", null);
            created.put(rp, d);
        }
        InfluxV1Result.Series policies = client.query("SHOW RETENTION POLICIES ON sgd", null).statements().get(0).series().get(0);
        Map<String, String> expected = new LinkedHashMap<>();
        Map<String, String> onServer = new LinkedHashMap<>();
        for (int row = 0; row < policies.values().size(); row++) {
            String rp = (String) policies.value(row, "name");
            if (created.containsKey(rp)) {
                onServer.put(rp + " " + created.get(rp).toHours() + "h", (String) policies.value(row, "shardGroupDuration"));
                expected.put(rp + " " + created.get(rp).toHours() + "h",
                    goDuration(RetentionPlan.defaultShardGroupDuration(created.get(rp))));
            }
        }
        assertEquals(retentions.size(), onServer.size(), onServer.toString());
        assertEquals(onServer, expected, "the server's, then Cardinal's");
    }

    /** As Go prints a whole number of hours: {@code 168h0m0s}. */
    private static String goDuration(Duration d) {
        return d.toHours() + "h0m0s";
    }
}
