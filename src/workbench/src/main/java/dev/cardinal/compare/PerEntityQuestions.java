package dev.cardinal.compare;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.influxdb1.InfluxQl;
import dev.cardinal.engine.influxdb2.Flux;
import dev.cardinal.engine.sql.SqlGenerator;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Durations;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projection;
import dev.cardinal.traffic.EventKindSample;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The long-range question per entity ("daily count of page_url per listing_id over a year"), asked of both layouts
 * so that both answer it alike: the same grouping (per entity and day) over the same range. It is asked twice: for
 * one entity, which either layout answers in InfluxQL (a tag filter, or a field filter that scans), and for every
 * entity, which InfluxQL answers only when the entity is a tag, since it groups by tags alone. A layout that cannot
 * give the same rows says so and what would, rather than answering a nearby question (one entity's total over the
 * whole range is not a count per day).
 */
final class PerEntityQuestions {
    private static final Duration YEAR = Duration.ofDays(365);

    private PerEntityQuestions() {
    }

    /**
     * @param id     the entity, an attribute that grows with traffic
     * @param field  the field counted
     * @param value  the entity asked about alone, one the sample has
     * @param db     the database the Flux reads from (A's)
     */
    static List<QueryContrast.Question> of(Workspace wsA, EventKind kindA, Projection a, Workspace wsB, EventKind kindB,
                                           Projection b, EventKindSample sample, String id, String field, String value, String db) {
        return List.of(
            new QueryContrast.Question("daily count of " + field + " for " + id + " = " + value + " over a year",
                one(a.layout(), id, value, field, db), one(b.layout(), id, value, field, db)),
            new QueryContrast.Question("daily count of " + field + " per " + id + " over a year",
                every(wsA, kindA, a, id, field, sample, db), every(wsB, kindB, b, id, field, sample, db)));
    }

    /** One entity's count per day: a tag filter or a field filter, each grouped by day. */
    static QueryContrast.Answer one(Layout l, String id, String value, String field, String db) {
        String count = "SELECT COUNT(" + InfluxQl.identifier(QueryContrast.fieldKey(l, field)) + ") FROM " + QueryContrast.from(l, id, null)
            + " WHERE ";
        String range = " AND time > now() - 365d GROUP BY time(1d)";
        String base = QueryContrast.fluxFrom(db, l, "-365d") + "  |> filter(fn: (r) => " + QueryContrast.fluxMeasurement(l, id, null);
        String perDay = "  |> group()\n  |> aggregateWindow(every: 1d, fn: count";
        return switch (l.roleOf(id)) {
            case TAG -> {
                String key = tagKey(l, id);
                yield new QueryContrast.Answer(count + InfluxQl.identifier(key) + " = " + InfluxQl.string(value) + range,
                    base + " and " + Flux.column(key) + " == " + Flux.string(value) + " and r._field == "
                        + Flux.string(QueryContrast.fieldKey(l, field)) + ")\n" + perDay + ")",
                    "a tag filter: the index finds the series of " + id + " = " + value + " at once, then one count a day"
                        + kept(l));
            }
            case FIELD -> new QueryContrast.Answer(count + InfluxQl.identifier(QueryContrast.fieldKey(l, id)) + " = "
                + InfluxQl.string(value) + range,
                base + ")\n  |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n"
                    + "  |> filter(fn: (r) => " + Flux.column(QueryContrast.fieldKey(l, id)) + " == " + Flux.string(value) + ")\n"
                    + perDay + ", column: " + Flux.string(QueryContrast.fieldKey(l, field)) + ")",
                "a field filter: every point of the measurement in the range is read and compared to keep one " + id
                    + "'s, then one count a day" + kept(l));
            default -> new QueryContrast.Answer(null, "the layout does not write " + id + " where a query can filter on it");
        };
    }

