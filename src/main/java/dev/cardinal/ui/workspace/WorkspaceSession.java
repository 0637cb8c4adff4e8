package dev.cardinal.ui.workspace;

import dev.cardinal.lint.Finding;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FileProblem;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Role;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.ReadReport;
import dev.cardinal.traffic.SampleAttribute;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The view model of the workbench window: the open workspace (through its edit history) and its sample, the
 * selected layout, what the attribute table, problems list and title show, and the live projection of the selected
 * layout. Plain JavaFX properties, testable without starting the toolkit.
 */
public final class WorkspaceSession implements AutoCloseable {
    /** How long the projection waits for more edits before it recomputes. */
    public static final long DEBOUNCE_MILLIS = 40;

    private final ReadOnlyObjectWrapper<WorkspaceOpener.Opened> opened = new ReadOnlyObjectWrapper<>();
    private final EditHistory history = new EditHistory();
    private final LiveProjection projection;
    private final ObjectProperty<Layout> selectedLayout = new SimpleObjectProperty<>();
    private final ObjectProperty<ProjectionSettings> settings = new SimpleObjectProperty<>(ProjectionSettings.defaults());
    private final ObservableList<AttributeRow> attributes = FXCollections.observableArrayList();
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Cardinal");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("No workspace open");
    private Path file;
    /** The attribute a finding or another view points at; the attribute views select it. */
    private final javafx.beans.property.StringProperty focusedAttribute = new javafx.beans.property.SimpleStringProperty();

    /** A session whose projection results are handed to the thread {@code ui} runs on (the FX thread in the window). */
    public WorkspaceSession(Executor ui) {
        projection = new LiveProjection(ui, DEBOUNCE_MILLIS);
        selectedLayout.addListener((o, was, now) -> {
            refreshAttributes();
            project();
        });
        settings.addListener((o, was, now) -> project());
        history.currentProperty().addListener((o, was, now) -> {
            Layout selected = selectedLayout.get();
            Layout same = selected == null || now == null ? null : now.layout(selected.id()).orElse(null);
            if (same == null && now != null) {
                same = now.layouts().stream().findFirst().orElse(null);
            }
            if (same != null && same.equals(selected)) {
                project();
            } else {
                selectedLayout.set(same);
            }
            refreshTitle();
        });
        history.dirtyProperty().addListener((o, was, now) -> refreshTitle());
    }

    public ReadOnlyObjectProperty<WorkspaceOpener.Opened> openedProperty() {
        return opened.getReadOnlyProperty();
    }

    public EditHistory history() {
        return history;
    }

    public LiveProjection projection() {
        return projection;
    }

    /** The workspace as edited, or null when none is open. */
    public Workspace workspace() {
        return history.current();
    }

    /** Where the workspace is saved, or null when none is open. */
    public Path file() {
        return file;
    }

    /** Bound samples outside the workspace's folder that the user did not say yes to: they are not read. */
    public List<dev.cardinal.model.WorkspaceFiles.Outside> unreadSamples() {
        WorkspaceOpener.Opened o = opened.get();
        return o == null ? List.of() : o.unread();
    }

    /** The workspace's bound samples as every reading of them takes them: without the ones not to be read. */
    public List<dev.cardinal.traffic.SampleReader.Source> sampleSources() {
        return file == null ? List.of() : WorkspaceOpener.sources(file, history.current(), unreadSamples());
    }

    /** The folder the workspace file is in, where file choosers start; null when none is open. */
    public File folder() {
        Path dir = file == null ? null : file.toAbsolutePath().getParent();
        return dir == null ? null : dir.toFile();
    }

    public ObjectProperty<Layout> selectedLayoutProperty() {
        return selectedLayout;
    }

    public ObjectProperty<ProjectionSettings> settingsProperty() {
        return settings;
    }

    public javafx.beans.property.StringProperty focusedAttributeProperty() {
        return focusedAttribute;
    }

    public ObservableList<AttributeRow> attributes() {
        return attributes;
    }

