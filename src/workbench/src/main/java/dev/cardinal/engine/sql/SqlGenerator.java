package dev.cardinal.engine.sql;

import static dev.cardinal.engine.SqlDialect.commentLine;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.EventKindSample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * SQL for a rollup into a relational summary table: the table (one row per group and window, keyed by them),
 * the idempotent upsert a daily job runs (a window run twice is overwritten, never doubled), and the long-range
 * report. Totals (counts, sums, minima, maxima) and uniques (distinct counts) are kept apart: totals add up across
 * days, uniques do not, so the report sums the one and takes the busiest day of the other.
 */
public final class SqlGenerator {

    /** One column of the summary table. */
    public record Column(String name, String type, Kind kind, Rollup.AggregateSpec from) {
        public enum Kind { GROUP, WINDOW, TOTAL, UNIQUES, OTHER }
    }

    /**
     * @param createTable the {@code CREATE TABLE}
     * @param upsert      the parameterised upsert, parameters in {@link #columns} order
     * @param report      the parameterised long-range report: window from (inclusive), window to (exclusive)
     * @param reportForOne the same for one value of the first group column: that value, from, to
     * @param ownerTables the owner's table and its index by owner, when the rollup names an owner (else empty)
     * @param reportForOwner the report for one owner, a row per value of the first group column it owns: the owner's
     *                       id, from, to (null without an owner)
     */
    public record Script(SqlDialect dialect, String table, List<Column> columns, List<String> key, String createTable,
                         String upsert, String report, String reportForOne, List<String> ownerTables, String reportForOwner) {
        public Script {
            ownerTables = List.copyOf(ownerTables);
        }

        /**
         * What runs whole through the engine's client ({@code psql -v ON_ERROR_STOP=1 -f}, {@code mariadb DB <}): the
         * table, and the owner's table with the index the report per owner reads by.
         */
        public String script() {
            StringBuilder sb = new StringBuilder(dialect.scriptHeader())
                .append(commentLine("summary table for the rollup: one row per group and window")).append(createTable).append(";\n");
            if (!ownerTables.isEmpty()) {
                sb.append('\n').append(commentLine(OwnerReport.TABLES_COMMENT));
                ownerTables.forEach(t -> sb.append(t).append(";\n"));
            }
            return sb.toString();
        }

        /**
         * The statements the daily job and the reports prepare through a driver: {@code ?} parameters, which no
         * client runs as they stand, so they live apart from the script.
         */
        public String statements() {
            String first = columns.get(0).name();
            return commentLine("statement templates for a driver (JDBC and the like): prepare each one; ? marks a parameter."
                + " Not a script: the " + dialect.product() + " client would refuse the parameters")
                + "\n" + commentLine("the daily job's upsert (parameters in column order); running a window twice overwrites it")
                + upsert + ";\n\n"
                + commentLine("long-range report per " + first + " (parameters: from, to); a uniques column is the busiest "
                    + "window's figure, a floor for the range (distinct values do not add up across windows)")
                + commentLine(WHOLE_RANGE) + report + ";\n\n"
                + commentLine("the same for one " + first + " (parameters: " + first + ", from, to)") + reportForOne + ";\n"
                + (reportForOwner == null ? "" : "\n" + OwnerReport.comment(first) + reportForOwner + ";\n");
        }
    }

    /** What the report over every group costs: it reads every row of the range, measured by YearReportBenchmark. */
    static final String WHOLE_RANGE = "it reads every row of the range, the whole table for a whole year: 6.9 million rows"
        + " took 7.8 s on MariaDB 10.11 (2.3 s of its CPU) and 4.3 s on PostgreSQL 15 (a parallel scan) on a busy 2-core"
        + " machine; see rollup-reports.md";

    private SqlGenerator() {
    }

