package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.model.Durations;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compares what layouts need on an InfluxDB 1.x database with what the server holds, and says statement by
 * statement what apply would do. Pure: the live state comes in as an {@link InfluxV1State}.
 *
 * <p>The layouts' retention policies and their rollups' policies are created or altered (the first layout's policy
 * is the database default), continuous queries created or replaced, and measurements the layouts write checked
 * for field keys of another type and for keys that are a tag on the server and a field in the layout (both make
 * writes fail). Shortening a retention policy drops points and replacing a continuous query drops the old
 * definition, so both are destructive. What the server holds beyond the workspace is left alone.
 */
public final class InfluxV1Planner {
    private InfluxV1Planner() {
    }

    public static Plan plan(Workspace ws, List<Layout> layouts, String target, InfluxV1State live) {
        if (layouts.isEmpty()) {
            throw new IllegalArgumentException("no layout to plan");
        }
        String database = live.database();
        String db = InfluxQl.identifier(database);
        List<PlanStep> steps = new ArrayList<>();
        Map<String, RetentionPolicy> rps = new LinkedHashMap<>(live.retentionPolicies());
        if (live.databaseExists()) {
            steps.add(PlanStep.unchanged("database " + database, "exists"));
        } else {
            steps.add(new PlanStep(PlanStep.Action.CREATE, "database " + database, List.of("CREATE DATABASE " + db),
                "not on the server", false));
            rps.putAll(InfluxV1State.newDatabasePolicies());
        }
        Map<String, String> planned = new LinkedHashMap<>();
        for (int i = 0; i < layouts.size(); i++) {
            Layout layout = layouts.get(i);
            RetentionPlan rp = layout.retention();
            InfluxQlGenerator.requireServerName("retention policy", rp.name());
            if (planned.putIfAbsent(rp.name(), layout.name()) == null) {
                steps.add(retentionPolicy(db, rp.name(), rp.duration(), rp.effectiveShardGroupDuration(), rp.replication(),
                    i == 0, rps.get(rp.name()), "where " + layout.name() + " writes"));
            }
            for (Rollup r : ws.rollups()) {
                if (r.layout().equals(layout.id()) && r.destination().kind() == Rollup.DestinationKind.RETENTION_POLICY
                    && planned.putIfAbsent(r.destination().name(), r.name()) == null) {
                    InfluxQlGenerator.requireServerName("retention policy of rollup " + r.name(), r.destination().name());
                    steps.add(retentionPolicy(db, r.destination().name(), r.destination().retention(), null,
                        rp.replication(), false, rps.get(r.destination().name()), "where rollup " + r.name() + " writes"));
                }
            }
        }
        for (Layout layout : layouts) {
            InfluxQlGenerator.Script script = InfluxQlGenerator.generate(ws, layout, database, null);
            for (Rollup r : ws.rollups()) {
                String name = InfluxQlGenerator.continuousQueryName(r);
                script.continuousQueries().stream()
                    .filter(s -> s.influxql().startsWith("CREATE CONTINUOUS QUERY " + InfluxQl.identifier(name) + " "))
                    .findFirst()
                    .ifPresent(s -> steps.add(continuousQuery(db, name, s.influxql(), live.continuousQueries().get(name),
                        r.name())));
            }
        }
        for (Layout layout : layouts) {
            ws.eventKind(layout.eventKind()).ifPresent(kind -> steps.addAll(measurement(layout, kind, live)));
        }
        return new Plan(target, steps);
    }

