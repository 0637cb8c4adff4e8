package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Target;

/**
 * {@code cardinal migrate --url jdbc:...}: what the command takes for the relational side of a migration, the rollups'
 * summary tables on MariaDB or PostgreSQL for the new layout: kept, created, or rebuilt beside the old table when their
 * keys change, filled from the sample with {@code --execute}; the old table dropped (and the new one given its name)
 * only when {@code --drop-old} names it.
 */
final class MigrateSql {
    private MigrateSql() {
    }

    static Target.Kind kind(ConnectOptions conn) {
        return "postgresql".equals(conn.kind) || conn.url.startsWith("jdbc:postgresql:") ? Target.Kind.POSTGRESQL : Target.Kind.MARIADB;
    }

    static Connection connection(MigrateCommand c, java.io.PrintWriter err) {
        ConnectOptions conn = c.connection;
        if (c.rp != null || c.intoRp != null || c.into != null) {
            throw conn.usage("--rp, --into-rp and --into are for InfluxDB; the rollup tables are named by the workspace's rollups");
        }
        if (c.dropOld != null && !c.execute) {
            throw conn.usage("--drop-old runs only with --execute");
        }
        Target.Kind kind = kind(conn);
        Pushing pushing = Engines.pushing(kind).orElseThrow(() -> new IllegalStateException(kind.product() + " offers no pushing"));
        return conn.connection(pushing, kind, conn.uri(), conn.database, null, c.secrets, err);
    }
}
