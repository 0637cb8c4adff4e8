package dev.cardinal.engine;

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
 * {@code value}; the server itself as the workspace's target; the distinct values of each label per metric. Reads
 * only.
 */
public final class SeriesImport {
    /** The field every imported metric's value becomes. */
    public static final String VALUE = "value";

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
            List<String> match = List.of("{__name__=" + SeriesApi.quoted(metric) + (selector.isEmpty() ? "" : "," + selector) + "}");
            List<String> labels = new ArrayList<>();
            for (String label : api.labels(match, fromMs, toMs)) {
                if (!label.equals("__name__") && !label.equals(hidden)) {
                    labels.add(label);
                }
            }
            Optional<Layout> layout = schema.add(metric, labels, Map.of(VALUE, ValueType.FLOAT), RetentionPlan.AUTOGEN);
            Map<String, Long> values = new TreeMap<>();
            for (TagSpec t : layout.map(Layout::tags).orElse(List.of())) {
                values.put(t.key(), (long) api.labelValues(t.key(), match, fromMs, toMs).size());
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
