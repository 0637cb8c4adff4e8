package dev.cardinal.model;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A server Cardinal can push to. Holds where it is, never how to log in: tokens and passwords come from the
 * environment or a prompt at push time.
 *
 * @param database database (1.x), bucket (2.x/3.x) or schema (relational)
 * @param org      organisation (2.x and Cloud), or {@code null}
 */
public record Target(String id, String name, Kind kind, String url, String database, String org) {

    public enum Kind {
        INFLUXDB_1, INFLUXDB_2, INFLUXDB_3, MARIADB, POSTGRESQL;

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
    }
}
