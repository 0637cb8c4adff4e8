package dev.cardinal.ui.projection;

import dev.cardinal.engines.Bundle;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/** The generated code of the layout shown, made after every projection (from rows or from a summary). */
final class CodeStep implements Recomputed.Step {
    private final ReadOnlyObjectWrapper<LiveProjection.Code> code = new ReadOnlyObjectWrapper<>();

    ReadOnlyObjectProperty<LiveProjection.Code> property() {
        return code.getReadOnlyProperty();
    }

    void clear() {
        code.set(null);
    }

    @Override
    public void after(Recomputed done, Generations generations) {
        LiveProjection.Code generated = generate(done.workspace(), done.layout(), done.sample());
        generations.post(done.generation(), () -> code.set(generated));
    }

    private static LiveProjection.Code generate(Workspace ws, Layout layout, Sample s) {
        Map<String, EventKindSample> samples = new HashMap<>();
        if (s != null) {
            s.eventKind(layout.eventKind()).ifPresent(k -> samples.put(k.name(), k));
        }
        try {
            return new LiveProjection.Code(Bundle.of(ws, List.of(layout), Bundle.database(ws), Bundle.organisation(ws), samples), null);
        } catch (RuntimeException e) {
            return new LiveProjection.Code(null, "No code for " + layout.name() + ": " + e.getMessage());
        }
    }
}
