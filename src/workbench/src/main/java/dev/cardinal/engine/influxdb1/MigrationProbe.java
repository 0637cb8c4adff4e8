package dev.cardinal.engine.influxdb1;

import java.util.List;

/**
 * The target's own speed at this migration, measured before it runs: one slice of the source (about
 * {@code share} of its points, from its first point) rewritten and checked exactly as a window is, into a measurement
 * of its own that is dropped again. Its seconds per point, times the points to rewrite, is the time the migration
 * takes. The probe refuses to run when its measurement already exists, so it never drops anything it did not write.
 *
 * @param points  points the probe rewrote
 * @param seconds what rewriting and checking them took
 */
public record MigrationProbe(long points, double seconds) {
    static final String SUFFIX = "_cardinal_probe";

    public double secondsPerPoint() {
        return points == 0 ? 0 : seconds / points;
    }

    /** The time to rewrite {@code total} points at the probe's pace. */
    public double secondsFor(long total) {
        return total * secondsPerPoint();
    }

    /**
     * Measures {@code migration}'s pace on a slice of about {@code wanted} points of the {@code total} its source
     * holds over {@code windows}.
     */
    public static MigrationProbe measure(InfluxV1Client client, InfluxV1Migration migration, List<InfluxV1Migration.Window> windows,
                                         long total, long wanted) throws InfluxV1Exception, InterruptedException {
        if (total == 0 || windows.isEmpty()) {
            return new MigrationProbe(0, 0);
        }
        InfluxV1Migration.Place into = migration.into();
        InfluxV1Migration probe = new InfluxV1Migration(migration.source(),
            new InfluxV1Migration.Place(into.database(), into.retentionPolicy(), into.measurement() + SUFFIX), migration.mapping());
        InfluxV1Migration.Window all = new InfluxV1Migration.Window(windows.get(0).startNs(), windows.get(windows.size() - 1).endNs());
        if (probe.count(client, probe.into(), all).points() > 0) {
            throw new InfluxV1Exception(InfluxV1Exception.Kind.OTHER, 0, "the probe's measurement '" + probe.into().measurement()
                + "' already holds points: the probe writes only into a measurement of its own", null, -1, null);
        }
        long first = edge(client, migration, "ASC");
        long last = edge(client, migration, "DESC");
        long span = Math.max(1, (long) ((last - first + 1) * Math.min(1.0, (double) wanted / total)));
        InfluxV1Migration.Window slice = new InfluxV1Migration.Window(first, first + span);
        try {
            long start = System.nanoTime();
            client.query(probe.selectInto(slice), into.database());
            long points = probe.count(client, probe.source(), slice).points();
            probe.count(client, probe.into(), slice);
            return new MigrationProbe(points, (System.nanoTime() - start) / 1e9);
        } finally {
            client.query("DROP MEASUREMENT " + InfluxQl.identifier(probe.into().measurement()), into.database());
        }
    }

    private static long edge(InfluxV1Client client, InfluxV1Migration m, String order) throws InfluxV1Exception, InterruptedException {
        String q = "SELECT * FROM " + m.source().text() + " ORDER BY time " + order + " LIMIT 1";
        return client.query(q, m.source().database()).series().stream().findFirst()
            .map(s -> ((Number) s.value(0, "time")).longValue()).orElse(0L);
    }
}
