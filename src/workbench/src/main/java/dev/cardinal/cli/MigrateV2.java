package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.model.Target;
import java.io.PrintWriter;

/**
 * {@code cardinal migrate --kind influxdb-2}: what the command takes for InfluxDB 2.x and Cloud, refused with the
 * option that is not offered. Buckets are named as {@code generate} and {@code push} name them,
 * {@code DATABASE/RETENTION_POLICY}: read from {@code --database} with {@code --rp} (default: the live layout's
 * policy), written to {@code --into-rp} (default: the policy read). A token only (from {@code --token-env}); nothing of
 * the user's is ever deleted.
 */
final class MigrateV2 {
    private MigrateV2() {
    }

    /** Each window as it is done, on standard error when that is a terminal. */
    static MigrationWindow.Progress told(PrintWriter err) {
        boolean terminal = TerminalProgress.stderrIsTerminal();
        return (i, n, w, p, skipped) -> {
            if (terminal) {
                err.println("window " + i + "/" + n + " " + w + ": " + p + " points" + (skipped ? " (done before)" : " copied and checked"));
                err.flush();
            }
        };
    }

    static Connection connection(MigrateCommand c) {
        ConnectOptions conn = c.connection;
        if (conn.org == null) {
            throw conn.usage("InfluxDB 2.x needs --org ORG");
        }
        if (c.dropOld != null) {
            throw conn.usage("--drop-old is not offered for InfluxDB 2.x: the old data is kept; delete it with the influx CLI once checked");
        }
        if (conn.user != null) {
            throw conn.usage("migrate on InfluxDB 2.x logs in with a token only: set $" + conn.tokenEnv + " (or --token-env VAR), not --user");
        }
        if (conn.insecure) {
            throw conn.usage("--insecure-skip-verify is not offered for migrate on InfluxDB 2.x: trust the server's certificate in the JVM");
        }
        var url = MigrateV3.http(conn);
        char[] token = c.secrets.fromEnv(conn.tokenEnv);
        if (token == null) {
            throw conn.usage("InfluxDB 2.x needs a token: set $" + conn.tokenEnv + " (or --token-env VAR)");
        }
        return new Connection(Target.Kind.INFLUXDB_2, url, conn.database, conn.timeout(), Credentials.token(token)).withOrganisation(conn.org);
    }
}
