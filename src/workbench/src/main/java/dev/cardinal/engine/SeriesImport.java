package dev.cardinal.engine;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.Target;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A workspace from what a server of the Prometheus API holds ({@link SeriesApi}): each metric name an event kind and a
 * layout "as imported", the metric's label names its tags (string attributes), its sample value the float field
 * {@code value}, the event kind a Prometheus metric ({@link EventKind.Origin#PROMETHEUS_METRIC}), so plans, code and the
 * sample write name its series after the metric as the server does; the server itself as the workspace's target;
 * the distinct values of each label per metric. Reads only.
 */
public final class SeriesImport {
    /** The field every imported metric's value becomes. */
    public static final String VALUE = "value";
    /** A label name every server of the API takes in a path: prometheus/common model.LabelNameRE (v0.39.0). */
    private static final java.util.regex.Pattern LABEL_NAME = java.util.regex.Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    private SeriesImport() {
    }

    /**
     * @param selector a matcher every series read must meet besides its name ({@code db="try1"}), or empty for none
     * @param hidden   a label the selector puts on every series, left out of the tags (the {@code db} label), or null
     * @param fromMs   the start of the range read (the servers differ in their default)
     */
    public static ImportedWorkspace read(SeriesApi api, String selector, String hidden, long fromMs, long toMs)
        throws IOException, InterruptedException {
        Connection server = api.server();
        List<String> all = List.of("{__name__=~\".+\"" + (selector.isEmpty() ? "" : "," + selector) + "}");
        ImportedSchema schema = new ImportedSchema();
        Map<String, Map<String, Long>> tagValues = new LinkedHashMap<>();
        for (String metric : new java.util.TreeSet<>(api.labelValues("__name__", all, fromMs, toMs))) {
            List<String> match = List.of("{__name__=" + SelectorText.quoted(metric) + (selector.isEmpty() ? "" : "," + selector) + "}");
            List<String> labels = new ArrayList<>();
            for (String label : api.labels(match, fromMs, toMs)) {
                if (!label.equals("__name__") && !label.equals(hidden)) {
                    labels.add(label);
                }
            }
            Optional<Layout> layout = schema.add(metric, labels, Map.of(VALUE, ValueType.FLOAT), RetentionPlan.AUTOGEN,
                EventKind.Origin.PROMETHEUS_METRIC);
            Map<String, Long> values = new TreeMap<>();
            List<Map<String, String>> series = null;
            for (TagSpec t : layout.map(Layout::tags).orElse(List.of())) {
                if (LABEL_NAME.matcher(t.key()).matches()) {
                    values.put(t.key(), (long) api.labelValues(t.key(), match, fromMs, toMs).size());
                    continue;
                }
                // remote write carries any name, which Prometheus' /api/v1/label/NAME/values refuses ("invalid label
                // name", web/api/v1/api.go at v2.42.0): its values as the series list names them
                if (series == null) {
                    series = api.series(match, fromMs, toMs);
                }
                values.put(t.key(), series.stream().map(m -> m.get(t.key())).filter(java.util.Objects::nonNull).distinct().count());
            }
            tagValues.put(metric, values);
        }
        String name = server.database() != null ? server.database() : server.url().getHost();
        Target target = new Target(SchemaInference.slug(name), name + " at " + server.url().getHost(), server.kind(),
            server.url().toString(), server.database(), null);
        Workspace ws = new Workspace(name, schema.kinds, schema.layouts, List.of(), List.of(), List.of(target), Map.of());
        return new ImportedWorkspace(ws, tagValues, schema.notes);
    }
}
