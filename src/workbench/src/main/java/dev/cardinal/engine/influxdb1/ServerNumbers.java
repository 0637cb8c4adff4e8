package dev.cardinal.engine.influxdb1;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an InfluxDB 1.x server itself reports about a database (or one measurement of it), in the words of
 * {@code cardinal analyze}: the numbers a projection is checked against.
 *
 * @param measurements         {@code SHOW MEASUREMENT EXACT CARDINALITY} (1 for one measurement that exists)
 * @param series               distinct series keys, as {@code SHOW SERIES} lists them
 * @param serverReportedSeries {@code SHOW SERIES EXACT CARDINALITY}, summed (it answers per measurement)
 * @param tags                 tag key to {@code SHOW TAG VALUES EXACT CARDINALITY}, the largest over measurements
 * @param fieldKeys            {@code SHOW FIELD KEY EXACT CARDINALITY}, summed over measurements
 * @param indexMemoryBytes     {@code SHOW STATS FOR 'indexes'} memoryBytes: the whole server's in-memory index, or
 *                             -1 when the server does not report it
 */
public record ServerNumbers(long measurements, long series, long serverReportedSeries, Map<String, Long> tags,
                            long fieldKeys, long indexMemoryBytes) {
    public ServerNumbers {
        tags = Collections.unmodifiableMap(new TreeMap<>(tags));
    }

    /**
     * Reads the numbers of {@code database}, or only of {@code measurement} when it is not null.
     */
    public static ServerNumbers read(InfluxV1Client client, String database, String measurement)
        throws InfluxV1Exception, InterruptedException {
        String from = measurement == null ? "" : " FROM " + InfluxQl.identifier(measurement);
        long measurements = measurement == null ? sum(client.query("SHOW MEASUREMENT EXACT CARDINALITY", database))
            : client.query("SHOW MEASUREMENTS WITH MEASUREMENT = " + InfluxQl.identifier(measurement), database)
                .series().stream().mapToLong(s -> s.values().size()).sum();
        long series = client.query("SHOW SERIES" + from, database).series().stream()
            .mapToLong(s -> s.values().size()).sum();
        long reported = sum(client.query("SHOW SERIES EXACT CARDINALITY" + from, database));
        long fieldKeys = sum(client.query("SHOW FIELD KEY EXACT CARDINALITY" + from, database));
        Map<String, Long> tags = new TreeMap<>();
        for (InfluxV1Result.Series s : client.query("SHOW TAG KEYS" + from, database).series()) {
            for (var row : s.values()) {
                tags.putIfAbsent((String) row.get(0), 0L);
            }
        }
        for (String key : tags.keySet()) {
            InfluxV1Result r = client.query("SHOW TAG VALUES EXACT CARDINALITY" + from + " WITH KEY = "
                + InfluxQl.identifier(key), database);
            tags.put(key, r.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(0)).longValue()).max()
                .orElse(0));
        }
        return new ServerNumbers(measurements, series, reported, tags, fieldKeys, indexMemory(client));
    }

    /** {@code SHOW STATS FOR 'indexes'} memoryBytes, the whole server's in-memory index; -1 when not reported. */
    public static long indexMemory(InfluxV1Client client) throws InfluxV1Exception, InterruptedException {
        try {
            return client.query("SHOW STATS FOR 'indexes'", null).series().stream()
                .filter(s -> s.columns().contains("memoryBytes")).mapToLong(s -> ((Number) s.value(0, "memoryBytes")).longValue())
                .sum();
        } catch (InfluxV1Exception e) {
            if (e.kind() != InfluxV1Exception.Kind.QUERY_ERROR) {
                throw e;
            }
            return -1; // servers before 1.6 have no 'indexes' statistics
        }
    }

    private static long sum(InfluxV1Result r) {
        return r.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(0)).longValue()).sum();
    }
}
