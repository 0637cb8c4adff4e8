package dev.cardinal.engine.influxdb1;

import dev.cardinal.model.Durations;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an InfluxDB 1.x server holds for one database, as {@code SHOW DATABASES}, {@code SHOW RETENTION POLICIES},
 * {@code SHOW CONTINUOUS QUERIES}, {@code SHOW MEASUREMENTS}, {@code SHOW FIELD KEYS} and {@code SHOW TAG KEYS}
 * report it.
 *
 * @param databaseExists     whether the database is there at all
 * @param retentionPolicies  by name
 * @param continuousQueries  name to the server's own text of the query
 * @param measurements       measurement to its field keys and types ({@code float}, {@code integer}, ...)
 * @param tagKeys            measurement to its tag keys
 */
public record InfluxV1State(String database, boolean databaseExists, Map<String, RetentionPolicy> retentionPolicies,
                            Map<String, String> continuousQueries, Map<String, Map<String, String>> measurements,
                            Map<String, Set<String>> tagKeys) {

    public InfluxV1State {
        retentionPolicies = ordered(retentionPolicies);
        continuousQueries = ordered(continuousQueries);
        measurements = ordered(measurements);
        tagKeys = ordered(tagKeys);
    }

    /** Reads the state of {@code database}; field and tag keys for every measurement of the database. */
    public static InfluxV1State read(InfluxV1Client client, String database) throws InfluxV1Exception, InterruptedException {
        boolean exists = client.query("SHOW DATABASES", null).series().stream()
            .flatMap(s -> s.values().stream()).anyMatch(row -> database.equals(row.get(0)));
        if (!exists) {
            return new InfluxV1State(database, false, Map.of(), Map.of(), Map.of(), Map.of());
        }
        String db = InfluxQl.identifier(database);
        Map<String, RetentionPolicy> rps = new LinkedHashMap<>();
        for (InfluxV1Result.Series s : client.query("SHOW RETENTION POLICIES ON " + db, null).series()) {
            for (int r = 0; r < s.values().size(); r++) {
                String name = (String) s.value(r, "name");
                rps.put(name, new RetentionPolicy(name, Durations.parse((String) s.value(r, "duration")),
                    Durations.parse((String) s.value(r, "shardGroupDuration")),
                    ((Number) s.value(r, "replicaN")).intValue(), Boolean.TRUE.equals(s.value(r, "default"))));
            }
        }
        Map<String, String> cqs = new LinkedHashMap<>();
        for (InfluxV1Result.Series s : client.query("SHOW CONTINUOUS QUERIES", null).series()) {
            if (database.equals(s.name())) {
                for (int r = 0; r < s.values().size(); r++) {
                    cqs.put((String) s.value(r, "name"), (String) s.value(r, "query"));
                }
            }
        }
        Map<String, Map<String, String>> fields = new LinkedHashMap<>();
        for (InfluxV1Result.Series s : client.query("SHOW FIELD KEYS", database).series()) {
            Map<String, String> keys = fields.computeIfAbsent(s.name(), k -> new LinkedHashMap<>());
            for (int r = 0; r < s.values().size(); r++) {
                keys.put((String) s.value(r, "fieldKey"), (String) s.value(r, "fieldType"));
            }
        }
        Map<String, Set<String>> tags = new LinkedHashMap<>();
        for (InfluxV1Result.Series s : client.query("SHOW TAG KEYS", database).series()) {
            Set<String> keys = tags.computeIfAbsent(s.name(), k -> new LinkedHashSet<>());
            s.values().forEach(row -> keys.add((String) row.get(0)));
        }
        for (InfluxV1Result.Series s : client.query("SHOW MEASUREMENTS", database).series()) {
            s.values().forEach(row -> fields.putIfAbsent((String) row.get(0), Map.of()));
        }
        fields.replaceAll((k, v) -> ordered(v));
        tags.replaceAll((k, v) -> java.util.Collections.unmodifiableSet(v));
        return new InfluxV1State(database, true, rps, cqs, fields, tags);
    }

    private static <K, V> Map<K, V> ordered(Map<K, V> m) {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /** What a new database holds: the {@code autogen} policy, infinite, 7-day shard groups, default. */
    static Map<String, RetentionPolicy> newDatabasePolicies() {
        return Map.of("autogen", new RetentionPolicy("autogen", Duration.ZERO, Duration.ofDays(7), 1, true));
    }

    /** Measurement names in the order the server listed them. */
    public List<String> measurementNames() {
        return List.copyOf(measurements.keySet());
    }
}
