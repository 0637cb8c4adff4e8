package dev.cardinal.model;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A server Cardinal can push to. Holds where it is, never how to log in: tokens and passwords come from the
 * environment or a prompt at push time.
 *
 * @param database      database (1.x), bucket (2.x/3.x), schema (relational), index (OpenSearch/Elasticsearch), the
 *                      {@code db} label of the writes (VictoriaMetrics), or {@code null} (Prometheus takes none)
 * @param org           organisation (2.x and Cloud), or {@code null}
 * @param serverVersion the server's version, which decides what it reports (InfluxDB only), or {@code null} when
 *                      not known: push reads it from the server itself
 * @param limits        the server's own limits where they differ from the shipped defaults
 */
public record Target(String id, String name, Kind kind, String url, String database, String org,
                     ServerVersion serverVersion, ServerLimits limits) {

    public enum Kind {
        INFLUXDB_1, INFLUXDB_2, INFLUXDB_3, MARIADB, POSTGRESQL, OPENSEARCH, ELASTICSEARCH,
        /** A single-node VictoriaMetrics, written through line protocol at {@code /write}. */
        VICTORIAMETRICS,
        /** A Prometheus 2.x with its remote-write receiver on. */
        PROMETHEUS;

        /** Whether this server stores documents under a mapping (OpenSearch, Elasticsearch), not series. */
        public boolean isDocument() {
            return this == OPENSEARCH || this == ELASTICSEARCH;
        }

        /** Whether this server is an InfluxDB, whose series Cardinal projects. */
        public boolean isInflux() {
            return this == INFLUXDB_1 || this == INFLUXDB_2 || this == INFLUXDB_3;
        }

        /** "OpenSearch", "InfluxDB 1.x": the product as people name it. */
        public String product() {
            return switch (this) {
                case INFLUXDB_1 -> "InfluxDB 1.x";
                case INFLUXDB_2 -> "InfluxDB 2.x";
                case INFLUXDB_3 -> "InfluxDB 3.x";
                case MARIADB -> "MariaDB";
                case POSTGRESQL -> "PostgreSQL";
                case OPENSEARCH -> "OpenSearch";
                case ELASTICSEARCH -> "Elasticsearch";
                case VICTORIAMETRICS -> "VictoriaMetrics";
                case PROMETHEUS -> "Prometheus";
            };
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Optional<Kind> fromId(String id) {
            for (Kind k : values()) {
                if (k.id().equals(id)) {
                    return Optional.of(k);
                }
            }
            return Optional.empty();
        }
    }

    public Target {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(url, "url");
        limits = limits == null ? ServerLimits.DEFAULTS : limits;
    }

    /** A target whose version is not known and whose server keeps the default limits. */
    public Target(String id, String name, Kind kind, String url, String database, String org) {
        this(id, name, kind, url, database, org, null, ServerLimits.DEFAULTS);
    }

    /** Why {@code url} cannot be a target's URL (not absolute, or carrying credentials), or empty when it can. */
    public static Optional<String> urlProblem(String url) {
        try {
            java.net.URI uri = new java.net.URI(url);
            Optional<String> credentials = UrlCredentials.problem(url);
            if (credentials.isPresent()) {
                return Optional.of("the URL carries credentials (" + credentials.get() + "); remove them (secrets are"
                    + " never kept in a workspace)");
            }
            if (uri.getScheme() == null || uri.getHost() == null) {
                return Optional.of("'" + url + "' is not an absolute URL such as http://127.0.0.1:8086");
            }
            return Optional.empty();
        } catch (java.net.URISyntaxException e) {
            return Optional.of(UrlCredentials.problem(url).map(c -> "the URL carries credentials (" + c + "); remove them")
                .orElse("not a URL: " + UrlCredentials.redacted(e.getMessage())));
        }
    }

    public Target withServerVersion(ServerVersion version) {
        return new Target(id, name, kind, url, database, org, version, limits);
    }

    /** Whether the workspace format 1 can hold this target (it has neither a version nor limits of its own). */
    boolean fitsFormat1() {
        return serverVersion == null && limits.isDefault();
    }
}
