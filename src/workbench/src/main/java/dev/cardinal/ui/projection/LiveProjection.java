package dev.cardinal.ui.projection;

import dev.cardinal.engines.Bundle;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Linter;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.ui.session.BoundSummaries;
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
 * The projection panel's recomputation: every edit asks for the selected layout's projection; requests are debounced and
 * only the newest one is computed, on a background thread of its own, and handed to the UI thread. While a
 * recomputation is pending the shown numbers are marked stale. After a projection is shown the layout's tags are
 * prepared in the background ({@link ProjectionInput.Rows#prepare}), so the next toggle among them counts collapsed entries, and
 * the likely next edits are projected ahead: the layout with each of its tags made a field and each plain string field
 * made a tag. The toggle that follows is then shown without a computation of its own (and the code those projections
 * run is compiled by the time a user toggles).
 * Properties are only touched on the thread {@code ui} runs on (the FX thread in the window, the caller's in tests).
 */
public final class LiveProjection implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LiveProjection.class.getName());

    /**
     * What the panel shows: the projection of one layout and how long it took, or why there is none; and for the
     * canvas, each attribute's distinct values at the growth checkpoints.
     */
    public record Shown(Projection projection, String message, Duration took, Map<String, long[]> curves, String unchanged,
                        MappingProjection mapping, SummaryShown summary) {
        Shown(String message) {
            this(null, message, Duration.ZERO, Map.of(), null, null, null);
        }

        /** The figures shown: the projection from rows, or the one from a traffic summary; null when neither. */
        public dev.cardinal.projection.AtHorizon figures() {
            return projection != null ? projection : summary == null ? null : summary.projection();
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
    private final ReadOnlyObjectWrapper<List<String>> notChecked = new ReadOnlyObjectWrapper<>(List.of());
    /** The traffic summaries the workspace binds, the session's, read (when not read yet) on the worker thread. */
    private final BoundSummaries summaries;
    private volatile List<java.nio.file.Path> summaryFiles = List.of();
    private volatile String workspaceFile = "W.cardinal.json";
    private final AheadProjections ahead = new AheadProjections();
    /** Why a toggle changed no series (worker thread only). */
    private final UnchangedSeries unchanged = new UnchangedSeries();
    private final LayoutMappings layoutMappings = new LayoutMappings();

    /**
     * The rows of {@code rowsFor}, each event kind indexed once (with the projector that counts its toggles) as it is
     * first projected; replaced on the worker thread only.
     */
    private ProjectionInput.Rows rows = ProjectionInput.none();
    private Sample rowsFor;
    private volatile Sample sample;

    public LiveProjection(Executor ui, long debounceMillis, BoundSummaries summaries) {
        this.ui = ui;
        this.debounceMillis = debounceMillis;
        this.summaries = summaries;
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

    /**
     * For a layout projected from a traffic summary, the lint rules that could not check all of it (they need the
     * rows), one line each; empty otherwise.
     */
    public ReadOnlyObjectProperty<List<String>> notCheckedProperty() {
        return notChecked.getReadOnlyProperty();
    }

    /**
     * The traffic summaries bound to the workspace saved as {@code workspace} (null when not saved yet): the event
     * kinds they hold are projected from them from the next request on.
     */
    public void summaries(java.nio.file.Path workspace, List<java.nio.file.Path> files) {
        workspaceFile = workspace == null ? "W.cardinal.json" : workspace.toString();
        summaryFiles = List.copyOf(files);
    }

    /** The generated code of the shown layout, made after its findings. */
    public ReadOnlyObjectProperty<Code> codeProperty() {
        return code.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Projects over {@code s} from now on; the rows indexed for the previous sample are dropped. */
    public void sample(Sample s) {
        sample(s, false);
    }

    /**
     * As {@link #sample(Sample)}; {@code live} says the sample is replaced every few moments (captured traffic
     * arriving), so projecting ahead of the next toggle would be thrown away before it could be used.
     */
    public void sample(Sample s, boolean live) {
        sample = s;
        sampleIsLive = live;
    }

    private volatile boolean sampleIsLive;

    /** Asks for {@code layout}'s projection; a newer request before this one runs replaces it. */
    public void request(Workspace ws, Layout layout, ProjectionSettings settings) {
        request(ws, layout, settings, null);
    }

    /**
     * As {@link #request(Workspace, Layout, ProjectionSettings)}, and with {@code mappingLimit} (a document engine's
     * total-fields limit, or null) the mapping each layout of the workspace builds in an index, the selected one's
     * shown with its projection and every one's given to the canvas ({@link #mappingsProperty}).
     */
    public void request(Workspace ws, Layout layout, ProjectionSettings settings, Long mappingLimit) {
        long gen = generation.incrementAndGet();
        Sample s = sample;
        List<java.nio.file.Path> bound = summaryFiles;
        String wsFile = workspaceFile;
        stale.set(true);
        // a toggle whose projection was made ahead needs no waiting for edits to settle: it costs nothing to show
        Optional<EventKind> kind = ws == null || layout == null ? Optional.empty() : ws.eventKind(layout.eventKind());
        boolean ready = kind.isPresent() && ahead.ready(s, layout, kind.get(), settings);
        if (ready) {
            undebounced.incrementAndGet();
        }
        worker.schedule(() -> compute(gen, s, new Bound(bound, wsFile), ws, layout, settings, mappingLimit), ready ? 0 : debounceMillis,
            TimeUnit.MILLISECONDS);
    }

    /** The mapping each layout builds (by layout id), for a document engine; empty otherwise. */
    public ReadOnlyObjectProperty<Map<String, MappingProjection>> mappingsProperty() {
        return mappings.getReadOnlyProperty();
    }

    private final ReadOnlyObjectWrapper<Map<String, MappingProjection>> mappings = new ReadOnlyObjectWrapper<>(Map.of());

    /**
     * Nothing to project (no workspace, or no layout selected): what was shown goes, with its findings and code, and
     * {@code message} says why; a projection under way is dropped.
     */
    public void clear(String message) {
        generation.incrementAndGet();
        shown.set(new Shown(message));
        error.set(null);
        stale.set(false);
        findings.set(List.of());
        notChecked.set(List.of());
        code.set(null);
    }

    /** The summaries bound when a request was made, and the workspace file their rerun command names. */
    private record Bound(List<java.nio.file.Path> files, String workspaceFile) {
    }

    private void compute(long gen, Sample s, Bound bound, Workspace ws, Layout layout, ProjectionSettings settings, Long mappingLimit) {
        if (generation.get() != gen) {
            return;
        }
        Shown result = null;
        String failure = null;
        Projected.Rows projected = null;
        EventKind kindFound = null;
        long start = System.nanoTime();
        if (rowsFor != s) {
            rows = s == null ? ProjectionInput.none() : ProjectionInput.interactive(s);
            rowsFor = s;
        }
        ProjectionInput.Rows over = rows;
        try {
            Optional<EventKind> kind = ws.eventKind(layout.eventKind());
            Optional<BoundSummaries.Loaded> summary = kind.isEmpty() ? Optional.empty() : summaries.of(layout.eventKind(), bound.files());
            AheadProjections.Ahead ready = kind.isEmpty() || summary.isPresent() ? null : ahead.take(s, layout, kind.get(), settings);
            Projected p = summary.isPresent() || ready != null ? null : Projections.project(ws, layout, over, settings);
            if (summary.isPresent()) {
                kindFound = kind.get();
                result = fromSummary(summary.get(), layout, settings, bound.workspaceFile(), start);
            } else if (p instanceof Projected.NotProjected not) {
                switch (not.why()) {
                    case NO_EVENT_KIND -> result = new Shown("The workspace has no event kind " + layout.eventKind() + ".");
                    case NO_TRAFFIC -> result = new Shown("The sample has no " + layout.eventKind()
                        + " traffic: bind a sample file to project from.");
                    default -> failure = "Cannot project " + layout.name() + ": " + not.message();
                }
            } else {
                projected = ready != null ? ready.projected() : (Projected.Rows) p;
                kindFound = projected.kind();
                Duration took = ready != null ? ready.took() : Duration.ofNanos(System.nanoTime() - start);
                SampleIndex index = projected.index();
                Map<String, long[]> curves = new java.util.LinkedHashMap<>();
                for (int a = 0; a < index.sample().attributes().size(); a++) {
                    curves.put(index.sample().attributes().get(a).name(), index.growth(a).distinct());
                }
                long mapStart = System.nanoTime();
                MappingProjection mapped = mappingLimit == null ? null : layoutMappings.of(s, layout, mappingLimit, settings);
                took = took.plusNanos(mappingLimit == null ? 0 : System.nanoTime() - mapStart);
                result = new Shown(projected.projection(), null, took, curves,
                    unchanged.after(s, kindFound, projected.projection(), index), mapped, null);
            }
        } catch (java.io.IOException e) {
            // a bound summary that changed on disk since it was added: said where and why, and nothing stale stays
            LOG.log(Level.WARNING, "reading a traffic summary for layout " + layout.name() + " failed", e);
            result = new Shown("Cannot read the traffic summary: " + e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "projecting layout " + layout.name() + " failed", e);
            result = null;
            failure = "Cannot project " + layout.name() + ": " + e.getMessage();
        }
        Shown r = result;
        String f = failure;
        Projected.Rows p = projected;
        EventKind k = kindFound;
        SummaryShown fromSummary = r == null ? null : r.summary();
        Runnable then = () -> {
            if (fromSummary != null) {
                deriveFromSummary(gen, s, ws, layout, k, fromSummary);
            } else {
                derive(gen, s, ws, layout, p, over, settings, mappingLimit);
            }
        };
        ui.execute(() -> {
            if (generation.get() != gen) {
                return;
            }
            if (r != null) {
                shown.set(r);
            }
            error.set(f);
            stale.set(false);
            if (r == null || r.figures() == null) {
                findings.set(List.of());
            }
            notChecked.set(List.of());
            if (mappingLimit == null) {
                mappings.set(Map.of());
            }
            // what follows from the projection runs on its own thread (so the next edit's projection never waits for
            // it), once the UI thread has drawn the numbers and what they post: on two cores, work started at once
            // would take the CPU the UI thread needs to draw them
            ui.execute(() -> derived.execute(then));
        });
    }

    /** {@code layout} from a bound summary: its projection, or why there is none and how to make one. */
    private Shown fromSummary(BoundSummaries.Loaded loaded, Layout layout, ProjectionSettings settings, String wsFile, long start) {
        dev.cardinal.traffic.TrafficSummary.Kind kind = loaded.summary().eventKind(layout.eventKind()).orElseThrow();
        SummaryShown shown = SummaryShown.of(loaded.name(), loaded.summary(), layout, settings, wsFile);
        Map<String, long[]> curves = new java.util.LinkedHashMap<>();
        for (dev.cardinal.traffic.TrafficSummary.Attribute a : kind.attributes()) {
            curves.put(a.name(), dev.cardinal.projection.SummaryProjector.curve(kind.checkpoints(), kind.checkpointSeconds(),
                a.firstSeen()).distinct());
        }
        return new Shown(null, shown.uncovered(), Duration.ofNanos(System.nanoTime() - start), curves, null, null, shown);
    }

    /**
     * After a projection from a summary: generated code, then the findings of every rule from the summary's figures,
     * with what the rules could not check from them (as {@code cardinal lint S.summary.json} lists it).
     */
    private void deriveFromSummary(long gen, Sample s, Workspace ws, Layout layout, EventKind kind, SummaryShown shown) {
        if (!postCode(gen, ws, layout, s)) {
            return;
        }
        if (shown.projection() == null) {
            return;
        }
        try {
            Linter.Result r = Linter.check(new LintContext(ws, kind, layout, new LintContext.Summary(shown.projection()), Duration.ZERO));
            List<String> unchecked = SummaryShown.notChecked(r.unchecked());
            ui.execute(() -> {
                if (generation.get() == gen) {
                    findings.set(r.findings());
                    notChecked.set(unchecked);
                }
            });
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "checking layout " + layout.name() + " from its summary failed", e);
        }
    }

    /** Generates the layout's code and posts it; false when a newer request came first. */
    private boolean postCode(long gen, Workspace ws, Layout layout, Sample s) {
        if (generation.get() != gen) {
            return false;
        }
        Code generated = generate(ws, layout, s);
        ui.execute(() -> {
            if (generation.get() == gen) {
                code.set(generated);
            }
        });
        return true;
    }

    /**
     * Generated code, preparation for the next toggle, then lint findings: each skipped once a newer request came.
     * {@code projected} is null when the layout was not projected from rows.
     */
    private void derive(long gen, Sample s, Workspace ws, Layout layout, Projected.Rows projected, ProjectionInput.Rows rows,
                        ProjectionSettings settings, Long mappingLimit) {
        if (!postCode(gen, ws, layout, s)) {
            return;
        }
        if (projected == null) {
            return;
        }
        EventKind kind = projected.kind();
        try {
            if (generation.get() == gen) {
                rows.prepare(layout);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "preparing layout " + layout.name() + " for toggles failed", e);
        }
        try {
            if (generation.get() == gen) {
                List<Finding> found = Linter.lint(new LintContext(ws, kind, layout, projected.projection(), projected.index(),
                    s.report(), Duration.ZERO));
                ui.execute(() -> {
                    if (generation.get() == gen) {
                        findings.set(found);
                    }
                });
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "checking layout " + layout.name() + " failed", e);
        }
        if (mappingLimit != null) {
            try {
                mapEveryLayout(gen, s, ws, mappingLimit, settings);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "mapping the layouts of " + ws.name() + " failed", e);
            }
        }
        try {
            if (sampleIsLive) {
                ahead.forget();
            } else {
                ahead.project(s, ws, layout, kind, settings, rows, () -> generation.get() != gen);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "projecting ahead of layout " + layout.name() + " failed", e);
        }
    }

    /** The mapping of every layout whose event kind the sample has, for the canvas's cards. */
    private void mapEveryLayout(long gen, Sample s, Workspace ws, long limit, ProjectionSettings settings) {
        Map<String, MappingProjection> out = new java.util.LinkedHashMap<>();
        for (Layout l : ws.layouts()) {
            if (generation.get() != gen) {
                return;
            }
            Optional<EventKindSample> traffic = s == null ? Optional.empty() : s.eventKind(l.eventKind());
            if (traffic.isPresent()) {
                out.put(l.id(), layoutMappings.of(s, l, limit, settings));
            }
        }
        Map<String, MappingProjection> done = Map.copyOf(out);
        ui.execute(() -> {
            if (generation.get() == gen) {
                mappings.set(done);
            }
        });
    }

    /** Completes once the code, findings and projections ahead of every projection shown so far are done. */
    public java.util.concurrent.CompletableFuture<Void> settled() {
        return java.util.concurrent.CompletableFuture.runAsync(() -> { }, derived);
    }

    private final AtomicLong undebounced = new AtomicLong();

    /** How many requests found their projection made ahead and skipped the debounce (for tests and diagnostics). */
    public long undebounced() {
        return undebounced.get();
    }

    /** How many requests were answered by a projection made ahead (for tests and diagnostics). */
    public long aheadUsed() {
        return ahead.used();
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
