package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import java.net.URI;

/**
 * {@code cardinal migrate --kind influxdb-3}: what the command takes for InfluxDB 3, refused with the option that is
 * not offered. Tables live in {@code --database}; there are no retention policies. A token from {@code --token-env}
 * when set (a server started without authentication takes none); nothing of the user's is ever deleted.
 */
final class MigrateV3 {
    private MigrateV3() {
    }

    static Connection connection(MigrateCommand c) {
        ConnectOptions conn = c.connection;
        if (c.dropOld != null) {
            throw conn.usage("--drop-old is not offered for InfluxDB 3: the old table is kept; delete it with influxdb3 once checked");
        }
        if (c.rp != null || c.intoRp != null) {
            throw conn.usage("InfluxDB 3 has no retention policies: --rp and --into-rp are not offered (the tables are in --database)");
        }
        if (conn.user != null || conn.org != null) {
            throw conn.usage("migrate on InfluxDB 3 logs in with a token only (no --user, no --org): set $" + conn.tokenEnv
                + " (or --token-env VAR)");
        }
        if (conn.insecure) {
            throw conn.usage("--insecure-skip-verify is not offered for migrate on InfluxDB 3: trust the server's certificate in the JVM");
        }
        URI url = http(conn);
        char[] token = c.secrets.fromEnv(conn.tokenEnv);
        return new Connection(Target.Kind.INFLUXDB_3, url, conn.database, conn.timeout(), token == null ? Credentials.NONE
            : Credentials.token(token));
    }

    /** --url, refused when it is no http(s) URL. */
    static URI http(ConnectOptions conn) {
        URI url = conn.uri();
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw conn.usage("'" + UrlCredentials.redacted(url) + "' is not an http(s) URL");
        }
        return url;
    }
}
