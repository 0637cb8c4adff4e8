package dev.cardinal.compare;

import dev.cardinal.engine.ContrastQuestion;
import dev.cardinal.engine.QueryLanguages;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
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

    public static List<Question> of(Workspace ws, EventKind kind, Projection a, Projection b, EventKindSample sample,
                                    QueryLanguages languages) {
        return of(ws, kind, a, ws, kind, b, sample, languages);
    }

    /**
     * The questions for two layouts that may come from different workspaces (another file, a git revision): each
     * answer uses its own workspace's rollups; the database and the questions are A's ({@code ws}, {@code kind}).
     * Each engine in {@code languages} writes the queries in its own language.
     */
    public static List<Question> of(Workspace ws, EventKind kind, Projection a, Workspace wsB, EventKind kindB, Projection b,
                                    EventKindSample sample, QueryLanguages languages) {
        List<Question> out = new ArrayList<>();
        closedSet(a, b).ifPresent(attr -> {
            String value = firstValue(sample, attr);
            String counted = commonField(kind, a.layout(), b.layout(), attr);
            out.add(new Question("points of " + attr + " = " + value + " over the last day",
                answer(languages, new ContrastQuestion.PointsWhere(ws, a.layout(), attr, value, counted)),
                answer(languages, new ContrastQuestion.PointsWhere(ws, b.layout(), attr, value, counted))));
        });
        perEntity(a, b).ifPresent(id -> out.addAll(PerEntityQuestions.of(ws, kind, a, wsB, kindB, b, sample, id,
            countedField(kind, a.layout(), b.layout(), id), firstValue(sample, id), languages)));
        return out;
    }

    /** The answer the engines in {@code languages} give to {@code q}. */
    static Answer answer(QueryLanguages languages, ContrastQuestion q) {
        QueryLanguages.Answer a = languages.answer(q);
        return new Answer(a.query(), a.alongside(), a.note());
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
}
