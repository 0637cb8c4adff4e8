package dev.cardinal.engine.influxdb1;

import java.util.List;

/**
 * The target's own speed at this migration, measured before it runs: up to {@link #REPEATS} of its windows, spread
 * evenly over them, each rewritten and checked exactly as the run will (same shard, same statements), but into a
 * measurement of its own that is dropped again. The mean time of those windows (the fastest and slowest left out),
 * times the windows, is the migration's time; a window of more than {@code wanted} points is probed by a slice of
 * that many and costed by the point. The probe refuses to run when its measurement already holds points, so it never
 * drops anything it did not write.
 *
 * @param points           points the probe rewrote
 * @param seconds          what rewriting and checking them took
 * @param secondsPerWindow the time of a mean window (0 when costed by the point)
 * @param secondsPerPoint  the time of a point (0 when costed by the window)
 */
public record MigrationProbe(long points, double seconds, double secondsPerWindow, double secondsPerPoint) {
    static final String SUFFIX = "_cardinal_probe";
    /** Each slice is timed this often and its median kept: one request on a busy machine can take many times its due. */
    static final int REPEATS = 9;

    /** The same pace with {@code seconds} more a window (what recording it costs). */
    public MigrationProbe plusPerWindow(double seconds) {
        return new MigrationProbe(points, this.seconds, secondsPerWindow + seconds, secondsPerPoint);
    }

    /** The time to rewrite {@code total} points in {@code windows} windows at the probe's pace. */
    public double secondsFor(long total, int windows) {
        return windows * secondsPerWindow + total * secondsPerPoint;
    }

    /**
     * Measures {@code migration}'s pace on some of its {@code windows}, whose points are {@code points} (in the same
     * order).
     */
    public static MigrationProbe measure(InfluxV1Client client, InfluxV1Migration migration, List<InfluxV1Migration.Window> windows,
                                         List<Long> points, long wanted) throws InfluxV1Exception, InterruptedException {
        List<Integer> full = java.util.stream.IntStream.range(0, windows.size()).filter(i -> points.get(i) > 0).boxed().toList();
        if (full.isEmpty()) {
            return new MigrationProbe(0, 0, 0, 0);
        }
        InfluxV1Migration.Place into = migration.into();
        InfluxV1Migration probe = new InfluxV1Migration(migration.source(),
            new InfluxV1Migration.Place(into.database(), into.retentionPolicy(), into.measurement() + SUFFIX), migration.mapping());
        InfluxV1Migration.Window all = new InfluxV1Migration.Window(windows.get(0).startNs(), windows.get(windows.size() - 1).endNs());
        if (probe.count(client, probe.into(), all).points() > 0) {
            throw new InfluxV1Exception(InfluxV1Exception.Kind.OTHER, 0, "the probe's measurement '" + probe.into().measurement()
                + "' already holds points: the probe writes only into a measurement of its own", null, -1, null);
        }
        int k = Math.min(REPEATS, full.size());
        double[] took = new double[k];
        long probed = 0;
        boolean byPoint = false;
        try {
            for (int i = 0; i < k; i++) {
                int at = full.get(k == 1 ? 0 : (int) Math.round((double) i * (full.size() - 1) / (k - 1)));
                InfluxV1Migration.Window w = windows.get(at);
                long p = points.get(at);
                if (p > wanted) {
                    w = new InfluxV1Migration.Window(w.startNs(), w.startNs() + (long) ((w.endNs() - w.startNs()) * ((double) wanted / p)));
                    byPoint = true;
                }
                double[] r = slice(client, probe, w);
                probed += (long) r[0];
                took[i] = r[1];
            }
        } finally {
            // a stop (an interrupt) must not keep the probe's points: the drop runs uninterrupted, the stop is kept
            boolean interrupted = Thread.interrupted();
            try {
                client.query("DROP MEASUREMENT " + InfluxQl.identifier(probe.into().measurement()), into.database());
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        double total = java.util.Arrays.stream(took).sum();
        java.util.Arrays.sort(took);
        double mean = k < 3 ? total / k : java.util.Arrays.stream(took, 1, k - 1).average().orElse(0);
        return byPoint ? new MigrationProbe(probed, total, 0, total / Math.max(1, probed)) : new MigrationProbe(probed, total, mean, 0);
    }

    /** Points and seconds of one slice rewritten and checked as a window is. */
    private static double[] slice(InfluxV1Client client, InfluxV1Migration probe, InfluxV1Migration.Window w)
        throws InfluxV1Exception, InterruptedException {
        long start = System.nanoTime();
        client.query(probe.selectInto(w), probe.into().database());
        long points = probe.count(client, probe.source(), w).points();
        probe.count(client, probe.into(), w);
        return new double[] {points, (System.nanoTime() - start) / 1e9};
    }

}
