package dev.cardinal.ui.workspace;

import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.SampleProfile;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.traffic.synthetic.ProfileWriter;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import dev.cardinal.ui.canvas.CanvasPanelController;
import dev.cardinal.ui.code.CodeTabController;
import dev.cardinal.ui.common.Tasks;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.TransferMode;
import javafx.stage.FileChooser;

/**
 * The workbench window: menus, opening and saving, reading traffic with progress, the status bar, and the views it
 * is made of (explorer, canvas, attributes, projection, findings, code, push, recovery bar), each with its own FXML
 * and controller.
 */
public final class MainWindowController {
    private static final Logger LOG = Logger.getLogger(MainWindowController.class.getName());
    /** The dark theme's sheet, added after the base sheet. */
    public static final String DARK_STYLESHEET = "/styles/dark.css";
    /** How long the status bar shows what an action did. */
    static final javafx.util.Duration MESSAGE_LASTS = javafx.util.Duration.seconds(8);

    private final WorkspaceSession session;
    private final Executor executor;
    private final Recovery recovery;
    private SampleReads reads;

    @FXML
    private ListView<String> problems;
    @FXML
    private Label status;
    @FXML
    private ProgressBar progress;
    @FXML
    private Button cancel;
    @FXML
    private TabPane bottomTabs;
    @FXML
    private Tab findingsTab;
    @FXML
    private Tab pushTab;
    @FXML
    private MenuItem undoItem;
    @FXML
    private MenuItem redoItem;
    @FXML
    private MenuItem saveItem;
    @FXML
    private MenuItem saveAsItem;
    @FXML
    private Menu recentMenu;
    @FXML
    private CheckMenuItem darkTheme;
    @FXML
    private CanvasPanelController canvasPanelController;
    @FXML
    private AttributesPanelController attributesPanelController;
    @FXML
    private CodeTabController codeTabPanelController;
    @FXML
    private PushPanelController pushPanelController;
    @FXML
    private RecoveryBarController recoveryBarController;
    @FXML
    private CapturePanelController capturePanelController;
    @FXML
    private TabPane topTabs;
    @FXML
    private javafx.scene.control.SplitPane centre;
    /** Where the centre's divider was before review mode took the room. */
    private double centreDivider = -1;
    @FXML
    private Tab compareTab;
    @FXML
    private Tab attributesTab;
    @FXML
    private javafx.scene.control.MenuBar menuBar;
    @FXML
    private javafx.scene.control.SplitPane mainSplit;
    @FXML
    private ProjectionPanelController projectionPanelController;
    @FXML
    private javafx.scene.Node startPage;
    @FXML
    private dev.cardinal.ui.start.StartPageController startPageController;
    @FXML
    private Label problemsPlaceholder;
    @FXML
    private Menu samplesMenu;
    @FXML
    private Tab codeTab;
    @FXML
    private dev.cardinal.ui.compare.ComparePanelController comparePanelController;

    public MainWindowController(WorkspaceSession session, Executor executor, Recovery recovery) {
        this.session = session;
        this.executor = executor;
        this.recovery = recovery;
    }

