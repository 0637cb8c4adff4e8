package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.Figure;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.TagSpec;
import dev.cardinal.projection.GrowthFit;
import dev.cardinal.projection.GrowthSupport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A layout over a sample of rows as Prometheus holds it when the sample is remote-written ({@link SampleSeries}):
 * series (distinct metric name and label set), head series, labels, churn, growth to the horizon and head memory,
 * and the per-scrape limits the user set.
 */
final class PrometheusCount implements SeriesEngine {
    /** The version Cardinal runs and checks against: Debian 12's package. */
    static final ServerVersion CHECKED = ServerVersion.parse("2.42.0");
    /** {@code --storage.tsdb.retention.time}'s default (cmd/prometheus/main.go at v2.42.0: defaultRetentionString). */
    static final long RETENTION_SECONDS = 15L * 86_400;
    private static final int LABEL_FIGURES = 20;
    private static final double HOUR_NS = 3600e9;

    private final ScrapeLimits limits;

    PrometheusCount(ScrapeLimits limits) {
        this.limits = limits;
    }

    @Override
    public ServerVersion defaultVersion() {
        return CHECKED;
    }

    @Override
    public EngineCount count(Request request) {
        String engine = "Prometheus " + request.version().orElse(CHECKED);
        String kind = request.sample().name();
        String layout = request.layout().id();
        Optional<String> refused = unwritable(request);
        if (refused.isPresent()) {
            return new EngineCount(engine, kind, layout, List.of(), List.of(), List.of(refused.get()));
        }
        SampleSeries rows = new SampleSeries(request.layout(), request.sample(), asSent(request));
        SeriesTally.Tally t = tally(rows, request.sample().rows());
        return figures(request, t, rows.skips(), new EngineCount(engine, kind, layout, List.of(), List.of(), List.of()));
    }

    /** The series of one pass over the rows: what {@link #count} counts, before any figure. */
    static SeriesTally.Tally tally(SampleSeries rows, int sampleRows) {
        SeriesTally tally = new SeriesTally(sampleRows);
        rows.forEach(tally);
        return tally.finish(sampleRows);
    }

    /** The layout keeps a Prometheus metric as it came, by its sample or its workspace ({@link dev.cardinal.engine.MetricOrigin}). */
    static boolean asSent(Request request) {
        return dev.cardinal.engine.MetricOrigin.keptAsSent(request.layout(), request.workspace(), request.sample());
    }

    static Optional<String> unwritable(Request request) {
        boolean asSent = asSent(request);
        for (TagSpec t : request.layout().tags()) {
            Optional<String> why = MetricNames.whyNotLabel(t.key(), asSent);
            if (why.isPresent()) {
                return Optional.of("not counted: the tag key '" + dev.cardinal.engine.CommentText.shown(t.key())
                    + "' cannot be a Prometheus label: " + why.get());
            }
        }
        return Optional.empty();
    }

