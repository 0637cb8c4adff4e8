package dev.cardinal.projection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The attributes (tags, labels) that make the most churn: series that come and go within the sample's time range
 * because a value of the attribute does. Time is cut into an engine's windows (an hour for Prometheus' head, a UTC day
 * for VictoriaMetrics' per-day index, a shard group for InfluxDB's per-shard index); a series is <em>created by</em> an attribute when it is first written after the
 * sample's first window and its value of the attribute was first written in that same window (the value is new), and
 * <em>gone by</em> an attribute when it is last written before the sample's last window and its value of the attribute
 * is not written after that window (the value went). A series created by a new {@code session_id} is created by
 * {@code session_id} and not by {@code region}, whose value was there before. Engine-neutral: each engine counts the
 * series it holds, with their first and last times, and names its window.
 */
public final class AttributeChurn {
    /** How many attributes an engine lists: the ones with the most churn. */
    public static final int TOP = 5;

    private AttributeChurn() {
    }

    /**
     * One attribute's churn.
     *
     * @param attribute the tag key (label name) as the engine holds it
     * @param window    the engine's window
     * @param created   series created by the attribute (see the class comment)
     * @param gone      series gone by it
     * @param windows   windows after the sample's first: what created and gone are averaged over
     */
    public record Churn(String attribute, Duration window, long created, long gone, long windows) {
        public Churn {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(window, "window");
        }

        public double createdPerWindow() {
            return windows == 0 ? 0 : (double) created / windows;
        }

        public double gonePerWindow() {
            return windows == 0 ? 0 : (double) gone / windows;
        }
    }

    /** The series an engine holds: each one's labels (tag set) and when it was first and last written. */
    public interface Series {
        int count();

        Map<String, String> labels(int series);

        long firstNs(int series);

        long lastNs(int series);

        /** The series {@code 0 .. count - 1}, each told by the functions. */
        static Series of(int count, java.util.function.IntFunction<Map<String, String>> labels,
            java.util.function.IntToLongFunction firstNs, java.util.function.IntToLongFunction lastNs) {
            return new Series() {
                @Override
                public int count() {
                    return count;
                }

                @Override
                public Map<String, String> labels(int series) {
                    return labels.apply(series);
                }

                @Override
                public long firstNs(int series) {
                    return firstNs.applyAsLong(series);
                }

                @Override
                public long lastNs(int series) {
                    return lastNs.applyAsLong(series);
                }
            };
        }
    }

    /**
     * The {@code n} attributes with the most churn (created and gone together; then by name), windows of {@code window}
     * counted from {@code originNs} (0 for UTC days); empty when the sample spans one window, so that nothing can be
     * said to come or go. Attributes that make no churn are left out.
     */
    public static List<Churn> top(Series series, Duration window, long originNs, int n) {
        long w = window.toNanos();
        int count = series.count();
        long[] first = new long[count];
        long[] last = new long[count];
        long firstWindow = Long.MAX_VALUE;
        long lastWindow = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            first[i] = Math.floorDiv(series.firstNs(i) - originNs, w);
            last[i] = Math.floorDiv(series.lastNs(i) - originNs, w);
            firstWindow = Math.min(firstWindow, first[i]);
            lastWindow = Math.max(lastWindow, last[i]);
        }
        if (count == 0 || lastWindow == firstWindow) {
            return List.of();
        }
        // per attribute, per value: the first and last window any series with that value was written in
        Map<String, Map<String, long[]>> spans = new HashMap<>();
        for (int i = 0; i < count; i++) {
            long f = first[i];
            long l = last[i];
            series.labels(i).forEach((k, v) -> {
                long[] span = spans.computeIfAbsent(k, x -> new HashMap<>()).computeIfAbsent(v, x -> new long[] {f, l});
                span[0] = Math.min(span[0], f);
                span[1] = Math.max(span[1], l);
            });
        }
        Map<String, long[]> churn = new HashMap<>();
        for (int i = 0; i < count; i++) {
            boolean created = first[i] > firstWindow;
            boolean gone = last[i] < lastWindow;
            if (!created && !gone) {
                continue;
            }
            long f = first[i];
            long l = last[i];
            series.labels(i).forEach((k, v) -> {
                long[] span = spans.get(k).get(v);
                long[] c = churn.computeIfAbsent(k, x -> new long[2]);
                c[0] += created && span[0] == f ? 1 : 0;
                c[1] += gone && span[1] == l ? 1 : 0;
            });
        }
        List<Churn> out = new ArrayList<>();
        long windows = lastWindow - firstWindow;
        churn.forEach((k, c) -> {
            if (c[0] + c[1] > 0) {
                out.add(new Churn(k, window, c[0], c[1], windows));
            }
        });
        out.sort(Comparator.comparingLong((Churn c) -> c.created() + c.gone()).reversed().thenComparing(Churn::attribute));
        return List.copyOf(out.subList(0, Math.min(n, out.size())));
    }
}
