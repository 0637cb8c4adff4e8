package dev.cardinal.lint;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Names as InfluxQL and Flux queries read them: which must be quoted, why, and a plain name to use instead. */
final class QueryNames {
    /** InfluxQL's keywords (influxql/scanner.go, 1.x). */
    static final Set<String> INFLUXQL = Set.of("ALL", "ALTER", "ANALYZE", "ANY", "AS", "ASC", "BEGIN", "BY",
        "CARDINALITY", "CREATE", "CONTINUOUS", "DATABASE", "DATABASES", "DEFAULT", "DELETE", "DESC", "DESTINATIONS",
        "DIAGNOSTICS", "DISTINCT", "DROP", "DURATION", "END", "EVERY", "EXACT", "EXPLAIN", "FIELD", "FOR", "FROM",
        "GRANT", "GRANTS", "GROUP", "GROUPS", "IN", "INF", "INSERT", "INTO", "KEY", "KEYS", "KILL", "LIMIT",
        "MEASUREMENT", "MEASUREMENTS", "NAME", "OFFSET", "ON", "ORDER", "PASSWORD", "POLICIES", "POLICY", "PRIVILEGES",
        "QUERIES", "QUERY", "READ", "REPLICATION", "RESAMPLE", "RETENTION", "REVOKE", "SELECT", "SERIES", "SET",
        "SHARD", "SHARDS", "SLIMIT", "SOFFSET", "STATS", "SUBSCRIPTION", "SUBSCRIPTIONS", "TAG", "TO", "USER", "USERS",
        "VALUES", "WHERE", "WITH", "WRITE", "AND", "OR", "TRUE", "FALSE");
    /** Flux's keywords and the record members every row has. */
    static final Set<String> FLUX = Set.of("and", "or", "not", "empty", "in", "import", "package", "return", "option",
        "builtin", "test", "testcase", "if", "then", "else", "exists", "_time", "_value", "_field", "_measurement",
        "_start", "_stop");
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private QueryNames() {
    }

    /** Why a name needs quoting, or null. */
    static String problem(String name) {
        if (name.equals("time")) {
            return "the name of the time column, which the server refuses as a tag or field";
        }
        if (INFLUXQL.contains(name.toUpperCase(Locale.ROOT))) {
            return "an InfluxQL keyword";
        }
        if (FLUX.contains(name)) {
            return "a Flux keyword or column";
        }
        if (!PLAIN.matcher(name).matches()) {
            return "characters outside [A-Za-z0-9_]";
        }
        return null;
    }

    /** A name that needs no quoting. */
    static String plain(String name) {
        String s = name.replaceAll("[^A-Za-z0-9_]+", "_").replaceAll("^_+|_+$", "");
        if (s.isEmpty() || Character.isDigit(s.charAt(0))) {
            s = "n_" + s;
        }
        return problem(s) == null ? s : s + "_";
    }
}
