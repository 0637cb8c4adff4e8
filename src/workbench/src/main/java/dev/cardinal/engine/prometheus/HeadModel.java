package dev.cardinal.engine.prometheus;

import java.util.Arrays;

/**
 * What Prometheus' head block holds and costs, from the series of a sample.
 *
 * <p>The head holds up to 3 hours of samples: it is compacted once it spans more than 1.5 times the chunk range
 * ({@code Head.compactable} in tsdb/head.go at v2.42.0), and the chunk range is the minimum block duration, 2h by
 * default ({@code --storage.tsdb.min-block-duration}, cmd/prometheus/main.go). A series is in the head while it has a
 * sample in that window, so the head series are the most series written within any 3 hours.
 *
 * <p>Memory per head series follows Robust Perception's model of the 2.x head (profiled on 2.9.2,
 * https://www.robustperception.io/how-much-ram-does-prometheus-2-x-need-for-cardinality-and-ingestion/): 732 bytes
 * per series, 32 per label pair, 120 per distinct label value, the metric name twice, and all of it doubled for Go's
 * garbage collection. Samples and chunks come on top; the same author's later rule of thumb is about 3 kB per head
 * series with them (https://www.robustperception.io/why-does-prometheus-use-so-much-ram, 2.20).
 */
final class HeadModel {
    static final long HEAD_WINDOW_NS = 3L * 3600 * 1_000_000_000L;
    static final long PER_SERIES = 732;
    static final long PER_LABEL_PAIR = 32;
    static final long PER_UNIQUE_VALUE = 120;
    static final long GC_FACTOR = 2;

    private HeadModel() {
    }

    /** The most series that have a sample within one head window: a sweep over the series' [first - 3h, last]. */
    static int headSeries(long[] firstNs, long[] lastNs) {
        int n = firstNs.length;
        long[] starts = new long[n];
        long[] ends = lastNs.clone();
        for (int i = 0; i < n; i++) {
            starts[i] = firstNs[i] - HEAD_WINDOW_NS;
        }
        Arrays.sort(starts);
        Arrays.sort(ends);
        int open = 0;
        int most = 0;
        int e = 0;
        for (long s : starts) {
            while (e < n && ends[e] < s) {
                e++;
                open--;
            }
            open++;
            most = Math.max(most, open);
        }
        return most;
    }

    /** Bytes of head memory for {@code headSeries} series shaped like the tally's on average. */
    static long bytes(SeriesTally.Tally t, long headSeries) {
        if (t.series() == 0) {
            return 0;
        }
        double share = (double) headSeries / t.series();
        double perSeries = PER_SERIES + PER_LABEL_PAIR * (double) t.labelPairs() / t.series()
            + 2.0 * t.metricNameBytes() / t.series();
        return Math.round(GC_FACTOR * (headSeries * perSeries + PER_UNIQUE_VALUE * t.uniqueValues() * share));
    }
}
