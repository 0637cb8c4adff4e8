package dev.cardinal.ui.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.MappingProjection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/** For a document engine, the mapping every layout of the workspace builds, for the canvas's cards. */
final class MappingsStep implements Recomputed.Step {
    private static final Logger LOG = Logger.getLogger(MappingsStep.class.getName());
    private final ReadOnlyObjectWrapper<Map<String, MappingProjection>> mappings = new ReadOnlyObjectWrapper<>(Map.of());
    private final LayoutMappings layoutMappings;

    MappingsStep(LayoutMappings layoutMappings) {
        this.layoutMappings = layoutMappings;
    }

    ReadOnlyObjectProperty<Map<String, MappingProjection>> property() {
        return mappings.getReadOnlyProperty();
    }

    /** A projection just shown for a server that is not a document engine has no mappings (UI thread). */
    void shown(Long mappingLimit) {
        if (mappingLimit == null) {
            mappings.set(Map.of());
        }
    }

    @Override
    public void after(Recomputed done, Generations generations) {
        if (done.mappingLimit() == null || done.projected() == null) {
            return;
        }
        try {
            Map<String, MappingProjection> out = new LinkedHashMap<>();
            for (Layout l : done.workspace().layouts()) {
                if (!generations.current(done.generation())) {
                    return;
                }
                if (done.sample() != null && done.sample().eventKind(l.eventKind()).isPresent()) {
                    out.put(l.id(), layoutMappings.of(done.sample(), l, done.mappingLimit(), done.settings()));
                }
            }
            Map<String, MappingProjection> all = Map.copyOf(out);
            generations.post(done.generation(), () -> mappings.set(all));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "mapping the layouts of " + done.workspace().name() + " failed", e);
        }
    }
}
