package dev.cardinal.projection;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * An observed growth curve, checked and cleaned: x strictly increasing from an origin at (0, 0), y non-decreasing.
 * Read as piecewise linear between checkpoints. Package-private: {@link GrowthFit} is the public face.
 */
final class ObservedCurve {
    final double[] x;
    final double[] y;

    private ObservedCurve(double[] x, double[] y) {
        this.x = x;
        this.y = y;
    }

    /**
     * Validates and cleans the caller's checkpoints. Duplicate x values keep the last (largest) y: "distinct values
     * up to x" is a function of x, so several checkpoints at one instant (a burst of points with one timestamp)
     * collapse to the count after the burst. A leading (0, 0) is added when the curve starts later, because
     * nothing has been seen before anything was seen; interpolation below the first checkpoint then stays sane.
     */
    static ObservedCurve of(double[] x, double[] y) {
        if (x == null || y == null) {
            throw new IllegalArgumentException("x and y are required");
        }
        if (x.length != y.length) {
            throw new IllegalArgumentException("x has " + x.length + " checkpoints but y has " + y.length);
        }
        if (x.length < 2) {
            throw new IllegalArgumentException("a growth curve needs at least 2 checkpoints, got " + x.length);
        }
        double[] cx = new double[x.length + 1];
        double[] cy = new double[x.length + 1];
        int n = 0;
        if (x[0] > 0) {
            n = 1; // the origin (0, 0)
        }
        for (int i = 0; i < x.length; i++) {
            check(x, i, "x");
            check(y, i, "y");
            if (i > 0 && (x[i] < x[i - 1] || y[i] < y[i - 1])) {
                throw new IllegalArgumentException("checkpoints must be non-decreasing in x and y; checkpoint " + i
                    + " (" + x[i] + ", " + y[i] + ") follows (" + x[i - 1] + ", " + y[i - 1] + ")");
            }
            if (n > 0 && cx[n - 1] == x[i]) {
                cy[n - 1] = y[i];
            } else {
                cx[n] = x[i];
                cy[n] = y[i];
                n++;
            }
        }
        return new ObservedCurve(Arrays.copyOf(cx, n), Arrays.copyOf(cy, n));
    }

    private static void check(double[] a, int i, String name) {
        if (!Double.isFinite(a[i]) || a[i] < 0) {
            throw new IllegalArgumentException(name + "[" + i + "] must be a finite number >= 0, got " + a[i]);
        }
    }

    int size() {
        return x.length;
    }

    double lastX() {
        return x[x.length - 1];
    }

    double lastY() {
        return y[y.length - 1];
    }

    /** The observed count at {@code at} (0 <= at <= lastX), linear between checkpoints. */
    double at(double at) {
        if (at <= x[0]) {
            return y[0];
        }
        int i = Arrays.binarySearch(x, at);
        if (i >= 0) {
            return y[i];
        }
        int hi = -i - 1;
        if (hi >= x.length) {
            return lastY();
        }
        int lo = hi - 1;
        return y[lo] + (y[hi] - y[lo]) * ((at - x[lo]) / (x[hi] - x[lo])); // fraction first: no overflow
    }

    /** The smallest x where the observed curve reaches {@code limit}; empty when it never does. */
    OptionalDouble crossing(double limit) {
        if (limit <= y[0]) {
            return OptionalDouble.of(x[0]);
        }
        for (int i = 1; i < x.length; i++) {
            if (y[i] >= limit) {
                double f = (limit - y[i - 1]) / (y[i] - y[i - 1]);
                return OptionalDouble.of(x[i - 1] + f * (x[i] - x[i - 1]));
            }
        }
        return OptionalDouble.empty();
    }

    /** The x where the count first reached its final value (the last time anything new appeared). */
    double lastRise() {
        return crossing(lastY()).orElse(lastX());
    }
}