    private EngineCount figures(Request request, SeriesTally.Tally t, Map<SampleSeries.Skip, Long> skips, EngineCount id) {
        int rows = request.sample().rows();
        double spanNs = span(request);
        double spanSeconds = spanNs / 1e9;
        Optional<String> withheld = GrowthSupport.withheld(rows, spanSeconds);
        GrowthFit fit = fit(t);
        double perSecond = spanSeconds > 0 ? rows / spanSeconds * request.settings().trafficMultiplier() : 0;
        double horizon = request.settings().horizon().getSeconds();
        long series = t.series();
        long head = HeadModel.headSeries(t.firstNs(), t.lastNs());
        long seriesAt = withheld.isPresent() ? series : at(fit, perSecond * Math.min(horizon, RETENTION_SECONDS), series);
        long headAt = withheld.isPresent() ? head
            : Math.max(head, at(fit, perSecond * Math.min(horizon, HeadModel.HEAD_WINDOW_NS / 1e9), 0));
        List<Figure> f = new ArrayList<>();
        f.add(new Figure("series", "series (metric name and label set), over the retention", series, seriesAt));
        f.add(new Figure("headSeries", "head series (written within 3 hours)", head, headAt));
        f.add(new Figure("metrics", "metric names", t.seriesByMetric().size(), t.seriesByMetric().size()));
        f.add(new Figure("labelNames", "label names, __name__ included", t.valuesByLabel().size(),
            t.valuesByLabel().size()));
        f.add(new Figure("labelsPerSeries", "labels of the widest series", t.maxLabels(), t.maxLabels()));
        long createdPerHour = Math.round(churn(t, spanNs, true));
        long gonePerHour = Math.round(churn(t, spanNs, false));
        f.add(new Figure("seriesCreatedPerHour", "series created per hour", createdPerHour,
            Math.round(createdPerHour * request.settings().trafficMultiplier())));
        f.add(new Figure("seriesGonePerHour", "series gone per hour", gonePerHour,
            Math.round(gonePerHour * request.settings().trafficMultiplier())));
        f.add(new Figure("headMemoryBytes", "head memory, bytes (Robust Perception's model)",
            HeadModel.bytes(t, head), HeadModel.bytes(t, headAt)));
        t.valuesByLabel().entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey())).limit(LABEL_FIGURES)
            .forEach(e -> f.add(new Figure("labelValues." + e.getKey(),
                "values of label " + dev.cardinal.engine.CommentText.shown(e.getKey()), e.getValue(), e.getValue())));
        List<String> notes = new ArrayList<>();
        notes.add(asSent(request)
            ? "a Prometheus metric kept as it came: its series are named as sent (the metric, not metric_value) and its"
                + " labels keep their names, as remote write carries them"
            : "each field is the metric measurement_field (names sanitized to [a-zA-Z_:][a-zA-Z0-9_:]*, labels to "
            + "[a-zA-Z_][a-zA-Z0-9_]*, other characters as _); a boolean is 1 or 0");
        skips.forEach((s, n) -> notes.add(String.format(Locale.ROOT, "not written: %,d %s", n, s.what)));
        withheld.ifPresent(w -> notes.add("no growth beyond the sample: " + w));
        if (t.valuesByLabel().size() > LABEL_FIGURES) {
            notes.add("values are listed for the " + LABEL_FIGURES + " labels with the most of them");
        }
        if (limits.unset()) {
            notes.add("no per-scrape limit is set: sample_limit, label_limit, label_name_length_limit and "
                + "label_value_length_limit are 0 (no limit) unless a scrape config sets them (config/config.go at v2.42.0)");
        }
        return new EngineCount(id.engine(), id.eventKind(), id.layout(), f,
            limits.checks(headAt, t.maxLabels(), t.maxNameBytes(), t.maxValueBytes()), notes, t.topPairs(), t.churn());
    }

    /**
     * Series created (or gone) per hour. Created: first written after the sample's first hour, over the hours after
     * it (the first hour makes every series new). Gone: last written more than an hour before the sample's end, so
     * out of the head at its next truncation, over the same hours. 0 for a sample shorter than two hours.
     */
    private static double churn(SeriesTally.Tally t, double spanNs, boolean created) {
        if (spanNs < 2 * HOUR_NS || t.series() == 0) {
            return 0;
        }
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (int i = 0; i < t.series(); i++) {
            start = Math.min(start, t.firstNs()[i]);
            end = Math.max(end, t.lastNs()[i]);
        }
        long n = 0;
        for (int i = 0; i < t.series(); i++) {
            n += created ? (t.firstNs()[i] > start + HOUR_NS ? 1 : 0) : (t.lastNs()[i] < end - HOUR_NS ? 1 : 0);
        }
        return n / ((spanNs - HOUR_NS) / HOUR_NS);
    }

    /** Nanoseconds from the sample's earliest timestamp to its latest, whatever the rows' order. */
    private static double span(Request request) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int row = 0; row < request.sample().rows(); row++) {
            min = Math.min(min, request.sample().timestamp(row));
            max = Math.max(max, request.sample().timestamp(row));
        }
        return max < min ? 0 : (double) max - min;
    }

    private static GrowthFit fit(SeriesTally.Tally t) {
        int n = t.checkpointRows().length;
        double[] x = new double[n + 1];
        double[] y = new double[n + 1];
        for (int i = 0; i < n; i++) {
            x[i + 1] = t.checkpointRows()[i];
            y[i + 1] = t.checkpointSeries()[i];
        }
        return n == 0 ? GrowthFit.fit(new double[]{0, 1}, new double[]{0, 0}) : GrowthFit.fit(x, y);
    }

    private static long at(GrowthFit fit, double rows, long floor) {
        return Math.max(floor, Math.round(fit.predict(Math.max(0, rows))));
    }
}
