package dev.cardinal.compare;

import dev.cardinal.engine.influxdb1.InfluxQl;
import dev.cardinal.engine.influxdb2.Flux;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Growth;
import dev.cardinal.projection.Projection;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.EventKindSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The same questions answered in each of two layouts, as the InfluxQL (or SQL) each forces on you: a filter on a
 * closed set ("points of event = view"), which is a tag filter in one layout and perhaps a regular expression over
 * measurement names or a field scan in the other; and a long-range question per entity ("daily count per listing_id
 * over a year"), asked alike of both ({@link PerEntityQuestions}): a GROUP BY over a high-cardinality tag in one, a
 * field filter per entity or a daily summary table in the other. Where a layout cannot answer, it says so and why.
 */
public final class QueryContrast {
    /** One question and each layout's answer: a query, with a note on what it costs, or why there is none. */
    public record Question(String text, Answer a, Answer b) {
    }

    /**
     * A query (null when the layout cannot answer), the same in Flux (null when there is none: a SQL report, or no
     * answer), and a note: what the query costs, or why it cannot be written.
     */
    public record Answer(String query, String flux, String note) {
        Answer(String query, String note) {
            this(query, null, note);
        }

        public boolean answered() {
            return query != null;
        }
    }

    private QueryContrast() {
    }

    public static List<Question> of(Workspace ws, EventKind kind, Projection a, Projection b, EventKindSample sample) {
        return of(ws, kind, a, ws, kind, b, sample);
    }

    /**
     * The questions for two layouts that may come from different workspaces (another file, a git revision): each
     * answer uses its own workspace's rollups; the database and the questions are A's ({@code ws}, {@code kind}).
     */
    public static List<Question> of(Workspace ws, EventKind kind, Projection a, Workspace wsB, EventKind kindB, Projection b,
                                    EventKindSample sample) {
        List<Question> out = new ArrayList<>();
        closedSet(a, b).ifPresent(attr -> {
            String value = firstValue(sample, attr);
            String counted = commonField(kind, a.layout(), b.layout(), attr);
            String db = dev.cardinal.engines.Bundle.database(ws);
            out.add(new Question("points of " + attr + " = " + value + " over the last day",
                withFlux(filter(a.layout(), attr, value, counted), fluxFilter(db, a.layout(), attr, value, counted)),
                withFlux(filter(b.layout(), attr, value, counted), fluxFilter(db, b.layout(), attr, value, counted))));
        });
        perEntity(a, b).ifPresent(id -> out.addAll(PerEntityQuestions.of(ws, kind, a, wsB, kindB, b, sample, id,
            countedField(kind, a.layout(), b.layout(), id), firstValue(sample, id), dev.cardinal.engines.Bundle.database(ws))));
        return out;
    }

    /** The answer with its Flux, when it is an InfluxQL answer (a SQL report or no answer has none). */
    private static Answer withFlux(Answer a, String flux) {
        return a.answered() && a.query().startsWith("SELECT") && !a.note().startsWith("SQL") ? new Answer(a.query(), flux, a.note()) : a;
    }

    static String fluxFrom(String db, Layout l, String since) {
        return "from(bucket: " + Flux.string(dev.cardinal.engine.influxdb2.FluxGenerator.bucket(db, l)) + ")\n  |> range(start: " + since + ")\n";
    }

    /** The measurement test in Flux: equality, or the same regular expression InfluxQL uses over names. */
    static String fluxMeasurement(Layout l, String attr, String value) {
        Template m = l.measurement();
        if (m.isLiteral()) {
            return "r._measurement == " + Flux.string(m.literalText());
        }
        String influx = from(l, attr, value);
        return "r._measurement =~ " + influx;
    }

    static String fluxFilter(String db, Layout l, String attr, String value, String counted) {
        String field = counted != null ? counted : l.fields().stream().filter(FieldSpec::isPlain).map(f -> f.key().literalText())
            .findFirst().orElse(null);
        Role role = l.roleOf(attr);
        String base = fluxFrom(db, l, "-1d");
        return switch (role) {
            case TAG -> {
                TagSpec t = l.tags().stream().filter(x -> x.value().singleRef().filter(attr::equals).isPresent()).findFirst().orElseThrow();
                yield base + "  |> filter(fn: (r) => " + fluxMeasurement(l, attr, null) + " and " + Flux.column(t.key()) + " == "
                    + Flux.string(value) + (field == null ? "" : " and r._field == " + Flux.string(field)) + ")\n  |> count()";
            }
            case FIELD -> base + "  |> filter(fn: (r) => " + fluxMeasurement(l, attr, null) + ")\n"
                + "  |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n"
                + "  |> filter(fn: (r) => " + Flux.column(fieldKey(l, attr)) + " == " + Flux.string(value) + ")\n"
                + "  |> count(column: " + Flux.string(field == null ? fieldKey(l, attr) : field) + ")";
            case IN_TEMPLATE -> {
                if (l.measurement().attributes().contains(attr)) {
                    yield base + "  |> filter(fn: (r) => " + fluxMeasurement(l, attr, value)
                        + (field == null ? "" : " and r._field == " + Flux.string(field)) + ")\n  |> count()";
                }
                TagSpec t = l.tags().stream().filter(x -> x.value().attributes().contains(attr)).findFirst().orElse(null);
                yield t == null ? null : base + "  |> filter(fn: (r) => " + fluxMeasurement(l, attr, null) + " and " + Flux.column(t.key())
                    + " =~ /" + tagPattern(t.value(), attr, value) + "/" + (field == null ? "" : " and r._field == " + Flux.string(field))
                    + ")\n  |> count()";
            }
            case DROPPED -> null;
        };
    }

    /** A closed-set attribute one of the layouts indexes as a tag. */
    private static Optional<String> closedSet(Projection a, Projection b) {
        // one the layouts write differently makes the contrast; else any
        return a.attributes().stream()
            .sorted(java.util.Comparator.comparing(x -> a.layout().roleOf(x.name()) == b.layout().roleOf(x.name())))
            .filter(x -> x.growth() == Growth.CLOSED && x.distinct() > 1
                && (a.layout().roleOf(x.name()) == Role.TAG || b.layout().roleOf(x.name()) == Role.TAG
                || a.layout().roleOf(x.name()) == Role.IN_TEMPLATE || b.layout().roleOf(x.name()) == Role.IN_TEMPLATE))
            .map(Projection.AttributeProjection::name).findFirst();
    }

    /** An attribute that grows with traffic, a tag in one layout or grouped by in a rollup: the per-entity question. */
    private static Optional<String> perEntity(Projection a, Projection b) {
        return a.attributes().stream()
            .filter(x -> x.growth() == Growth.GROWS && (a.layout().roleOf(x.name()) == Role.TAG || b.layout().roleOf(x.name()) == Role.TAG))
            .map(Projection.AttributeProjection::name).findFirst();
    }

    private static String firstValue(EventKindSample sample, String attr) {
        int i = sample.attributeIndex(attr);
        Column c = sample.column(i);
        for (int r = 0; r < sample.rows(); r++) {
            if (c.present(r)) {
                return c.text(r);
            }
        }
        return "";
    }

    /** The field to count: the first plain field of the first layout that is not the entity. */
    private static String countedField(EventKind kind, Layout a, Layout b, String id) {
        for (Layout l : List.of(a, b)) {
            for (FieldSpec f : l.fields()) {
                if (f.isPlain() && !f.attribute().equals(id)) {
                    return f.attribute();
                }
            }
        }
        return kind.attributes().get(0).name();
    }

    /** FROM clause: the measurement, or a regular expression over the names a templated measurement writes. */
    static String from(Layout l, String attr, String value) {
        Template m = l.measurement();
        if (m.isLiteral()) {
            return InfluxQl.identifier(m.literalText());
        }
        StringBuilder re = new StringBuilder("/^");
        for (Template.Part p : m.parts()) {
            if (p instanceof Template.Literal lit) {
                re.append(literal(lit.text()));
            } else if (p instanceof Template.Ref r && r.attribute().equals(attr) && value != null) {
                re.append(literal(value));
            } else {
                re.append(".*");
            }
        }
        return re.append("$/").toString();
    }

    /** A field both layouts write under the same plain key (not {@code except}), so both queries count the same; else null. */
    private static String commonField(EventKind kind, Layout a, Layout b, String except) {
        for (var attribute : kind.attributes()) {
            String n = attribute.name();
            if (!n.equals(except) && a.fields().stream().anyMatch(f -> f.isPlain() && f.attribute().equals(n))
                && b.fields().stream().anyMatch(f -> f.isPlain() && f.attribute().equals(n))) {
                return n;
            }
        }
        return null;
    }

    private static String anyField(Layout l, String preferred) {
        if (preferred != null) {
            return InfluxQl.identifier(preferred);
        }
        return l.fields().stream().filter(FieldSpec::isPlain).map(f -> InfluxQl.identifier(f.key().literalText())).findFirst()
            .orElse("*");
    }

    static Answer filter(Layout l, String attr, String value, String counted) {
        Role role = l.roleOf(attr);
        String last = " AND time > now() - 1d";
        return switch (role) {
            case TAG -> {
                TagSpec t = l.tags().stream().filter(x -> x.value().singleRef().filter(attr::equals).isPresent()).findFirst().orElseThrow();
                yield new Answer("SELECT COUNT(" + anyField(l, counted) + ") FROM " + from(l, attr, null) + " WHERE "
                    + InfluxQl.identifier(t.key()) + " = " + InfluxQl.string(value) + last,
                    "a tag filter: the index finds the series of " + attr + " = " + value + " at once");
            }
            case FIELD -> new Answer("SELECT COUNT(" + anyField(l, counted) + ") FROM " + from(l, attr, null) + " WHERE "
                + InfluxQl.identifier(fieldKey(l, attr)) + " = " + InfluxQl.string(value) + last,
                "a field filter: every series of the measurement is read and each point compared");
            case IN_TEMPLATE -> {
                if (l.measurement().attributes().contains(attr)) {
                    yield new Answer("SELECT COUNT(" + anyField(l, counted) + ") FROM " + from(l, attr, value) + " WHERE time > now() - 1d",
                        "a regular expression over measurement names: " + attr + " is encoded in the name");
                }
                TagSpec t = l.tags().stream().filter(x -> x.value().attributes().contains(attr)).findFirst().orElse(null);
                if (t != null) {
                    yield new Answer("SELECT COUNT(" + anyField(l, counted) + ") FROM " + from(l, attr, null) + " WHERE "
                        + InfluxQl.identifier(t.key()) + " =~ /" + tagPattern(t.value(), attr, value) + "/" + last,
                        "a regular expression over the values of tag " + t.key() + ", which packs several facts");
                }
                yield new Answer(null, attr + " is only written into field keys: each of its values is a different field");
            }
            case DROPPED -> new Answer(null, "the layout does not write " + attr);
        };
    }

    /**
     * Text matched literally in a regular expression that Go's RE2 (InfluxDB) and Rust's regex (Flux's language
     * service) both read: each metacharacter and the {@code /} that ends the literal get a backslash; {@code \\Q...\\E}
     * is not used because Rust's regex does not know it.
     */
    static String literal(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (char c : text.toCharArray()) {
            if ("\\.+*?()|[]{}^$/".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    private static String tagPattern(Template value, String attr, String v) {
        StringBuilder re = new StringBuilder("^");
        for (Template.Part p : value.parts()) {
            if (p instanceof Template.Literal lit) {
                re.append(literal(lit.text()));
            } else if (p instanceof Template.Ref r && r.attribute().equals(attr)) {
                re.append(literal(v));
            } else {
                re.append(".*");
            }
        }
        return re.append("$").toString();
    }

    static String fieldKey(Layout l, String attr) {
        return l.fields().stream().filter(f -> f.attribute().equals(attr) && f.key().isLiteral()).map(f -> f.key().literalText())
            .findFirst().orElse(attr);
    }
}
