package dev.cardinal.projection;

/**
 * Distinct values seen as a sample is replayed in time order, at evenly spaced checkpoints: after
 * {@code points[i]} points, {@code elapsedSeconds[i]} seconds after the first point, {@code distinct[i]} distinct
 * values had appeared.
 */
public record GrowthCurve(long[] points, double[] elapsedSeconds, long[] distinct) {

    public int size() {
        return points.length;
    }

    public long last() {
        return distinct.length == 0 ? 0 : distinct[distinct.length - 1];
    }

    /** Checkpoint positions (1-based point counts) for {@code n} points: {@code count} evenly spaced, ending at n. */
    static long[] positions(long n, int count) {
        int k = (int) Math.min(count, Math.max(n, 0));
        long[] at = new long[k];
        for (int i = 0; i < k; i++) {
            at[i] = Math.max(1, Math.round((double) n * (i + 1) / k));
        }
        return at;
    }
}
