package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.influxdb1.InfluxQlTokens.Kind;
import dev.cardinal.engine.influxdb1.InfluxQlTokens.Token;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Durations;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.RollupQuery;
import dev.cardinal.traffic.SchemaInference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A continuous query, as influxd spells it in {@code SHOW CONTINUOUS QUERIES}, read as a rollup: aggregates of one
 * layout's fields (with their {@code AS} or none), into a retention policy of the same database (a fixed measurement
 * or {@code :MEASUREMENT}), from the layout's measurement or a regular expression, with its RESAMPLE, WHERE, GROUP BY
 * time offset, tags and {@code *}, and fill. A query is a rollup only if the rollup gives back the very statement the
 * server holds; any other (expressions, selectors with arguments, several sources, ORDER BY, LIMIT, a field or tag
 * the layout lacks) is not one, so importing never rewrites a query.
 */
final class ImportedContinuousQuery {
    private final List<Token> tokens;
    private int at;

    private ImportedContinuousQuery(List<Token> tokens) {
        this.tokens = tokens;
    }

    /**
     * @param id a rollup id not taken yet, from the query's name
     */
    static Optional<Rollup> rollup(String name, String query, String database, List<Layout> layouts,
                                   InfluxV1State state, String id) {
        try {
            Optional<Rollup> r = new ImportedContinuousQuery(InfluxQlTokens.of(query)).read(name, query, database, layouts, state, id);
            return r.filter(x -> InfluxV1Planner.same(query, ContinuousQueryText.create(x,
                layouts.stream().filter(l -> l.id().equals(x.layout())).findFirst().orElseThrow(), database)));
        } catch (IllegalArgumentException unreadable) {
            return Optional.empty();
        }
    }

    /** A rollup id from a continuous query's name: without Cardinal's {@code cq_}, made safe for file names. */
    static String idFor(String name) {
        String stem = name.startsWith("cq_") ? name.substring(3) : name;
        return stem.matches("[A-Za-z0-9_-]+") ? stem : SchemaInference.slug(stem);
    }

