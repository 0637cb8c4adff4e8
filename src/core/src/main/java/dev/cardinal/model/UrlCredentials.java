package dev.cardinal.model;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Credentials written into a URL: {@code user:pass@} and the query parameters servers read them from (InfluxDB 1.x
 * takes {@code ?u=admin&p=secret}, JDBC drivers {@code ?password=}, others a {@code token} or an API key). A URL is
 * saved in a workspace, printed in messages and kept in shell history, so one that carries them is refused, and any
 * URL printed goes through {@link #redacted} first.
 */
public final class UrlCredentials {
    /** Query parameters that carry a user or a secret, compared without case. */
    static final Set<String> KEYS = Set.of("u", "p", "password", "passwd", "pwd", "pass", "token", "access_token",
        "auth", "authorization", "apikey", "api_key", "api-key", "secret");
    private static final Pattern USER_INFO = Pattern.compile("(?<=//)[^/?#@\\s]*@");
    private static final Pattern QUERY_KEY = Pattern.compile("([?&;])([^=&#;\\s]+)=([^&#;\\s]*)");

    private UrlCredentials() {
    }

    /** Where {@code url} carries credentials ({@code user:password@ before the host}, {@code p= in its query}), or empty. */
    public static Optional<String> problem(String url) {
        if (USER_INFO.matcher(url).find()) {
            return Optional.of("user:password@ before the host");
        }
        Matcher m = QUERY_KEY.matcher(url);
        while (m.find()) {
            String key = decoded(m.group(2));
            if (KEYS.contains(key.toLowerCase(Locale.ROOT))) {
                return Optional.of(key + "= in its query");
            }
        }
        return Optional.empty();
    }

    /** {@code url} with the user information and the value of every credential parameter replaced by {@code ***}. */
    public static String redacted(String url) {
        if (url == null) {
            return null;
        }
        String noUser = USER_INFO.matcher(url).replaceAll("***@");
        Matcher m = QUERY_KEY.matcher(noUser);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = KEYS.contains(decoded(m.group(2)).toLowerCase(Locale.ROOT)) ? "***" : m.group(3);
            m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + m.group(2) + "=" + value));
        }
        return m.appendTail(sb).toString();
    }

    /** {@link #redacted(String)} of {@code url}'s text. */
    public static String redacted(URI url) {
        return url == null ? null : redacted(url.toString());
    }

    /** A key as a server reads it: {@code %70} is {@code p}. */
    private static String decoded(String key) {
        try {
            return java.net.URLDecoder.decode(key, java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return key;
        }
    }
}
