package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.ImportedSchema;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.VersionHeader;
import dev.cardinal.lineprotocol.PointLines;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds a workspace from what an InfluxDB 1.x database holds: one event kind and one layout per measurement (its
 * tag keys as tags, its field keys with their types as fields, the database's default retention policy), a rollup
 * per continuous query Cardinal can read, the database as a target, and the distinct values of each tag. Nothing
 * is written to the server.
 */
public final class InfluxV1Import {
    private InfluxV1Import() {
    }

    public static ImportedWorkspace read(InfluxV1Client client, String database) throws InfluxV1Exception, InterruptedException {
        InfluxV1State state = InfluxV1State.read(client, database);
        if (!state.databaseExists()) {
            throw new InfluxV1Exception(InfluxV1Exception.Kind.DATABASE_NOT_FOUND, 404, "database '" + database
                + "' is not on " + client.url(), null, -1, null);
        }
        RetentionPlan retention = state.retentionPolicies().values().stream().filter(RetentionPolicy::isDefault)
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
        Set<String> ids = new HashSet<>();
        for (var cq : state.continuousQueries().entrySet()) {
            String id = ImportedContinuousQuery.idFor(cq.getKey());
            for (int n = 2; ids.contains(id); n++) {
                id = ImportedContinuousQuery.idFor(cq.getKey()) + "-" + n;
            }
            ImportedContinuousQuery.rollup(cq.getKey(), cq.getValue(), database, layouts, state, id).ifPresentOrElse(r -> {
                ids.add(r.id());
                rollups.add(r);
            }, () -> notes.add("continuous query " + cq.getKey() + " is not a rollup Cardinal can write back as it is"
                + " (aggregates of one measurement's fields into a retention policy of this database, grouped by time"
                + " and tags): left out of the workspace, and left alone on the server by plan and apply: " + cq.getValue()));
        }
        // the server's version (its X-Influxdb-Version header) decides what its SHOW SERIES EXACT CARDINALITY counts
        Target target = new Target(SchemaInference.slug(database), database + " at " + client.url().getHost(),
            Target.Kind.INFLUXDB_1, client.url().toString(), database, null)
            .withServerVersion(VersionHeader.read(client.ping()).orElse(null));
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

    static RetentionPlan plan(RetentionPolicy rp) {
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
}
