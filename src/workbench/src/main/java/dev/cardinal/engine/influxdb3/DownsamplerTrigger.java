package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.Language;
import dev.cardinal.engine.Shell;
import dev.cardinal.engine.UnwritableNameException;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A rollup into a time-series destination as a scheduled Processing Engine trigger that runs InfluxData's downsampler
 * plugin ({@code influxdata/downsampler/downsampler.py} in github.com/influxdata/influxdb3_plugins at
 * ab59f956ee6de5d7c5d7790c380b62e3646c2816, its README's "Scheduled trigger parameters"): every window it aggregates
 * the last window of the source table into {@code <table>_<rollup>}, grouped by time and by the tags it does not exclude.
 * The plugin reads its arguments as {@code key=value} pairs split at commas, lists split at dots, a calculation at its
 * colon: a name holding one of those cannot be written, and a rollup the plugin cannot run (grouped by a field, or
 * counting distinct values) is no trigger; both are said so.
 */
final class DownsamplerTrigger {
    static final String PLUGIN = "gh:influxdata/downsampler/downsampler.py";

    private DownsamplerTrigger() {
    }

    /**
     * Why the rollup is no trigger whatever its names (a templated source, a group by a field, an aggregate the plugin
     * lacks), or empty when it is one.
     */
    static java.util.Optional<String> unsupported(Layout l, Rollup rollup) {
        String id = CommentText.shown(rollup.id());
        if (!l.measurement().isLiteral()) {
            return java.util.Optional.of("rollup " + id + " is no InfluxDB 3 trigger: its source measurement is a template,"
                + " and the downsampler reads one table");
        }
        for (String a : rollup.groupBy()) {
            if (l.roleOf(a) != Role.TAG) {
                return java.util.Optional.of("rollup " + id + " is no InfluxDB 3 trigger: it groups by '" + CommentText.shown(a)
                    + "', not a tag, and the downsampler groups by tags");
            }
        }
        for (Rollup.AggregateSpec a : rollup.aggregates()) {
            if (l.roleOf(a.attribute()) != Role.FIELD) {
                return java.util.Optional.of("rollup " + id + " is no InfluxDB 3 trigger: '" + CommentText.shown(a.attribute())
                    + "' is not a field of the layout");
            }
            if (a.function() == dev.cardinal.model.Aggregate.COUNT_DISTINCT) {
                return java.util.Optional.of("rollup " + id + " is no InfluxDB 3 trigger: the downsampler has no count distinct"
                    + " (of '" + CommentText.shown(a.attribute()) + "')");
            }
        }
        return java.util.Optional.empty();
    }

    /** The trigger of a rollup that is {@linkplain #unsupported supported}. */
    static String script(CodeRequest r, Rollup rollup, String stem) {
        Layout l = r.layout();
        String table = argument("table", l.measurement().literalText());
        List<String> grouped = new ArrayList<>();
        for (String a : rollup.groupBy()) {
            grouped.add(l.tagKeyOf(a));
        }
        List<String> excluded = l.tags().stream().map(TagSpec::key).filter(k -> !grouped.contains(k)).map(k -> argument("tag", k))
            .toList();
        List<String> calculations = new ArrayList<>();
        for (Rollup.AggregateSpec a : rollup.aggregates()) {
            calculations.add(argument("field", l.fieldKeyOf(a.attribute())) + ":" + function(a));
        }
        String every = duration(rollup.window());
        StringBuilder args = new StringBuilder("source_measurement=").append(table)
            .append(",target_measurement=").append(table).append('_').append(argument("rollup", stem.replace('-', '_')))
            .append(",interval=").append(every).append(",window=").append(every)
            .append(",calculations=").append(String.join(".", calculations))
            .append(",target_database=").append(argument("database", r.database()));
        if (!excluded.isEmpty()) {
            args.append(",excluded_fields=").append(String.join(".", excluded));
        }
        return Language.SHELL.comment("rollup " + rollup.id() + ": every " + every + ", " + rollup.aggregates().size()
            + " aggregates grouped by " + String.join(", ", grouped)) + "\n"
            + "influxdb3 create trigger --database " + Shell.quote(r.database()) + " --path " + PLUGIN
            + " --trigger-spec " + Shell.quote("every:" + every) + " --trigger-arguments " + Shell.quote(args.toString())
            + " " + Shell.quote(stem) + "\n";
    }

    /** The plugin's name of an aggregate ({@code available_calculations} in downsampler.py). */
    private static String function(Rollup.AggregateSpec a) {
        return switch (a.function()) {
            case COUNT -> "count";
            case SUM -> "sum";
            case MEAN -> "avg";
            case MIN -> "min";
            case MAX -> "max";
            case FIRST -> "first_value";
            case LAST -> "last_value";
            case MEDIAN -> "median";
            case COUNT_DISTINCT -> throw new IllegalArgumentException("no count distinct in the downsampler: see unsupported");
        };
    }

    /** {@code 1d}, {@code 6h}, {@code 10min}, {@code 30s}: what both the trigger spec and the plugin read. */
    static String duration(Duration d) {
        if (d.toDays() > 0 && d.equals(Duration.ofDays(d.toDays()))) {
            return d.toDays() + "d";
        }
        if (d.toHours() > 0 && d.equals(Duration.ofHours(d.toHours()))) {
            return d.toHours() + "h";
        }
        if (d.toMinutes() > 0 && d.equals(Duration.ofMinutes(d.toMinutes()))) {
            return d.toMinutes() + "min";
        }
        return Math.max(1, d.toSeconds()) + "s";
    }

    private static String argument(String what, String name) {
        if (name.isEmpty() || name.chars().anyMatch(c -> ",=.:@".indexOf(c) >= 0 || Character.isISOControl(c))) {
            throw new UnwritableNameException("the " + what + " '" + CommentText.shown(name) + "' cannot be a downsampler"
                + " argument: the plugin splits its arguments at , = . : and @");
        }
        return name;
    }
}
