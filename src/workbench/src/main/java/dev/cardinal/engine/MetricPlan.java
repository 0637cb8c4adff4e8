package dev.cardinal.engine;

import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import java.io.IOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The plan on a server without a schema to create (Prometheus, VictoriaMetrics): a metric exists once a sample of it is
 * written, so apply runs nothing, and each step says what the server already holds of a metric the layout writes
 * (its series and label names) and what the sample write adds beside it.
 */
public final class MetricPlan {
    private final SeriesApi api;
    private final long fromMs;
    private final long toMs;
    private final Set<String> onServer;

    private MetricPlan(SeriesApi api, long fromMs, long toMs, Set<String> onServer) {
        this.api = api;
        this.fromMs = fromMs;
        this.toMs = toMs;
        this.onServer = onServer;
    }

    /** Reads the metric names the server holds within [fromMs, toMs]. */
    public static MetricPlan read(SeriesApi api, long fromMs, long toMs) throws IOException, InterruptedException {
        return new MetricPlan(api, fromMs, toMs, new HashSet<>(api.labelValues("__name__", List.of(), fromMs, toMs)));
    }

    /**
     * The step for one metric a layout writes with label names {@code written}.
     *
     * @param own a label and value that mark the series this target writes ({@code db} and the database), or null
     */
    public PlanStep metric(String metric, Set<String> written, Map.Entry<String, String> own) throws IOException, InterruptedException {
        String subject = "metric " + CommentText.shown(metric);
        if (!onServer.contains(metric)) {
            return PlanStep.unchanged(subject, "not on the server: the sample write makes it, labels " + names(written));
        }
        List<Map<String, String>> series = api.series(List.of("{__name__=" + SelectorText.quoted(metric) + "}"), fromMs, toMs);
        Set<String> labels = new TreeSet<>();
        series.forEach(s -> labels.addAll(s.keySet()));
        labels.remove("__name__");
        Set<String> added = new TreeSet<>(written);
        added.removeAll(labels);
        String ours = own == null ? "" : String.format(Locale.ROOT, " (%,d with %s=%s)",
            series.stream().filter(s -> own.getValue().equals(s.get(own.getKey()))).count(), CommentText.shown(own.getKey()),
            CommentText.shown(own.getValue()));
        return PlanStep.unchanged(subject, String.format(Locale.ROOT, "on the server: %,d series%s, labels %s%s", series.size(),
            ours, names(labels), added.isEmpty() ? "; the layout writes no other label"
                : "; the layout adds label(s) " + names(added) + ": its series are new ones beside these"));
    }

    /** The step for a layout whose metric names come from templates over the sample. */
    public static PlanStep templated(Layout layout, Set<String> labels) {
        return PlanStep.unchanged("layout " + layout.id(), "its metric names come from templates over the sample: known once"
            + " it is written (apply --write-sample); labels " + names(labels));
    }

    /** True when field {@code f} of the layout is a string attribute of its event kind in {@code ws}. */
    public static boolean stringField(Workspace ws, Layout layout, FieldSpec f) {
        return ws.eventKind(layout.eventKind()).flatMap(k -> k.attribute(f.attribute()))
            .map(a -> a.type() == ValueType.STRING).orElse(false);
    }

    /** True when the layout's metric names are known without its sample (literal measurement and field keys). */
    public static boolean literal(Layout layout) {
        return layout.measurement().isLiteral() && layout.fields().stream().allMatch(f -> f.key().isLiteral());
    }

    private static String names(Collection<String> labels) {
        return labels.isEmpty() ? "(none)" : String.join(", ", labels.stream().map(CommentText::shown).toList());
    }
}
