package dev.cardinal.projection;

import dev.cardinal.model.ServerVersion;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The server a projection is for, as far as the core needs it: how its own series query counts, in which words, and
 * which limits it has. What each version of each engine does is the engine's business: its package implements this
 * ({@code dev.cardinal.engine.influxdb1} for 1.x, and so on), and the front ends choose the server through the
 * engines' list. The core only counts what it is told to count.
 */
public interface Server {

    /** How a server's own query counts series. */
    enum SeriesCount {
        /** Each series once per shard group it has points in, summed (InfluxDB 1.x up to 1.7.7). */
        PER_SHARD_GROUP,
        /** Each series once, across the live shard groups (InfluxDB 1.x from 1.7.8, 2.x OSS). */
        DISTINCT,
        /** Each series once per field key it carries (InfluxDB Cloud, TSM: a target that names its plan). */
        PER_FIELD_KEY,
        /** No series count: tables and columns instead (InfluxDB 3). */
        NONE
    }

    /** The server's version; a guess when {@link #assumed()}. */
    ServerVersion version();

    /** True when nobody gave the version: the figures are those of {@link #version()}, and the front ends say so. */
    boolean assumed();

    /** True when not even the kind of server is known and every shipped product's limits are checked. */
    default boolean everyProduct() {
        return false;
    }

    SeriesCount seriesCount();

    /** "InfluxDB 1.8.10" */
    String product();

    /** The query whose answer {@link #reportedSeries} is, or null when this server counts no series. */
    String seriesQuery();

    /** What the series query counts on this server, in one sentence for people, without a subject. */
    String seriesMeaning();

    /** The limits to check: the server's own, with a target's values where it has them. */
    List<Limit> limits();

    /** "InfluxDB 1.8.10", and "(assumed)" when nobody said which version. */
    default String describe() {
        return product() + (assumed() ? " (assumed: no server version given)" : "");
    }

    /** What the command line and the workbench say when this server has no limit to check. */
    default String noLimits() {
        return product() + " has no limit Cardinal checks (a target can set its own)";
    }

    /**
     * What this server's series query reports once the sample is written, or null when it counts no series.
     *
     * @param perFieldKey the distinct (series, field key) pairs in live shard groups: asked only when it counts those
     */
    default Long reportedSeries(LayoutMeasure m, LongSupplier perFieldKey) {
        return switch (seriesCount()) {
            case PER_SHARD_GROUP -> m.shardGroupSeries();
            case DISTINCT -> m.liveSeries();
            case PER_FIELD_KEY -> perFieldKey.getAsLong();
            case NONE -> null;
        };
    }
}
