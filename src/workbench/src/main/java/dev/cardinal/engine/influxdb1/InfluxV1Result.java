package dev.cardinal.engine.influxdb1;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What {@code /query} returned: one result per statement, each a list of series. */
public record InfluxV1Result(List<Statement> statements) {
    public InfluxV1Result {
        statements = List.copyOf(statements);
    }

    /** The result of one statement. */
    public record Statement(int statementId, List<Series> series) {
        public Statement {
            series = List.copyOf(series);
        }
    }

    /**
     * One series of a statement's result. Values are {@link Long} for JSON integers, {@link Double} for other
     * numbers, {@link String}, {@link Boolean}, or {@code null}; times are epoch nanoseconds.
     */
    public record Series(String name, Map<String, String> tags, List<String> columns, List<List<Object>> values) {
        public Series {
            tags = Map.copyOf(tags);
            columns = List.copyOf(columns);
            // rows may hold nulls (empty cells), which List.copyOf refuses
            values = values.stream().map(r -> Collections.unmodifiableList(new ArrayList<>(r))).toList();
        }

        /** The value in row {@code row} of column {@code column}. */
        public Object value(int row, String column) {
            int c = columns.indexOf(column);
            if (c < 0) {
                throw new IllegalArgumentException("no column '" + column + "' in " + columns);
            }
            return values.get(row).get(c);
        }
    }

    /** The first statement's series, the usual case of one statement per query. */
    public List<Series> series() {
        return statements.isEmpty() ? List.of() : statements.get(0).series();
    }

    public Optional<Series> series(String name) {
        return series().stream().filter(s -> name.equals(s.name())).findFirst();
    }
}
