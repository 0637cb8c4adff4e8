package dev.cardinal.lint;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.TagSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Rule 5: names that are InfluxQL or Flux keywords, or that hold characters outside {@code [A-Za-z0-9_]}: every
 * query must quote them (and in Flux, use {@code r["name"]}), and hand-written queries get it wrong.
 */
final class NeedsQuoting implements Rule {
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

    @Override
    public String id() {
        return "name-needs-quoting";
    }

    @Override
    public String description() {
        return "keys or measurement names that are InfluxQL or Flux keywords, or need quoting";
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

    @Override
    public List<Finding> check(LintContext c) {
        List<Finding> out = new ArrayList<>();
        if (c.layout().measurement().isLiteral()) {
            String m = c.layout().measurement().literalText();
            check(c, out, "measurement", m, l -> l.withMeasurement(dev.cardinal.model.Template.literal(plain(m))));
        }
        for (TagSpec t : c.layout().tags()) {
            check(c, out, "tag key", t.key(), l -> l.withTags(l.tags().stream()
                .map(x -> x.key().equals(t.key()) ? new TagSpec(plain(t.key()), x.value()) : x).toList()));
        }
        for (FieldSpec f : c.layout().fields()) {
            if (f.key().isLiteral()) {
                String k = f.key().literalText();
                check(c, out, "field key", k, l -> l.withFields(l.fields().stream()
                    .map(x -> x.key().isLiteral() && x.key().literalText().equals(k)
                        ? new FieldSpec(dev.cardinal.model.Template.literal(plain(k)), x.attribute()) : x).toList()));
            }
        }
        return out;
    }

    private void check(LintContext c, List<Finding> out, String what, String name,
                       UnaryOperator<dev.cardinal.model.Layout> rename) {
        String why = problem(name);
        if (why == null) {
            return;
        }
        Severity severity = name.equals("time") && !what.equals("measurement") ? Severity.ERROR : Severity.WARNING;
        out.add(c.finding(this, severity, name,
            "The " + what + " '" + name + "' is " + why + ": every InfluxQL query must double-quote it and Flux must"
                + " write r[\"" + name + "\"].",
            List.of(new Evidence(what, name), new Evidence("why", why)),
            c.layoutFix("rename it to " + plain(name), rename)));
    }
}
