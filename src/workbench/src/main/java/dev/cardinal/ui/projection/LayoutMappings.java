package dev.cardinal.ui.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.traffic.Sample;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The index mapping each layout builds in a document engine, computed once per sample, layout and total-fields limit;
 * used by the worker thread (the selected layout's) and the derived thread (every layout's, for the canvas).
 */
final class LayoutMappings {
    /** Mappings computed over {@code sample}, by layout and limit. */
    private final Map<List<Object>, MappingProjection> cache = new ConcurrentHashMap<>();
    /** The sample's rows indexed for the mappings (their own: the projection's belong to the worker thread). */
    private volatile ProjectionInput.Rows rows;
    private volatile Sample sample;

    /**
     * The mapping {@code layout} builds over {@code s} under {@code limit}; a layout the sample cannot write as
     * documents (its event kind or an attribute missing) is refused with why.
     */
    MappingProjection of(Sample s, Layout layout, long limit, ProjectionSettings settings) {
        ProjectionInput.Rows over;
        synchronized (cache) {
            if (sample != s) {
                cache.clear();
                rows = ProjectionInput.rows(s);
                sample = s;
            }
            over = rows;
        }
        return cache.computeIfAbsent(List.of(layout, limit), k -> Projections.project(null, layout,
            new ProjectionInput.Mapped(over, limit), settings).as(Projected.Mapping.class).projection());
    }
}
