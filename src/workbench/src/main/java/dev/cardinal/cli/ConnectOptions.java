package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.Logins;
import dev.cardinal.engine.Pushing;
import dev.cardinal.model.Durations;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Where a server is and how to log in (picocli mixin): secrets only through the environment or a prompt. */
final class ConnectOptions {
    @Option(names = "--url", paramLabel = "URL", description = "The server instead of a workspace target: http(s)://host:port"
        + " for InfluxDB, jdbc:mariadb://... or jdbc:postgresql://... for rollup tables.")
    String url;

    @Option(names = {"--database", "--index"}, paramLabel = "DB", description = "Database (1.x), bucket (2.x), schema"
        + " (relational), index (OpenSearch, Elasticsearch), or the db label of the series written (VictoriaMetrics);"
        + " Prometheus takes none.")
    String database;

    @Option(names = "--kind", paramLabel = "KIND", description = "influxdb-1, influxdb-3 (its v1 API; migrate uses its v3 API), influxdb-2, mariadb,"
        + " postgresql, opensearch, elasticsearch, victoriametrics (vm) or prometheus (default: from the URL; http(s) is influxdb-1).")
    String kind;

    @Option(names = "--org", paramLabel = "ORG", description = "Organisation (InfluxDB 2.x and Cloud).")
    String org;

