package dev.cardinal.engine;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A target's own speed at a migration, measured before it runs by a probe: up to {@link #WINDOWS} of its windows, spread
 * evenly over them, each rewritten and checked whole as the run will (the same statements or script, the same write),
 * but into a measurement or table of the probe's own that is removed again. Only a window of more than {@code wanted}
 * points is probed by two slices of it (that many points from its start, half as many from its end): a slice of a
 * window costs more a point than the window when the window's series are few and long (a slice touches almost every
 * series), and less when every point is a series of its own, so slices of 5,000 points put the estimate 89% over the
 * run on the ad marketplace and 55% under it on id-explosion traffic (200,000 rows each, issue 37). A window's time is then
 * {@code a + c * points}: a and c fitted by least squares over every probed window and slice when their sizes differ
 * enough to tell them apart, else the plain mean window (nothing left out: the slow windows a busy server has are part
 * of the run too, and leaving the slowest probe out made the estimate low, issue 37).
 * <p>
 * Before it times anything the probe rewrites one window it does not time (when there are more windows than it
 * probes): a server's first rewrite runs slower than the rest (its first {@code SELECT INTO}, its first writes into a
 * new measurement), and timed, that one window of four put the estimate 60-67% over the run on a freshly started
 * influxd (issue 37).
 *
 * @param points           points the probe rewrote and timed
 * @param seconds          what rewriting and checking them took
 * @param secondsPerWindow a window's time apart from its points (a)
 * @param secondsPerPoint  a point's time (c)
 * @param untimed          points rewritten first and not timed (the server's first rewrite)
 */
public record MigrationPace(long points, double seconds, double secondsPerWindow, double secondsPerPoint, long untimed) {
    /** No probe ran (nothing to rewrite). */
    public static final MigrationPace NONE = new MigrationPace(0, 0, 0, 0, 0);
    /** Most windows probed. */
    public static final int WINDOWS = 4;
    /** Sizes that differ less than this (largest over smallest) fit no line: the mean window is the pace. */
    static final double SPREAD = 1.5;

    /** Rewrites one slice of a window into the probe's own place and checks it as a window is checked. */
    public interface Slice {
        /** The points the slice held; the caller times it. */
        long rewrite(MigrationWindow slice) throws IOException, InterruptedException;
    }

    /** The same pace with {@code seconds} more a window (what recording it costs). */
    public MigrationPace plusPerWindow(double more) {
        return new MigrationPace(points, seconds, secondsPerWindow + more, secondsPerPoint, untimed);
    }

    /** The time to rewrite {@code total} points in {@code windows} windows at this pace. */
    public double secondsFor(long total, int windows) {
        return windows * secondsPerWindow + total * secondsPerPoint;
    }

    /**
     * Times {@code slice} on some of {@code windows} (whose points are {@code points}, in the same order), at most
     * {@code wanted} points a slice, and fits the pace. The caller removes what the slices wrote.
     */
    public static MigrationPace probe(List<MigrationWindow> windows, List<Long> points, long wanted, Slice slice)
        throws IOException, InterruptedException {
        List<Integer> full = IntStream.range(0, windows.size()).filter(i -> points.get(i) > 0).boxed().toList();
        if (full.isEmpty()) {
            return NONE;
        }
        int k = Math.min(WINDOWS, full.size());
        List<Integer> probed = IntStream.range(0, k)
            .mapToObj(i -> full.get(k == 1 ? 0 : (int) Math.round((double) i * (full.size() - 1) / (k - 1)))).toList();
        long untimed = 0;
        Integer first = full.stream().filter(i -> !probed.contains(i)).findFirst().orElse(null);
        if (first != null) {
            untimed = slice.rewrite(start(windows.get(first), points.get(first), wanted));
        }
        List<double[]> timed = new ArrayList<>();
        for (int at : probed) {
            MigrationWindow w = windows.get(at);
            long p = points.get(at);
            if (p > wanted) {
                timed.add(timed(slice, start(w, p, wanted)));
                timed.add(timed(slice, end(w, p, wanted / 2.0)));
            } else {
                timed.add(timed(slice, w));
            }
        }
        MigrationPace pace = fitted(timed);
        return new MigrationPace(pace.points(), pace.seconds(), pace.secondsPerWindow(), pace.secondsPerPoint(), untimed);
    }

    /** The slice of about {@code wanted} points at the start of {@code w} (which holds {@code p}), or all of it. */
    private static MigrationWindow start(MigrationWindow w, long p, long wanted) {
        if (p <= wanted) {
            return w;
        }
        long start = w.startNanos();
        long length = MigrationWindow.nanos(w.stop()) - start;
        return new MigrationWindow(w.start(), MigrationWindow.instant(start + (long) (length * ((double) wanted / p))));
    }

    /** The slice of about {@code wanted} points at the end of {@code w}, which holds more than that ({@code p}). */
    private static MigrationWindow end(MigrationWindow w, long p, double wanted) {
        long start = w.startNanos();
        long length = MigrationWindow.nanos(w.stop()) - start;
        return new MigrationWindow(MigrationWindow.instant(start + length - (long) (length * (wanted / p))), w.stop());
    }

    private static double[] timed(Slice slice, MigrationWindow w) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long points = slice.rewrite(w);
        return new double[] {points, (System.nanoTime() - start) / 1e9};
    }

    /** The pace that {@code timed} (points and seconds of each probed window or slice) gives: see the class comment. */
    public static MigrationPace fitted(List<double[]> timed) {
        int n = timed.size();
        double points = timed.stream().mapToDouble(t -> t[0]).sum();
        double seconds = timed.stream().mapToDouble(t -> t[1]).sum();
        double least = timed.stream().mapToDouble(t -> t[0]).min().orElse(0);
        double most = timed.stream().mapToDouble(t -> t[0]).max().orElse(0);
        if (n < 2 || least <= 0 || most < SPREAD * least) {
            return new MigrationPace((long) points, seconds, n == 0 ? 0 : seconds / n, 0, 0);
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
            return new MigrationPace((long) points, seconds, meanT, 0, 0);
        }
        if (a < 0) {
            return new MigrationPace((long) points, seconds, 0, seconds / points, 0);
        }
        return new MigrationPace((long) points, seconds, a, c, 0);
    }

    /**
     * The probe's own name for a copy named {@code into}: {@code cardinal_probe_} and eight hex digits of the name's hash,
     * letters, digits and underscores only, so it needs no quoting in any predicate or URL a cleanup sends.
     */
    public static String probeName(String into) {
        return "cardinal_probe_" + String.format(java.util.Locale.ROOT, "%08x", into.hashCode());
    }
}
