package dev.cardinal.engine.influxdb1;

import dev.cardinal.engine.PlanStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rewrite of one measurement into another through InfluxQL on an InfluxDB 1.x server: one {@code SELECT ... INTO}
 * per shard-group window of the source retention policy (so each statement reads one shard group and a stop loses at
 * most one window's work), the count queries that check a window, and the plan's steps. Every name is written by
 * {@link InfluxQl#identifier}, so a name of quotes, backslashes or line breaks stays a name.
 *
 * @param source the measurement read, in its database and retention policy
 * @param into   the measurement written; never the source
 */
public record InfluxV1Migration(Place source, Place into, MigrationMapping mapping) {
    /** A measurement in a database's retention policy. */
    public record Place(String database, String retentionPolicy, String measurement) {
        public String text() {
            return InfluxQl.identifier(database) + "." + InfluxQl.identifier(retentionPolicy) + "." + InfluxQl.identifier(measurement);
        }
    }

    /** Points from {@code startNs} (inclusive) to {@code endNs} (exclusive): one shard group. */
    public record Window(long startNs, long endNs) {
        public String where() {
            return " WHERE time >= " + startNs + " AND time < " + endNs;
        }

        @Override
        public String toString() {
            return Instant.ofEpochSecond(0, startNs) + " .. " + Instant.ofEpochSecond(0, endNs);
        }
    }

    /**
     * What a window holds, counted by {@code SELECT count(*) ... GROUP BY} the new tag set: per tag set (one series of
     * the new layout), the number of values of each field.
     */
    public record Counts(Map<Map<String, String>, Map<String, Long>> groups) {
        /** Points: per series, the most values any one field has (each point carries at least one field). */
        public long points() {
            return groups.values().stream().mapToLong(m -> m.values().stream().mapToLong(Long::longValue).max().orElse(0)).sum();
        }

        public int series() {
            return groups.size();
        }
    }

    public InfluxV1Migration {
        if (source.equals(into) || source.database().equals(into.database())
            && source.measurement().equals(into.measurement()) && source.retentionPolicy().equals(into.retentionPolicy())) {
            throw new IllegalArgumentException("the migration must write into another measurement or retention policy than it reads");
        }
        if (!source.database().equals(into.database())) {
            throw new IllegalArgumentException("the migration stays in one database");
        }
        MigrationMapping.requireNoTrailingBackslash("measurement", into.measurement());
    }

    /**
     * The migration of {@code old}'s measurement into {@code neu}'s layout in {@code database}: read from {@code rp}
     * (null: the old layout's retention policy), written into {@code into} (null: the new layout's measurement, with
     * {@code _<new layout id>} when that is the old name in the same policy) in {@code intoRp} (null: the one read).
     *
     * @throws IllegalArgumentException what SELECT INTO cannot do, with the reason
     */
    public static InfluxV1Migration between(String database, dev.cardinal.model.Layout old, dev.cardinal.model.Layout neu,
                                            String rp, String into, String intoRp) {
        MigrationMapping mapping = MigrationMapping.of(old, neu);
        String source = old.measurement().literalText();
        String readRp = rp != null ? rp : old.retention().name();
        String writeRp = intoRp != null ? intoRp : readRp;
        String target = into != null ? into : neu.measurement().literalText().equals(source) && writeRp.equals(readRp)
            ? source + "_" + neu.id() : neu.measurement().literalText();
        return new InfluxV1Migration(new Place(database, readRp, source), new Place(database, writeRp, target), mapping);
    }

    /** The rewrite of one window. */
    public String selectInto(Window w) {
        return "SELECT " + String.join(", ", mapping.columns().stream().map(MigrationMapping.Column::text).toList())
            + " INTO " + into.text() + " FROM " + source.text() + w.where() + mapping.groupBy();
    }

    /** The count of one window of {@code place}, grouped by the new tag set. */
    public String countQuery(Place place, Window w) {
        return "SELECT count(*) FROM " + place.text() + w.where() + mapping.groupBy();
    }

    /** The shard-group windows of the source retention policy, oldest first, as {@code SHOW SHARDS} lists them. */
    public List<Window> windows(InfluxV1Client client) throws InfluxV1Exception, InterruptedException {
        TreeSet<Long> starts = new TreeSet<>();
        Map<Long, Long> ends = new HashMap<>();
        for (InfluxV1Result.Series s : client.query("SHOW SHARDS", null).series()) {
            if (!s.name().equals(source.database())) {
                continue;
            }
            for (int r = 0; r < s.values().size(); r++) {
                if (source.retentionPolicy().equals(s.value(r, "retention_policy"))) {
                    long start = nanos(s.value(r, "start_time"));
                    starts.add(start);
                    ends.put(start, nanos(s.value(r, "end_time")));
                }
            }
        }
        List<Window> out = new ArrayList<>();
        starts.forEach(s -> out.add(new Window(s, ends.get(s))));
        return out;
    }

    private static long nanos(Object time) {
        if (time instanceof Number n) {
            return n.longValue();
        }
        Instant t = Instant.parse(String.valueOf(time));
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** The counts of one window of {@code place}. */
    public Counts count(InfluxV1Client client, Place place, Window w) throws InfluxV1Exception, InterruptedException {
        Map<Map<String, String>, Map<String, Long>> groups = new HashMap<>();
        for (InfluxV1Result.Series s : client.query(countQuery(place, w), place.database()).series()) {
            Map<String, Long> fields = new TreeMap<>();
            for (String c : s.columns()) {
                if (c.startsWith("count_") && s.value(0, c) instanceof Number n && n.longValue() > 0) {
                    fields.put(c.substring("count_".length()), n.longValue());
                }
            }
            groups.merge(s.tags(), fields, (a, b) -> a);
        }
        return new Counts(groups);
    }

    /**
     * Why a window's copy differs from its source, or null when it does not: the same series of the new layout, and in
     * each of them every carried field with as many values as before (a demoted tag that made two points one point,
     * same series and time, shows here as fewer values).
     */
    public String difference(Counts in, Counts out) {
        if (!in.groups().keySet().equals(out.groups().keySet())) {
            return "series differ: " + in.series() + " in the source window, " + out.series() + " written";
        }
        for (var g : in.groups().entrySet()) {
            Map<String, Long> written = out.groups().get(g.getKey());
            for (MigrationMapping.Column c : mapping.carriedFields()) {
                long before = g.getValue().getOrDefault(c.from(), 0L);
                long after = written.getOrDefault(c.to(), 0L);
                if (before != after) {
                    return "series " + g.getKey() + ": field '" + c.from() + "' has " + before + " values, '" + c.to() + "' " + after
                        + " (points that differed only in a tag made into a field share a series and a time, and the later one overwrote the earlier)";
                }
            }
        }
        return in.points() == out.points() ? null : in.points() + " points in, " + out.points() + " out";
    }

    /** The plan's steps: the windows, the switch-over, the continuous queries to review, and the destructive drop. */
    public List<PlanStep> steps(List<Window> windows, List<String> queriesReadingSource) {
        List<PlanStep> steps = new ArrayList<>();
        for (Window w : windows) {
            steps.add(new PlanStep(PlanStep.Action.CREATE, "window " + w, List.of(selectInto(w)),
                "rewrite one shard group into " + into.measurement() + " (checked by counting both after it runs)", false));
        }
        for (String cq : queriesReadingSource) {
            steps.add(PlanStep.conflict("continuous-query " + cq, "reads " + source.measurement()
                + ": recreate it reading " + into.measurement() + " with the new layout's keys before the switch-over"));
        }
        steps.add(PlanStep.unchanged("switch-over", "point the writers at " + into.measurement() + " with the new layout, then run"
            + " the migration again: the open shard group is rewritten once more to carry the points written meanwhile"));
        if (source.measurement().equals(into.measurement())) {
            steps.add(PlanStep.conflict("measurement " + source.measurement(), "the copy has the old name in another retention"
                + " policy, and DROP MEASUREMENT reaches every policy: drop the old retention policy instead"));
        } else {
            steps.add(new PlanStep(PlanStep.Action.REPLACE, "measurement " + source.measurement(),
                List.of(dropOld()), "the old data, dropped only when named (--drop-old NAME, or the name typed in the Migrate step)", true));
        }
        return steps;
    }

    /** Whether {@code typed} is the old measurement's exact name: the destructive step runs only when the user names it. */
    public boolean namesOld(String typed) {
        return source.measurement().equals(typed);
    }

    /** Drops the old measurement: DROP MEASUREMENT reaches every retention policy, so it is refused when the copy shares the name. */
    public String dropOld() {
        if (source.measurement().equals(into.measurement())) {
            throw new IllegalStateException("the copy has the old measurement's name (in another retention policy):"
                + " DROP MEASUREMENT would drop it too; drop the old retention policy instead");
        }
        return "DROP MEASUREMENT " + InfluxQl.identifier(source.measurement());
    }

    /** The names of the database's continuous queries whose text names the source measurement. */
    public List<String> queriesReadingSource(InfluxV1Client client) throws InfluxV1Exception, InterruptedException {
        List<String> out = new ArrayList<>();
        for (InfluxV1Result.Series s : client.query("SHOW CONTINUOUS QUERIES", null).series()) {
            if (!s.name().equals(source.database())) {
                continue;
            }
            for (int r = 0; r < s.values().size(); r++) {
                String query = String.valueOf(s.value(r, "query"));
                boolean reads = InfluxQlTokens.of(query).stream()
                    .anyMatch(t -> t.kind() == InfluxQlTokens.Kind.NAME && t.text().equals(source.measurement()));
                if (reads) {
                    out.add(String.valueOf(s.value(r, "name")));
                }
            }
        }
        return out;
    }
}
