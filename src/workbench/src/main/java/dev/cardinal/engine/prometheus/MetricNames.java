package dev.cardinal.engine.prometheus;

import java.util.Optional;

/**
 * Metric and label names as Prometheus takes them. A metric name must match {@code [a-zA-Z_:][a-zA-Z0-9_:]*} and a
 * label name {@code [a-zA-Z_][a-zA-Z0-9_]*} (prometheus/common {@code model/metric.go} MetricNameRE and
 * {@code model/labels.go} LabelNameRE, v0.39.0, the version Prometheus 2.42.0's go.mod requires). Cardinal writes
 * whatever a layout renders under such a name: each code point outside the set becomes {@code _}, as Prometheus'
 * own {@code strutil.SanitizeLabelName} does for discovered labels (util/strutil/strconv.go at v2.42.0, a regexp
 * over runes), and a name that then starts with a digit gets a leading {@code _}. Two names that sanitize alike
 * become one name: the projection counts them as Prometheus holds them, as one.
 */
public final class MetricNames {
    /** Label names beginning with {@code __} are reserved for Prometheus' internal use (docs: data model). */
    static final String RESERVED_PREFIX = "__";
    static final String METRIC_NAME_LABEL = "__name__";

    private MetricNames() {
    }

    /** A valid metric name for {@code text}; empty text gives {@code _}. */
    public static String metric(String text) {
        return sanitize(text, true);
    }

    /** A valid label name for {@code text}; empty text gives {@code _}. */
    public static String label(String text) {
        return sanitize(text, false);
    }

    /**
     * The metric a field becomes: {@code measurement_field}, the naming VictoriaMetrics gives line protocol
     * (docs.victoriametrics.com/#how-to-send-data-from-influxdb-compatible-agents-such-as-telegraf: "{measurement}_{field}",
     * separator {@code -influxMeasurementFieldSeparator}, default {@code _}), so the two engines name a field alike.
     */
    public static String metricOf(String measurement, String fieldKey) {
        return metric(measurement + "_" + fieldKey);
    }

    /**
     * Why a tag key cannot be a label of its own, or empty: a key that sanitizes to a reserved name would be dropped
     * by relabeling or clash with {@code __name__}.
     */
    public static Optional<String> whyNotLabel(String tagKey) {
        return whyNotLabel(tagKey, false);
    }

    /**
     * As {@link #whyNotLabel(String)}; {@code asSent} for a metric kept as it came ({@link dev.cardinal.engine.MetricOrigin}),
     * whose label names are sent unsanitized: then only {@code __name__} itself is refused (remote write carries other
     * names that begin with {@code __}, and Prometheus holds them).
     */
    static Optional<String> whyNotLabel(String tagKey, boolean asSent) {
        if (asSent) {
            return tagKey.equals(METRIC_NAME_LABEL) ? Optional.of("it is the metric name's own label") : Optional.empty();
        }
        String name = label(tagKey);
        if (name.startsWith(RESERVED_PREFIX)) {
            return Optional.of("its label name '" + name + "' begins with '__', which Prometheus reserves for internal use "
                + "(https://prometheus.io/docs/concepts/data_model/#metric-names-and-labels)");
        }
        return Optional.empty();
    }

    private static String sanitize(String text, boolean metric) {
        StringBuilder sb = new StringBuilder(text.length() + 1);
        text.codePoints().forEach(c -> sb.append(allowed(c, metric) ? (char) c : '_'));
        if (sb.length() == 0 || (sb.charAt(0) >= '0' && sb.charAt(0) <= '9')) {
            sb.insert(0, '_');
        }
        return sb.toString();
    }

    private static boolean allowed(int c, boolean metric) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
            || (metric && c == ':');
    }
}
