package dev.cardinal.engine;

/**
 * What a server of an engine takes to log in and to be reached, so a front end asks the user for that and nothing
 * else ({@link Pushing#logins}).
 *
 * @param tls              whether its certificate check may be skipped for a test instance
 * @param tokens           where a token may come from, and whether one is needed
 * @param apiKey           whether it takes an API key
 * @param passwordRequired whether a user needs a password (a database user may have none)
 * @param organisation     whether it needs an organisation (InfluxDB 2.x and Cloud)
 */
public record Logins(Tls tls, Tokens tokens, boolean apiKey, boolean passwordRequired, boolean organisation) {
    /** An HTTP server that takes basic authentication or a bearer token the user named for it. */
    public static final Logins HTTP = new Logins(Tls.VERIFIED, Tokens.NAMED, false, true, false);

    /** A server's certificate check. */
    public enum Tls {
        /** Always checked: the user trusts the certificate in the JVM. */
        VERIFIED,
        /** May be skipped for a test instance with a self-signed certificate; the front end says it is off. */
        SKIPPABLE,
        /** Not reached over TLS settings of Cardinal's (a JDBC URL carries its own). */
        NONE
    }

    /** Where a token may come from. */
    public enum Tokens {
        /** Takes none. */
        NONE,
        /** Only from where the user named one for this server: a front end's default place holds InfluxDB's. */
        NAMED,
        /** Also from the front end's default place (InfluxDB's token variable). */
        ANY,
        /** As {@link #ANY}, and needed unless a user logs in. */
        REQUIRED
    }
}
