package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.Logins;
import dev.cardinal.engine.Migrating;
import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.model.Target;
import java.util.Set;

/**
 * Migrations on InfluxDB 3: each window read with SQL and written in the new layout through the write API
 * ({@link V3MigrationRun}), costed by a probe ({@link V3MigrationProbe}). No retention policies; a token, or none for
 * a server started without authentication; nothing of the user's is deleted.
 */
public final class V3Migrating implements Migrating {
    private static final Offers OFFERS = new Offers(false, true, false, "table",
        new Logins(Logins.Tls.VERIFIED, Logins.Tokens.ANY, false, true, false));

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.INFLUXDB_3);
    }

    @Override
    public Offers offers() {
        return OFFERS;
    }

    @Override
    public Migration open(MigrationRequest r) {
        var server = r.server().requireHttp();
        if (r.readPolicy() != null || r.intoPolicy() != null) {
            throw new IllegalArgumentException("InfluxDB 3 has no retention policies: the tables are in the database");
        }
        if (server.credentials().user().isPresent() || server.organisation() != null) {
            throw new IllegalArgumentException("a migration on InfluxDB 3 logs in with a token only (no user, no organisation)");
        }
        if (server.skipTlsVerification()) {
            throw new IllegalArgumentException("a migration on InfluxDB 3 checks the server's certificate: trust it in the JVM");
        }
        if (server.database() == null || server.database().isBlank()) {
            throw new IllegalArgumentException("InfluxDB 3 needs the database that holds the live table");
        }
        V3Http http = new V3Http(server.url(), server.database(), server.credentials().token(), server.timeout());
        return new V3Migration(r, new V3MigrationRun(http, r.from(), r.to(), r.into(), V3MigrationRun.BATCH_LINES));
    }
}
