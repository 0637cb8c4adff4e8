package dev.cardinal.ui.shell;

import dev.cardinal.model.Role;
import dev.cardinal.ui.canvas.CanvasPanelController;
import dev.cardinal.ui.common.MenuKeys;
import dev.cardinal.ui.help.Help;
import dev.cardinal.ui.push.TargetDialog;
import dev.cardinal.ui.session.EditHistory;
import dev.cardinal.ui.session.WorkspaceSession;
import dev.cardinal.ui.start.StartPageController;
import java.nio.file.Path;
import java.util.List;
import javafx.fxml.FXML;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextInputControl;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * The menu bar: every command of the workbench, with its keys from {@link dev.cardinal.ui.common.KeyBinding} (which
 * Help lists).
 * Commands are handed to the views and actions that do them; the main window connects them once it is built.
 */
public final class MenuBarController {
    private final WorkspaceSession session;
    private MainWindowController main;
    private FileActions files;
    private CanvasPanelController canvas;
    @FXML
    private MenuBar menuBar;
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
    private Menu samplesMenu;
    @FXML
    private CheckMenuItem darkTheme;

    public MenuBarController(WorkspaceSession session) {
        this.session = session;
    }

    @FXML
    private void initialize() {
        EditHistory h = session.history();
        // "Undo: make user_id a field": a name's underscore is not a shortcut key
        undoItem.setMnemonicParsing(false);
        redoItem.setMnemonicParsing(false);
        undoItem.textProperty().bind(h.undoTextProperty());
        redoItem.textProperty().bind(h.redoTextProperty());
        undoItem.disableProperty().bind(h.canUndoProperty().not());
        redoItem.disableProperty().bind(h.canRedoProperty().not());
        // the items' keys, and Redo's Ctrl+Y beside its accelerator, come from the one table of keys
        MenuKeys.bind(menuBar);
        saveItem.disableProperty().bind(h.currentProperty().isNull());
        saveAsItem.disableProperty().bind(h.currentProperty().isNull());
    }

    /** What the commands act on, from the main window once its views are built. */
    void connect(MainWindowController window, FileActions fileActions, CanvasPanelController canvasPanel) {
        main = window;
        files = fileActions;
        canvas = canvasPanel;
        StartPageController.SCENARIOS.forEach((name, what) -> {
            MenuItem item = new MenuItem(name);
            item.setMnemonicParsing(false);
            item.setOnAction(e -> files.openScenario(name));
            samplesMenu.getItems().add(item);
        });
    }

    MenuBar menuBar() {
        return menuBar;
    }

    /** The recent workspaces, newest first. */
    void showRecent(List<Path> recent) {
        recentMenu.getItems().clear();
        for (Path f : recent) {
            MenuItem item = new MenuItem(f.getFileName() + "  (" + f.getParent() + ")");
            item.setMnemonicParsing(false);
            item.setOnAction(e -> files.open(f));
            recentMenu.getItems().add(item);
        }
        recentMenu.setDisable(recent.isEmpty());
    }

    void showDarkTheme(boolean dark) {
        darkTheme.setSelected(dark);
    }

    private Window window() {
        return menuBar.getScene().getWindow();
    }

    @FXML
    private void newWorkspace() {
        files.newWorkspace();
    }

    @FXML
    private void openWorkspace() {
        files.openWorkspace();
    }

    @FXML
    private void addSampleFiles() {
        files.addSampleFiles();
    }

    @FXML
    private void synthesizeTraffic() {
        files.synthesizeTraffic();
    }

    @FXML
    private void save() {
        files.save();
    }

    @FXML
    private void saveAs() {
        files.saveAs();
    }

    @FXML
    private void exportCanvasPng() {
        Path target = files.chooseExport("Export canvas as PNG", "PNG image", "*.png", ".png");
        if (target != null) {
            canvas.exportPngTo(target);
        }
    }

    @FXML
    private void exportCanvasSvg() {
        Path target = files.chooseExport("Export canvas as SVG", "SVG image", "*.svg", ".svg");
        if (target != null) {
            canvas.exportSvgTo(target);
        }
    }

    @FXML
    private void pushToScratch() {
        main.pushToScratch();
    }

    /** File → Quit: as closing the window (its handler asks about unsaved edits and remembers the settings). */
    @FXML
    private void quit() {
        window().fireEvent(new WindowEvent(window(), WindowEvent.WINDOW_CLOSE_REQUEST));
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
    private void newLayout() {
        canvas.newLayout();
    }

    @FXML
    private void duplicateSelected() {
        canvas.duplicateSelected();
    }

    @FXML
    private void renameSelected() {
        canvas.renameSelected();
    }

    @FXML
    private void editSelectedMeasurement() {
        canvas.editSelectedMeasurement();
    }

    @FXML
    private void deleteSelected() {
        canvas.deleteSelected();
    }

    /** Adds a server of a chosen kind to the workspace, as an undoable edit: the Projection panel offers it first. */
    @FXML
    private void addTarget() {
        if (session.workspace() == null) {
            session.showStatus("Open a workspace first.");
            return;
        }
        new TargetDialog(menuBar.getScene().getWindow(), session.workspace()).showAndWait().ifPresent(t -> {
            session.edits().putTarget(t);
            session.showStatus("Added target " + t.name() + " (" + t.kind().product() + ")" + (t.kind().isInflux()
                || t.kind().isDocument() ? ": the Projection panel projects for it" : ": the Push tab plans and writes to it"));
        });
    }

    @FXML
    private void makeTag() {
        setSelectedRole(Role.TAG);
    }

    @FXML
    private void makeField() {
        setSelectedRole(Role.FIELD);
    }

    @FXML
    private void dropAttribute() {
        setSelectedRole(Role.DROPPED);
    }

    /**
     * T, F and Delete (or the Edit menu) on the attribute selected in the canvas or the attribute table, whichever
     * control has the focus; not while text is typed (the letters are the text's).
     */
    private void setSelectedRole(Role role) {
        if (menuBar.getScene() != null && menuBar.getScene().getFocusOwner() instanceof TextInputControl) {
            return;
        }
        String attribute = session.selectedAttributeProperty().get();
        if (attribute != null) {
            session.edits().setRole(attribute, role);
        }
    }

    @FXML
    private void toggleTheme() {
        main.setDarkTheme(darkTheme.isSelected());
    }

    @FXML
    private void zoomIn() {
        canvas.zoomIn();
    }

    @FXML
    private void zoomOut() {
        canvas.zoomOut();
    }

    @FXML
    private void fitCanvas() {
        canvas.fitCanvas();
    }

    @FXML
    private void arrangeCanvas() {
        canvas.arrangeCanvas();
    }

    @FXML
    private void compareLayouts() {
        main.compareLayouts();
    }

    @FXML
    private void showShortcuts() {
        Help.showShortcuts(window());
    }

    @FXML
    private void showGuide() {
        Help.showGuide(window());
    }

    @FXML
    private void showAbout() {
        Help.showAbout(window());
    }
}
