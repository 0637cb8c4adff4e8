package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.RecentSample;
import dev.cardinal.engine.Scratch;
import dev.cardinal.engine.VersionHeader;
import dev.cardinal.model.Target;
import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/**
 * Plan, apply and import through InfluxDB 1.x's API (/ping, /query, /write): a user and password as basic
 * authentication, or a token; its certificate check may be skipped for a test instance. What the server's own series
 * query counts follows the version its header names, which the list of engines resolves ({@link VersionHeader.Answering}):
 * a server behind this API need not be a 1.x.
 */
final class InfluxV1Pushing implements Pushing {
    static final Logins LOGINS = new Logins(Logins.Tls.SKIPPABLE, Logins.Tokens.ANY, false, true, false);

    private final VersionHeader.Answering answering;

    InfluxV1Pushing(VersionHeader.Answering answering) {
        this.answering = answering;
    }

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.INFLUXDB_1);
    }

    @Override
    public Optional<String> database() {
        return Optional.of("the database the layouts' retention policies and points go to");
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
        return new InfluxV1Push(client(server), server.database(), v -> answering.server(server.kind(), v));
    }

    @Override
    public ImportedWorkspace read(Connection server) throws IOException, InterruptedException {
        return InfluxV1Import.read(client(server), server.database());
    }

    @Override
    public Optional<RecentSample> recent() {
        return Optional.of(RecentSample.lineProtocol((server, ws, limit, out) ->
            InfluxV1Import.recentPoints(client(server), server.database(), ws, limit, out)));
    }

    @Override
    public Optional<Scratch> scratch() {
        return Optional.of(new InfluxdScratch());
    }

    /** The client the connection describes; the secrets go to it and nowhere else. */
    static InfluxV1Client client(Connection server) {
        URI url = server.url();
        Connection.notHttp(url).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        InfluxV1Client c = InfluxV1Client.of(url).withTimeout(server.timeout());
        Optional<String> user = server.credentials().user();
        char[] secret = user.isPresent() ? server.credentials().password() : server.credentials().token();
        try {
            if (user.isPresent()) {
                c = c.withBasicAuth(user.get(), secret == null ? new char[0] : secret);
            } else if (secret != null) {
                c = c.withToken(secret);
            }
        } finally {
            if (secret != null) {
                Arrays.fill(secret, '\0');
            }
        }
        return server.skipTlsVerification() ? c.withoutTlsVerification() : c;
    }
}
