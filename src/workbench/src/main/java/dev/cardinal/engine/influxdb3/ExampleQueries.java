package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.ValueType;
import java.util.List;

/**
 * Example queries for a layout with a literal measurement, in SQL and in InfluxQL as InfluxDB 3 reads them. The cache
 * functions are those of the server's tests ({@code SELECT * FROM distinct_cache('table', 'cache')} in
 * {@code influxdb3/tests} at influxdb v3.9.6).
 */
final class ExampleQueries {
    private ExampleQueries() {
    }

    static String sql(CodeRequest r) {
        Layout l = r.layout();
        String table = Sql3.identifier(l.measurement().literalText());
        StringBuilder b = new StringBuilder();
        b.append(Language.SQL.comment("the last hour of layout " + l.id() + ", newest first")).append('\n');
        b.append("SELECT * FROM ").append(table).append(" WHERE time >= now() - INTERVAL '1 hour' ORDER BY time DESC LIMIT 100;\n");
        firstTag(l).ifPresent(tag -> {
            String t = Sql3.identifier(tag);
            b.append(Language.SQL.comment("rows per hour and " + tag + " over the last day")).append('\n');
            b.append("SELECT date_bin(INTERVAL '1 hour', time) AS bucket_start, ").append(t).append(", count(*) AS row_count FROM ")
                .append(table).append(" WHERE time >= now() - INTERVAL '1 day' GROUP BY 1, 2 ORDER BY 1, 2;\n");
        });
        firstNumericField(r).ifPresent(f -> {
            b.append(Language.SQL.comment("hourly mean of " + f + " over the last day")).append('\n');
            b.append("SELECT date_bin(INTERVAL '1 hour', time) AS bucket_start, avg(").append(Sql3.identifier(f)).append(") AS mean_value FROM ")
                .append(table).append(" WHERE time >= now() - INTERVAL '1 day' GROUP BY 1 ORDER BY 1;\n");
        });
        if (!CacheColumns.of(r).isEmpty()) {
            String name = Sql3.string(l.measurement().literalText());
            b.append(Language.SQL.comment("the distinct value cache and the last value cache")).append('\n');
            b.append("SELECT * FROM distinct_cache(").append(name).append(", ").append(Sql3.string(CacheColumns.distinctName(r)))
                .append(");\n");
            b.append("SELECT * FROM last_cache(").append(name).append(", ").append(Sql3.string(CacheColumns.lastName(r)))
                .append(");\n");
        }
        return b.toString();
    }

    static String influxQl(CodeRequest r) {
        Layout l = r.layout();
        String table = Sql3.influxQlIdentifier(l.measurement().literalText());
        StringBuilder b = new StringBuilder();
        b.append(Language.INFLUXQL.comment("the last hour of layout " + l.id() + ", newest first")).append('\n');
        b.append("SELECT * FROM ").append(table).append(" WHERE time >= now() - 1h ORDER BY time DESC LIMIT 100\n");
        b.append(Language.INFLUXQL.comment("the table's tag keys, in the order of its primary key")).append('\n');
        b.append("SHOW TAG KEYS FROM ").append(table).append('\n');
        firstNumericField(r).ifPresent(f -> {
            List<String> tags = l.tags().stream().map(TagSpec::key).limit(1).toList();
            b.append(Language.INFLUXQL.comment("hourly mean of " + f + " over the last day")).append('\n');
            b.append("SELECT mean(").append(Sql3.influxQlIdentifier(f)).append(") FROM ").append(table)
                .append(" WHERE time >= now() - 1d GROUP BY time(1h)");
            tags.forEach(t -> b.append(", ").append(Sql3.influxQlIdentifier(t)));
            b.append('\n');
        });
        return b.toString();
    }

    private static java.util.Optional<String> firstTag(Layout l) {
        return l.tags().stream().map(TagSpec::key).findFirst();
    }

    /** The first field with a literal key whose attribute is a number, for a mean. */
    private static java.util.Optional<String> firstNumericField(CodeRequest r) {
        return r.layout().fields().stream().filter(f -> f.key().isLiteral() && r.kind().attribute(f.attribute())
                .map(a -> a.type() == ValueType.FLOAT || a.type() == ValueType.INTEGER || a.type() == ValueType.UNSIGNED)
                .orElse(false))
            .map(f -> f.key().literalText()).findFirst();
    }
}
