package dev.cardinal.engine;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.PrometheusTextReader;
import java.util.Optional;

/**
 * Whether a layout keeps a Prometheus metric as it came, so that an engine that takes Prometheus' own writes names each
 * series after the metric. An event kind is a Prometheus metric when its sample says so ({@link
 * EventKindSample#prometheusMetric()}: a scrape, or remote write taken by a capture) or its workspace does ({@link
 * EventKind#prometheusMetric()}: built from such a sample, or imported from a Prometheus or a VictoriaMetrics), so plans
 * and generated code, which have no sample, name its series as the sample write does.
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
        return sample.prometheusMetric() && keepsValue(layout);
    }

    /** True when the layout keeps its event kind, a Prometheus metric, as it came: plans and code, which have no sample. */
    public static boolean keptAsSent(Layout layout, EventKind kind) {
        return kind.prometheusMetric() && keepsValue(layout);
    }

    /** True when the sample or the workspace's event kind of the layout is a Prometheus metric the layout keeps as it came. */
    public static boolean keptAsSent(Layout layout, Workspace ws, EventKindSample sample) {
        return keptAsSent(layout, sample) || ws != null
            && ws.eventKind(layout.eventKind()).filter(k -> keptAsSent(layout, k)).isPresent();
    }

    /** The metric a layout kept as sent writes, when its name is known without a sample (a literal measurement). */
    public static Optional<String> metric(Layout layout, EventKind kind) {
        return keptAsSent(layout, kind) && layout.measurement().isLiteral() && !layout.measurement().literalText().isEmpty()
            ? Optional.of(layout.measurement().literalText()) : Optional.empty();
    }

    private static boolean keepsValue(Layout layout) {
        if (layout.fields().size() != 1) {
            return false;
        }
        FieldSpec f = layout.fields().get(0);
        return f.attribute().equals(PrometheusTextReader.VALUE) && f.key().isLiteral()
            && f.key().literalText().equals(PrometheusTextReader.VALUE);
    }
}
