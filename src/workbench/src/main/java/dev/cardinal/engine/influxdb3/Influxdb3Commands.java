package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.CodeRequest;
import dev.cardinal.engine.Language;
import dev.cardinal.engine.Shell;
import dev.cardinal.engine.UnwritableNameException;
import dev.cardinal.engine.CommentText;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.ValueType;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code influxdb3} CLI's commands for a layout ({@code influxdb3/src/commands/create.rs} at influxdb v3.9.6).
 * Every argument is one shell word ({@link Shell}). The CLI splits {@code --tags}, {@code --fields} and the caches'
 * column lists at commas and a field at its first colon ({@code parse_key_val} in {@code influxdb3_commands/src/common.rs}),
 * and the server refuses an empty key or one holding a control character ({@code influxdb3_catalog/src/catalog/key.rs}):
 * a name the CLI would cut or the server refuses leaves the script out, with the reason, rather than create another
 * table than the layout says.
 */
final class Influxdb3Commands {
    private Influxdb3Commands() {
    }

    static String script(CodeRequest r) {
        Layout l = r.layout();
        String db = Shell.quote(r.database());
        StringBuilder b = new StringBuilder("#!/bin/sh\n");
        b.append(Language.SHELL.comment("InfluxDB 3 schema of layout " + l.id())).append('\n');
        b.append(Language.SHELL.comment("the host and token come from INFLUXDB3_HOST_URL and INFLUXDB3_AUTH_TOKEN")).append('\n');
        b.append("set -e\n");
        b.append("influxdb3 create database");
        if (!l.retention().isInfinite()) {
            b.append(" --retention-period ").append(Shell.quote(l.retention().duration().toHours() % 24 == 0
                ? l.retention().duration().toDays() + "d" : l.retention().duration().toHours() + "h"));
        }
        b.append(' ').append(db).append('\n');
        if (!l.measurement().isLiteral()) {
            b.append(Language.SHELL.comment("the measurement " + l.measurement() + " is a template: each of its values is a"
                + " table of its own, created by its first write; none is created here")).append('\n');
            return b.toString();
        }
        String table = Shell.quote(l.measurement().literalText());
        List<String> tags = l.tags().stream().map(TagSpec::key).toList();
        tags.forEach(t -> listable("tag", t));
        List<String> fields = new ArrayList<>();
        for (FieldSpec f : l.fields()) {
            if (f.key().isLiteral()) {
                String name = listable("field", f.key().literalText());
                if (name.indexOf(':') >= 0) {
                    throw new UnwritableNameException("the field '" + CommentText.shown(name) + "' cannot be given to"
                        + " `influxdb3 create table --fields`: the CLI cuts a field at its first colon");
                }
                fields.add(name + ":" + type(r, f.attribute()));
            }
        }
        b.append(Language.SHELL.comment("the primary key: the tags in this order, then time")).append('\n');
        b.append("influxdb3 create table --database ").append(db);
        if (!tags.isEmpty()) {
            b.append(" --tags ").append(Shell.quote(String.join(",", tags)));
        }
        if (!fields.isEmpty()) {
            b.append(" --fields ").append(Shell.quote(String.join(",", fields)));
        }
        b.append(' ').append(table).append('\n');
        List<String> closed = CacheColumns.of(r);
        if (!closed.isEmpty()) {
            String columns = Shell.quote(String.join(",", closed));
            b.append(Language.SHELL.comment("caches keyed by the closed-set tags")).append('\n');
            b.append("influxdb3 create distinct_cache --database ").append(db).append(" --table ").append(table)
                .append(" --columns ").append(columns).append(" --max-cardinality ").append(Caches.MAX_CARDINALITY).append(' ')
                .append(Shell.quote(CacheColumns.distinctName(r))).append('\n');
            b.append("influxdb3 create last_cache --database ").append(db).append(" --table ").append(table)
                .append(" --key-columns ").append(columns).append(" --count ").append(Caches.LAST_COUNT).append(' ')
                .append(Shell.quote(CacheColumns.lastName(r))).append('\n');
        }
        return b.toString();
    }

    private static String listable(String what, String name) {
        if (name.isEmpty() || name.chars().anyMatch(Character::isISOControl)) {
            throw new UnwritableNameException("the " + what + " '" + CommentText.shown(name) + "' cannot be a column of InfluxDB 3:"
                + " a key is not empty and holds no control character");
        }
        if (name.indexOf(',') >= 0) {
            throw new UnwritableNameException("the " + what + " '" + CommentText.shown(name) + "' cannot be given to the"
                + " influxdb3 CLI: it splits its lists of columns at commas");
        }
        return name;
    }

    /** The CLI's data type of a field ({@code DataType} in {@code influxdb3_commands/src/common.rs}). */
    private static String type(CodeRequest r, String attribute) {
        ValueType t = r.kind().attribute(attribute).map(Attribute::type).orElse(ValueType.STRING);
        return switch (t) {
            case INTEGER -> "int64";
            case UNSIGNED -> "uint64";
            case FLOAT -> "float64";
            case BOOLEAN -> "bool";
            case STRING -> "utf8";
        };
    }
}
