package dev.cardinal.ui.start;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * What the window shows when no workspace is open: open one, start one from a traffic file or empty, open a sample
 * scenario, or a recent workspace. The actions are the main window's.
 */
public final class StartPageController {
    /** The sample scenarios, each with the failure mode it shows. */
    public static final Map<String, String> SCENARIOS = new java.util.LinkedHashMap<>();

    static {
        SCENARIOS.put("ad-marketplace", "Ad marketplace: user, listing and session ids in tags, the classic series explosion.");
        SCENARIOS.put("weather", "Weather sensors: data encoded in measurement names and field keys, several facts in one tag.");
        SCENARIOS.put("custom-metrics", "Custom metrics: field keys that customers name, the mapping explosion, and the slots cure.");
    }

    /** What the page's buttons do. */
    public interface Actions {
        void openWorkspace();

        void newFromTraffic();

        void newWorkspace();

        void openScenario(String name);

        void open(Path workspace);
    }

    private Actions actions;
    @FXML
    private VBox scenarios;
    @FXML
    private VBox recent;
    @FXML
    private Button openWorkspace;

    @FXML
    private void initialize() {
        for (Map.Entry<String, String> s : SCENARIOS.entrySet()) {
            Button open = new Button("Open " + s.getKey());
            open.setId("scenario-" + s.getKey());
            open.setMinWidth(Button.USE_PREF_SIZE);
            open.setOnAction(e -> actions.openScenario(s.getKey()));
            Label what = new Label(s.getValue());
            what.setWrapText(true);
            what.getStyleClass().add("hint");
            javafx.scene.layout.HBox row = new javafx.scene.layout.HBox(10, open, what);
            row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
            scenarios.getChildren().add(row);
        }
    }

    public void setActions(Actions actions) {
        this.actions = actions;
    }

    /** The recent workspaces, newest first; those with unsaved edits kept from an earlier run say so. */
    public void showRecent(List<Path> files, java.util.Set<Path> withUnsavedEdits) {
        recent.getChildren().clear();
        if (files.isEmpty()) {
            Label none = new Label("None yet: the workspaces you open are listed here.");
            none.getStyleClass().add("hint");
            recent.getChildren().add(none);
        }
        for (Path f : files) {
            Hyperlink link = new Hyperlink(f.getFileName() + "  —  " + f.getParent());
            link.setMnemonicParsing(false);
            link.setOnAction(e -> actions.open(f));
            if (withUnsavedEdits.contains(f)) {
                Label kept = new Label("unsaved edits kept: open it to restore them");
                kept.getStyleClass().addAll("hint", "recovery-hint");
                javafx.scene.layout.HBox row = new javafx.scene.layout.HBox(6, link, kept);
                row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
                recent.getChildren().add(row);
            } else {
                recent.getChildren().add(link);
            }
        }
    }

    @FXML
    private void openWorkspace() {
        actions.openWorkspace();
    }

    @FXML
    private void fromTraffic() {
        actions.newFromTraffic();
    }

    @FXML
    private void newWorkspace() {
        actions.newWorkspace();
    }

    /** Gives the focus to Open Workspace…, the page's first action. */
    public void focus() {
        openWorkspace.requestFocus();
    }
}
