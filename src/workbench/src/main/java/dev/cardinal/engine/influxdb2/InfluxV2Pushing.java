package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.RecentSample;
import dev.cardinal.model.Target;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/**
 * Plan, apply and import on InfluxDB 2.x or Cloud through influxdb-client-java: a target's database is the bucket's
 * stem, its organisation the org; a token, or a user and password (a session sign-in), is needed.
 */
final class InfluxV2Pushing implements Pushing {
    static final Logins LOGINS = new Logins(Logins.Tls.SKIPPABLE, Logins.Tokens.REQUIRED, false, true, true);

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.INFLUXDB_2);
    }

    @Override
    public Optional<String> database() {
        return Optional.of("the bucket's database part: each layout writes to DB/its retention policy");
    }

    @Override
    public String exampleUrl() {
        return "http://127.0.0.1:8086";
    }

    @Override
    public Logins logins() {
        return LOGINS;
    }

    @Override
    public String holder() {
        return "database";
    }

    @Override
    public PushTarget connect(Connection server) {
        return client(server);
    }

    @Override
    public ImportedWorkspace read(Connection server) throws IOException {
        try (InfluxV2Push v2 = client(server)) {
            return v2.importBucket(server.database());
        }
    }

    @Override
    public Optional<RecentSample> recent() {
        return Optional.of(RecentSample.lineProtocol((server, ws, limit, out) -> {
            try (InfluxV2Push v2 = client(server)) {
                return v2.recentPoints(server.database(), ws, limit, out);
            }
        }));
    }

    /** A client signed in with the connection's token, or its user and password; the secrets go nowhere else. */
    private static InfluxV2Push client(Connection server) {
        if (server.organisation() == null) {
            throw new IllegalArgumentException("InfluxDB 2.x needs an organisation");
        }
        var login = server.credentials();
        char[] token = login.user().isPresent() ? null : login.token();
        if (login.user().isEmpty() && token == null) {
            throw new IllegalArgumentException("InfluxDB 2.x needs a token, or a user and password");
        }
        char[] password = login.user().isPresent() ? login.password() : null;
        return InfluxV2Push.connect(server.url(), server.database(), server.organisation(), server.timeout(),
            server.skipTlsVerification(), login.user().orElse(null), password == null && login.user().isPresent()
                ? new char[0] : password, token);
    }
}