    private static PlanStep retentionPolicy(String db, String name, Duration duration, Duration shardGroup,
                                            int replication, boolean makeDefault, RetentionPolicy have,
                                            String why) {
        String subject = "retention-policy " + name;
        String settings = " DURATION " + InfluxQl.duration(duration) + " REPLICATION " + replication
            + (shardGroup == null ? "" : " SHARD DURATION " + InfluxQl.duration(shardGroup));
        if (have == null) {
            return new PlanStep(PlanStep.Action.CREATE, subject, List.of("CREATE RETENTION POLICY " + InfluxQl.identifier(name)
                + " ON " + db + settings + (makeDefault ? " DEFAULT" : "")), why + ": not on the server", false);
        }
        List<String> differences = new ArrayList<>();
        StringBuilder alter = new StringBuilder("ALTER RETENTION POLICY " + InfluxQl.identifier(name) + " ON " + db);
        if (!have.duration().equals(duration)) {
            differences.add("kept " + keep(have.duration()) + " on the server, " + keep(duration) + " planned");
            alter.append(" DURATION ").append(InfluxQl.duration(duration));
        }
        if (have.replication() != replication) {
            differences.add("replication " + have.replication() + " on the server, " + replication + " planned");
            alter.append(" REPLICATION ").append(replication);
        }
        if (shardGroup != null && !have.shardGroupDuration().equals(shardGroup)) {
            differences.add("shard groups of " + InfluxQl.duration(have.shardGroupDuration()) + " on the server, "
                + InfluxQl.duration(shardGroup) + " planned (applies to new shard groups)");
            alter.append(" SHARD DURATION ").append(InfluxQl.duration(shardGroup));
        }
        if (makeDefault && !have.isDefault()) {
            differences.add("not the database's default policy");
            alter.append(" DEFAULT");
        }
        if (differences.isEmpty()) {
            return PlanStep.unchanged(subject, why + ": as planned");
        }
        boolean shorter = !duration.isZero() && (have.duration().isZero() || duration.compareTo(have.duration()) < 0);
        return new PlanStep(PlanStep.Action.ALTER, subject, List.of(alter.toString()), why + ": "
            + String.join("; ", differences) + (shorter ? "; points older than " + InfluxQl.duration(duration)
            + " will be deleted" : ""), shorter);
    }

    private static String keep(Duration d) {
        return d.isZero() ? "forever" : "for " + Durations.format(d);
    }

    private static PlanStep continuousQuery(String db, String name, String create, String have, String rollup) {
        String subject = "continuous-query " + name;
        String why = "rollup " + rollup;
        if (have == null) {
            return new PlanStep(PlanStep.Action.CREATE, subject, List.of(create), why + ": not on the server", false);
        }
        if (same(have, create)) {
            return PlanStep.unchanged(subject, why + ": as planned");
        }
        // InfluxQL cannot alter a continuous query: it is dropped and created again
        return new PlanStep(PlanStep.Action.REPLACE, subject,
            List.of("DROP CONTINUOUS QUERY " + InfluxQl.identifier(name) + " ON " + db, create),
            why + ": the server's query differs: " + have, true);
    }

    /**
     * The server keeps a continuous query in its own spelling (names unquoted where they may be, functions in lower
     * case, durations in one unit, the database and retention policy written out): two statements are the same when
     * they read as the same tokens. One that cannot be read at all is taken to differ.
     */
    static boolean same(String have, String create) {
        try {
            return InfluxQlTokens.normalForm(have).equals(InfluxQlTokens.normalForm(create));
        } catch (IllegalArgumentException unreadable) {
            return false;
        }
    }

    /** Field keys of another type on the server, and keys that are a tag there and a field here (or the reverse). */
    private static List<PlanStep> measurement(Layout layout, EventKind kind, InfluxV1State live) {
        if (!layout.measurement().isLiteral()) {
            return List.of();
        }
        String m = layout.measurement().literalText();
        Map<String, String> fields = live.measurements().get(m);
        String subject = "measurement " + m;
        if (fields == null) {
            return List.of();
        }
        var tagKeys = live.tagKeys().getOrDefault(m, Set.of());
        List<String> problems = new ArrayList<>();
        for (FieldSpec f : layout.fields()) {
            if (!f.key().isLiteral()) {
                continue;
            }
            String key = f.key().literalText();
            Optional<String> want = kind.attribute(f.attribute()).map(a -> serverType(a.type()));
            String have = fields.get(key);
            if (have != null && want.isPresent() && !have.equals(want.get())) {
                problems.add("field " + key + " is " + have + " on the server, the layout writes " + want.get()
                    + ": those points will be rejected (field type conflict)");
            }
            if (tagKeys.contains(key)) {
                problems.add(key + " is a tag on the server and a field in the layout: queries on " + key
                    + " will need ::field and ::tag");
            }
        }
        for (TagSpec t : layout.tags()) {
            if (fields.containsKey(t.key())) {
                problems.add(t.key() + " is a field on the server and a tag in the layout: queries on " + t.key()
                    + " will need ::field and ::tag");
            }
        }
        if (problems.isEmpty()) {
            return List.of(PlanStep.unchanged(subject, "exists with " + fields.size() + " field key(s), "
                + tagKeys.size() + " tag key(s); no conflict with the layout"));
        }
        return List.of(PlanStep.conflict(subject, String.join("; ", problems)));
    }

    /** How InfluxDB 1.x types a field of this value type (unsigned values are written as integers there). */
    static String serverType(ValueType t) {
        return switch (t) {
            case FLOAT -> "float";
            case INTEGER, UNSIGNED -> "integer";
            case STRING -> "string";
            case BOOLEAN -> "boolean";
        };
    }
}