    /**
     * @param sample the source sample, to size text columns (may be null: 255 characters)
     */
    public static Script generate(SqlDialect d, Rollup rollup, EventKind kind, EventKindSample sample) {
        if (rollup.destination().kind() != Rollup.DestinationKind.RELATIONAL_TABLE) {
            throw new IllegalArgumentException("rollup " + rollup.name() + " does not go to a relational table");
        }
        if (rollup.groupBy().isEmpty()) {
            throw new IllegalArgumentException("rollup " + rollup.name() + " groups by nothing: a summary table needs a key");
        }
        String table = rollup.destination().name();
        List<Column> columns = new ArrayList<>();
        boolean daily = rollup.window().equals(Duration.ofDays(1));
        String windowName = unique(daily ? "day" : "window_start", rollup);
        columns.add(new Column(rollup.groupBy().get(0), keyType(d, kind, sample, rollup.groupBy().get(0)), Column.Kind.GROUP, null));
        columns.add(new Column(windowName, daily ? d.date() : d.timestamp(), Column.Kind.WINDOW, null));
        for (String g : rollup.groupBy().subList(1, rollup.groupBy().size())) {
            columns.add(new Column(g, keyType(d, kind, sample, g), Column.Kind.GROUP, null));
        }
        for (Rollup.AggregateSpec a : rollup.aggregates()) {
            ValueType type = kind.attribute(a.attribute()).map(x -> x.type()).orElse(ValueType.STRING);
            boolean numeric = type == ValueType.INTEGER || type == ValueType.UNSIGNED || type == ValueType.FLOAT;
            Column c = switch (a.function()) {
                case COUNT -> new Column(a.attribute() + "_count", d.bigint(), Column.Kind.TOTAL, a);
                case COUNT_DISTINCT -> new Column(a.attribute() + "_uniques", d.bigint(), Column.Kind.UNIQUES, a);
                case SUM -> new Column(a.attribute() + "_sum", type == ValueType.FLOAT ? d.dbl() : d.bigint(), Column.Kind.TOTAL, a);
                case MIN, MAX -> new Column(a.attribute() + "_" + a.function().id(), numeric ? d.dbl() : d.text(255), Column.Kind.TOTAL, a);
                default -> new Column(a.attribute() + "_" + a.function().id(), numeric ? d.dbl() : d.text(255), Column.Kind.OTHER, a);
            };
            columns.add(c);
        }
        List<String> key = columns.stream().filter(c -> c.kind() == Column.Kind.GROUP || c.kind() == Column.Kind.WINDOW)
            .map(Column::name).toList();
        List<String> values = columns.stream().filter(c -> !key.contains(c.name())).map(Column::name).toList();

        StringBuilder create = new StringBuilder("CREATE TABLE ").append(d.identifier(table)).append(" (\n");
        for (Column c : columns) {
            create.append("  ").append(d.identifier(c.name())).append(' ').append(c.type())
                .append(key.contains(c.name()) || c.kind() == Column.Kind.TOTAL || c.kind() == Column.Kind.UNIQUES ? " NOT NULL" : "")
                .append(",\n");
        }
        create.append("  PRIMARY KEY (").append(String.join(", ", key.stream().map(d::identifier).toList())).append(')')
            .append(d.keyIncludes(values)).append("\n)");

        String group = d.identifier(columns.get(0).name());
        String window = d.identifier(windowName);
        String from = "SELECT " + selects(d, columns, windowName, "") + " FROM " + d.identifier(table) + " WHERE ";
        String range = window + " >= ? AND " + window + " < ? GROUP BY " + group + " ORDER BY " + group;
        Rollup.Owner owner = rollup.owner();
        List<String> ownerTables = owner == null ? List.of() : OwnerReport.tables(d, owner, columns.get(0),
            columnType(d, owner.type(), 255));
        String reportForOwner = owner == null ? null
            : OwnerReport.report(d, owner, table, columns.get(0).name(), windowName, selects(d, columns, windowName, "s."));
        return new Script(d, table, columns, key, create.toString(), d.upsert(table, key, values), from + range,
            from + group + " = ? AND " + range, ownerTables, reportForOwner);
    }

    /** The report's columns: the first group column, each total summed (or its extreme), each uniques' busiest window. */
    private static String selects(SqlDialect d, List<Column> columns, String windowName, String alias) {
        List<String> selects = new ArrayList<>();
        selects.add(alias + d.identifier(columns.get(0).name()));
        for (Column c : columns) {
            String col = d.identifier(c.name());
            switch (c.kind()) {
                case TOTAL -> selects.add((c.from().function() == Aggregate.MIN ? "MIN(" : c.from().function() == Aggregate.MAX
                    ? "MAX(" : "SUM(") + alias + col + ") AS " + col);
                case UNIQUES -> selects.add("MAX(" + alias + col + ") AS " + d.identifier(rangeUniques(c.name(), windowName)));
                default -> { }
            }
        }
        selects.add("COUNT(*) AS " + d.identifier("rows"));
        return String.join(", ", selects);
    }

    /**
     * The report's column for a uniques column over a range: the busiest window's figure, a floor (the range's distinct
     * values are at least that many, and at most the windows' sum), which its name says: {@code user_id_uniques_floor_max_day}.
     */
    public static String rangeUniques(String uniquesColumn, String windowColumn) {
        return uniquesColumn + "_floor_max_" + windowColumn;
    }

    /** A window column name no group-by attribute already has. */
    private static String unique(String name, Rollup r) {
        String n = name;
        while (r.groupBy().contains(n)) {
            n = "rollup_" + n;
        }
        return n;
    }

    /** A group-by column's type; text compares exactly, so keys InfluxDB tells apart stay apart. */
    private static String keyType(SqlDialect d, EventKind kind, EventKindSample sample, String attribute) {
        ValueType t = kind.attribute(attribute).map(x -> x.type()).orElse(ValueType.STRING);
        return columnType(d, t, t == ValueType.STRING ? textLength(sample, attribute) : 0);
    }

    /** A key column of type {@code t}; text of at most {@code textLength} characters. */
    private static String columnType(SqlDialect d, ValueType t, int textLength) {
        return switch (t) {
            case INTEGER, UNSIGNED -> d.bigint();
            case FLOAT -> d.dbl();
            case BOOLEAN -> d.exactText(5);
            case STRING -> d.exactText(textLength);
        };
    }

    /** Room for the sample's longest value twice over, at least 64 and at most 255 characters (index-friendly). */
    static int textLength(EventKindSample sample, String attribute) {
        if (sample == null || sample.attributeIndex(attribute) < 0) {
            return 255;
        }
        dev.cardinal.traffic.Column c = sample.column(attribute);
        int longest = 0;
        if (c instanceof dev.cardinal.traffic.DictionaryColumn dc) {
            for (int id = 1; id <= dc.dictionary().size(); id++) {
                String v = dc.dictionary().value(id);
                longest = Math.max(longest, v.codePointCount(0, v.length()));
            }
        } else {
            return 255;
        }
        return Math.min(255, Math.max(64, 2 * longest));
    }
}
