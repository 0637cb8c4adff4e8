package dev.cardinal.ui.projection;

import dev.cardinal.lint.Finding;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.NotProjected;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.traffic.Sample;
import dev.cardinal.ui.session.BoundSummaries;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
 * only the newest one is computed, on a worker thread, and handed to the UI thread. While a recomputation is pending
 * the shown numbers are marked stale. What follows from a projection shown runs after it, on a thread of its own, as
 * separate steps ({@link Recomputed.Step}): the generated code, the findings, a document engine's mappings, and the
 * preparation and projections ahead of the next toggle (which is then shown without a computation of its own).
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

    /** What the code panel shows: the layout's generated artefacts, or why there are none. */
    public record Code(dev.cardinal.engines.Bundle.Contents contents, String problem) {
    }

    private final long debounceMillis;
    private final ScheduledExecutorService worker;
    private final ExecutorService derived;
    private final Generations generations;
    private final ReadOnlyObjectWrapper<Shown> shown = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper stale = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper();
    /** The traffic summaries the workspace binds, the session's, read (when not read yet) on the worker thread. */
    private final BoundSummaries summaries;
    private volatile List<java.nio.file.Path> summaryFiles = List.of();
    private volatile String workspaceFile = "W.cardinal.json";
    private final AheadProjections ahead = new AheadProjections();
    /** Why a toggle changed no series (worker thread only). */
    private final UnchangedSeries unchanged = new UnchangedSeries();
    private final LayoutMappings layoutMappings = new LayoutMappings();
    private final CodeStep code = new CodeStep();
    private final FindingsStep findings = new FindingsStep();
    private final MappingsStep mappings = new MappingsStep(layoutMappings);
    private final AheadStep aheadStep = new AheadStep(ahead);
    /** What follows a projection shown, in this order. */
    private final List<Recomputed.Step> steps = List.of(code, findings, mappings, aheadStep);
    private final AtomicLong undebounced = new AtomicLong();

    /**
     * The rows of {@code rowsFor}, each event kind indexed once (with the projector that counts its toggles) as it is
     * first projected; replaced on the worker thread only.
     */
    private ProjectionInput.Rows rows = ProjectionInput.none();
    private Sample rowsFor;
    private volatile Sample sample;

    /** With threads of its own: a worker for projections and one for what follows them ({@link #close} ends both). */
    public LiveProjection(Executor ui, long debounceMillis, BoundSummaries summaries) {
        this(ui, debounceMillis, summaries, Executors.newSingleThreadScheduledExecutor(daemon("cardinal-projection")),
            Executors.newSingleThreadExecutor(daemon("cardinal-derived")));
    }

    /**
     * @param ui       the UI thread's executor
     * @param worker   computes projections, one at a time, after the debounce
     * @param derived  runs what follows a projection, one at a time; never the worker, so that the next edit's
     *                 projection does not wait for the previous one's findings
     */
    public LiveProjection(Executor ui, long debounceMillis, BoundSummaries summaries, ScheduledExecutorService worker,
                          ExecutorService derived) {
        this.generations = new Generations(ui);
        this.debounceMillis = debounceMillis;
        this.summaries = summaries;
        this.worker = worker;
        this.derived = derived;
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
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
        return findings.findings();
    }

    /**
     * For a layout projected from a traffic summary, the lint rules that could not check all of it (they need the
     * rows), one line each; empty otherwise.
     */
    public ReadOnlyObjectProperty<List<String>> notCheckedProperty() {
        return findings.notChecked();
    }

    /** The generated code of the shown layout, made after its projection. */
    public ReadOnlyObjectProperty<Code> codeProperty() {
        return code.property();
    }

    /** The mapping each layout builds (by layout id), for a document engine; empty otherwise. */
    public ReadOnlyObjectProperty<Map<String, MappingProjection>> mappingsProperty() {
        return mappings.property();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /**
     * The traffic summaries bound to the workspace saved as {@code workspace} (null when not saved yet): the event
     * kinds they hold are projected from them from the next request on.
     */
    public void summaries(java.nio.file.Path workspace, List<java.nio.file.Path> files) {
        workspaceFile = workspace == null ? "W.cardinal.json" : workspace.toString();
        summaryFiles = List.copyOf(files);
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
        aheadStep.live(live);
    }

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
        long gen = generations.next();
        Sample s = sample;
        Bound bound = new Bound(summaryFiles, workspaceFile);
        stale.set(true);
        // a toggle whose projection was made ahead needs no waiting for edits to settle: it costs nothing to show
        Optional<EventKind> kind = ws == null || layout == null ? Optional.empty() : ws.eventKind(layout.eventKind());
        boolean ready = kind.isPresent() && ahead.ready(s, layout, kind.get(), settings);
        if (ready) {
            undebounced.incrementAndGet();
        }
        worker.schedule(() -> compute(gen, s, bound, ws, layout, settings, mappingLimit), ready ? 0 : debounceMillis,
            TimeUnit.MILLISECONDS);
    }

    /**
     * Nothing to project (no workspace, or no layout selected): what was shown goes, with its findings and code, and
     * {@code message} says why; a projection under way is dropped.
     */
    public void clear(String message) {
        generations.next();
        shown.set(new Shown(message));
        error.set(null);
        stale.set(false);
        findings.clear();
        code.clear();
    }

    /** The summaries bound when a request was made, and the workspace file their rerun command names. */
    private record Bound(List<java.nio.file.Path> files, String workspaceFile) {
    }

    /** What one computation found: what to show, or the failure to say, and what follows from it. */
    private record Outcome(Shown shown, String failure, Projected.Rows projected, EventKind kind) {
    }

    private void compute(long gen, Sample s, Bound bound, Workspace ws, Layout layout, ProjectionSettings settings, Long mappingLimit) {
        if (!generations.current(gen)) {
            return;
        }
        if (rowsFor != s) {
            rows = s == null ? ProjectionInput.none() : ProjectionInput.interactive(s);
            rowsFor = s;
        }
        ProjectionInput.Rows over = rows;
        Outcome o = outcome(s, bound, ws, layout, settings, mappingLimit, over);
        Recomputed done = new Recomputed(gen, s, ws, layout, o.kind(), settings, mappingLimit, o.projected(), over,
            o.shown() == null ? null : o.shown().summary());
        generations.post(gen, () -> {
            if (o.shown() != null) {
                shown.set(o.shown());
            }
            error.set(o.failure());
            stale.set(false);
            findings.shown(o.shown() != null && o.shown().figures() != null);
            mappings.shown(mappingLimit);
            // what follows from the projection runs on its own thread (so the next edit's projection never waits for
            // it), once the UI thread has drawn the numbers and what they post: on two cores, work started at once
            // would take the CPU the UI thread needs to draw them
            generations.afterPosts(() -> derived.execute(() -> follow(done)));
        });
    }

    /** Each step after a projection, in order, until a newer request comes. */
    private void follow(Recomputed done) {
        for (Recomputed.Step step : steps) {
            if (!generations.current(done.generation())) {
                return;
            }
            step.after(done, generations);
        }
    }

    private Outcome outcome(Sample s, Bound bound, Workspace ws, Layout layout, ProjectionSettings settings, Long mappingLimit,
                            ProjectionInput.Rows over) {
        long start = System.nanoTime();
        try {
            Optional<EventKind> kind = ws.eventKind(layout.eventKind());
            Optional<BoundSummaries.Loaded> summary = kind.isEmpty() ? Optional.empty() : summaries.of(layout.eventKind(), bound.files());
            if (summary.isPresent()) {
                return new Outcome(fromSummary(summary.get(), layout, settings, bound.workspaceFile(), start), null, null, kind.get());
            }
            AheadProjections.Ahead ready = kind.isEmpty() ? null : ahead.take(s, layout, kind.get(), settings);
            Projected p = ready != null ? ready.projected() : Projections.project(ws, layout, over, settings);
            if (p instanceof NotProjected not) {
                return switch (not.why()) {
                    case NO_EVENT_KIND -> new Outcome(new Shown("The workspace has no event kind " + layout.eventKind() + "."), null, null, null);
                    case NO_TRAFFIC -> new Outcome(new Shown("The sample has no " + layout.eventKind()
                        + " traffic: bind a sample file to project from."), null, null, kind.orElse(null));
                    default -> new Outcome(null, "Cannot project " + layout.name() + ": " + not.message(), null, null);
                };
            }
            Projected.Rows projected = (Projected.Rows) p;
            Duration took = ready != null ? ready.took() : Duration.ofNanos(System.nanoTime() - start);
            Map<String, long[]> curves = new java.util.LinkedHashMap<>();
            for (int a = 0; a < projected.index().sample().attributes().size(); a++) {
                curves.put(projected.index().sample().attributes().get(a).name(), projected.index().growth(a).distinct());
            }
            long mapStart = System.nanoTime();
            MappingProjection mapped = mappingLimit == null ? null : layoutMappings.of(s, layout, mappingLimit, settings);
            took = took.plusNanos(mappingLimit == null ? 0 : System.nanoTime() - mapStart);
            return new Outcome(new Shown(projected.projection(), null, took, curves,
                unchanged.after(s, projected.kind(), projected.projection(), projected.index()), mapped, null), null, projected,
                projected.kind());
        } catch (java.io.IOException e) {
            // a bound summary that changed on disk since it was added: said where and why, and nothing stale stays
            LOG.log(Level.WARNING, "reading a traffic summary for layout " + layout.name() + " failed", e);
            return new Outcome(new Shown("Cannot read the traffic summary: " + e.getMessage()), null, null, null);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "projecting layout " + layout.name() + " failed", e);
            return new Outcome(null, "Cannot project " + layout.name() + ": " + e.getMessage(), null, null);
        }
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

    /** Completes once the code, findings and projections ahead of every projection shown so far are done. */
    public java.util.concurrent.CompletableFuture<Void> settled() {
        return java.util.concurrent.CompletableFuture.runAsync(() -> { }, derived);
    }

    /** How many requests found their projection made ahead and skipped the debounce (for tests and diagnostics). */
    public long undebounced() {
        return undebounced.get();
    }

    /** How many requests were answered by a projection made ahead (for tests and diagnostics). */
    public long aheadUsed() {
        return ahead.used();
    }

    @Override
    public void close() {
        worker.shutdownNow();
        derived.shutdownNow();
    }
}
