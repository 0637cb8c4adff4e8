package dev.cardinal.model;

import java.util.Locale;
import java.util.Optional;

/**
 * A target's own limits: its server's configuration, where it differs from the defaults Cardinal ships. Each value
 * is {@code null} when the server keeps its default, and {@code 0} when the server has no such limit (InfluxDB's
 * own spelling of "unlimited").
 *
 * @param maxSeriesPerDatabase InfluxDB 1.x {@code [data] max-series-per-database}; on InfluxDB Cloud, the plan's
 *                             series quota (a usage-based plan's can be raised on request)
 * @param maxValuesPerTag      InfluxDB 1.x {@code [data] max-values-per-tag}
 * @param cloudPlan            the InfluxDB Cloud plan the target is on, whose series cap applies; {@code null} for a
 *                             server that is not InfluxDB Cloud
 * @param totalFields          field keys one mapping may hold, as Elasticsearch's
 *                             {@code index.mapping.total_fields.limit} counts them
 */
public record ServerLimits(Long maxSeriesPerDatabase, Long maxValuesPerTag, CloudPlan cloudPlan, Long totalFields) {
    public static final ServerLimits DEFAULTS = new ServerLimits(null, null, null, null);

    public ServerLimits {
        check("maxSeriesPerDatabase", maxSeriesPerDatabase);
        check("maxValuesPerTag", maxValuesPerTag);
        check("totalFields", totalFields);
    }

    private static void check(String name, Long v) {
        if (v != null && v < 0) {
            throw new IllegalArgumentException(name + " must be 0 (unlimited) or more, not " + v);
        }
    }

    /** True when nothing differs from the defaults. */
    public boolean isDefault() {
        return equals(DEFAULTS);
    }

    /** An InfluxDB Cloud (TSM) plan: its series cap is one of the shipped limits. */
    public enum CloudPlan {
        FREE, USAGE_BASED;

        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Optional<CloudPlan> fromId(String id) {
            for (CloudPlan p : values()) {
                if (p.id().equals(id)) {
                    return Optional.of(p);
                }
            }
            return Optional.empty();
        }
    }
}
