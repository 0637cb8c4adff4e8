package dev.cardinal.engine.influxdb1;

import java.util.List;

/**
 * The target's own speed at this migration, measured before it runs: up to {@link #WINDOWS} of its windows, spread
 * evenly over them, each rewritten and checked exactly as the run will (same shard, same statements), but into a
 * measurement of its own that is dropped again. A window of more than {@code wanted} points is probed by two slices
 * of it (that many points from its start, half as many from its end). A window's time is then {@code a + c * points}:
 * a and c fitted by least squares over every probed window and slice when their sizes differ enough to tell them
 * apart, else the plain mean window (nothing left out: the slow windows a busy server has are part of the run too,
 * and leaving the slowest probe out made the estimate low, issue 37). The probe refuses to run when its measurement
 * already holds points, so it never drops anything it did not write.
 *
 * @param points           points the probe rewrote
 * @param seconds          what rewriting and checking them took
 * @param secondsPerWindow a window's time apart from its points (a)
 * @param secondsPerPoint  a point's time (c)
 */
public record MigrationProbe(long points, double seconds, double secondsPerWindow, double secondsPerPoint) {
    static final String SUFFIX = "_cardinal_probe";
    /** Most windows probed. */
    static final int WINDOWS = 9;
    /** Sizes that differ less than this (largest over smallest) fit no line: the mean window is the pace. */
    static final double SPREAD = 1.5;

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
        int k = Math.min(WINDOWS, full.size());
        List<double[]> timed = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < k; i++) {
                int at = full.get(k == 1 ? 0 : (int) Math.round((double) i * (full.size() - 1) / (k - 1)));
                InfluxV1Migration.Window w = windows.get(at);
                long p = points.get(at);
                if (p > wanted) {
                    long length = w.endNs() - w.startNs();
                    timed.add(slice(client, probe, new InfluxV1Migration.Window(w.startNs(), w.startNs() + (long) (length * ((double) wanted / p)))));
                    timed.add(slice(client, probe, new InfluxV1Migration.Window(w.endNs() - (long) (length * (wanted / 2.0 / p)), w.endNs())));
                } else {
                    timed.add(slice(client, probe, w));
                }
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
        return fitted(timed);
    }

    /** The pace that {@code timed} (points and seconds of each probed window or slice) gives: see the class comment. */
    static MigrationProbe fitted(List<double[]> timed) {
        int n = timed.size();
        double points = timed.stream().mapToDouble(t -> t[0]).sum();
        double seconds = timed.stream().mapToDouble(t -> t[1]).sum();
        double least = timed.stream().mapToDouble(t -> t[0]).min().orElse(0);
        double most = timed.stream().mapToDouble(t -> t[0]).max().orElse(0);
        if (n < 2 || least <= 0 || most < SPREAD * least) {
            return new MigrationProbe((long) points, seconds, seconds / n, 0);
        }
        double meanP = points / n;
        double meanT = seconds / n;
        double cov = 0;
        double var = 0;
        for (double[] t : timed) {
            cov += (t[0] - meanP) * (t[1] - meanT);
            var += (t[0] - meanP) * (t[0] - meanP);
        }
        double c = cov / var;
        double a = meanT - c * meanP;
        if (c < 0) {
            return new MigrationProbe((long) points, seconds, meanT, 0);
        }
        if (a < 0) {
            return new MigrationProbe((long) points, seconds, 0, seconds / points);
        }
        return new MigrationProbe((long) points, seconds, a, c);
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
