package dev.cardinal.ui.workspace;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.SampleIndex;
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
    /** Each event kind's sample indexed for the mappings (its own: the projectors' belong to the worker thread). */
    private final Map<String, SampleIndex> indexes = new ConcurrentHashMap<>();
    private volatile Sample sample;

    /** The mapping {@code layout} builds over {@code s} under {@code limit}. */
    MappingProjection of(Sample s, Layout layout, long limit) {
        synchronized (cache) {
            if (sample != s) {
                cache.clear();
                indexes.clear();
                sample = s;
            }
        }
        return cache.computeIfAbsent(List.of(layout, limit), k -> LayoutDocuments.project(layout,
            indexes.computeIfAbsent(layout.eventKind(), kind -> new SampleIndex(s.eventKind(kind).orElseThrow())), limit));
    }
}
