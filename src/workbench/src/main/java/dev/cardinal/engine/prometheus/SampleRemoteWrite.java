package dev.cardinal.engine.prometheus;

import dev.cardinal.model.Layout;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes a sample through a layout to Prometheus by remote write, each series once with all its samples.
 *
 * <p>Prometheus only appends a sample no older than an hour before the newest in its head (half the 2h chunk range:
 * {@code Head.appendableMinValidTime} in tsdb/head.go at v2.42.0), and refuses a whole request with one sample out
 * of order or a second value at one timestamp (storage/remote/write_handler.go). So the sample's timestamps are moved
 * to end now and, when the sample spans more than {@link #WINDOW_MS}, squeezed into that window keeping their order;
 * each series is sent once, its samples in time order with one value per millisecond (the last row's, as a later
 * write of the same point wins in line protocol). Series identity, which is what Prometheus counts, does not change.
 */
public final class SampleRemoteWrite {
    /** Fifty minutes: inside the head's one-hour appendable window with room for a slow write. */
    static final long WINDOW_MS = 50L * 60 * 1000;
    private static final int SAMPLES_PER_REQUEST = 5_000;

    /** What was sent. */
    public record Result(long series, long samples, long requests, Map<String, Long> notSent) {
        public Result {
            notSent = Map.copyOf(notSent);
        }
    }

    private final RemoteWriteClient client;

    public SampleRemoteWrite(RemoteWriteClient client) {
        this.client = client;
    }

    /**
     * Writes every series of the layout's rows, timestamps moved to end at {@code nowMs}.
     *
     * @throws IOException              when the server refuses a request (nothing after it is sent)
     * @throws IllegalArgumentException when the layout cannot be written (a tag key Prometheus reserves)
     */
    public Result write(Layout layout, EventKindSample sample, long nowMs) throws IOException {
        return write(layout, sample, dev.cardinal.engine.MetricOrigin.keptAsSent(layout, sample), nowMs);
    }

    /** As {@link #write(Layout, EventKindSample, long)}; {@code asSent} when the layout keeps a Prometheus metric as it came. */
    Result write(Layout layout, EventKindSample sample, boolean asSent, long nowMs) throws IOException {
        for (var t : layout.tags()) {
            MetricNames.whyNotLabel(t.key(), asSent).ifPresent(why -> {
                throw new IllegalArgumentException("tag key '" + t.key() + "': " + why);
            });
        }
        long[] range = range(sample);
        Map<String, Pending> series = new LinkedHashMap<>();
        SampleSeries rows = new SampleSeries(layout, sample, asSent);
        rows.forEach((row, labels, value, ns) -> series.computeIfAbsent(SeriesTally.key(labels), k -> new Pending(labels))
            .add(moved(ns, range, nowMs), value));
        long samples = 0;
        long requests = 0;
        List<WriteRequest.Series> batch = new ArrayList<>();
        int inBatch = 0;
        for (Pending p : series.values()) {
            WriteRequest.Series s = p.series();
            batch.add(s);
            inBatch += s.timestampsMs().length;
            samples += s.timestampsMs().length;
            if (inBatch >= SAMPLES_PER_REQUEST) {
                client.send(batch);
                requests++;
                batch.clear();
                inBatch = 0;
            }
        }
        if (!batch.isEmpty()) {
            client.send(batch);
            requests++;
        }
        Map<String, Long> notSent = new TreeMap<>();
        rows.skips().forEach((s, n) -> notSent.put(s.what, n));
        return new Result(series.size(), samples, requests, notSent);
    }

    /** The earliest and latest timestamp (ns) of the sample. */
    private static long[] range(EventKindSample sample) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int row = 0; row < sample.rows(); row++) {
            min = Math.min(min, sample.timestamp(row));
            max = Math.max(max, sample.timestamp(row));
        }
        return new long[] {min, max};
    }

    static long moved(long ns, long[] range, long nowMs) {
        double span = (double) range[1] - range[0];
        double fromStart = (double) ns - range[0];
        double spanMs = span / 1e6;
        double offsetMs = spanMs <= WINDOW_MS ? fromStart / 1e6 : fromStart / span * WINDOW_MS;
        return nowMs - Math.round(Math.min(spanMs, WINDOW_MS) - offsetMs);
    }

    /** One series' samples as they come, in row order. */
    private static final class Pending {
        private final Map<String, String> labels;
        private long[] ts = new long[4];
        private double[] values = new double[4];
        private int n;

        Pending(TreeMap<String, String> labels) {
            this.labels = new TreeMap<>(labels);
        }

        void add(long ms, double value) {
            if (n == ts.length) {
                ts = Arrays.copyOf(ts, n * 2);
                values = Arrays.copyOf(values, n * 2);
            }
            ts[n] = ms;
            values[n++] = value;
        }

        /** Samples sorted by time, stable, one per millisecond: the last one written. */
        WriteRequest.Series series() {
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Long.compare(ts[a], ts[b]));
            long[] outTs = new long[n];
            double[] outV = new double[n];
            int m = 0;
            for (Integer i : order) {
                if (m > 0 && outTs[m - 1] == ts[i]) {
                    outV[m - 1] = values[i];
                } else {
                    outTs[m] = ts[i];
                    outV[m++] = values[i];
                }
            }
            return new WriteRequest.Series(labels, Arrays.copyOf(outTs, m), Arrays.copyOf(outV, m));
        }
    }
}
