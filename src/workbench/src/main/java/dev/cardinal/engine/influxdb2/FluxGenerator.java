package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.ExampleValues;
import dev.cardinal.engine.Shell;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Durations;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Flux for InfluxDB 2.x and Cloud: the bucket (an {@code influx bucket create} line), a downsampling task per rollup
 * into a bucket, a daily task per rollup into a relational table ({@code sql.to}, its connection string read from
 * the secret store, never written here), and example queries.
 */
public final class FluxGenerator {
    /** One script, with what it is for. */
    public record Script(String name, String purpose, String flux) {
    }

    /**
     * @param bucketArguments the arguments of each {@code influx bucket create} call
     * @param tasks           one per rollup
     * @param examples        example queries
     */
    public record Output(List<List<String>> bucketArguments, List<Script> tasks, List<Script> examples) {
        /**
         * The calls as shell command lines, each argument quoted as the shell needs ({@link Shell#quote}).
         *
         * @throws UnwritableNameException when a name cannot be a shell argument
         */
        public List<String> bucketCommands() {
            return bucketArguments.stream().map(args -> String.join(" ", args.stream().map(Shell::quote).toList())).toList();
        }
    }

    private FluxGenerator() {
    }

    /** The bucket of a layout: {@code database/retention-policy}, as InfluxDB's 1.x compatibility maps it. */
    public static String bucket(String database, Layout layout) {
        return database + "/" + layout.retention().name();
    }

    /**
     * @param sample the layout's sample, for an example tag value (its most frequent); may be null
     */
    public static Output generate(Workspace ws, Layout layout, String database, String org, EventKindSample sample) {
        String bucket = bucket(database, layout);
        List<List<String>> commands = new ArrayList<>();
        commands.add(List.of("influx", "bucket", "create", "--org", org, "--name", bucket, "--retention",
            Durations.format(layout.retention().duration()).replace("INF", "0"), "--shard-group-duration",
            Durations.format(layout.retention().effectiveShardGroupDuration())));
        List<Script> tasks = new ArrayList<>();
        Optional<String> measurement = layout.measurement().isLiteral()
            ? Optional.of(layout.measurement().literalText()) : Optional.empty();
        for (Rollup r : ws.rollups()) {
            if (!r.layout().equals(layout.id()) || measurement.isEmpty()) {
                continue;
            }
            if (r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE) {
                for (SqlDialect d : SqlDialect.values()) {
                    tasks.add(sqlTask(d, r, layout, bucket, measurement.get()));
                }
            } else {
                String target = r.destination().kind() == Rollup.DestinationKind.BUCKET ? r.destination().name()
                    : database + "/" + r.destination().name();
                commands.add(List.of("influx", "bucket", "create", "--org", org, "--name", target, "--retention",
                    Durations.format(r.destination().retention()).replace("INF", "0")));
                tasks.add(downsample(r, layout, bucket, target, measurement.get()));
            }
        }
        return new Output(commands, tasks, examples(ws, layout, bucket, measurement, sample));
    }

    private static String taskOption(Rollup r, String what) {
        return "option task = {name: " + Flux.string("cardinal " + r.name() + " " + what) + ", every: "
            + Durations.format(r.window()) + "}\n\n";
    }

    /** Per aggregate: read the field, group by the rollup's tags, aggregate per window, name it, write it. */
    private static Script downsample(Rollup r, Layout layout, String bucket, String target, String measurement) {
        List<String> groups = r.groupBy().stream().map(a -> layout.tagKeyOf(a)).toList();
        StringBuilder sb = new StringBuilder(taskOption(r, "into " + target));
        sb.append("data = from(bucket: ").append(Flux.string(bucket)).append(")\n")
            .append("    |> range(start: -task.every)\n")
            .append("    |> filter(fn: (r) => r._measurement == ").append(Flux.string(measurement)).append(")\n\n");
        int n = 0;
        for (Rollup.AggregateSpec a : r.aggregates()) {
            String field = layout.fieldKeyOf(a.attribute());
            String name = a.attribute() + "_" + a.function().id();
            sb.append("data\n    |> filter(fn: (r) => r._field == ").append(Flux.string(field)).append(")\n")
                .append("    |> group(columns: ").append(Flux.list(groups)).append(")\n")
                .append("    |> aggregateWindow(every: ").append(Durations.format(r.window())).append(", fn: ")
                .append(fluxAggregate(a.function())).append(", createEmpty: false)\n")
                .append("    |> map(fn: (r) => ({r with _measurement: ").append(Flux.string(measurement))
                .append(", _field: ").append(Flux.string(name)).append("}))\n")
                .append("    |> to(bucket: ").append(Flux.string(target)).append(")\n");
            if (++n < r.aggregates().size()) {
                sb.append('\n');
            }
        }
        return new Script(r.id() + ".flux", "rollup " + r.name() + ": every " + Durations.format(r.window()) + " into " + target,
            sb.toString());
    }

