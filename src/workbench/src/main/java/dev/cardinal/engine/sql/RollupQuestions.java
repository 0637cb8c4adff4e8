package dev.cardinal.engine.sql;

import dev.cardinal.engine.ContrastQuestion;
import dev.cardinal.engine.QueryWriter;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Rollup;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The question per entity that a daily rollup into a relational table answers before any time-series query can: the
 * count per entity and day, read from the summary table (PostgreSQL), whatever the traffic.
 */
final class RollupQuestions implements QueryWriter {

    @Override
    public Optional<Written> write(ContrastQuestion question) {
        if (!(question instanceof ContrastQuestion.DailyCountPer q)) {
            return Optional.empty();
        }
        Optional<Rollup> counting = q.workspace().rollups().stream().filter(r -> r.layout().equals(q.layout().id())
                && r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE && r.groupBy().contains(q.entity()))
            .findFirst().filter(r -> r.window().equals(Duration.ofDays(1))
                && r.aggregates().contains(new Rollup.AggregateSpec(q.field(), Aggregate.COUNT)));
        return counting.map(r -> daily(SqlGenerator.generate(SqlDialect.POSTGRESQL, r, q.kind(), q.sample()), r, q.entity(), q.field()));
    }

    /**
     * The summary table's count per entity and day, summed over its other keys (a rollup keyed by listing and event
     * holds a row per event too): the same rows as the GROUP BY over a tag.
     */
    private static Written daily(SqlGenerator.Script sql, Rollup r, String id, String field) {
        SqlDialect d = sql.dialect();
        String window = d.identifier(sql.columns().stream().filter(c -> c.kind() == SqlGenerator.Column.Kind.WINDOW)
            .findFirst().orElseThrow().name());
        String count = d.identifier(field + "_count");
        String key = d.identifier(id);
        List<String> others = r.groupBy().stream().filter(g -> !g.equals(id)).toList();
        return new Written("SELECT " + key + ", " + window + ", SUM(" + count + ") AS " + count + " FROM "
            + d.identifier(sql.table()) + " WHERE " + window + " >= ? AND " + window + " < ? GROUP BY " + key + ", " + window
            + " ORDER BY " + key + ", " + window,
            "SQL on the daily summary table " + sql.table() + " (PostgreSQL; parameters: from, to): one row per " + id
                + " and day" + (others.isEmpty() ? "" : ", summed over " + String.join(", ", others)) + ", whatever the traffic");
    }
}
