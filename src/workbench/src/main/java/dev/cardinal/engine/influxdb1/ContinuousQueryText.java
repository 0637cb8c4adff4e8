package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.CommentText;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.RollupQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The {@code CREATE CONTINUOUS QUERY} of a rollup into a retention policy: Cardinal's own, or what the rollup's
 * {@link RollupQuery} says (an imported query), spelled so that influxd keeps the statement it came from. Every name
 * is quoted; a condition is written token by token and must be a plain condition, so no text from a workspace can
 * end the statement or add one.
 */
public final class ContinuousQueryText {
    private static final Set<String> CAST_TYPES = Set.of("tag", "field", "integer", "float", "string", "boolean", "unsigned");

    private ContinuousQueryText() {
    }

    /** The name of a rollup's continuous query: the imported one's, else {@code cq_ID}. */
    public static String name(Rollup r) {
        return r.query() != null ? r.query().name() : "cq_" + r.id();
    }

    /** The statement on {@code database}; a layout whose measurement is a template is read as every measurement. */
    public static String create(Rollup r, Layout layout, String database) {
        RollupQuery q = r.query();
        String db = InfluxQl.identifier(database);
        String source = layout.measurement().isLiteral() ? layout.measurement().literalText() : null;
        StringBuilder sb = new StringBuilder("CREATE CONTINUOUS QUERY ").append(InfluxQl.identifier(name(r))).append(" ON ").append(db);
        if (q == null) {
            // late points: recompute the last two windows, so a point up to one window late still counts
            sb.append(" RESAMPLE FOR ").append(InfluxQl.duration(r.window().multipliedBy(2)));
        } else if (q.resampleEvery() != null || q.resampleFor() != null) {
            sb.append(" RESAMPLE");
            if (q.resampleEvery() != null) {
                sb.append(" EVERY ").append(InfluxQl.duration(q.resampleEvery()));
            }
            if (q.resampleFor() != null) {
                sb.append(" FOR ").append(InfluxQl.duration(q.resampleFor()));
            }
        }
        List<String> selects = new ArrayList<>();
        for (Rollup.AggregateSpec a : r.aggregates()) {
            String as = a.as() == null ? a.attribute() + "_" + a.function().id() : a.as();
            selects.add(aggregate(a, layout) + (as.isEmpty() ? "" : " AS " + InfluxQl.identifier(as)));
        }
        String rp = InfluxQl.identifier(layout.retention().name());
        sb.append(" BEGIN SELECT ").append(String.join(", ", selects))
            .append(" INTO ").append(db).append('.').append(InfluxQl.identifier(r.destination().name())).append('.')
            .append(q == null || q.into() == null ? ":MEASUREMENT" : InfluxQl.identifier(q.into()))
            .append(" FROM ").append(db).append('.').append(rp).append('.')
            .append(q != null && q.fromRegex() != null ? regex(q.fromRegex())
                : source == null ? "/.*/" : InfluxQl.identifier(source));
        if (q != null && q.where() != null) {
            sb.append(" WHERE ").append(condition(q.where(), r));
        }
        sb.append(" GROUP BY time(").append(InfluxQl.duration(r.window()));
        if (q != null && q.offset() != null) {
            sb.append(", ").append(InfluxQl.duration(q.offset()));
        }
        sb.append(')');
        for (String t : r.groupBy()) {
            sb.append(", ").append(InfluxQl.identifier(layout.tagKeyOf(t)));
        }
        if (q != null && q.allTags()) {
            sb.append(", *");
        }
        if (q != null && q.fill() != null) {
            sb.append(" fill(").append(q.fill()).append(')');
        }
        return sb.append(" END").toString();
    }

    private static String aggregate(Rollup.AggregateSpec a, Layout layout) {
        String field = InfluxQl.identifier(layout.fieldKeyOf(a.attribute()));
        return a.function() == Aggregate.COUNT_DISTINCT ? "COUNT(DISTINCT(" + field + "))"
            : a.function().name() + "(" + field + ")";
    }

