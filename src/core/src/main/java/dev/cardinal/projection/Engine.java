package dev.cardinal.projection;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The server a projection is for: an InfluxDB version, which decides what its own series query reports and which
 * limits it has. When nobody said which server, the figures are given as {@link #ASSUMED} reports them and every
 * shipped product's limits are checked ({@link #assumed()} says so, and the front ends say it to the user).
 *
 * <p>What each version reports, from the InfluxDB source:
 * <ul>
 *   <li>1.x up to 1.7.7: {@code SHOW SERIES EXACT CARDINALITY} (and {@code SHOW SERIES CARDINALITY FROM m}) is
 *   rewritten to {@code SELECT count(_seriesKey)}, which counts a series once in every shard it has points in
 *   ({@code query/statement_rewriter.go} at v1.7.7).</li>
 *   <li>From 1.7.8: {@code count(distinct(_seriesKey))}, each series once across shards (influxdb PR 14444 on
 *   master, backported to 1.7 as PR 14557, first released in v1.7.8).</li>
 *   <li>From 1.9: the EXACT form unchanged; {@code SHOW SERIES CARDINALITY FROM m} becomes
 *   {@code count_hll(sum_hll(_seriesKey))}, an estimate (PR 20745). Bare {@code SHOW SERIES CARDINALITY} is the
 *   index's HyperLogLog sketch on every 1.x since 1.4 (PR 8984).</li>
 *   <li>2.x: {@code influxdb.cardinality()} counts the series IDs of the shards in its time range, merged, and a 2.x
 *   series key holds the field key ({@code v1/services/storage/store.go} ReadSeriesCardinality at v2.7.11): one
 *   series per measurement, tag set and field key.</li>
 *   <li>3.x has no series limit; it counts tables and the columns of each table.</li>
 * </ul>
 * In every version only the shards still inside the retention count: expired ones are gone.
 *
 * @param version      the server's version (a guess when {@code assumed})
 * @param assumed      true when the version was not given: the figures are those of {@code version}, and the front
 *                     ends say that they assumed it
 * @param everyProduct true when not even the kind of server is known: every shipped product's limits are checked
 */
public record Engine(ServerVersion version, boolean assumed, boolean everyProduct) {
    /** What the figures follow when the server is not known: the last 1.8 release, the most deployed 1.x. */
    public static final ServerVersion ASSUMED = ServerVersion.of(1, 8, 10);
    private static final ServerVersion LAST_PER_SHARD = ServerVersion.of(1, 7, 7);
    private static final ServerVersion FIRST_HLL_FROM = ServerVersion.of(1, 9, 0);

    /** How a version's own query counts series. */
    public enum SeriesCount {
        /** Each series once per shard group it has points in, summed (1.x up to 1.7.7). */
        PER_SHARD_GROUP,
        /** Each series once (1.7.8 and later). */
        DISTINCT,
        /** Each series once per field key it carries (2.x). */
        PER_FIELD_KEY,
        /** No series count: tables and columns instead (3.x). */
        NONE
    }

    public Engine {
        java.util.Objects.requireNonNull(version, "version");
    }

    /** Nobody said which server, and every product's limits were asked for: figures as {@link #ASSUMED} reports them. */
    public static Engine unknown() {
        return new Engine(ASSUMED, true, true);
    }

    /** Nobody said which server: {@link #ASSUMED}, said to be assumed, with its own limits ({@link ServerFor}). */
    public static Engine notNamed() {
        return new Engine(ASSUMED, true, false);
    }

    public static Engine of(ServerVersion version) {
        return new Engine(version, false, false);
    }

    /**
     * The engine of a workspace target: its version when it has one; else the kind says which major version, and
     * the figures are those of that major's newest behaviour, marked assumed.
     */
    public static Engine of(Target t) {
        return of(t.kind(), t.serverVersion());
    }

    /** A server of a known kind: its version when known, else that kind's newest behaviour, marked assumed. */
    public static Engine of(Target.Kind kind, ServerVersion version) {
        if (version != null) {
            return of(version);
        }
        return switch (kind) {
            case INFLUXDB_2 -> new Engine(ServerVersion.of(2, 7, 0), true, false);
            case INFLUXDB_3 -> new Engine(ServerVersion.of(3, 0, 0), true, false);
            default -> notNamed();
        };
    }

    public SeriesCount seriesCount() {
        return switch (version.major()) {
            case 1 -> version.compareTo(LAST_PER_SHARD) <= 0 ? SeriesCount.PER_SHARD_GROUP : SeriesCount.DISTINCT;
            case 2 -> SeriesCount.PER_FIELD_KEY;
            default -> SeriesCount.NONE;
        };
    }

    /** "InfluxDB 1.8.10" */
    public String product() {
        return "InfluxDB " + version;
    }

    /** What the command line and the workbench say when this server has no limit to check. */
    public String noLimits() {
        return product() + " has no limit Cardinal checks (a target can set its own)";
    }

    /** "InfluxDB 1.8.10", and "(assumed)" when nobody said which version. */
    public String describe() {
        return product() + (assumed ? " (assumed: no server version given)" : "");
    }

    /** The query whose answer {@link #reportedSeries} is, or null when this server counts no series. */
    public String seriesQuery() {
        return switch (seriesCount()) {
            case PER_SHARD_GROUP, DISTINCT -> "SHOW SERIES EXACT CARDINALITY";
            case PER_FIELD_KEY -> "influxdb.cardinality()";
            case NONE -> null;
        };
    }

    /** What the series query counts on this version, in one sentence for people. */
    public String seriesMeaning() {
        return switch (seriesCount()) {
            case PER_SHARD_GROUP -> "counts each series once per shard group it has points in (1.x up to 1.7.7)";
            case DISTINCT -> "counts each series once, across shard groups (from 1.7.8)"
                + (version.compareTo(FIRST_HLL_FROM) >= 0
                ? "; SHOW SERIES CARDINALITY FROM m is a HyperLogLog estimate from 1.9" : "");
            case PER_FIELD_KEY -> "counts a series per field key: measurement, tag set and field (2.x)";
            case NONE -> "has no series limit; it counts tables and the columns of each table (3.x)";
        };
    }

    /**
     * What this server's series query reports once the sample is written, or null when it counts no series.
     *
     * @param perFieldKey the distinct (series, field key) pairs in live shard groups: asked only of a 2.x server
     */
    public Long reportedSeries(LayoutMeasure m, LongSupplier perFieldKey) {
        return switch (seriesCount()) {
            case PER_SHARD_GROUP -> m.shardGroupSeries();
            case DISTINCT -> m.liveSeries();
            case PER_FIELD_KEY -> perFieldKey.getAsLong();
            case NONE -> null;
        };
    }

    /**
     * The limits that apply: every shipped product's when not even the kind of server is known, else this server's
     * own, with the target's values: a value replaces the shipped one of its kind, 0 drops it (InfluxDB's
     * "unlimited"), and a value with no shipped limit of its kind adds one.
     */
    public List<Limit> limits(List<Limit> shipped, ServerLimits own) {
        if (everyProduct && own.isDefault()) {
            return List.copyOf(shipped);
        }
        List<Limit> out = new ArrayList<>();
        for (Limit l : shipped) {
            if (applies(l, own.cloudPlan())) {
                out.add(l);
            }
        }
        override(out, Limit.Metric.SERIES, own.maxSeriesPerDatabase(), "maxSeriesPerDatabase");
        override(out, Limit.Metric.VALUES_PER_TAG, own.maxValuesPerTag(), "maxValuesPerTag");
        override(out, Limit.Metric.FIELD_KEYS, own.totalFields(), "totalFields");
        return List.copyOf(out);
    }

    /** Whether a shipped limit is this server's, by the product it names. */
    private boolean applies(Limit l, ServerLimits.CloudPlan plan) {
        String p = l.product();
        if (plan != null) {
            return p.equals(plan == ServerLimits.CloudPlan.FREE ? "InfluxDB Cloud (TSM) Free Plan"
                : "InfluxDB Cloud (TSM) Usage-Based Plan");
        }
        return switch (version.major()) {
            case 1 -> p.equals("InfluxDB 1.x OSS");
            case 3 -> p.equals("InfluxDB 3 Core");
            default -> false; // 2.x OSS has no series or tag value limit; a Cloud target names its plan
        };
    }

    private void override(List<Limit> limits, Limit.Metric metric, Long value, String setting) {
        if (value == null) {
            return;
        }
        boolean found = false;
        for (int i = limits.size() - 1; i >= 0; i--) {
            Limit l = limits.get(i);
            if (l.metric() != metric) {
                continue;
            }
            found = true;
            if (value == 0) {
                limits.remove(i);
            } else {
                limits.set(i, new Limit(l.id(), l.product(), metric, value, "the target's " + setting + " (shipped default "
                    + String.format(Locale.ROOT, "%,d", l.value()) + ")"));
            }
        }
        if (!found && value > 0) {
            limits.add(new Limit("target-" + metric.id(), product(), metric, value, "the target's " + setting));
        }
    }
}