    public ObservableList<String> problems() {
        return problems;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /**
     * Starts an empty, unsaved workspace: add traffic to it (its event kinds and layouts follow), then save it
     * somewhere.
     */
    public void newWorkspace() {
        file = null;
        showSample(new WorkspaceOpener.Opened(null, Workspace.empty("untitled"), List.of(),
            new dev.cardinal.traffic.Sample(List.of(), new ReadReport(0, 0, 0, 0, List.of(), 0, 0, false))));
        selectedLayout.set(null);
        history.resetUnsaved(Workspace.empty("untitled"));
        summary.set("New workspace: add sample traffic (File → Add Sample Traffic, or drop files here)");
        refreshAttributes();
        refreshTitle();
    }

    /** Shows a workspace that was opened. */
    public void show(WorkspaceOpener.Opened result) {
        file = result.file();
        showSample(result);
        selectedLayout.set(null);
        history.reset(result.workspace());
        if (selectedLayout.get() == null) {
            result.workspace().layouts().stream().findFirst().ifPresent(selectedLayout::set);
        }
        refreshAttributes();
        refreshTitle();
    }

    /**
     * Shows a workspace with traffic files added ({@link WorkspaceOpener#addSamples}): an undoable edit of the open
     * workspace, or a new unsaved workspace when none was open. The sample read stays loaded after an undo.
     */
    public void showAdded(WorkspaceOpener.Opened result, String description) {
        boolean wasOpen = history.current() != null;
        file = result.file();
        showSample(result);
        if (wasOpen) {
            history.apply(description, ws -> result.workspace());
            Layout selected = selectedLayout.get();
            refreshAttributes();
            if (selected != null) {
                project();
            }
        } else {
            selectedLayout.set(null);
            history.resetUnsaved(result.workspace());
            if (selectedLayout.get() == null) {
                result.workspace().layouts().stream().findFirst().ifPresent(selectedLayout::set);
            }
        }
        refreshTitle();
    }

    /**
     * Projects over a sample read while traffic is being captured (the workspace's own samples plus what arrived);
     * the workspace is not edited.
     */
    public void showLiveSample(dev.cardinal.traffic.Sample sample) {
        WorkspaceOpener.Opened was = opened.get();
        showSample(new WorkspaceOpener.Opened(file, history.current(), was == null ? List.of() : was.warnings(), sample,
            was == null ? List.of() : was.unread()), true);
        refreshAttributes();
        project();
    }

    private void showSample(WorkspaceOpener.Opened result) {
        showSample(result, false);
    }

    /** Shows a sample; {@code live} when captured traffic replaces it every few moments. */
    private void showSample(WorkspaceOpener.Opened result, boolean live) {
        projection.sample(result.sample(), live);
        opened.set(result);
        List<String> lines = new ArrayList<>();
        for (FileProblem w : result.warnings()) {
            lines.add("warning: " + (result.file() == null ? "" : result.file().getFileName() + ": ") + w);
        }
        for (var o : result.unread()) {
            lines.add("not read: " + o.describe() + ": outside the workspace's folder, and not confirmed (open the workspace"
                + " again to be asked)");
        }
        ReadReport r = result.sample().report();
        for (ReadProblem p : r.problems()) {
            lines.add(p.toString());
        }
        for (ReadProblem w : r.warnings()) {
            lines.add(w.toString()); // kept lines, probably not what was meant (a quote left open, a NUL)
        }
        if (r.warningsOmitted() > 0) {
            lines.add(String.format(Locale.ROOT, "... and %,d more warnings", r.warningsOmitted()));
        }
        if (r.problemsOmitted() > 0) {
            lines.add(String.format(Locale.ROOT, "... and %,d more problems", r.problemsOmitted()));
        }
        problems.setAll(lines);
        summary.set(String.format(Locale.ROOT, "%,d points read from %d file%s, %,d bad lines", r.points(), r.files(),
            r.files() == 1 ? "" : "s", r.badLines()));
    }

    /** Shows why a workspace could not be opened; the previous workspace (if any) stays open. */
    public void showFailure(String what, List<String> reasons) {
        List<String> lines = new ArrayList<>();
        lines.add(what);
        reasons.forEach(r -> lines.add("  " + r));
        problems.setAll(lines);
        summary.set(what);
    }

    /** Says something in the status bar (an export finished). */
    public void showStatus(String text) {
        summary.set(text);
    }

    public Optional<EventKind> selectedEventKind() {
        Workspace ws = history.current();
        Layout l = selectedLayout.get();
        if (ws == null || l == null) {
            return Optional.empty();
        }
        return ws.eventKind(l.eventKind());
    }

    /**
     * Gives an attribute a plain role in the selected layout, as one undoable edit ("make user_id a field").
     *
     * @return false when there is no selected layout or the attribute already has that role
     */
    public boolean setRole(String attribute, Role role) {
        Layout layout = selectedLayout.get();
        return layout != null && setRole(layout.id(), attribute, role);
    }

    /** Gives an attribute a plain role in the layout {@code layoutId} (which becomes the selected one), as one undoable edit. */
    public boolean setRole(String layoutId, String attribute, Role role) {
        Workspace ws = history.current();
        Layout layout = ws == null ? null : ws.layout(layoutId).orElse(null);
        if (layout == null) {
            return false;
        }
        if (!layout.equals(selectedLayout.get())) {
            selectedLayout.set(layout);
        }
        if (layout.roleOf(attribute) == role) {
            return false;
        }
        String description = switch (role) {
            case TAG -> "make " + attribute + " a tag";
            case FIELD -> "make " + attribute + " a field";
            case DROPPED -> "drop " + attribute + " from " + layout.name();
            case IN_TEMPLATE -> throw new IllegalArgumentException("IN_TEMPLATE follows from templates; edit a template instead");
        };
        return history.apply(description, w -> w.withLayout(w.layout(layoutId).orElse(layout).withRole(attribute, role)));
    }

    /**
     * Adds a layout of {@code eventKind} that writes every attribute as a field under the event kind's name (so
     * nothing is indexed until the user drags attributes to Tags), selects it, as one undoable edit.
     *
     * @return the new layout's id, or null when there is no such event kind
     */
    public String newLayout(String eventKind) {
        Workspace ws = history.current();
        EventKind kind = ws == null ? null : ws.eventKind(eventKind).orElse(null);
        if (kind == null) {
            return null;
        }
        String base = dev.cardinal.traffic.SchemaInference.slug(eventKind) + "-layout";
        String id = base;
        for (int n = 2; ws.layout(id).isPresent(); n++) {
            id = base + "-" + n;
        }
        Layout layout = new Layout(id, id, eventKind, dev.cardinal.model.Template.literal(eventKind), List.of(),
            kind.attributes().stream().map(a -> dev.cardinal.model.FieldSpec.of(a.name())).toList(),
            dev.cardinal.model.RetentionPlan.AUTOGEN);
        double right = ws.canvas().values().stream().mapToDouble(Position::x).max().orElse(-300) + 300;
        String newId = id;
        history.apply("new layout " + id, w -> w.withLayout(layout).withCanvasPosition(newId, new Position(right, 20)));
        select(id);
        return id;
    }

    /** Renames a layout (its id stays), as an undoable edit. */
    public boolean renameLayout(String layoutId, String name) {
        Workspace ws = history.current();
        Layout layout = ws == null ? null : ws.layout(layoutId).orElse(null);
        if (layout == null || name.isBlank() || name.strip().equals(layout.name())) {
            return false;
        }
        return history.apply("rename " + layout.name() + " to " + name.strip(), w -> w.withLayout(layout.withName(name.strip())));
    }

    /**
     * Deletes a layout, as an undoable edit.
     *
     * @return why it cannot be deleted (a rollup reads it), or null when it was deleted
     */
    public String deleteLayout(String layoutId) {
        Workspace ws = history.current();
        Layout layout = ws == null ? null : ws.layout(layoutId).orElse(null);
        if (layout == null) {
            return "there is no layout " + layoutId;
        }
        List<String> readers = ws.rollups().stream().filter(r -> r.layout().equals(layoutId)).map(dev.cardinal.model.Rollup::name).toList();
        if (!readers.isEmpty()) {
            return "rollup " + String.join(", ", readers) + " reads " + layout.name() + "; delete or move the rollup first";
        }
        history.apply("delete " + layout.name(), w -> {
            Map<String, Position> canvas = new java.util.TreeMap<>(w.canvas());
            canvas.remove(layoutId);
            return new Workspace(w.name(), w.eventKinds(), w.layouts().stream().filter(l -> !l.id().equals(layoutId)).toList(),
                w.samples(), w.rollups(), w.targets(), canvas);
        });
        return null;
    }

    /**
     * Sets a layout's measurement name, a literal or a template such as {@code {crop}.{region}}, as an undoable edit.
     *
     * @throws dev.cardinal.model.TemplateException when the pattern is not a template, or names an attribute the
     *                                              event kind does not have
     */
    public boolean setMeasurement(String layoutId, String pattern) throws dev.cardinal.model.TemplateException {
        Workspace ws = history.current();
        Layout layout = ws == null ? null : ws.layout(layoutId).orElse(null);
        if (layout == null) {
            return false;
        }
        dev.cardinal.model.Template t = checked(layout, pattern);
        return history.apply("measurement of " + layout.name() + " = " + pattern, w -> w.withLayout(layout.withMeasurement(t)));
    }

    /**
     * Adds a templated tag, e.g. key {@code plot} with value {@code plot-{plot}.{region}}, as an undoable edit; a tag
     * with that key is replaced.
     *
     * @throws dev.cardinal.model.TemplateException when the value is not a template or names a missing attribute
     */
    public boolean putTag(String layoutId, String key, String valuePattern) throws dev.cardinal.model.TemplateException {
        Layout layout = layoutFor(layoutId);
        if (layout == null || key.isBlank()) {
            return false;
        }
        dev.cardinal.model.Template t = checked(layout, valuePattern);
        List<dev.cardinal.model.TagSpec> tags = new ArrayList<>(layout.tags());
        tags.removeIf(x -> x.key().equals(key.strip()));
        tags.add(new dev.cardinal.model.TagSpec(key.strip(), t));
        return history.apply("tag " + key.strip() + " = " + valuePattern, w -> w.withLayout(layout.withTags(tags)));
    }

    /**
     * Adds a field whose key is a template, e.g. {@code {crop}.temp} storing {@code temp}, as an undoable edit; a
     * field with that key is replaced.
     *
     * @throws dev.cardinal.model.TemplateException when the key is not a template, or it or the attribute is missing
     */
    public boolean putField(String layoutId, String keyPattern, String attribute) throws dev.cardinal.model.TemplateException {
        Layout layout = layoutFor(layoutId);
        if (layout == null) {
            return false;
        }
        dev.cardinal.model.Template key = checked(layout, keyPattern);
        checked(layout, "{" + attribute.strip() + "}");
        List<dev.cardinal.model.FieldSpec> fields = new ArrayList<>(layout.fields());
        fields.removeIf(f -> f.key().pattern().equals(key.pattern()));
        fields.add(new dev.cardinal.model.FieldSpec(key, attribute.strip()));
        return history.apply("field " + keyPattern + " = " + attribute.strip(), w -> w.withLayout(layout.withFields(fields)));
    }

    /** Removes the tag with {@code key}, or the field whose key pattern is {@code key}, as an undoable edit. */
    public boolean removeTagOrField(String layoutId, String key) {
        Layout layout = layoutFor(layoutId);
        if (layout == null) {
            return false;
        }
        List<dev.cardinal.model.TagSpec> tags = layout.tags().stream().filter(t -> !t.key().equals(key)).toList();
        List<dev.cardinal.model.FieldSpec> fields = layout.fields().stream().filter(f -> !f.key().pattern().equals(key)).toList();
        return history.apply("remove " + key + " from " + layout.name(), w -> w.withLayout(layout.withTags(tags).withFields(fields)));
    }

    private Layout layoutFor(String layoutId) {
        Workspace ws = history.current();
        return ws == null ? null : ws.layout(layoutId).orElse(null);
    }

    /** Parses a template and checks that the layout's event kind has every attribute it names. */
    private dev.cardinal.model.Template checked(Layout layout, String pattern) throws dev.cardinal.model.TemplateException {
        dev.cardinal.model.Template t = dev.cardinal.model.Template.parse(pattern);
        EventKind kind = history.current().eventKind(layout.eventKind()).orElseThrow();
        for (String a : t.attributes()) {
            if (kind.attributes().stream().noneMatch(x -> x.name().equals(a))) {
                throw new dev.cardinal.model.TemplateException(pattern, Math.max(0, pattern.indexOf("{" + a)),
                    layout.eventKind() + " has no attribute " + a);
            }
        }
        return t;
    }

    /** Selects the layout {@code layoutId}. */
    public void select(String layoutId) {
        Workspace ws = history.current();
        if (ws != null) {
            ws.layout(layoutId).filter(l -> !l.equals(selectedLayout.get())).ifPresent(selectedLayout::set);
        }
    }

    /** Moves a layout's card on the canvas, as an undoable edit. */
    public boolean moveCard(String layoutId, Position to) {
        Workspace ws = history.current();
        String name = ws == null ? layoutId : ws.layout(layoutId).map(Layout::name).orElse(layoutId);
        return ws != null && history.apply("move " + name, w -> w.withCanvasPosition(layoutId, to));
    }

    /** Places every card at once (auto-layout), as one undoable edit. */
    public boolean arrangeCards(Map<String, Position> positions) {
        return history.current() != null && history.apply("arrange the canvas", w -> {
            Workspace out = w;
            for (Map.Entry<String, Position> e : positions.entrySet()) {
                out = out.withCanvasPosition(e.getKey(), e.getValue());
            }
            return out;
        });
    }

    /**
     * Applies a finding's fix as one undoable edit named after the fix.
     *
     * @return false when the fix is advice only or changes nothing
     */
    public boolean applyFix(Finding finding) {
        if (!finding.fix().applicable() || history.current() == null) {
            return false;
        }
        return history.apply(finding.fix().title(), ws -> finding.fix().applyTo(ws).orElse(ws));
    }

    /** Saves the workspace where it was opened from (atomically, keeping the previous version as a backup). */
    public void save() throws IOException {
        saveAs(file);
    }

    /**
     * Saves the workspace to {@code target}; sample paths are rewritten relative to the new folder, so the saved
     * file still finds its traffic. The window's file becomes {@code target}.
     */
    public void saveAs(Path target) throws IOException {
        Workspace ws = history.current();
        if (ws == null) {
            throw new IllegalStateException("no workspace is open");
        }
        Workspace rebased = WorkspaceFiles.rebase(ws, file, target);
        WorkspaceFiles.save(target, rebased);
        if (!rebased.equals(ws)) {
            history.reset(rebased);
        }
        file = target;
        history.markSaved();
        refreshTitle();
    }

    private void project() {
        Workspace ws = history.current();
        Layout layout = selectedLayout.get();
        if (ws != null && layout != null) {
            projection.request(ws, layout, settings.get());
        }
    }

    private void refreshTitle() {
        Workspace ws = history.current();
        if (ws == null) {
            title.set("Cardinal");
            return;
        }
        if (file == null) {
            title.set("Cardinal — " + ws.name() + " (not saved yet)" + (history.isDirty() ? " *" : ""));
            return;
        }
        title.set("Cardinal — " + ws.name() + " (" + file.getFileName() + ")" + (history.isDirty() ? " *" : ""));
    }

    private void refreshAttributes() {
        Optional<EventKind> kind = selectedEventKind();
        if (kind.isEmpty()) {
            attributes.clear();
            return;
        }
        Layout layout = selectedLayout.get();
        Optional<EventKindSample> sample = opened.get().sample().eventKind(kind.get().name());
        List<AttributeRow> rows = new ArrayList<>();
        for (Attribute a : kind.get().attributes()) {
            Role role = layout.roleOf(a.name());
            String arrived = "";
            long distinct = -1;
            if (sample.isPresent()) {
                int i = sample.get().attributeIndex(a.name());
                if (i >= 0) {
                    SampleAttribute sa = sample.get().attributes().get(i);
                    arrived = sa.arrivedAsTag() ? "tag" : "field";
                    distinct = sample.get().column(i).distinct();
                }
            }
            rows.add(new AttributeRow(a.name(), a.type().id(), arrived, role.name().toLowerCase(Locale.ROOT).replace('_', ' '),
                distinct));
        }
        attributes.setAll(rows);
    }

    @Override
    public void close() {
        projection.close();
    }
}
