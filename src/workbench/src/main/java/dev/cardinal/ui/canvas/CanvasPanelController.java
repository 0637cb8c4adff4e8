package dev.cardinal.ui.canvas;

import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TemplateException;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projection;
import dev.cardinal.ui.common.Dialogs;
import dev.cardinal.ui.common.Png;
import dev.cardinal.ui.common.Tasks;
import dev.cardinal.ui.session.WorkspaceSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.fxml.FXML;

/**
 * The canvas tab: the cards, their toolbar, and the layout edits made on them (new, rename, measurement template,
 * delete), each handed to the session as an undoable edit; PNG and SVG export.
 */
public final class CanvasPanelController {
    private static final Logger LOG = Logger.getLogger(CanvasPanelController.class.getName());

    private final WorkspaceSession session;
    private final Executor executor;
    /** Attribute facts per event kind for the chips; layout-independent, so made once per sample. */
    private final Map<String, Map<String, AttributeInfo>> chipInfos = new HashMap<>();
    @FXML
    private CanvasView canvas;
    @FXML
    private javafx.scene.layout.Pane minimapHolder;
    @FXML
    private javafx.scene.layout.StackPane paletteHolder;
    private CanvasActions actions;
    /** The canvas zooms to fit its cards when a workspace is shown, and again once its cards have their numbers. */
    private boolean fitPending;

    public CanvasPanelController(WorkspaceSession session, Executor executor) {
        this.session = session;
        this.executor = executor;
    }

    @FXML
    private void initialize() {
        minimapHolder.getChildren().add(new Minimap(canvas));
        paletteHolder.getChildren().add(canvas.palette());
        session.selectedLayoutProperty().addListener((o, was, now) -> showPalette());
        // a finding points at an attribute: its chip on the selected layout's card is selected
        session.state().notices().subscribe(dev.cardinal.ui.session.Notices.Focus.class, f -> {
            Layout selected = session.selectedLayoutProperty().get();
            canvas.focus(selected == null ? null : selected.id(), f.name());
        });
        actions = new CanvasActions(session, this);
        canvas.setEvents(actions);
        session.selectedAttributeProperty().addListener((o, was, name) -> {
            Layout selected = session.selectedLayoutProperty().get();
            if (name != null && !name.equals(canvas.selectedAttribute())) {
                canvas.focus(selected == null ? null : selected.id(), name);
            }
        });
        // fitted at once, without numbers, then again when the numbers make the cards wider: no giant cards while
        // the sample is read (issue 34)
        session.workspaceShownProperty().addListener((o, was, now) -> {
            fitPending = true;
            javafx.application.Platform.runLater(canvas::fit);
        });
        session.history().currentProperty().addListener((o, was, now) -> redraw());
        session.selectedLayoutProperty().addListener((o, was, now) -> canvas.select(now == null ? null : now.id()));
        session.openedProperty().addListener((o, was, now) -> chipInfos.clear());
        session.projection().mappingsProperty().addListener((o, was, now) -> {
            Map<String, java.util.OptionalLong> strict = new HashMap<>();
            now.keySet().forEach(id -> session.workspace().layout(id).ifPresent(l -> strict.put(id, session.strictFields(l))));
            canvas.showMappings(now, strict);
        });
        session.projection().shownProperty().addListener((o, was, shown) -> {
            if (shown != null && shown.figures() != null && !chipInfos.containsKey(shown.figures().eventKind())) {
                Map<String, AttributeInfo> infos = new HashMap<>();
                for (Projection.AttributeProjection a : shown.figures().attributes()) {
                    infos.put(a.name(), new AttributeInfo(a.type(), a.distinct(), a.growth(), shown.curves().get(a.name())));
                }
                chipInfos.put(shown.figures().eventKind(), infos);
                // in a pulse of its own: the projection panel shows the numbers first, the cards follow
                javafx.application.Platform.runLater(() -> {
                    redraw();
                    if (fitPending) {
                        fitPending = false;
                        canvas.fit();
                    }
                });
            }
        });
    }

    private void redraw() {
        Layout selected = session.selectedLayoutProperty().get();
        canvas.show(session.workspace(), selected == null ? null : selected.id(), chipInfos);
        showPalette();
    }

    private void showPalette() {
        Layout selected = session.selectedLayoutProperty().get();
        Workspace ws = session.workspace();
        var kind = selected == null || ws == null ? null : ws.eventKind(selected.eventKind()).orElse(null);
        if (kind == null) {
            canvas.showPalette(null, List.of(), Map.of());
        } else {
            canvas.showPalette(kind.name(), kind.attributes().stream().map(dev.cardinal.model.Attribute::name).toList(),
                chipInfos.getOrDefault(kind.name(), Map.of()));
        }
    }

    @FXML
    public void zoomIn() {
        canvas.zoom(1.25);
    }

    @FXML
    public void zoomOut() {
        canvas.zoom(1 / 1.25);
    }

    @FXML
    public void fitCanvas() {
        canvas.fit();
    }

    @FXML
    public void arrangeCanvas() {
        if (session.workspace() != null) {
            session.edits().arrangeCards(canvas.arranged(session.workspace()));
        }
    }

    @FXML
    public void newLayout() {
        Layout selected = session.selectedLayoutProperty().get();
        Workspace ws = session.workspace();
        if (ws != null && !ws.eventKinds().isEmpty()) {
            reveal(session.edits().newLayout(selected != null ? selected.eventKind() : ws.eventKinds().get(0).name()));
        }
    }