    /**
     * A regular expression literal: a slash of its own is escaped, an escape it holds is kept as it is (so {@code \/}
     * cannot become an escaped backslash and an end), and a backslash with nothing after it is refused.
     */
    static String regex(String regex) {
        StringBuilder sb = new StringBuilder("/");
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                if (i + 1 == regex.length()) {
                    throw new IllegalArgumentException("the regular expression /" + CommentText.shown(regex)
                        + "/ ends in a backslash that escapes nothing");
                }
                sb.append(c).append(regex.charAt(++i));
            } else if (c == '\n' || c == '\r' || c == '\0') {
                throw new IllegalArgumentException("the regular expression /" + CommentText.shown(regex)
                    + "/ holds a line break or NUL, which InfluxQL cannot hold in a regular expression");
            } else {
                sb.append(c == '/' ? "\\/" : String.valueOf(c));
            }
        }
        return sb.append('/').toString();
    }

    /** A WHERE condition written anew from its tokens; anything but names, values, operators, AND and OR is refused. */
    static String condition(String where, Rollup r) {
        List<InfluxQlTokens.Token> tokens;
        try {
            tokens = InfluxQlTokens.of(where);
        } catch (IllegalArgumentException e) {
            throw refused(r, where, e.getMessage());
        }
        StringBuilder sb = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < tokens.size(); i++) {
            InfluxQlTokens.Token t = tokens.get(i);
            boolean cast = i > 0 && tokens.get(i - 1).is(InfluxQlTokens.Kind.PUNCT, "::");
            String text = switch (t.kind()) {
                case NAME, CALL -> cast && CAST_TYPES.contains(t.text()) ? t.text() : InfluxQl.identifier(t.text());
                case STRING -> InfluxQl.string(t.text());
                case REGEX -> regex(t.text());
                case NUMBER -> t.text();
                case DURATION -> InfluxQl.duration(dev.cardinal.model.Durations.parse(t.text()));
                case KEYWORD -> cast && CAST_TYPES.contains(t.text().toLowerCase(java.util.Locale.ROOT))
                    ? t.text().toLowerCase(java.util.Locale.ROOT)
                    : Set.of("AND", "OR", "TRUE", "FALSE").contains(t.text()) ? t.text() : null;
                case PUNCT -> t.text().equals(";") || t.text().equals(":") || t.text().equals(".") ? null : t.text();
            };
            if (text == null) {
                throw refused(r, where, "'" + t.text() + "' at character " + (t.at() + 1) + " has no place in a condition");
            }
            depth += t.is(InfluxQlTokens.Kind.PUNCT, "(") ? 1 : t.is(InfluxQlTokens.Kind.PUNCT, ")") ? -1 : 0;
            if (depth < 0) {
                throw refused(r, where, "')' at character " + (t.at() + 1) + " closes nothing");
            }
            boolean tight = t.kind() == InfluxQlTokens.Kind.PUNCT && (t.text().equals("(") && i > 0
                && tokens.get(i - 1).kind() == InfluxQlTokens.Kind.CALL || t.text().equals(")") || t.text().equals("::") || t.text().equals(","))
                || cast || i > 0 && tokens.get(i - 1).is(InfluxQlTokens.Kind.PUNCT, "(");
            sb.append(sb.length() == 0 || tight ? "" : " ").append(text);
        }
        if (depth != 0 || tokens.isEmpty()) {
            throw refused(r, where, tokens.isEmpty() ? "it is empty" : "a '(' is not closed");
        }
        return sb.toString();
    }

    private static IllegalArgumentException refused(Rollup r, String where, String why) {
        return new IllegalArgumentException("rollup " + CommentText.shown(r.name()) + ": the condition '"
            + CommentText.shown(where) + "' cannot be written as a WHERE clause: " + why);
    }
}