    /** Every entity's count per day: a GROUP BY over a tag, a daily summary table that counts the field, or none. */
    static QueryContrast.Answer every(Workspace ws, EventKind kind, Projection p, String id, String field,
                                      EventKindSample sample, String db) {
        Layout l = p.layout();
        Optional<Rollup> keyed = ws.rollups().stream().filter(r -> r.layout().equals(l.id())
            && r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE && r.groupBy().contains(id)).findFirst();
        Optional<Rollup> counting = keyed.filter(r -> r.window().equals(Duration.ofDays(1))
            && r.aggregates().contains(new Rollup.AggregateSpec(field, Aggregate.COUNT)));
        if (counting.isPresent()) {
            return daily(SqlGenerator.generate(SqlDialect.POSTGRESQL, counting.get(), kind, sample), counting.get(), id, field);
        }
        Role role = l.roleOf(id);
        if (role == Role.TAG) {
            String key = tagKey(l, id);
            long values = p.now().tags().getOrDefault(key, 0L);
            return new QueryContrast.Answer("SELECT COUNT(" + InfluxQl.identifier(QueryContrast.fieldKey(l, field)) + ") FROM "
                + QueryContrast.from(l, id, null) + " WHERE time > now() - 365d GROUP BY time(1d), " + InfluxQl.identifier(key),
                QueryContrast.fluxFrom(db, l, "-365d") + "  |> filter(fn: (r) => " + QueryContrast.fluxMeasurement(l, id, null)
                    + " and r._field == " + Flux.string(QueryContrast.fieldKey(l, field)) + ")\n  |> group(columns: ["
                    + Flux.string(key) + "])\n  |> aggregateWindow(every: 1d, fn: count)",
                "a GROUP BY over a tag that grows with traffic: " + String.format(Locale.ROOT, "%,d", values)
                    + " values in the sample alone, each with its series in the index; the answer needs 365 days of raw points"
                    + kept(l));
        }
        if (role == Role.FIELD) {
            String rollup = keyed.map(r -> "; rollup " + r.name() + " is keyed by " + id + " but keeps " + aggregates(r)
                + (r.window().equals(Duration.ofDays(1)) ? "" : " per " + Durations.format(r.window()))
                + ", not a daily count of " + field + ": add one to it to answer this").orElse(
                "; a daily rollup into a relational table keyed by " + id + " that counts " + field + " answers it");
            return new QueryContrast.Answer(null, "not answered alike: InfluxQL groups by tags only and " + id + " is a field, "
                + "and a subquery cannot group by a field either, so no query gives a row per " + id + " and day; one " + id
                + " at a time is the question above, a scan of the range each" + rollup);
        }
        return new QueryContrast.Answer(null, "the layout does not write " + id + " where a query can group by it");
    }

    /**
     * The summary table's count per entity and day, summed over its other keys (a rollup keyed by listing and event
     * holds a row per event too): the same rows as the GROUP BY over a tag.
     */
    private static QueryContrast.Answer daily(SqlGenerator.Script sql, Rollup r, String id, String field) {
        SqlDialect d = sql.dialect();
        String window = d.identifier(sql.columns().stream().filter(c -> c.kind() == SqlGenerator.Column.Kind.WINDOW)
            .findFirst().orElseThrow().name());
        String count = d.identifier(field + "_count");
        String key = d.identifier(id);
        List<String> others = r.groupBy().stream().filter(g -> !g.equals(id)).toList();
        return new QueryContrast.Answer("SELECT " + key + ", " + window + ", SUM(" + count + ") AS " + count + " FROM "
            + d.identifier(sql.table()) + " WHERE " + window + " >= ? AND " + window + " < ? GROUP BY " + key + ", " + window
            + " ORDER BY " + key + ", " + window,
            "SQL on the daily summary table " + sql.table() + " (PostgreSQL; parameters: from, to): one row per " + id
                + " and day" + (others.isEmpty() ? "" : ", summed over " + String.join(", ", others)) + ", whatever the traffic");
    }

    private static String aggregates(Rollup r) {
        return r.aggregates().stream().map(a -> a.function().id() + "(" + a.attribute() + ")").collect(Collectors.joining(", "));
    }

    private static String tagKey(Layout l, String id) {
        return l.tags().stream().filter(x -> x.value().singleRef().filter(id::equals).isPresent()).map(TagSpec::key).findFirst()
            .orElseThrow();
    }

    /** What a retention policy shorter than the year leaves of it: the same query, over fewer days. */
    private static String kept(Layout l) {
        Duration d = l.retention().duration();
        if (l.retention().isInfinite() || d.compareTo(YEAR) >= 0) {
            return "";
        }
        return "; retention policy " + l.retention().name() + " keeps " + Durations.format(d) + " of raw points, so the answer"
            + " covers the last " + Durations.format(d) + " of the year only";
    }
}