    private static String fluxAggregate(Aggregate f) {
        return switch (f) {
            case COUNT -> "count";
            case SUM -> "sum";
            case MEAN -> "mean";
            case MIN -> "min";
            case MAX -> "max";
            case FIRST -> "first";
            case LAST -> "last";
            case MEDIAN -> "median";
            case COUNT_DISTINCT -> "(column, tables=<-) => tables |> unique(column: column) |> count(column: column)";
        };
    }

    /**
     * The daily job into the relational summary table: fields and tags side by side (pivot), grouped by the rollup's
     * attributes, totals and uniques per group, then {@code sql.to}. sql.to inserts: the table's primary key makes a
     * second run of the same day fail rather than double it; to redo a day, delete it first or use the upsert of the
     * SQL file.
     */
    private static Script sqlTask(SqlDialect d, Rollup r, Layout layout, String bucket, String measurement) {
        // Flux's sql package names MariaDB's driver after MySQL, whose wire protocol it speaks
        String driver = d == SqlDialect.MARIADB ? "mysql" : "postgres";
        String dsnForm = d == SqlDialect.MARIADB ? "user:password@tcp(host:3306)/database"
            : "postgresql://user:password@host:5432/database?sslmode=disable";
        String engine = d.product();
        List<String> groups = new ArrayList<>();
        for (String a : r.groupBy()) {
            groups.add(layout.roleOf(a) == Role.TAG ? layout.tagKeyOf(a) : layout.fieldKeyOf(a));
        }
        List<String> fields = new ArrayList<>();
        for (FieldSpec f : layout.fields()) {
            if (f.key().isLiteral() && (r.groupBy().contains(f.attribute())
                || r.aggregates().stream().anyMatch(a -> a.attribute().equals(f.attribute())))) {
                fields.add(f.key().literalText());
            }
        }
        StringBuilder sb = new StringBuilder("import \"date\"\nimport \"sql\"\nimport \"influxdata/influxdb/secrets\"\n\n")
            .append(taskOption(r, "into table " + r.destination().name() + " (" + engine + ")"))
            .append("// the connection string lives in the secret store, never in the script; its form: ").append(dsnForm).append('\n')
            .append("dsn = secrets.get(key: ").append(Flux.string(dsnKey(d))).append(")\n")
            .append("// yesterday, whole: the day this run summarises\n")
            .append("today = date.truncate(t: now(), unit: 1d)\n")
            .append("day = date.sub(d: 1d, from: today)\n\n")
            .append("rows = from(bucket: ").append(Flux.string(bucket)).append(")\n")
            .append("    |> range(start: day, stop: today)\n")
            .append("    |> filter(fn: (r) => r._measurement == ").append(Flux.string(measurement)).append(" and contains(value: r._field, set: ")
            .append(Flux.list(fields)).append("))\n")
            .append("    |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n")
            .append("    |> group(columns: ").append(Flux.list(groups)).append(")\n\n");
        List<String> joins = new ArrayList<>();
        int n = 0;
        for (Rollup.AggregateSpec a : r.aggregates()) {
            String col = layout.fieldKeyOf(a.attribute());
            String out = a.function() == Aggregate.COUNT_DISTINCT ? a.attribute() + "_uniques" : a.attribute() + "_" + a.function().id();
            String var = "a" + n++;
            String body = switch (a.function()) {
                case COUNT_DISTINCT -> "unique(column: " + Flux.string(col) + ") |> count(column: " + Flux.string(col) + ")";
                case COUNT -> "count(column: " + Flux.string(col) + ")";
                case SUM -> "sum(column: " + Flux.string(col) + ")";
                case MEAN -> "mean(column: " + Flux.string(col) + ")";
                case MIN -> "min(column: " + Flux.string(col) + ")";
                case MAX -> "max(column: " + Flux.string(col) + ")";
                default -> "last(column: " + Flux.string(col) + ")";
            };
            sb.append(var).append(" = rows |> ").append(body)
                .append(" |> rename(columns: {").append(Flux.string(col)).append(": ").append(Flux.string(out)).append("})")
                .append(" |> keep(columns: ").append(Flux.list(concat(groups, out))).append(")\n");
            joins.add(var);
        }
        String joined = joins.get(0);
        for (int i = 1; i < joins.size(); i++) {
            sb.append("j").append(i).append(" = join(tables: {left: ").append(joined).append(", right: ").append(joins.get(i))
                .append("}, on: ").append(Flux.list(groups)).append(")\n");
            joined = "j" + i;
        }
        sb.append('\n').append(joined).append("\n    |> map(fn: (r) => ({r with day: day}))\n")
            .append("    |> sql.to(driverName: ").append(Flux.string(driver)).append(", dataSourceName: dsn, table: ").append(Flux.string(r.destination().name()))
            .append(")\n");
        return new Script(r.id() + "." + d.id() + ".flux", "rollup " + r.name() + ": daily into the relational table "
            + r.destination().name() + " on " + engine, sb.toString());
    }