    /** Copies a layout beside itself (Ctrl+D), to try a variant of it, and shows the copy. */
    void duplicateLayout(String id) {
        reveal(session.edits().duplicateLayout(id));
    }

    /** Duplicates the selected layout. */
    public void duplicateSelected() {
        selectedId().ifPresent(this::duplicateLayout);
    }

    /** A layout just added: its card is scrolled into view (after the redraw that makes it). */
    private void reveal(String layoutId) {
        if (layoutId != null) {
            javafx.application.Platform.runLater(() -> canvas.reveal(layoutId));
        }
    }

    CanvasView canvas() {
        return canvas;
    }

    /** "Show in Attributes" on a chip's menu. */
    public void setOnShowInAttributes(java.util.function.Consumer<String> handler) {
        actions.setOnShowInAttributes(handler);
    }

    /** "Compare With" on a card's menu: the two layout ids. */
    public void setOnCompare(java.util.function.BiConsumer<String, String> handler) {
        actions.setOnCompare(handler);
    }

    /** The selected layout, for the Edit menu's layout commands. */
    private Optional<String> selectedId() {
        return Optional.ofNullable(session.selectedLayoutProperty().get()).map(Layout::id);
    }

    public void renameSelected() {
        selectedId().ifPresent(this::renameLayout);
    }

    public void deleteSelected() {
        selectedId().ifPresent(this::deleteLayout);
    }

    public void editSelectedMeasurement() {
        selectedId().ifPresent(this::editMeasurement);
    }

    void renameLayout(String id) {
        session.workspace().layout(id).ifPresent(l -> Dialogs.ask(canvas, "Rename layout", "New name for " + l.name() + ":", l.name())
            .ifPresent(name -> session.edits().renameLayout(id, name)));
    }

    void deleteLayout(String id) {
        String refused = session.edits().deleteLayout(id);
        if (refused != null) {
            session.showStatus("Cannot delete: " + refused);
        }
    }

    /** Asks for the measurement name (literal, or a template such as {crop}.{region}) until it parses or is cancelled. */
    void editMeasurement(String id) {
        Layout l = session.workspace().layout(id).orElse(null);
        String text = l == null ? null : l.measurement().pattern();
        String problem = "";
        while (l != null) {
            Optional<String> answer = Dialogs.ask(canvas, "Measurement name", problem + "Measurement of " + l.name()
                + ": a name, or a template over attributes such as {crop}.{region}", text);
            if (answer.isEmpty()) {
                return;
            }
            try {
                session.edits().setMeasurement(id, answer.get());
                return;
            } catch (TemplateException e) {
                text = answer.get();
                problem = e.getMessage() + "\n\n";
            }
        }
    }

    /**
     * Adds or edits a templated tag ({@code plot = plot-{plot}.{region}}) or field ({@code {crop}.temp = temp}),
     * asking again with the reason until it is valid or cancelled; role DROPPED removes the one keyed {@code text}.
     */
    void editTemplate(String id, dev.cardinal.model.Role role, String text) {
        if (role == dev.cardinal.model.Role.DROPPED) {
            session.edits().removeTagOrField(id, text);
            return;
        }
        boolean tag = role == dev.cardinal.model.Role.TAG;
        String shown = text != null ? text : tag ? "key = {attribute}" : "{attribute}.name = attribute";
        String problem = "";
        while (true) {
            Optional<String> answer = Dialogs.ask(canvas, tag ? "Templated tag" : "Templated field", problem + (tag
                ? "Tag as key = value template, e.g. plot = plot-{plot}.{region}"
                : "Field as key template = attribute, e.g. {crop}.temp = temp"), shown);
            if (answer.isEmpty()) {
                return;
            }
            int eq = answer.get().indexOf(" = ");
            try {
                if (eq <= 0) {
                    throw new TemplateException(answer.get(), 0, "write it as left = right, with spaces around =");
                }
                String left = answer.get().substring(0, eq).strip();
                String right = answer.get().substring(eq + 3).strip();
                if (tag) {
                    session.edits().putTag(id, left, right);
                } else {
                    session.edits().putField(id, left, right);
                }
                // a renamed key: the old one goes only once the new one is in
                String oldKey = text == null ? null : text.substring(0, text.indexOf(" = "));
                if (oldKey != null && !oldKey.equals(left)) {
                    session.edits().removeTagOrField(id, oldKey);
                }
                return;
            } catch (TemplateException e) {
                shown = answer.get();
                problem = e.getMessage() + "\n\n";
            }
        }
    }

    /** The canvas as a PNG picture: snapshot here, file written in the background. */
    public void exportPngTo(Path target) {
        java.awt.image.BufferedImage pixels = Png.pixels(canvas.snapshotCards());
        writeInBackground(target, () -> Png.write(pixels, target));
    }

    /** The canvas as SVG, drawn from the workspace, written in the background. */
    public void exportSvgTo(Path target) {
        Workspace ws = session.workspace();
        String svg = CanvasSvg.render(ws, CanvasView.positions(ws), chipInfos);
        writeInBackground(target, () -> AtomicFiles.write(target, svg.getBytes(StandardCharsets.UTF_8)));
    }

    /** A file write that may fail. */
    private interface Write {
        void run() throws IOException;
    }

    private void writeInBackground(Path target, Write write) {
        Tasks.<Path>create(p -> {
            write.run();
            return target;
        })
            .onSuccess(t -> session.showStatus("Wrote " + t))
            .onError(e -> {
                LOG.log(Level.WARNING, "cannot write " + target, e);
                session.showFailure("Cannot write " + target.getFileName() + ": " + e.getMessage(), List.of());
            })
            .runOn(executor);
    }
}