    @FXML
    private void initialize() {
        reads = new SampleReads(session, executor, status, progress, cancel, () -> bottomTabs.getSelectionModel().select(0));
        session.readSamplesWith(reads::reread);
        codeTab.selectedProperty().addListener((o, was, now) -> codeTabPanelController.setShowing(now));
        codeTabPanelController.setShowing(codeTab.isSelected());
        showContentWhenFirstSelected(topTabs);
        showContentWhenFirstSelected(bottomTabs);
        // review mode takes the room of the bottom panes (two canvases, a table and two finding lists); leaving it gives it back
        topTabs.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (now == compareTab && centreDivider < 0) {
                centreDivider = centre.getDividerPositions()[0];
                centre.setDividerPositions(0.86);
            } else if (was == compareTab && centreDivider >= 0) {
                centre.setDividerPositions(centreDivider);
                centreDivider = -1;
            }
        });
        EditHistory h = session.history();
        // "Undo: make user_id a field": a name's underscore is not a shortcut key
        undoItem.setMnemonicParsing(false);
        redoItem.setMnemonicParsing(false);
        undoItem.textProperty().bind(h.undoTextProperty());
        redoItem.textProperty().bind(h.redoTextProperty());
        undoItem.disableProperty().bind(h.canUndoProperty().not());
        redoItem.disableProperty().bind(h.canRedoProperty().not());
        saveItem.disableProperty().bind(h.currentProperty().isNull());
        saveAsItem.disableProperty().bind(h.currentProperty().isNull());
        session.projection().findingsProperty().addListener((o, was, now) ->
            findingsTab.setText(now.isEmpty() ? "Findings" : "Findings (" + now.size() + ")"));
        problems.setItems(session.problems());
        status.textProperty().bind(session.statusProperty());
        expireMessages();
        progress.setVisible(false);
        cancel.setVisible(false);
        status.sceneProperty().addListener((o, was, now) -> {
            if (now != null) {
                installDrop(now);
            }
        });
        initStartPage();
        refreshRecent();
        capturePanelController.setOnKeep(this::addSamples);
        canvasPanelController.setOnShowInAttributes(attribute -> {
            topTabs.getSelectionModel().select(attributesTab);
            session.focusedAttributeProperty().set(null);
            session.focusedAttributeProperty().set(attribute);
        });
        canvasPanelController.setOnCompare((a, b) -> {
            topTabs.getSelectionModel().select(compareTab);
            comparePanelController.compare(a, b);
        });
    }

    /** With no workspace open, the window is the start page; the problems list says when there is no traffic yet. */
    private void initStartPage() {
        startPage.visibleProperty().bind(session.history().currentProperty().isNull());
        mainSplit.visibleProperty().bind(startPage.visibleProperty().not());
        startPageController.setActions(new dev.cardinal.ui.start.StartPageController.Actions() {
            @Override
            public void openWorkspace() {
                MainWindowController.this.openWorkspace();
            }

            @Override
            public void newFromTraffic() {
                addSampleFiles();
            }

            @Override
            public void newWorkspace() {
                MainWindowController.this.newWorkspace();
            }

            @Override
            public void openScenario(String name) {
                MainWindowController.this.openScenario(name);
            }

            @Override
            public void open(Path workspace) {
                MainWindowController.this.open(workspace);
            }
        });
        dev.cardinal.ui.start.StartPageController.SCENARIOS.forEach((name, what) -> {
            MenuItem item = new MenuItem(name);
            item.setMnemonicParsing(false);
            item.setOnAction(e -> openScenario(name));
            samplesMenu.getItems().add(item);
        });
        problemsPlaceholder.textProperty().bind(session.openedProperty().map(o -> o.sample().report().files() == 0
            ? "No sample traffic yet: add some with File → Add Sample Traffic, or drop files on the window."
            : "No problems: every line of the sample was read.").orElse("No workspace open."));
    }

    /**
     * Opens a sample scenario: written once into the workbench's own folder (deterministic traffic, the same as
     * sample-data/), then opened like any workspace.
     */
    void openScenario(String name) {
        Path dir = recovery.home().resolve("samples").resolve(name);
        Tasks.<Path>create(p -> {
            Path file = dir.resolve(dev.cardinal.traffic.scenarios.Scenarios.workspaceFileName(name));
            return java.nio.file.Files.isRegularFile(file) ? file : dev.cardinal.traffic.scenarios.Scenarios.write(name, dir);
        })
            .onSuccess(this::open)
            .onError(e -> {
                LOG.log(Level.WARNING, "cannot write the sample scenario " + name, e);
                session.showFailure("Cannot open the sample scenario " + name + ": " + e.getMessage(), List.of());
            })
            .runOn(executor);
    }

    /** A message in the status bar (saved, exported, failed) gives way to what the sample is after a while. */
    private void expireMessages() {
        javafx.animation.PauseTransition wait = new javafx.animation.PauseTransition(MESSAGE_LASTS);
        session.messageProperty().addListener((o, was, now) -> {
            wait.stop();
            if (now != null) {
                wait.setOnFinished(e -> session.expireStatus(now));
                wait.playFromStart();
            }
        });
    }

    /**
     * Keeps each unselected tab's content out of the scene until the tab is first selected. The panes are built (their
     * controllers follow the session from the start), but their controls get skins and styles only when shown: doing
     * that for every pane took a third of a second of the window's first showing.
     */
    private static void showContentWhenFirstSelected(TabPane pane) {
        for (Tab tab : pane.getTabs()) {
            Node content = tab.getContent();
            if (tab.isSelected() || content == null) {
                continue;
            }
            tab.setContent(null);
            tab.selectedProperty().addListener(new InvalidationListener() {
                @Override
                public void invalidated(Observable o) {
                    if (tab.isSelected()) {
                        tab.selectedProperty().removeListener(this);
                        tab.setContent(content);
                    }
                }
            });
        }
    }

    /** Copies unsaved edits to the recovery folder now; see {@link RecoveryBarController#autosaveNow}. */
    public CompletableFuture<Void> autosaveNow() {
        return recoveryBarController.autosaveNow();
    }

    /** Writes the shown layout's generated code into {@code dir}. */
    public void exportCodeTo(Path dir) {
        codeTabPanelController.exportTo(dir);
    }

    public void exportCanvasPngTo(Path target) {
        canvasPanelController.exportPngTo(target);
    }

    public void exportCanvasSvgTo(Path target) {
        canvasPanelController.exportSvgTo(target);
    }

    private void refreshRecent() {
        Tasks.<List<Path>>create(p -> recovery.recent())
            .onSuccess(files -> {
                recentMenu.getItems().clear();
                for (Path f : files) {
                    MenuItem item = new MenuItem(f.getFileName() + "  (" + f.getParent() + ")");
                    item.setMnemonicParsing(false);
                    item.setOnAction(e -> open(f));
                    recentMenu.getItems().add(item);
                }
                recentMenu.setDisable(files.isEmpty());
                startPageController.showRecent(files);
            })
            .onError(e -> LOG.log(Level.WARNING, "cannot read the recent files", e))
            .runOn(executor);
    }

    /** The theme, splits and projection choices as they are now, over {@code base} (which has the window's place). */
    public WorkbenchSettings settings(WorkbenchSettings base) {
        List<Double> main = java.util.Arrays.stream(mainSplit.getDividerPositions()).boxed().toList();
        // review mode moves the centre's divider for a while: what is remembered is the user's own
        double centreAt = centreDivider >= 0 ? centreDivider : centre.getDividerPositions()[0];
        List<String> projection = projectionPanelController.choices();
        return base.withDarkTheme(darkTheme.isSelected()).withDividers(main, List.of(centreAt))
            .withProjection(projection.get(0), projection.get(1));
    }

    /** Applies remembered settings: theme, splits, horizon and traffic. */
    public void apply(WorkbenchSettings s) {
        setDarkTheme(s.darkTheme());
        if (s.dividers().size() == mainSplit.getDividers().size()) {
            mainSplit.setDividerPositions(s.dividers().stream().mapToDouble(Double::doubleValue).toArray());
        }
        if (s.centre().size() == 1) {
            centre.setDividerPositions(s.centre().get(0));
        }
        projectionPanelController.choose(s.horizon(), s.traffic());
    }

    @FXML
    private void toggleTheme() {
        setDarkTheme(darkTheme.isSelected());
    }

    /** Switches between the light and the dark theme. */
    public void setDarkTheme(boolean dark) {
        darkTheme.setSelected(dark);
        var sheets = status.getScene().getRoot().getStylesheets();
        String url = Objects.requireNonNull(MainWindowController.class.getResource(DARK_STYLESHEET)).toExternalForm();
        sheets.remove(url);
        if (dark) {
            sheets.add(url);
        }
    }

    @FXML
    private void exportCanvasPng() {
        Path target = chooseExport("Export canvas as PNG", "PNG image", "*.png", ".png");
        if (target != null) {
            exportCanvasPngTo(target);
        }
    }

    @FXML
    private void exportCanvasSvg() {
        Path target = chooseExport("Export canvas as SVG", "SVG image", "*.svg", ".svg");
        if (target != null) {
            exportCanvasSvgTo(target);
        }
    }

    private Path chooseExport(String title, String kind, String pattern, String extension) {
        if (session.workspace() == null) {
            return null;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        if (session.file() != null) {
            chooser.setInitialDirectory(session.folder());
            chooser.setInitialFileName(session.file().getFileName().toString().replace(WorkspaceFiles.EXTENSION, "") + extension);
        }
        File f = chooser.showSaveDialog(status.getScene().getWindow());
        return f == null ? null : f.getName().endsWith(extension) ? f.toPath() : f.toPath().resolveSibling(f.getName() + extension);
    }

    @FXML
    private void zoomIn() {
        canvasPanelController.zoomIn();
    }

    @FXML
    private void zoomOut() {
        canvasPanelController.zoomOut();
    }

    @FXML
    private void fitCanvas() {
        canvasPanelController.fitCanvas();
    }

    @FXML
    private void arrangeCanvas() {
        canvasPanelController.arrangeCanvas();
    }

    @FXML
    private void newLayout() {
        canvasPanelController.newLayout();
    }

    @FXML
    private void renameSelected() {
        canvasPanelController.renameSelected();
    }

    @FXML
    private void deleteSelected() {
        canvasPanelController.deleteSelected();
    }

    @FXML
    private void editSelectedMeasurement() {
        canvasPanelController.editSelectedMeasurement();
    }

    @FXML
    private void makeTag() {
        setSelectedRole(dev.cardinal.model.Role.TAG);
    }

    @FXML
    private void makeField() {
        setSelectedRole(dev.cardinal.model.Role.FIELD);
    }

    @FXML
    private void dropAttribute() {
        setSelectedRole(dev.cardinal.model.Role.DROPPED);
    }

    /**
     * T, F and Delete (or the Edit menu) on the attribute selected in the canvas or the attribute table, whichever
     * control has the focus; not while text is typed (the letters are the text's).
     */
    private void setSelectedRole(dev.cardinal.model.Role role) {
        if (status.getScene() != null && status.getScene().getFocusOwner() instanceof javafx.scene.control.TextInputControl) {
            return;
        }
        String attribute = session.selectedAttributeProperty().get();
        if (attribute != null) {
            session.edits().setRole(attribute, role);
        }
    }

    @FXML
    private void duplicateSelected() {
        canvasPanelController.duplicateSelected();
    }

    @FXML
    private void showShortcuts() {
        dev.cardinal.ui.help.Help.showShortcuts(status.getScene().getWindow(), menuBar);
    }

    @FXML
    private void showGuide() {
        dev.cardinal.ui.help.Help.showGuide(status.getScene().getWindow());
    }

    @FXML
    private void showAbout() {
        dev.cardinal.ui.help.Help.showAbout(status.getScene().getWindow());
    }

    /** Review mode: the two chosen layouts side by side. */
    @FXML
    private void compareLayouts() {
        topTabs.getSelectionModel().select(compareTab);
        comparePanelController.compare();
    }

    /** Offers the layouts of another workspace file, or of {@code file} at a git revision, in the compare view. */
    public void compareWithLayoutsFrom(Path file, String revision) {
        topTabs.getSelectionModel().select(compareTab);
        comparePanelController.addLayoutsFrom(file, revision);
    }

    @FXML
    private void pushToScratch() {
        bottomTabs.getSelectionModel().select(pushTab);
        pushPanelController.pushToScratch();
    }

    @FXML
    private void undo() {
        session.history().undo();
    }

    @FXML
    private void redo() {
        session.history().redo();
    }

    @FXML
    private void save() {
        if (session.file() == null) {
            saveAs();
            return;
        }
        try {
            session.save();
            recoveryBarController.discard(session.file());
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot save " + session.file(), e);
            session.showFailure("Cannot save " + session.file().getFileName() + ": " + e.getMessage(), List.of());
        }
    }

    @FXML
    private void newWorkspace() {
        if (confirmDiscard()) {
            session.newWorkspace();
        }
    }

    @FXML
    private void saveAs() {
        if (session.workspace() == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save workspace as");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Cardinal workspace", "*.cardinal.json"));
        if (session.file() != null) {
            chooser.setInitialDirectory(session.folder());
            chooser.setInitialFileName(session.file().getFileName().toString());
        }
        File f = chooser.showSaveDialog(status.getScene().getWindow());
        if (f == null) {
            return;
        }
        Path target = f.getName().endsWith(WorkspaceFiles.EXTENSION) ? f.toPath()
            : f.toPath().resolveSibling(f.getName() + WorkspaceFiles.EXTENSION);
        try {
            session.saveAs(target);
            recoveryBarController.discard(target);
            executor.execute(() -> {
                try {
                    recovery.remember(target);
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "cannot update the recent files", e);
                }
            });
        } catch (IOException e) {
            LOG.log(Level.WARNING, "cannot save " + target, e);
            session.showFailure("Cannot save " + target.getFileName() + ": " + e.getMessage(), List.of());
        }
    }

    /**
     * Asks what to do with unsaved edits before they would be lost: save them, discard them, or cancel.
     *
     * @return true when it is fine to go on
     */
    public boolean confirmDiscard() {
        if (!session.history().isDirty()) {
            return true;
        }
        ButtonType saveButton = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Discard Changes", ButtonBar.ButtonData.NO);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, "The workspace has unsaved changes.", saveButton, discard, ButtonType.CANCEL);
        alert.setHeaderText("Save changes to " + (session.file() == null ? "the new workspace" : session.file().getFileName()) + "?");
        alert.initOwner(status.getScene().getWindow());
        dev.cardinal.ui.common.Dialogs.theme(alert.getDialogPane(), status.getScene().getWindow());
        ButtonType answer = alert.showAndWait().orElse(ButtonType.CANCEL);
        if (answer == saveButton) {
            save();
            return !session.history().isDirty();
        }
        if (answer == discard) {
            recoveryBarController.discard(session.file());
            return true;
        }
        return false;
    }

    /** Opens a workspace in the background; the window stays responsive and the read can be cancelled. */
    public void open(Path file) {
        if (confirmDiscard()) {
            reads.open(file, opened -> recoveryBarController.opened(opened, this::refreshRecent));
        }
    }

    /** Adds traffic files to the open workspace, or makes a workspace from them; see {@link SampleReads#addSamples}. */
    public void addSamples(List<Path> files) {
        reads.addSamples(files);
    }

    /** Writes a profile's traffic and adds it as a sample; see {@link SampleReads#synthesize}. */
    public void synthesize(TrafficProfile profile, String json, Path target) {
        reads.synthesize(profile, json, target);
    }

    @FXML
    private void cancelRead() {
        reads.cancel();
    }

    @FXML
    private void addSampleFiles() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Add sample traffic");
        chooser.getExtensionFilters().addAll(
            new FileChooser.ExtensionFilter("Traffic (line protocol, CSV, NDJSON, gzipped)", "*.lp", "*.txt", "*.csv", "*.ndjson",
                "*.jsonl", "*.gz"),
            new FileChooser.ExtensionFilter("All files", "*"));
        List<File> files = chooser.showOpenMultipleDialog(status.getScene().getWindow());
        if (files != null) {
            addSamples(files.stream().map(File::toPath).toList());
        }
    }

    /**
     * Traffic that does not exist yet: a profile to type (like the shown sample when there is one, else an example),
     * then where to write the traffic; it is added as a sample, with the profile saved beside it.
     */
    @FXML
    private void synthesizeTraffic() {
        LiveProjection.Shown shown = session.projection().shownProperty().get();
        TrafficProfile start = shown != null && shown.projection() != null
            ? SampleProfile.of(shown.projection(), java.time.Duration.ofDays(30), 1) : SampleReads.exampleProfile();
        ProfileDialog.ask(status, ProfileWriter.toJson(start)).ifPresent(typed -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Write the synthetic traffic");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Line protocol, gzipped", "*.lp.gz"));
            chooser.setInitialFileName(SchemaInference.slug(typed.profile().eventKind()) + "-synthetic.lp.gz");
            chooser.setInitialDirectory(session.folder());
            File f = chooser.showSaveDialog(status.getScene().getWindow());
            if (f != null) {
                synthesize(typed.profile(), typed.json(), f.toPath());
            }
        });
    }

    /** Files dropped on the window: a workspace is opened, traffic files are added. */
    private void installDrop(javafx.scene.Scene scene) {
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(javafx.scene.input.TransferMode.COPY);
            }
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            List<Path> files = e.getDragboard().hasFiles() ? e.getDragboard().getFiles().stream().map(File::toPath).toList() : List.of();
            List<Path> workspaces = files.stream().filter(f -> f.getFileName().toString().endsWith(WorkspaceFiles.EXTENSION)).toList();
            e.setDropCompleted(!files.isEmpty());
            e.consume();
            if (!workspaces.isEmpty()) {
                open(workspaces.get(0));
            } else {
                addSamples(files);
            }
        });
    }

    @FXML
    private void openWorkspace() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open workspace");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Cardinal workspace", "*.cardinal.json"));
        File f = chooser.showOpenDialog(status.getScene().getWindow());
        if (f != null) {
            open(f.toPath());
        }
    }

    /**
     * The window is asked to close: unsaved edits are saved or discarded first (or the close is cancelled). A window
     * that closes leaves no recovery copy behind, so the next start offers none.
     *
     * @return false when the user cancelled
     */
    public boolean requestClose() {
        if (!confirmDiscard()) {
            return false;
        }
        recoveryBarController.closing(session.file());
        return true;
    }

    /** File → Quit: as closing the window (its handler asks about unsaved edits and remembers the settings). */
    @FXML
    private void quit() {
        javafx.stage.Window w = status.getScene().getWindow();
        w.fireEvent(new javafx.stage.WindowEvent(w, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST));
    }
}
