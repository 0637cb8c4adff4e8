package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.Migrating;
import dev.cardinal.engine.Migration;
import dev.cardinal.engine.MigrationRequest;
import dev.cardinal.model.Target;
import java.util.Set;

/**
 * Migrations on InfluxDB 2.x and Cloud: one Flux script per window ({@link FluxMigrationRun}), costed by a probe
 * ({@link FluxMigrationProbe}). Buckets are named as {@code generate} and {@code push} name them,
 * {@code DATABASE/RETENTION_POLICY}. A token only; nothing of the user's is deleted.
 */
public final class FluxMigrating implements Migrating {
    private static final Offers OFFERS = new Offers(true, true, false, "measurement", InfluxV2Pushing.LOGINS);

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.INFLUXDB_2);
    }

    @Override
    public Offers offers() {
        return OFFERS;
    }

    @Override
    public Migration open(MigrationRequest r) {
        var server = r.server().requireHttp();
        if (server.organisation() == null || server.organisation().isBlank()) {
            throw new IllegalArgumentException("InfluxDB 2.x needs the organisation");
        }
        if (server.credentials().user().isPresent()) {
            throw new IllegalArgumentException("a migration on InfluxDB 2.x logs in with a token only, not a user");
        }
        char[] token = server.credentials().token();
        if (token == null) {
            throw new IllegalArgumentException("InfluxDB 2.x needs a token");
        }
        if (server.skipTlsVerification()) {
            throw new IllegalArgumentException("a migration on InfluxDB 2.x checks the server's certificate: trust it in the JVM");
        }
        if (server.database() == null || server.database().isBlank()) {
            throw new IllegalArgumentException("InfluxDB 2.x needs the database whose bucket holds the live data (DATABASE/POLICY)");
        }
        String readRp = r.readPolicy() != null ? r.readPolicy() : r.from().retention().name();
        String bucket = server.database() + "/" + readRp;
        String intoBucket = server.database() + "/" + (r.intoPolicy() != null ? r.intoPolicy() : readRp);
        FluxHttp http = new FluxHttp(server.url(), server.organisation(), token, server.timeout());
        return new V2Migration(r, http, new FluxMigrationRun(http, bucket, r.from(), intoBucket, r.to(), r.into()));
    }
}
