package dev.cardinal.engine;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.PrometheusTextReader;

/**
 * Whether a layout keeps a Prometheus metric as it came ({@link EventKindSample#prometheusMetric()}: a scrape, or remote
 * write taken by a capture), so that an engine that takes Prometheus' own writes names each series after the metric.
 * Cardinal reads such a metric as line protocol's {@code metric,label=value value=V}; VictoriaMetrics names a line of one
 * field {@code {measurement}} instead of {@code {measurement}_{field}} when {@code -influxSkipSingleField} is set
 * ({@code skipFieldKey := len(r.Measurement) > 0 && len(r.Fields) == 1 && *skipSingleField} in {@code insertRows},
 * app/vminsert/influx/request_handler.go at v1.79.5; the flag is declared in the same file), and that is the rule here,
 * for the one field such a sample has, {@code value}: a layout whose only field is the sample's {@code value} under that
 * key names its series {@code metric}, as remote write names it, and the labels keep the names they were sent with
 * (remote write carries any UTF-8 name, and Prometheus 2.42 and VictoriaMetrics 1.79.5 both hold it as sent: measured,
 * {@code PrometheusOriginTest}). A layout that reshapes the metric (another field, a renamed field) is written as any
 * other layout.
 */
public final class MetricOrigin {
    private MetricOrigin() {
    }

    /** True when the layout keeps the sample's Prometheus metric as it came (see the class comment). */
    public static boolean keptAsSent(Layout layout, EventKindSample sample) {
        if (!sample.prometheusMetric() || layout.fields().size() != 1) {
            return false;
        }
        FieldSpec f = layout.fields().get(0);
        return f.attribute().equals(PrometheusTextReader.VALUE) && f.key().isLiteral()
            && f.key().literalText().equals(PrometheusTextReader.VALUE);
    }
}
