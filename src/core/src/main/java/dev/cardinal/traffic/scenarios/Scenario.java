package dev.cardinal.traffic.scenarios;

import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.time.Instant;

/** One sample scenario: a workspace to design in and the traffic its application emits. */
sealed interface Scenario permits AdMarketplaceScenario, WeatherScenario, CustomMetricsScenario,
    IdExplosionScenario {

    /** Every scenario starts here, a Monday, so that shard-group boundaries fall inside the traffic. */
    Instant START = Instant.parse("2026-01-05T00:00:00Z");
    long START_NANOS = START.getEpochSecond() * 1_000_000_000L;

    String TRAFFIC_FILE = "traffic.lp.gz";

    String name();

    /** The row count of the traffic committed under sample-data/. */
    long defaultRows();

    /** The workspace, bound to {@link #TRAFFIC_FILE} beside it. */
    Workspace workspace();

    /** Writes exactly {@code rows} points, sorted by time, the same bytes for the same {@code rows}. */
    void writeTraffic(LineProtocolWriter out, long rows) throws IOException;
}
