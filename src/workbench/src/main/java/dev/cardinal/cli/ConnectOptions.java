package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb2.InfluxV2Push;
import dev.cardinal.engine.opensearch.DocumentIndexPush;
import dev.cardinal.model.Durations;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
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
     * An influxdb-client-java client for InfluxDB 2.x or Cloud: a token from --token-env, or --user with a password
     * (a session sign-in).
     */
    InfluxV2Push v2Push(URI url, String database, String organisation, Secrets secrets, PrintWriter err) {
        if (organisation == null) {
            throw usage("InfluxDB 2.x needs --org (or a target with an org)");
        }
        if (insecure) {
            err.println("warning: TLS certificate verification is OFF for " + UrlCredentials.redacted(url) + " (--insecure-skip-verify)");
        }
        char[] password = null;
        char[] token = null;
        if (user != null) {
            password = secrets.fromEnvOrPrompt(passwordEnv, "password for " + user + " at " + UrlCredentials.redacted(url));
            if (password == null) {
                throw usage("no password for " + user + ": set $" + passwordEnv + " or run in a terminal to be asked");
            }
        } else {
            token = secrets.fromEnv(tokenEnv);
            if (token == null) {
                throw usage("InfluxDB 2.x needs a token: set $" + tokenEnv + " (or --token-env VAR), or give --user");
            }
        }
        return InfluxV2Push.connect(url, database, organisation, timeout(), insecure, user, password, token);
    }

    /**
     * The Authorization header for an OpenSearch or Elasticsearch cluster: an API key from --api-key-env, or --user
     * with the password from --password-env or a prompt, or null for a cluster without security. It lives in memory
     * only, in the client's requests.
     */
    String documentAuthorization(URI url, Secrets secrets) {
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw usage("'" + UrlCredentials.redacted(url) + "' is not an http(s) URL");
        }
        if (insecure) {
            throw usage("--insecure-skip-verify is not offered for OpenSearch and Elasticsearch: trust the cluster's certificate in the JVM");
        }
        if (apiKeyEnv != null) {
            char[] key = secrets.fromEnv(apiKeyEnv);
            if (key == null) {
                throw usage("$" + apiKeyEnv + " is not set (--api-key-env names the variable that holds the API key)");
            }
            try {
                return DocumentIndexPush.apiKey(key);
            } finally {
                Arrays.fill(key, '\0');
            }
        }
        if (user != null) {
            char[] password = secrets.fromEnvOrPrompt(passwordEnv, "password for " + user + " at " + UrlCredentials.redacted(url));
            if (password == null) {
                throw usage("no password for " + user + ": set $" + passwordEnv + " or run in a terminal to be asked");
            }
            try {
                return DocumentIndexPush.basic(user, password);
            } finally {
                Arrays.fill(password, '\0');
            }
        }
        return null;
    }

    /**
     * Where a server is, for an engine reached through the seam: --user with the password from --password-env or a
     * prompt (HTTP basic), else a token from a --token-env given on this command line (a bearer token; the default
     * variable, InfluxDB's, is never sent to another server), else no credentials.
     */
    Connection connection(Target.Kind kind, URI url, String database, Secrets secrets) {
        if (insecure) {
            throw usage("--insecure-skip-verify is not offered for " + kind.product() + ": trust its certificate in the JVM");
        }
        String authorization = null;
        if (user != null) {
            char[] password = secrets.fromEnvOrPrompt(passwordEnv, "password for " + user + " at " + UrlCredentials.redacted(url));
            if (password == null) {
                throw usage("no password for " + user + ": set $" + passwordEnv + " or run in a terminal to be asked");
            }
            authorization = Connection.basic(user, password);
        } else if (spec.commandLine().getParseResult().hasMatchedOption("--token-env")) {
            char[] token = secrets.fromEnv(tokenEnv);
            if (token == null) {
                throw usage("$" + tokenEnv + " is not set (--token-env names the variable that holds the token)");
            }
            authorization = "Bearer " + new String(token);
            Arrays.fill(token, '\0');
        }
        try {
            return new Connection(kind, url, database, timeout(), authorization);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    InfluxV1Client v1Client(URI url, Secrets secrets, PrintWriter err) {
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw usage("'" + UrlCredentials.redacted(url) + "' is not an http(s) URL");
        }
        InfluxV1Client c = InfluxV1Client.of(url).withTimeout(timeout());
        if (user != null) {
            char[] password = secrets.fromEnvOrPrompt(passwordEnv, "password for " + user + " at " + UrlCredentials.redacted(url));
            if (password == null) {
                throw usage("no password for " + user + ": set $" + passwordEnv + " or run in a terminal to be asked");
            }
            try {
                c = c.withBasicAuth(user, password);
            } finally {
                Arrays.fill(password, '\0');
            }
        } else {
            char[] token = secrets.fromEnv(tokenEnv);
            if (token != null) {
                c = c.withToken(token);
                Arrays.fill(token, '\0');
            }
        }
        if (insecure) {
            err.println("warning: TLS certificate verification is OFF for " + UrlCredentials.redacted(url) + " (--insecure-skip-verify)");
            c = c.withoutTlsVerification();
        }
        return c;
    }

}
