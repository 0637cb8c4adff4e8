package dev.cardinal.ui.session;

import dev.cardinal.engine.Pushing;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Each layout's strict-template fields (the mapping Cardinal generates for a document engine, what Push applies), by
 * the layout and its event kind as they are: the Projection panel and the canvas card both ask on every projection,
 * and the count builds the whole template. Kept only for the layouts of the workspace shown now.
 */
final class StrictTemplates {
    /** The document engine whose strict template Push applies (OpenSearch and Elasticsearch share one). */
    private static final Optional<Pushing> DOCUMENTS = Engines.pushing(Target.Kind.OPENSEARCH);
    private final Map<Key, OptionalLong> fields = new HashMap<>();

    private record Key(EventKind kind, Layout layout) {
    }

    /** The strict template's fields for {@code layout} of {@code ws}, or empty without a fixed mapping or event kind. */
    OptionalLong fields(Workspace ws, Layout layout) {
        return ws.eventKind(layout.eventKind())
            .map(k -> fields.computeIfAbsent(new Key(k, layout),
                key -> DOCUMENTS.map(p -> p.fixedMappingFields(key.kind(), key.layout())).orElse(OptionalLong.empty())))
            .orElse(OptionalLong.empty());
    }

    /** Forgets the counts of layouts that {@code now} (the workspace shown; null: none) no longer holds. */
    void keepOnly(Workspace now) {
        fields.keySet().removeIf(k -> now == null || !now.layouts().contains(k.layout()));
    }
}
