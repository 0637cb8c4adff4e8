package dev.cardinal.ui.session;

import dev.cardinal.lint.Finding;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FileProblem;
import dev.cardinal.model.Layout;
import dev.cardinal.model.OutsideSample;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.ui.attributes.AttributeRow;
import dev.cardinal.ui.attributes.AttributeRows;
import dev.cardinal.ui.projection.LiveProjection;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The view model of the workbench window: the open workspace (through its edit history), the selected layout, and
 * what every panel shows of them: the sample, the attribute table, the problems list, the title, the status bar and
 * the live projection of the selected layout. Everything shown follows the workspace: the sample is the one its bound
 * files give ({@link SampleCache}), so undo, redo, New and Open change one source of truth and every panel follows it.
 * What numbers are of is one immutable {@link SessionState} in one read-only property ({@link #state()}): the
 * selection and the settings change by commands ({@link #select}, {@link #changeSettings}) and are read-only views of
 * it; a panel that keeps numbers compares the state they were made for with the state now. One-off notices (status
 * messages, focus requests) go through {@link Session#notices()}. Plain JavaFX properties, testable without starting
 * the toolkit.
 */
public final class WorkspaceSession implements AutoCloseable {
    /** How long the projection waits for more edits before it recomputes. */
    public static final long DEBOUNCE_MILLIS = 40;

    private final EditHistory history = new EditHistory();
    /** The bound traffic summaries, read once for the opener, the projection and the Compare tab alike. */
    private final BoundSummaries summaries = new BoundSummaries();
    private final LiveProjection projection;
    /** The one state every panel derives what it shows from; the properties below are views of it. */
    private final Session state = new Session();
    private final ReadOnlyObjectWrapper<Layout> selectedLayout = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ProjectionSettings> settings = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Long> mappingLimit = new ReadOnlyObjectWrapper<>();
    private final ObservableList<AttributeRow> attributes = FXCollections.observableArrayList();
    private final StatusLine statusLine;
    private final StrictTemplates strictTemplates = new StrictTemplates();
    private final LayoutEdits edits;
    private final ShownSample shown;
    /** The attribute selected in the canvas or the attribute table: what Make Tag, Make Field and Drop act on. */
    private final javafx.beans.property.StringProperty selectedAttribute = new javafx.beans.property.SimpleStringProperty();
    /** Counts the workspaces shown (opened, new, or made from traffic): views that start afresh for one follow it. */
    private final javafx.beans.property.ReadOnlyIntegerWrapper workspaceShown = new javafx.beans.property.ReadOnlyIntegerWrapper();

    /** A session whose projection results are handed to the thread {@code ui} runs on (the FX thread in the window). */
    public WorkspaceSession(Executor ui) {
        projection = new LiveProjection(ui, DEBOUNCE_MILLIS, summaries);
        selectedLayout.bind(state.map(SessionState::layout));
        settings.bind(state.map(SessionState::settings));
        mappingLimit.bind(state.map(SessionState::mappingLimit));
        edits = new LayoutEdits(history, selectedLayout::get, this::select, this::showStatus);
        shown = new ShownSample(projection, summaries, history::current,
            (file, traffic) -> state.update(s -> s.withFile(file).withTraffic(traffic)));
        statusLine = new StatusLine(state, history, shown.summaryProperty());
        selectedLayout.addListener((o, was, now) -> {
            refreshAttributes();
            project();
        });
        settings.addListener((o, was, now) -> project());
        mappingLimit.addListener((o, was, now) -> project());
        history.currentProperty().addListener((o, was, now) -> {
            strictTemplates.keepOnly(now);
            boolean sampleChanged = followSample(now);

            Layout selected = selectedLayout.get();
            Layout same = selected == null || now == null ? null : now.layout(selected.id()).orElse(null);
            if (same == null && now != null) {
                same = now.layouts().stream().findFirst().orElse(null);
            }
            Layout next = same;
            state.update(s -> s.withWorkspace(now, next));
            if (same != null && same.equals(selected)) {
                if (sampleChanged) {
                    refreshAttributes();
                }
                project();
            }
        });
        // an event kind from a traffic summary: its attributes' counts come with the projection, not with a sample
        projection.shownProperty().addListener((o, was, now) -> {
            if (now != null && now.summary() != null && now.summary().projection() != null) {
                refreshAttributes();
            }
            if (now != null && now.summary() != null) {
                shown.describeAgain(); // the summary may have been read for it just now (bound again by an undo)
            }
        });
    }

    /** How traffic is read when a workspace's sample is not kept. */
    public void readSamplesWith(SampleReading reading) {
        shown.readWith(reading);
    }

    /** The edits of layouts and the canvas, each undoable. */
    public LayoutEdits edits() {
        return edits;
    }

    /** The shown sample with the workspace it is the traffic of: its files, warnings and unread samples. */
    public ReadOnlyObjectProperty<WorkspaceOpener.Opened> openedProperty() {
        return shown.openedProperty();
    }

    /** The session's state, one immutable value, and its one-off notices. */
    public Session state() {
        return state;
    }

    public EditHistory history() {
        return history;
    }

    public LiveProjection projection() {
        return projection;
    }

    /** The traffic summaries the workspace binds, each read once while it stays bound and unchanged on disk. */
    public BoundSummaries summaries() {
        return summaries;
    }

    /** The workspace as edited, or null when none is open. */
    public Workspace workspace() {
        return history.current();
    }

    /**
     * The fields of the strict mapping Cardinal generates for {@code layout} (its index template, what Push applies to
     * a document target), or empty for a layout without a fixed mapping or whose event kind is gone.
     */
    public java.util.OptionalLong strictFields(Layout layout) {
        return strictTemplates.fields(workspace(), layout);
    }

    /** Where the workspace is saved, or null when none is open. */
    public Path file() {
        return shown.file();
    }

    /** Bound samples outside the workspace's folder that the user did not say yes to: they are not read. */
    public List<dev.cardinal.model.OutsideSample> unreadSamples() {
        return shown.unread();
    }

    /** The workspace's bound samples as every reading of them takes them: without the ones not to be read. */
    public List<dev.cardinal.traffic.SampleReader.Source> sampleSources() {
        return file() == null ? List.of() : WorkspaceOpener.sources(file(), history.current(), unreadSamples());
    }

    /** The traffic summaries the workspace binds, as the projection reads them: without the ones not to be read. */
    public List<Path> summaryFiles() {
        return WorkspaceOpener.summaries(file(), history.current(), unreadSamples()).stream()
            .map(dev.cardinal.traffic.SampleReader.Source::path).toList();
    }

    /** The folder the workspace file is in, where file choosers start; null when none is open. */
    public File folder() {
        Path dir = file() == null ? null : file().toAbsolutePath().getParent();
        return dir == null ? null : dir.toFile();
    }

    public ReadOnlyObjectProperty<Layout> selectedLayoutProperty() {
        return selectedLayout.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<ProjectionSettings> settingsProperty() {
        return settings.getReadOnlyProperty();
    }

    /** A document engine's total-fields limit when the projection is for one (the mapping is shown), else null. */
    public ReadOnlyObjectProperty<Long> mappingLimitProperty() {
        return mappingLimit.getReadOnlyProperty();
    }

    /** Projects with {@code next} (horizon, traffic multiplier, the server's limits) and a document engine's {@code limit}. */
    public void changeSettings(ProjectionSettings next, Long limit) {
        state.update(s -> s.withSettings(next, limit));
    }

    /** Switches the theme (a state of its own: nothing is recomputed for it). */
    public void changeTheme(boolean dark) {
        state.update(s -> s.withDarkTheme(dark));
    }

    /** Brings the attribute {@code name} into view in the canvas and the attribute table. */
    public void focusAttribute(String name) {
        state.notices().post(new Notices.Focus(name));
    }

    public javafx.beans.property.StringProperty selectedAttributeProperty() {
        return selectedAttribute;
    }

    public javafx.beans.property.ReadOnlyIntegerProperty workspaceShownProperty() {
        return workspaceShown.getReadOnlyProperty();
    }

    public ObservableList<AttributeRow> attributes() {
        return attributes;
    }

    public ObservableList<String> problems() {
        return shown.problems();
    }

    public javafx.beans.value.ObservableStringValue titleProperty() {
        return statusLine.title();
    }

    /** What the status bar shows: the last action's message while it lasts, else what the sample is. */
    public javafx.beans.value.ObservableStringValue statusProperty() {
        return statusLine.status();
    }

    /** The last action's message, or null when it has expired. */
    public ReadOnlyStringProperty messageProperty() {
        return statusLine.message();
    }

    /**
     * Starts an empty workspace that is not saved anywhere yet: add traffic to it (its event kinds and layouts follow),
     * then save it somewhere. Nothing of the workspace shown before stays on screen; with nothing in it yet, it has
     * nothing unsaved either.
     */
    public void newWorkspace() {
        shown.startOver(null, List.of(), List.of());
        select((Layout) null);
        history.reset(Workspace.empty("untitled"));
        if (!shown.followed()) {
            followSample(history.current()); // an empty workspace again: no change for the listener to follow
        }
        shown.say("New workspace: add sample traffic (File → Add Sample Traffic, or drop files here)");
        statusLine.say(null);
        selectedAttribute.set(null);
        workspaceShown.set(workspaceShown.get() + 1);
    }

    /** Shows a workspace that was opened. */
    public void show(WorkspaceOpener.Opened result) {
        showOpened(result.file(), result.warnings(), result.unread(), result.workspace(),
            () -> shown.keep(result.file(), result.workspace(), result.unread(), result.sample()));
    }

    /**
     * Shows a workspace whose file was read and whose sample is being read ({@link WorkspaceOpener#load}): its layouts
     * at once, without numbers; {@link #sampleRead} brings them.
     */
    public void showReading(WorkspaceOpener.Loading loading) {
        showOpened(loading.file(), loading.warnings(), loading.unread(), loading.workspace(),
            () -> shown.expect(loading.workspace()));
    }

    /** Shows {@code ws}, read from {@code file}, its sample kept or expected by {@code sample}, its first layout selected. */
    private void showOpened(Path file, List<FileProblem> warnings, List<OutsideSample> unread,
                            Workspace ws, Runnable sample) {
        shown.startOver(file, warnings, unread);
        sample.run();
        select((Layout) null);
        statusLine.say(null);
        history.reset(ws);
        if (history.current() == ws && !shown.followed()) {
            followSample(ws); // the same workspace value again: no change for the listener to follow
            ws.layouts().stream().findFirst().ifPresent(this::select);
        }
        selectedAttribute.set(null);
        workspaceShown.set(workspaceShown.get() + 1);
    }

    /** True while the sample of a workspace {@link #showReading shown while reading} is still being read. */
    public boolean awaitingSample() {
        return shown.awaiting();
    }

    /** The sample of the workspace {@link #showReading shown while reading} was read: its numbers follow. */
    public void sampleRead(WorkspaceOpener.Opened opened) {
        shown.arrived(opened.workspace(), opened.sample(), null, () -> {
            refreshAttributes();
            project();
        });
    }

    /** The sample of the workspace {@link #showReading shown while reading} could not be read: it stays, without traffic. */
    public void sampleNotRead(WorkspaceOpener.Loading loading, String why) {
        shown.arrived(loading.workspace(), null, why, () -> { });
    }

    /**
     * Shows a workspace with traffic files added ({@link WorkspaceOpener#addSamples}): an undoable edit of the open
     * workspace, or a new unsaved workspace when none was open. Undo takes the files and their traffic out again.
     */
    public void showAdded(WorkspaceOpener.Opened result, String description) {
        boolean wasOpen = history.current() != null;
        if (!wasOpen) {
            shown.startOver(result.file(), List.of(), result.unread());
        }
        shown.keep(result.file(), result.workspace(), result.unread(), result.sample());
        if (wasOpen) {
            history.apply(description, ws -> result.workspace());
        } else {
            select((Layout) null);
            history.resetUnsaved(result.workspace());
            workspaceShown.set(workspaceShown.get() + 1);
        }
    }

    /**
     * Projects over a sample read while traffic is being captured (the workspace's own samples plus what arrived);
     * the workspace is not edited. {@link #endLiveSample} goes back to the workspace's own.
     */
    public void showLiveSample(dev.cardinal.traffic.Sample sample) {
        shown.showLive(sample);
        refreshAttributes();
        project();
    }

    /** Captured traffic that was not kept: the sample is the workspace's own again. */
    public void endLiveSample() {
        shown.endLive();
        followSample(history.current());
        refreshAttributes();
        project();
    }

    /** The shown sample follows {@code ws}; see {@link ShownSample#follow}. */
    private boolean followSample(Workspace ws) {
        return shown.follow(ws, () -> {
            refreshAttributes();
            project();
        });
    }

    /** Shows why something could not be done (a workspace opened, a file written); what is open stays open. */
    public void showFailure(String what, List<String> reasons) {
        List<String> lines = new ArrayList<>();
        lines.add(what);
        reasons.forEach(r -> lines.add("  " + r));
        shown.showFailure(lines);
        statusLine.say(what);
    }

    /** Says in the status bar what an action did (saved, exported); it lasts until it expires or the next one. */
    public void showStatus(String text) {
        state.notices().post(new Notices.Status(text));
    }

    /** The message {@code text} has been shown long enough; a newer message stays. */
    public void expireStatus(String text) {
        statusLine.expire(text);
    }

    public Optional<EventKind> selectedEventKind() {
        Workspace ws = history.current();
        Layout l = selectedLayout.get();
        if (ws == null || l == null) {
            return Optional.empty();
        }
        return ws.eventKind(l.eventKind());
    }

    /** Selects the layout {@code layoutId}. */
    public void select(String layoutId) {
        Workspace ws = history.current();
        if (ws != null) {
            ws.layout(layoutId).filter(l -> !l.equals(selectedLayout.get())).ifPresent(this::select);
        }
    }

    /** Selects {@code layout} (null: none). */
    public void select(Layout layout) {
        state.update(s -> s.withLayout(layout));
    }

    /**
     * Applies a finding's fix as one undoable edit; see {@link LayoutEdits#applyFix}.
     *
     * @return false when the fix is advice only, changes nothing, or no longer applies
     */
    public boolean applyFix(Finding finding) {
        return edits.applyFix(finding);
    }

    /**
     * A save of the workspace as edited now to {@code target}: what is written ({@link Saving#write}, file I/O for a
     * background lane), then {@link #saved} on the FX thread.
     */
    public Saving saving(Path target) {
        Workspace ws = history.current();
        if (ws == null) {
            throw new IllegalStateException("no workspace is open");
        }
        return Saving.of(ws, file(), target);
    }

    /** {@code s} was written: the window's file becomes its target, and what was written is no longer unsaved. */
    public void saved(Saving s) {
        shown.savedAs(s.target());
        if (history.current() == s.edited()) {
            if (!s.rebased().equals(s.edited())) {
                history.reset(s.rebased()); // the same files, paths relative to the new folder: the same traffic (SampleCache.Key)
            }
            history.markSaved();
        } else if (s.rebased().equals(s.edited())) {
            history.markSaved(s.edited()); // edited while it was written: those edits are not saved
        }
        showStatus((s.elsewhere() ? "Saved as " : "Saved ") + s.target().getFileName());
    }

    private void project() {
        Workspace ws = history.current();
        Layout layout = selectedLayout.get();
        List<Path> bound = summaryFiles();
        summaries.retain(bound);
        if (ws != null && layout != null) {
            projection.summaries(file(), bound);
            projection.request(ws, layout, settings.get(), mappingLimit.get());
        } else {
            projection.clear(ws == null ? "Open a workspace to see its projection." : "Add sample traffic and select a layout to see its projection.");
        }
    }

    private void refreshAttributes() {
        Optional<EventKind> kind = selectedEventKind();
        if (kind.isEmpty()) {
            attributes.clear();
            return;
        }
        WorkspaceOpener.Opened opened = shown.openedProperty().get();
        LiveProjection.Shown fromSummary = projection.shownProperty().get();
        attributes.setAll(AttributeRows.of(kind.get(), selectedLayout.get(),
            opened == null ? Optional.empty() : opened.sample().eventKind(kind.get().name()),
            fromSummary == null || fromSummary.summary() == null ? null : fromSummary.summary().projection()));
    }

    @Override
    public void close() {
        projection.close();
    }
}