    private Optional<Rollup> read(String name, String query, String database, List<Layout> layouts, InfluxV1State state,
                                  String id) {
        if (!keywords("CREATE", "CONTINUOUS", "QUERY") || !name(name) || !keywords("ON") || !name(database)) {
            return Optional.empty();
        }
        Duration every = null;
        Duration forSpan = null;
        if (keywords("RESAMPLE")) {
            every = keywords("EVERY") ? duration() : null;
            forSpan = keywords("FOR") ? duration() : null;
        }
        if (!keywords("BEGIN", "SELECT")) {
            return Optional.empty();
        }
        List<String[]> selects = new ArrayList<>(); // function, field key, alias ("" for none)
        do {
            String[] s = select();
            if (s == null) {
                return Optional.empty();
            }
            selects.add(s);
        } while (punct(","));
        String[] into = keywords("INTO") ? qualified(database) : null;
        String[] from = into != null && keywords("FROM") ? qualified(database) : null;
        if (from == null || state.retentionPolicies().get(into[0]) == null) {
            return Optional.empty();
        }
        String where = null;
        if (peek().is(Kind.KEYWORD, "WHERE")) {
            int start = next().at() + "WHERE".length();
            while (at < tokens.size() && !peek().is(Kind.KEYWORD, "GROUP") && !peek().is(Kind.KEYWORD, "END")) {
                at++;
            }
            if (at == tokens.size()) {
                return Optional.empty();
            }
            where = query.substring(start, peek().at()).strip();
        }
        if (!keywords("GROUP", "BY") || !call("time")) {
            return Optional.empty();
        }
        Duration window = duration();
        Duration offset = punct(",") ? duration() : null;
        List<String> tags = new ArrayList<>();
        boolean allTags = false;
        if (!punct(")")) {
            return Optional.empty();
        }
        while (punct(",")) {
            if (punct("*")) {
                allTags = true;
            } else if (peek().kind() == Kind.NAME) {
                tags.add(next().text());
            } else {
                return Optional.empty();
            }
        }
        String fill = call("fill") ? fill() : null;
        if (!keywords("END") || at != tokens.size()) {
            return Optional.empty();
        }
        Optional<Layout> layout = source(layouts, from);
        if (layout.isEmpty()) {
            return Optional.empty();
        }
        List<Rollup.AggregateSpec> aggregates = new ArrayList<>();
        for (String[] s : selects) {
            Optional<String> attribute = layout.get().fields().stream()
                .filter(f -> f.key().isLiteral() && f.key().literalText().equals(s[1])).map(FieldSpec::attribute).findFirst();
            Optional<Aggregate> fn = s[0].equals("count_distinct") ? Optional.of(Aggregate.COUNT_DISTINCT)
                : Aggregate.fromId(s[0]).filter(a -> a != Aggregate.COUNT_DISTINCT);
            if (attribute.isEmpty() || fn.isEmpty()) {
                return Optional.empty();
            }
            String cardinals = attribute.get() + "_" + fn.get().id();
            aggregates.add(new Rollup.AggregateSpec(attribute.get(), fn.get(), s[2].equals(cardinals) ? null : s[2]));
        }
        List<String> groupBy = new ArrayList<>();
        for (String tag : tags) {
            Optional<String> attribute = layout.get().tags().stream().filter(t -> t.key().equals(tag))
                .map(t -> t.value().singleRef().orElse(null)).findFirst();
            if (attribute.isEmpty() || attribute.get() == null) {
                return Optional.empty();
            }
            groupBy.add(attribute.get());
        }
        RollupQuery q = new RollupQuery(name, into[1], from[1] == null ? from[2] : null, every, forSpan, where, offset,
            allTags, fill);
        boolean cardinals = name.equals("cq_" + id) && q.into() == null && q.fromRegex() == null && every == null
            && window.multipliedBy(2).equals(forSpan) && where == null && offset == null && !allTags && fill == null;
        String stem = name.startsWith("cq_") ? name.substring(3) : name;
        return Optional.of(new Rollup(id, stem, layout.get().id(), window, aggregates, groupBy,
            new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, into[0], state.retentionPolicies().get(into[0]).duration()),
            cardinals ? null : q, null));
    }

    /** The layout read from {@code [rp, measurement or null, regex or null]}: in that policy, of that name or the first the regex finds. */
    private static Optional<Layout> source(List<Layout> layouts, String[] from) {
        Pattern regex;
        try {
            regex = from[2] == null ? null : Pattern.compile(from[2]);
        } catch (PatternSyntaxException e) {
            return Optional.empty();
        }
        return layouts.stream().filter(l -> l.measurement().isLiteral() && l.retention().name().equals(from[0])
            && (regex == null ? l.measurement().literalText().equals(from[1]) : regex.matcher(l.measurement().literalText()).find()))
            .findFirst();
    }

    /** {@code fn(key) [AS alias]} or {@code count(distinct(key)) [AS alias]}: function, field key, alias. */
    private String[] select() {
        if (peek().kind() != Kind.CALL) {
            return null;
        }
        String fn = next().text();
        if (!punct("(")) {
            return null;
        }
        boolean distinct = fn.equals("count") && call("distinct");
        if (peek().kind() != Kind.NAME) {
            return null;
        }
        String key = next().text();
        if (!punct(")") || distinct && !punct(")")) {
            return null;
        }
        String alias = "";
        if (keywords("AS")) {
            if (peek().kind() != Kind.NAME) {
                return null;
            }
            alias = next().text();
        }
        return new String[] {distinct ? "count_distinct" : fn, key, alias};
    }

    /** {@code db.rp.measurement}, {@code db.rp./regex/} or {@code db.rp.:MEASUREMENT} on {@code database}: rp, name, regex. */
    private String[] qualified(String database) {
        if (!name(database) || !punct(".") || peek().kind() != Kind.NAME) {
            return null;
        }
        String rp = next().text();
        if (!punct(".")) {
            return null;
        }
        if (punct(":")) {
            return keywords("MEASUREMENT") ? new String[] {rp, null, null} : null;
        }
        Token t = next();
        return t.kind() == Kind.NAME ? new String[] {rp, t.text(), null}
            : t.kind() == Kind.REGEX ? new String[] {rp, null, t.text()} : null;
    }

    private String fill() {
        boolean minus = punct("-");
        Token t = next();
        String value = t.kind() == Kind.NUMBER ? (minus ? "-" : "") + t.text()
            : !minus && t.kind() == Kind.NAME && Set.of("none", "null", "previous", "linear").contains(t.text()) ? t.text() : null;
        if (value == null || !punct(")")) {
            throw new IllegalArgumentException("not a fill");
        }
        return value.equals("null") ? null : value;
    }

    private Duration duration() {
        Token t = next();
        if (t.kind() != Kind.DURATION) {
            throw new IllegalArgumentException("expected a duration at character " + (t.at() + 1));
        }
        return Durations.parse(t.text());
    }

    private boolean keywords(String... words) {
        for (String w : words) {
            if (!peek().is(Kind.KEYWORD, w)) {
                return false;
            }
            at++;
        }
        return true;
    }

    private boolean name(String expected) {
        boolean ok = peek().kind() == Kind.NAME && peek().text().equals(expected);
        at += ok ? 1 : 0;
        return ok;
    }

    private boolean call(String fn) {
        boolean ok = peek().is(Kind.CALL, fn) && tokens.size() > at + 1 && tokens.get(at + 1).is(Kind.PUNCT, "(");
        at += ok ? 2 : 0;
        return ok;
    }

    private boolean punct(String p) {
        boolean ok = peek().is(Kind.PUNCT, p);
        at += ok ? 1 : 0;
        return ok;
    }

    private Token next() {
        if (at >= tokens.size()) {
            throw new IllegalArgumentException("the statement ends too soon");
        }
        return tokens.get(at++);
    }

    private Token peek() {
        return at < tokens.size() ? tokens.get(at) : new Token(Kind.PUNCT, "", Integer.MAX_VALUE);
    }
}
