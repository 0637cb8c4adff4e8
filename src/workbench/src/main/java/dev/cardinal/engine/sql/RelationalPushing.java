package dev.cardinal.engine.sql;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rollup tables on MariaDB or PostgreSQL: the JDBC URL names the server, a target's database the MariaDB database
 * or PostgreSQL schema the tables go to. Its text columns are sized, and its rows computed, from the workspace's sample.
 */
final class RelationalPushing implements Pushing {
    /** A user, with a password or none (a local database user may have none); no token; the JDBC URL carries TLS. */
    static final Logins LOGINS = new Logins(Logins.Tls.NONE, Logins.Tokens.NONE, false, false, false);

    @Override
    public Set<Target.Kind> kinds() {
        return Set.of(Target.Kind.MARIADB, Target.Kind.POSTGRESQL);
    }

    @Override
    public Optional<String> database() {
        return Optional.of("the MariaDB database or PostgreSQL schema the rollup tables go to");
    }

    @Override
    public String exampleUrl() {
        return "jdbc:mariadb://127.0.0.1:3306/test";
    }

    @Override
    public Logins logins() {
        return LOGINS;
    }

    @Override
    public Optional<Target.Kind> kindOf(String url) {
        if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
            return Optional.of(Target.Kind.MARIADB);
        }
        return url.startsWith("jdbc:postgresql:") ? Optional.of(Target.Kind.POSTGRESQL) : Optional.empty();
    }

    @Override
    public Optional<String> urlProblem(URI url) {
        String jdbc = url.toString();
        if (!jdbc.startsWith("jdbc:")) {
            return Optional.of("'" + UrlCredentials.redacted(jdbc) + "' is not a JDBC URL (jdbc:mariadb://host:3306/db or"
                + " jdbc:postgresql://host:5432/db)");
        }
        if (jdbc.toLowerCase(Locale.ROOT).contains("password=")) {
            return Optional.of("the URL must not carry a password: log in with a user, the password given apart");
        }
        return Optional.empty();
    }

    @Override
    public boolean readsSample() {
        return true;
    }

    @Override
    public PushTarget connect(Connection server) throws IOException {
        Optional<String> problem = urlProblem(server.url());
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
        String jdbc = server.url().toString();
        SqlDialect dialect = server.kind() == Target.Kind.MARIADB ? SqlDialect.MARIADB : SqlDialect.POSTGRESQL;
        Map<String, EventKindSample> samples = new LinkedHashMap<>();
        if (server.sample() != null) {
            server.sample().eventKinds().forEach(k -> samples.put(k.name(), k));
        }
        char[] password = server.credentials().password();
        try {
            return new RelationalPush(RelationalPush.connect(jdbc, dialect, server.database(),
                server.credentials().user().orElse(null), password == null || password.length == 0 ? null : password),
                dialect, jdbc + " " + server.database(), samples);
        } finally {
            if (password != null) {
                Arrays.fill(password, '\0');
            }
        }
    }

    @Override
    public ImportedWorkspace read(Connection server) throws IOException {
        throw new IOException(server.kind().product() + " holds rollup tables, not the traffic they summarise: import reads"
            + " an InfluxDB database, a bucket, an index or a metrics server");
    }
}
