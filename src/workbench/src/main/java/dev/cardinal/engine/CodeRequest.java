package dev.cardinal.engine;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.util.Map;

/**
 * One layout to generate code for.
 *
 * @param workspace    the workspace, for its rollups and targets
 * @param layout       the layout
 * @param kind         its event kind
 * @param sample       the event kind's sample, for example values; null without one
 * @param database     the InfluxDB 1.x database (and the first part of the 2.x bucket) the code writes to
 * @param organisation the InfluxDB 2.x organisation
 * @param stem         the layout's file stem (its id's slug, numbered where two ids slug alike: {@link FileStems})
 * @param rollupStems  every rollup's file stem, by rollup id
 */
public record CodeRequest(Workspace workspace, Layout layout, EventKind kind, EventKindSample sample, String database,
                          String organisation, String stem, Map<String, String> rollupStems) {
    /** True when the layout keeps a Prometheus metric as it came, by its event kind or its sample ({@link MetricOrigin}). */
    public boolean keptAsSent() {
        return (kind != null && MetricOrigin.keptAsSent(layout, kind)) || (sample != null && MetricOrigin.keptAsSent(layout, sample));
    }
}
