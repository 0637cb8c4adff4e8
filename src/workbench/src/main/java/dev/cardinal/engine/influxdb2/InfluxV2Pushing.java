package dev.cardinal.engine.influxdb2;

import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import dev.cardinal.engine.Connection;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.InsecureTls;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.RecentSample;
import dev.cardinal.model.Target;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
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
        server.requireHttp();
        if (server.organisation() == null) {
            throw new IllegalArgumentException("InfluxDB 2.x needs an organisation");
        }
        var login = server.credentials();
        char[] token = login.user().isPresent() ? null : login.token();
        if (login.user().isEmpty() && token == null) {
            throw new IllegalArgumentException("InfluxDB 2.x needs a token, or a user and password");
        }
        char[] password = login.user().isPresent() ? login.password() : null;
        return connect(server.url(), server.database(), server.organisation(), server.limits().cloudPlan() != null, server.timeout(),
            server.skipTlsVerification(), login.user().orElse(null), password == null && login.user().isPresent()
                ? new char[0] : password, token);
    }

    /**
     * A client for InfluxDB 2.x or Cloud: with a token, or a user and password (a session sign-in). The arrays are
     * cleared once handed over. {@code insecure} accepts any certificate and host name (test instances only; the
     * caller shows it).
     */
    private static InfluxV2Push connect(URI url, String database, String org, boolean cloud, Duration timeout, boolean insecure,
                                        String user, char[] password, char[] token) {
        okhttp3.OkHttpClient.Builder http = new okhttp3.OkHttpClient.Builder().connectTimeout(timeout)
            .readTimeout(timeout).writeTimeout(timeout);
        if (insecure) {
            http.sslSocketFactory(InsecureTls.trustingEveryCertificate().getSocketFactory(), InsecureTls.trustAll())
                .hostnameVerifier((host, session) -> true);
        }
        var options = InfluxDBClientOptions.builder().url(url.toString()).org(org).okHttpClient(http);
        if (user != null) {
            options.authenticate(user, password.clone());
            Arrays.fill(password, '\0');
        } else {
            options.authenticateToken(token.clone());
            Arrays.fill(token, '\0');
        }
        return new InfluxV2Push(InfluxDBClientFactory.create(options.build()), url.toString(), database, org, cloud);
    }
}
