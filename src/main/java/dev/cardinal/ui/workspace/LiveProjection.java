package dev.cardinal.ui.workspace;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.codegen.Bundle;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Linter;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The projection panel's engine: every edit asks for the selected layout's projection; requests are debounced and
 * only the newest one is computed, on a background thread of its own, and handed to the UI thread. While a
 * recomputation is pending the shown numbers are marked stale. After a projection is shown the layout's tags are
 * prepared in the background ({@link Projector#prepare}), so the next toggle among them counts collapsed entries.
 * Properties are only touched on the thread {@code ui} runs on (the FX thread in the window, the caller's in tests).
 */
public final class LiveProjection implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LiveProjection.class.getName());

    /**
     * What the panel shows: the projection of one layout and how long it took, or why there is none; and for the
     * canvas, each attribute's distinct values at the growth checkpoints.
     */
    public record Shown(Projection projection, String message, Duration took, Map<String, long[]> curves) {
        Shown(String message) {
            this(null, message, Duration.ZERO, Map.of());
        }
    }

    private final Executor ui;
    private final long debounceMillis;
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cardinal-projection");
        t.setDaemon(true);
        return t;
    });
    private final java.util.concurrent.ExecutorService derived = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "cardinal-derived");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong generation = new AtomicLong();
    private final ReadOnlyObjectWrapper<Shown> shown = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper();
    /** What the code panel shows: the layout's generated artefacts, or why there are none. */
    public record Code(Bundle.Contents contents, String problem) {
    }

    private final ReadOnlyObjectWrapper<Code> code = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<List<Finding>> findings = new ReadOnlyObjectWrapper<>(List.of());
    /** One event kind's sample, indexed once, and its projector. */
    private record Engine(SampleIndex index, Projector projector) {
    }

    /** Engines per event kind of {@code projectorsFor}; touched on the worker thread only. */
    private final Map<String, Engine> projectors = new HashMap<>();
    private Sample projectorsFor;
    private volatile Sample sample;

    public LiveProjection(Executor ui, long debounceMillis) {
        this.ui = ui;
        this.debounceMillis = debounceMillis;
    }

    public ReadOnlyObjectProperty<Shown> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** True from a request until its projection (or its failure) is shown. */
    public ReadOnlyBooleanProperty staleProperty() {
        return stale.getReadOnlyProperty();
    }

    /** The lint findings of the shown layout, computed after its projection is shown. */
    public ReadOnlyObjectProperty<List<Finding>> findingsProperty() {
        return findings.getReadOnlyProperty();
    }

    /** The generated code of the shown layout, made after its findings. */
    public ReadOnlyObjectProperty<Code> codeProperty() {
        return code.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Projects over {@code s} from now on; engines built for the previous sample are dropped. */
    public void sample(Sample s) {
        sample = s;
    }

    /** Asks for {@code layout}'s projection; a newer request before this one runs replaces it. */
    public void request(Workspace ws, Layout layout, ProjectionSettings settings) {
        long gen = generation.incrementAndGet();
        Sample s = sample;
        stale.set(true);
        worker.schedule(() -> compute(gen, s, ws, layout, settings), debounceMillis, TimeUnit.MILLISECONDS);
    }

    private void compute(long gen, Sample s, Workspace ws, Layout layout, ProjectionSettings settings) {
        if (generation.get() != gen) {
            return;
        }
        Shown result;
        String failure = null;
        Engine engine = null;
        Projection projected = null;
        EventKind kindFound = null;
        long start = System.nanoTime();
        try {
            Optional<EventKind> kind = ws.eventKind(layout.eventKind());
            Optional<EventKindSample> traffic = s == null ? Optional.empty() : s.eventKind(layout.eventKind());
            if (kind.isEmpty()) {
                result = new Shown("The workspace has no event kind " + layout.eventKind() + ".");
            } else if (traffic.isEmpty()) {
                result = new Shown("The sample has no " + layout.eventKind() + " traffic: bind a sample file to project from.");
            } else {
                if (projectorsFor != s) {
                    projectors.clear();
                    projectorsFor = s;
                }
                engine = projectors.computeIfAbsent(layout.eventKind(), k -> {
                    SampleIndex index = new SampleIndex(traffic.get());
                    return new Engine(index, Projector.interactive(index));
                });
                kindFound = kind.get();
                projected = engine.projector().project(kindFound, layout, settings);
                Duration took = Duration.ofNanos(System.nanoTime() - start);
                Map<String, long[]> curves = new java.util.LinkedHashMap<>();
                for (int a = 0; a < engine.index().sample().attributes().size(); a++) {
                    curves.put(engine.index().sample().attributes().get(a).name(), engine.index().growth(a).distinct());
                }
                result = new Shown(projected, null, took, curves);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "projecting layout " + layout.name() + " failed", e);
            result = null;
            failure = "Cannot project " + layout.name() + ": " + e.getMessage();
        }
        Shown r = result;
        String f = failure;
        ui.execute(() -> {
            if (generation.get() != gen) {
                return;
            }
            if (r != null) {
                shown.set(r);
            }
            error.set(f);
            stale.set(false);
            if (r == null || r.projection() == null) {
                findings.set(List.of());
            }
        });
        Projection p = projected;
        EventKind k = kindFound;
        Engine e = engine;
        // what follows from the projection runs on its own thread, so the next edit's projection never waits for it
        derived.execute(() -> derive(gen, s, ws, layout, k, p, e));
    }

    /** Generated code, preparation for the next toggle, then lint findings: each skipped once a newer request came. */
    private void derive(long gen, Sample s, Workspace ws, Layout layout, EventKind kind, Projection projected, Engine engine) {
        if (generation.get() != gen) {
            return;
        }
        Code generated = generate(ws, layout, s);
        ui.execute(() -> {
            if (generation.get() == gen) {
                code.set(generated);
            }
        });
        if (engine == null) {
            return;
        }
        try {
            if (generation.get() == gen) {
                engine.projector().prepare(layout);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "preparing layout " + layout.name() + " for toggles failed", e);
        }
        try {
            if (generation.get() == gen) {
                List<Finding> found = Linter.lint(new LintContext(ws, kind, layout, projected, engine.index(), s.report(), Duration.ZERO));
                ui.execute(() -> {
                    if (generation.get() == gen) {
                        findings.set(found);
                    }
                });
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "checking layout " + layout.name() + " failed", e);
        }
    }

    private static Code generate(Workspace ws, Layout layout, Sample s) {
        Map<String, EventKindSample> samples = new HashMap<>();
        if (s != null) {
            s.eventKind(layout.eventKind()).ifPresent(k -> samples.put(k.name(), k));
        }
        try {
            return new Code(Bundle.of(ws, List.of(layout), Bundle.database(ws), Bundle.organisation(ws), samples), null);
        } catch (RuntimeException e) {
            return new Code(null, "No code for " + layout.name() + ": " + e.getMessage());
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
        derived.shutdownNow();
    }
}
