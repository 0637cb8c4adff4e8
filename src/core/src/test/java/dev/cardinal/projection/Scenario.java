package dev.cardinal.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** A committed sample scenario, read once per test run. */
final class Scenario {
    private static final Map<String, Scenario> CACHE = new HashMap<>();

    final Workspace workspace;
    final EventKindSample sample;
    final SampleIndex index;

    private Scenario(String name) {
        try {
            Path file = Path.of("sample-data", name, name + WorkspaceFiles.EXTENSION);
            workspace = WorkspaceFiles.load(file).workspace();
            Sample s = SampleReader.read(SampleReader.sources(file, workspace), SampleLimits.defaults(), ReadMonitor.NONE);
            sample = s.eventKinds().get(0);
            index = new SampleIndex(sample);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static synchronized Scenario of(String name) {
        return CACHE.computeIfAbsent(name, Scenario::new);
    }

    Layout layout(String id) {
        return workspace.layout(id).orElseThrow();
    }

    LayoutMeasure measure(String layoutId) {
        return new LayoutMeasurer(index).measure(layout(layoutId));
    }
}