    /** The secret holding the connection string of the engine's summary table. */
    public static String dsnKey(SqlDialect d) {
        return "CARDINAL_" + d.name() + "_DSN";
    }

    private static List<String> concat(List<String> a, String b) {
        List<String> out = new ArrayList<>(a);
        out.add(b);
        return out;
    }

    private static List<Script> examples(Workspace ws, Layout layout, String bucket, Optional<String> measurement,
                                         EventKindSample sample) {
        List<Script> out = new ArrayList<>();
        if (measurement.isEmpty()) {
            return out;
        }
        String from = "from(bucket: " + Flux.string(bucket) + ")\n    |> range(start: -1d)\n"
            + "    |> filter(fn: (r) => r._measurement == " + Flux.string(measurement.get()) + ")\n";
        Optional<TagSpec> tag = layout.tags().stream().filter(t -> t.value().singleRef().isPresent()).findFirst();
        Optional<FieldSpec> field = layout.fields().stream().filter(f -> f.key().isLiteral()).findFirst();
        if (tag.isPresent() && field.isPresent()) {
            String key = tag.get().key();
            String countField = "    |> filter(fn: (r) => r._field == " + Flux.string(field.get().key().literalText()) + ")\n";
            Optional<String> value = sample == null ? Optional.empty()
                : ExampleValues.mostFrequent(sample, tag.get().value().singleRef().get(), v -> true);
            value.ifPresent(v -> out.add(new Script("filter-by-tag.flux", "filter by a tag: points of " + key + " = " + v
                + " over the last day", from + "    |> filter(fn: (r) => " + Flux.column(key) + " == " + Flux.string(v) + ")\n"
                + countField + "    |> group()\n    |> count()\n")));
            out.add(new Script("group-by-tag.flux", "group by a tag: points per " + key + " over the last day",
                from + countField + "    |> group(columns: " + Flux.list(List.of(key)) + ")\n    |> count()\n"));
        }
        EventKind kind = ws.eventKind(layout.eventKind()).orElse(null);
        for (FieldSpec f : layout.fields()) {
            ValueType type = kind == null ? null : kind.attribute(f.attribute()).map(a -> a.type()).orElse(null);
            if (f.key().isLiteral() && (type == ValueType.FLOAT || type == ValueType.INTEGER || type == ValueType.UNSIGNED)) {
                out.add(new Script("field-over-time.flux", "a field over time: hourly mean of " + f.key().literalText()
                    + " over the last day", from + "    |> filter(fn: (r) => r._field == " + Flux.string(f.key().literalText()) + ")\n"
                    + "    |> aggregateWindow(every: 1h, fn: mean, createEmpty: false)\n"));
                break;
            }
        }
        return out;
    }
}
