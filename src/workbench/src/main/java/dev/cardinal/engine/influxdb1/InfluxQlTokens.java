package dev.cardinal.engine.influxdb1;

import dev.cardinal.model.Durations;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * InfluxQL read as its scanner reads it: names (bare or double-quoted, escapes resolved), keywords, strings, regular
 * expressions, numbers, durations and punctuation. influxd keeps a statement in its own spelling (names unquoted where
 * they may be, functions in lower case, durations in one unit, {@code fill(null)} left out), so two statements are the
 * same when their {@link #normalForm}s are, whoever spelled them.
 */
public final class InfluxQlTokens {
    /** What a token is; a name followed by {@code (} is a {@link #CALL}. */
    public enum Kind { NAME, KEYWORD, CALL, STRING, REGEX, NUMBER, DURATION, PUNCT }

    /**
     * @param text the value: a name or string without quotes and escapes, a keyword or call in its server case, a
     *             regular expression without its slashes
     * @param at   where it starts in the statement, from 0
     */
    public record Token(Kind kind, String text, int at) {
        /** {@code kind} with {@code text}, ignoring case for keywords. */
        public boolean is(Kind k, String t) {
            return kind == k && (k == Kind.KEYWORD ? text.equalsIgnoreCase(t) : text.equals(t));
        }
    }

    private static final Set<String> KEYWORDS = Set.of("ALL", "ALTER", "AND", "ANY", "AS", "ASC", "BEGIN", "BY",
        "CARDINALITY", "CONTINUOUS", "CREATE", "DATABASE", "DATABASES", "DEFAULT", "DELETE", "DESC", "DESTINATIONS",
        "DIAGNOSTICS", "DISTINCT", "DROP", "DURATION", "END", "EVERY", "EXACT", "EXPLAIN", "FALSE", "FIELD", "FOR", "FROM",
        "GRANT", "GRANTS", "GROUP", "GROUPS", "IN", "INF", "INSERT", "INTO", "KEY", "KEYS", "KILL", "LIMIT", "MEASUREMENT",
        "MEASUREMENTS", "NAME", "OFFSET", "ON", "OR", "ORDER", "PASSWORD", "POLICIES", "POLICY", "PRIVILEGES", "QUERIES",
        "QUERY", "READ", "REPLICATION", "RESAMPLE", "RETENTION", "REVOKE", "SELECT", "SERIES", "SET", "SHARD", "SHARDS",
        "SLIMIT", "SOFFSET", "STATS", "SUBSCRIPTION", "SUBSCRIPTIONS", "TAG", "TO", "TRUE", "USER", "USERS", "VALUES",
        "WHERE", "WITH", "WRITE");
    private static final List<String> OPERATORS = List.of("::", "=~", "!~", "!=", "<>", "<=", ">=", "=", "<", ">", "+", "-",
        "*", "/", "%", "&", "|", "^", "(", ")", ",", ".", ":", ";");

    private InfluxQlTokens() {
    }

    /** Whether InfluxQL reads {@code word}, unquoted, as a keyword. */
    public static boolean isKeyword(String word) {
        return KEYWORDS.contains(word.toUpperCase(Locale.ROOT));
    }

    /** The tokens of {@code influxql}; throws {@link IllegalArgumentException} saying where it cannot be read. */
    public static List<Token> of(String influxql) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < influxql.length()) {
            char c = influxql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"' || c == '\'') {
                int end = closing(influxql, i, c);
                out.add(new Token(c == '"' ? Kind.NAME : Kind.STRING, unescape(influxql.substring(i + 1, end - 1), false), i));
                i = end;
            } else if (c == '/' && regexMayStart(out)) {
                int end = closing(influxql, i, '/');
                out.add(new Token(Kind.REGEX, unescape(influxql.substring(i + 1, end - 1), true), i));
                i = end;
            } else if (Character.isDigit(c) || c == '.' && i + 1 < influxql.length() && Character.isDigit(influxql.charAt(i + 1))) {
                i = number(influxql, i, out);
            } else if (Character.isLetter(c) || c == '_') {
                int end = i;
                while (end < influxql.length() && (Character.isLetterOrDigit(influxql.charAt(end)) || influxql.charAt(end) == '_')) {
                    end++;
                }
                String word = influxql.substring(i, end);
                out.add(isKeyword(word) ? new Token(Kind.KEYWORD, word.toUpperCase(Locale.ROOT), i) : new Token(Kind.NAME, word, i));
                i = end;
            } else {
                int at = i;
                String op = OPERATORS.stream().filter(o -> influxql.startsWith(o, at)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unexpected '" + c + "' at character " + (at + 1)));
                out.add(new Token(Kind.PUNCT, op, i));
                i += op.length();
            }
        }
        // a name right before "(" is a function, which influxd spells in lower case
        for (int k = 0; k + 1 < out.size(); k++) {
            Token t = out.get(k);
            if (out.get(k + 1).is(Kind.PUNCT, "(") && (t.kind() == Kind.NAME || t.is(Kind.KEYWORD, "DISTINCT"))) {
                out.set(k, new Token(Kind.CALL, t.text().toLowerCase(Locale.ROOT), t.at()));
            }
        }
        return out;
    }

    /** The statement as comparable values: two spellings of one statement have equal normal forms. */
    public static List<String> normalForm(String influxql) {
        List<String> out = new ArrayList<>();
        for (Token t : of(influxql)) {
            out.add(t.kind() + ":" + switch (t.kind()) {
                case NUMBER -> new BigDecimal(t.text()).stripTrailingZeros().toPlainString();
                case DURATION -> Long.toString(Durations.parse(t.text()).toNanos());
                default -> t.text();
            });
        }
        return out;
    }

    /** Division needs a value before it; anywhere else (after {@code =~}, FROM, BY, a dot or a comma) a slash opens a regex. */
    private static boolean regexMayStart(List<Token> before) {
        if (before.isEmpty()) {
            return true;
        }
        Token t = before.get(before.size() - 1);
        return t.kind() == Kind.KEYWORD || t.kind() == Kind.PUNCT && !t.text().equals(")");
    }

    private static int closing(String s, int start, char quote) {
        for (int i = start + 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i + 1;
            } else if (c == '\n' && quote != '/') {
                break;
            }
        }
        throw new IllegalArgumentException("unterminated " + (quote == '"' ? "name" : quote == '\'' ? "string"
            : "regular expression") + " starting at character " + (start + 1));
    }

    /**
     * InfluxQL's escapes: in names and strings {@code \\}, {@code \"}, {@code \'} and {@code \n}; in a regular
     * expression only an escaped slash is a slash, and every other escape stays for the expression itself.
     */
    private static String unescape(String s, boolean regex) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                boolean plain = regex ? n == '/' : n == '\\' || n == '"' || n == '\'';
                if (!regex && n == 'n') {
                    sb.append('\n');
                } else {
                    sb.append(plain ? "" : "\\").append(n);
                }
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static int number(String s, int start, List<Token> out) {
        int i = start;
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.')) {
            i++;
        }
        int unit = i;
        while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == 'µ')) {
            i++;
        }
        String text = s.substring(start, i);
        if (unit == i) {
            try {
                new BigDecimal(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + text + "' at character " + (start + 1) + " is not a number");
            }
            out.add(new Token(Kind.NUMBER, text, start));
        } else {
            try {
                Durations.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("at character " + (start + 1) + ": " + e.getMessage());
            }
            out.add(new Token(Kind.DURATION, text, start));
        }
        return i;
    }
}