    @Option(names = "--user", paramLabel = "NAME", description = "Log in as this user; the password comes from --password-env or a prompt.")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR", defaultValue = "INFLUX_PASSWORD",
        description = "Environment variable holding the password (default: ${DEFAULT-VALUE}).")
    String passwordEnv;

    @Option(names = "--token-env", paramLabel = "VAR", defaultValue = "INFLUX_TOKEN",
        description = "Environment variable holding an API token (default: ${DEFAULT-VALUE}); used when set and no --user.")
    String tokenEnv;

    @Option(names = "--api-key-env", paramLabel = "VAR", description = "OpenSearch, Elasticsearch: environment variable holding"
        + " an API key (sent as ApiKey); else --user with --password-env, else no credentials.")
    String apiKeyEnv;

    @Option(names = "--insecure-skip-verify", description = "Accept any TLS certificate (test instances with self-signed certificates only).")
    boolean insecure;

    @Option(names = "--timeout", defaultValue = "30s", paramLabel = "DURATION", description = "Per request (default: ${DEFAULT-VALUE}).")
    String timeout;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** A URL that carries credentials refused, saying where they go instead, as for {@code user:pass@}. */
    static void refuseCredentials(CommandLine line, String url) {
        UrlCredentials.problem(url).ifPresent(p -> {
            throw new CommandLine.ParameterException(line, "the URL must not carry credentials (" + p + "): use --user"
                + " with --password-env (or a prompt), or --token-env (--api-key-env for OpenSearch and Elasticsearch)");
        });
    }

    /** --url as a URI, refused when it carries credentials or is no URL. */
    URI uri() {
        refuseCredentials(spec.commandLine(), url);
        try {
            return URI.create(url);
        } catch (IllegalArgumentException e) {
            throw usage("'" + UrlCredentials.redacted(url) + "' is not a URL: " + UrlCredentials.redacted(e.getMessage()));
        }
    }

    Duration timeout() {
        try {
            return Durations.parse(timeout);
        } catch (IllegalArgumentException e) {
            throw usage("--timeout: " + e.getMessage());
        }
    }

    /**
     * Where a server is and how to log in, as its engine takes it ({@link Pushing#logins}): an API key from
     * --api-key-env, else --user with the password from --password-env or a prompt, else a token from --token-env
     * (from its default variable, InfluxDB's, only for an engine that takes InfluxDB's token), else no credentials.
     * Certificate checks are skipped only where the engine offers it, and said on stderr.
     */
    Connection connection(Pushing pushing, Target.Kind kind, URI url, String database, String org, Secrets secrets,
                          PrintWriter err) {
        pushing.urlProblem(url).ifPresent(p -> {
            throw usage(p);
        });
        Logins logins = pushing.logins();
        if (logins.organisation() && org == null) {
            throw usage(kind.product() + " needs --org (or a target with an org)");
        }
        switch (logins.tls()) {
            case VERIFIED -> {
                if (insecure) {
                    throw usage("--insecure-skip-verify is not offered for " + kind.product() + ": trust its certificate in the JVM");
                }
            }
            case SKIPPABLE -> {
                if (insecure) {
                    err.println("warning: TLS certificate verification is OFF for " + UrlCredentials.redacted(url)
                        + " (--insecure-skip-verify)");
                }
            }
            case NONE -> {
                // the JDBC URL carries the driver's own TLS settings
            }
        }
        Credentials login = credentials(logins, kind, url, secrets);
        try {
            return new Connection(kind, url, database, timeout(), login).withOrganisation(org)
                .skippingTlsVerification(insecure && logins.tls() == Logins.Tls.SKIPPABLE);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private Credentials credentials(Logins logins, Target.Kind kind, URI url, Secrets secrets) {
        if (logins.apiKey() && apiKeyEnv != null) {
            char[] key = secrets.fromEnv(apiKeyEnv);
            if (key == null) {
                throw usage("$" + apiKeyEnv + " is not set (--api-key-env names the variable that holds the API key)");
            }
            return Credentials.apiKey(key);
        }
        if (user != null) {
            char[] password = secrets.fromEnvOrPrompt(passwordEnv, "password for " + user + " at " + UrlCredentials.redacted(url));
            if (password == null && logins.passwordRequired()) {
                throw usage("no password for " + user + ": set $" + passwordEnv + " or run in a terminal to be asked");
            }
            return Credentials.user(user, password);
        }
        boolean named = spec.commandLine().getParseResult().hasMatchedOption("--token-env");
        if (logins.tokens() == Logins.Tokens.NONE || logins.tokens() == Logins.Tokens.NAMED && !named) {
            return Credentials.NONE;
        }
        char[] token = secrets.fromEnv(tokenEnv);
        if (token != null) {
            return Credentials.token(token);
        }
        if (logins.tokens() == Logins.Tokens.REQUIRED) {
            throw usage(kind.product() + " needs a token: set $" + tokenEnv + " (or --token-env VAR), or give --user");
        }
        if (logins.tokens() == Logins.Tokens.NAMED) {
            throw usage("$" + tokenEnv + " is not set (--token-env names the variable that holds the token)");
        }
        return Credentials.NONE;
    }

    /**
     * An InfluxDB 1.x server as a migration reaches it through InfluxQL: --user with the password from --password-env or
     * a prompt, else a token from --token-env when that variable is set, else no credentials; the certificate check
     * skipped only with --insecure-skip-verify, said on stderr.
     */
    Connection influxV1(URI url, Secrets secrets, PrintWriter err) {
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw usage("'" + UrlCredentials.redacted(url) + "' is not an http(s) URL");
        }
        Credentials login = Credentials.NONE;
        if (user != null) {
            char[] password = secrets.fromEnvOrPrompt(passwordEnv, "password for " + user + " at " + UrlCredentials.redacted(url));
            if (password == null) {
                throw usage("no password for " + user + ": set $" + passwordEnv + " or run in a terminal to be asked");
            }
            login = Credentials.user(user, password);
        } else {
            char[] token = secrets.fromEnv(tokenEnv);
            if (token != null) {
                login = Credentials.token(token);
            }
        }
        if (insecure) {
            err.println("warning: TLS certificate verification is OFF for " + UrlCredentials.redacted(url) + " (--insecure-skip-verify)");
        }
        return new Connection(Target.Kind.INFLUXDB_1, url, database, timeout(), login).skippingTlsVerification(insecure);
    }

}
