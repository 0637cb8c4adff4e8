package dev.cardinal.push;

import dev.cardinal.codegen.InfluxQl;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Durations;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Target;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.io.Writer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds a workspace from what an InfluxDB 1.x database holds: one event kind and one layout per measurement (its
 * tag keys as tags, its field keys with their types as fields, the database's default retention policy), a rollup
 * per continuous query Cardinal can read, the database as a target, and the distinct values of each tag. Nothing
 * is written to the server.
 */
public final class InfluxV1Import {
    private static final Pattern CQ = Pattern.compile(
        "(?is).*\\bBEGIN\\s+SELECT\\s+(.+?)\\s+INTO\\s+(\\S+)\\s+FROM\\s+(\\S+)(?:\\s+WHERE\\s+.+?)?\\s+GROUP\\s+BY\\s+time\\(\\s*([^),]+)\\s*\\)"
            + "(?:\\s*,\\s*(.+?))?(?:\\s+fill\\([^)]*\\))?\\s+END\\s*");
    private static final Pattern CALL = Pattern.compile("(?i)(count\\(distinct\\(|\\w+\\()\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|[^()\\s]+)\\s*\\)+(?:\\s+AS\\s+\\S+)?");

    private InfluxV1Import() {
    }

    public static ImportedWorkspace read(InfluxV1Client client, String database) throws InfluxV1Exception, InterruptedException {
        InfluxV1State state = InfluxV1State.read(client, database);
        if (!state.databaseExists()) {
            throw new InfluxV1Exception(InfluxV1Exception.Kind.DATABASE_NOT_FOUND, 404, "database '" + database
                + "' is not on " + client.url(), null, -1, null);
        }
        RetentionPlan retention = state.retentionPolicies().values().stream().filter(InfluxV1State.RetentionPolicy::isDefault)
            .findFirst().map(InfluxV1Import::plan).orElse(RetentionPlan.AUTOGEN);
        ImportedSchema schema = new ImportedSchema();
        Map<String, Map<String, Long>> tagValues = new LinkedHashMap<>();
        for (String m : state.measurementNames()) {
            Map<String, ValueType> fields = new LinkedHashMap<>();
            state.measurements().get(m).forEach((k, type) -> fields.put(k, valueType(type)));
            Optional<Layout> layout = schema.add(m, state.tagKeys().getOrDefault(m, Set.of()), fields, retention);
            if (layout.isEmpty()) {
                continue;
            }
            Map<String, Long> values = new TreeMap<>();
            for (TagSpec t : layout.get().tags()) {
                InfluxV1Result r = client.query("SHOW TAG VALUES EXACT CARDINALITY FROM " + InfluxQl.identifier(m)
                    + " WITH KEY = " + InfluxQl.identifier(t.key()), database);
                values.put(t.key(), r.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(0)).longValue()).sum());
            }
            tagValues.put(m, values);
        }
        List<String> notes = schema.notes;
        List<Layout> layouts = schema.layouts;
        List<Rollup> rollups = new ArrayList<>();
        for (var cq : state.continuousQueries().entrySet()) {
            rollup(cq.getKey(), cq.getValue(), layouts, state).ifPresentOrElse(rollups::add,
                () -> notes.add("continuous query " + cq.getKey() + " is not a rollup Cardinal can read (one source"
                    + " measurement, aggregates of fields, GROUP BY time and tags): left out: " + cq.getValue()));
        }
        // the server's version (its X-Influxdb-Version header) decides what its SHOW SERIES EXACT CARDINALITY counts
        Target target = new Target(SchemaInference.slug(database), database + " at " + client.url().getHost(),
            Target.Kind.INFLUXDB_1, client.url().toString(), database, null)
            .withServerVersion(InfluxV1Push.version(client.ping()).orElse(null));
        Workspace ws = new Workspace(database, schema.kinds, layouts, List.of(), rollups, List.of(target), Map.of());
        return new ImportedWorkspace(ws, tagValues, notes);
    }

    /**
     * The most recent {@code limit} points of each imported measurement as line protocol (ns timestamps), oldest
     * first, so they can be bound to the workspace as its sample. Returns the number of points written.
     */
    public static long recentPoints(InfluxV1Client client, String database, Workspace ws, int limit, Writer out)
        throws InfluxV1Exception, InterruptedException, IOException {
        long written = 0;
        for (Layout layout : ws.layouts()) {
            String m = layout.measurement().literalText();
            StringBuilder select = new StringBuilder();
            for (TagSpec t : layout.tags()) {
                select.append(select.length() == 0 ? "" : ", ").append(InfluxQl.identifier(t.key())).append("::tag");
            }
            for (FieldSpec f : layout.fields()) {
                select.append(select.length() == 0 ? "" : ", ").append(InfluxQl.identifier(f.key().literalText())).append("::field");
            }
            InfluxV1Result r = client.query("SELECT " + select + " FROM " + InfluxQl.identifier(m)
                + " ORDER BY time DESC LIMIT " + limit, database);
            EventKind kind = ws.eventKind(layout.eventKind()).orElseThrow();
            for (InfluxV1Result.Series s : r.series()) {
                for (int row = s.values().size() - 1; row >= 0; row--) {
                    List<Object> v = s.values().get(row);
                    int tags = layout.tags().size();
                    String line = PointLines.line(layout, kind, t -> v.get(1 + t), f -> v.get(1 + tags + f),
                        ((Number) v.get(0)).longValue());
                    if (line != null) {
                        out.write(line + "\n");
                        written++;
                    }
                }
            }
        }
        return written;
    }

    static RetentionPlan plan(InfluxV1State.RetentionPolicy rp) {
        boolean serverDefault = rp.shardGroupDuration().equals(RetentionPlan.defaultShardGroupDuration(rp.duration()));
        return new RetentionPlan(rp.name(), rp.duration(), serverDefault ? null : rp.shardGroupDuration(), rp.replication());
    }

    static ValueType valueType(String influxType) {
        return switch (influxType) {
            case "float" -> ValueType.FLOAT;
            case "integer" -> ValueType.INTEGER;
            case "unsigned" -> ValueType.UNSIGNED;
            case "boolean" -> ValueType.BOOLEAN;
            default -> ValueType.STRING;
        };
    }

    /** A continuous query as a rollup, when it has the shape Cardinal writes. */
    static Optional<Rollup> rollup(String name, String query, List<Layout> layouts, InfluxV1State state) {
        Matcher m = CQ.matcher(query);
        if (!m.matches()) {
            return Optional.empty();
        }
        String[] into = parts(m.group(2));
        String[] from = parts(m.group(3));
        if (into.length < 2 || from.length < 1) {
            return Optional.empty();
        }
        String source = from[from.length - 1];
        Optional<Layout> layout = layouts.stream().filter(l -> l.measurement().isLiteral()
            && l.measurement().literalText().equals(source)).findFirst();
        String destination = into.length >= 3 ? into[into.length - 2] : into[0];
        InfluxV1State.RetentionPolicy rp = state.retentionPolicies().get(destination);
        if (layout.isEmpty() || rp == null) {
            return Optional.empty();
        }
        List<Rollup.AggregateSpec> aggregates = new ArrayList<>();
        for (String select : splitTopLevel(m.group(1))) {
            Matcher call = CALL.matcher(select.strip());
            if (!call.matches()) {
                return Optional.empty();
            }
            String fn = call.group(1).toLowerCase(Locale.ROOT);
            Optional<Aggregate> a = fn.startsWith("count(distinct(") ? Optional.of(Aggregate.COUNT_DISTINCT)
                : Aggregate.fromId(fn.substring(0, fn.length() - 1));
            if (a.isEmpty()) {
                return Optional.empty();
            }
            String fieldKey = unquote(call.group(2));
            String attribute = layout.get().fields().stream().filter(f -> f.key().isLiteral() && f.key().literalText().equals(fieldKey))
                .map(FieldSpec::attribute).findFirst().orElse(fieldKey);
            aggregates.add(new Rollup.AggregateSpec(attribute, a.get()));
        }
        List<String> groupBy = new ArrayList<>();
        if (m.group(5) != null) {
            for (String g : splitTopLevel(m.group(5))) {
                groupBy.add(unquote(g.strip()));
            }
        }
        Duration window;
        try {
            window = Durations.parse(m.group(4).strip());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        String id = name.startsWith("cq_") ? name.substring(3) : name;
        return Optional.of(new Rollup(id, id, layout.get().id(), window, aggregates, groupBy,
            new Rollup.Destination(Rollup.DestinationKind.RETENTION_POLICY, destination, rp.duration())));
    }

    /** {@code db.rp.m} with optional double quotes around each part. */
    private static String[] parts(String qualified) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < qualified.length(); i++) {
            char c = qualified.charAt(i);
            if (c == '\\' && quoted && i + 1 < qualified.length()) {
                cur.append(qualified.charAt(++i));
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == '.' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out.toArray(String[]::new);
    }

    private static String unquote(String s) {
        String[] p = parts(s);
        return p[p.length - 1];
    }

    private static List<String> splitTopLevel(String list) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '"' && (i == 0 || list.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')') {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                out.add(list.substring(start, i));
                start = i + 1;
            }
        }
        out.add(list.substring(start));
        return out;
    }
}
