package dev.cardinal.engine;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a front end logs in to a server, as the user gave it: a user (with a password, or none for a database without
 * one), a token, or an API key. The engine builds from it what its server takes (a header, a driver's properties, a
 * client's sign-in). Kept in memory only: never written, never printed ({@link #toString} masks it); each secret is
 * handed out as a copy the caller clears.
 */
public final class Credentials {
    /** No log-in. */
    public static final Credentials NONE = new Credentials(null, null, null, null);

    private final String user;
    private final char[] password;
    private final char[] token;
    private final char[] apiKey;

    private Credentials(String user, char[] password, char[] token, char[] apiKey) {
        this.user = user;
        this.password = password == null ? null : password.clone();
        this.token = token == null ? null : token.clone();
        this.apiKey = apiKey == null ? null : apiKey.clone();
    }

    /** A user and their password (null: the user has none); {@code password} is cleared. */
    public static Credentials user(String user, char[] password) {
        try {
            return new Credentials(java.util.Objects.requireNonNull(user, "user"), password, null, null);
        } finally {
            clear(password);
        }
    }

    /** An API token; {@code token} is cleared. */
    public static Credentials token(char[] token) {
        try {
            return new Credentials(null, null, java.util.Objects.requireNonNull(token, "token"), null);
        } finally {
            clear(token);
        }
    }

    /** An API key (OpenSearch and Elasticsearch call it that); {@code key} is cleared. */
    public static Credentials apiKey(char[] key) {
        try {
            return new Credentials(null, null, null, java.util.Objects.requireNonNull(key, "key"));
        } finally {
            clear(key);
        }
    }

    public Optional<String> user() {
        return Optional.ofNullable(user);
    }

    /** A copy of the user's password, or null. */
    public char[] password() {
        return password == null ? null : password.clone();
    }

    /** A copy of the token, or null. */
    public char[] token() {
        return token == null ? null : token.clone();
    }

    /** A copy of the API key, or null. */
    public char[] apiKey() {
        return apiKey == null ? null : apiKey.clone();
    }

    /**
     * The {@code Authorization} header an HTTP server takes: basic for a user, bearer for a token, {@code ApiKey} for
     * an API key; null for none.
     */
    public String header() {
        if (user != null) {
            return Connection.basic(user, password == null ? new char[0] : password());
        }
        if (token != null) {
            return "Bearer " + new String(token);
        }
        return apiKey == null ? null : "ApiKey " + new String(apiKey);
    }

    private static void clear(char[] secret) {
        if (secret != null) {
            Arrays.fill(secret, '\0');
        }
    }

    @Override
    public String toString() {
        return user != null ? "user " + user + " with a password" : token != null ? "a token" : apiKey != null ? "an API key" : "none";
    }
}
