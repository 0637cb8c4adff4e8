package dev.cardinal.ui.help;

import dev.cardinal.model.BuildInfo;
import dev.cardinal.ui.common.CanvasGesture;
import dev.cardinal.ui.common.Dialogs;
import dev.cardinal.ui.common.KeyBinding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The Help menu: keyboard shortcuts (from the table the menus take their keys from), the user guide and About. */
public final class Help {
    /** Where the build puts the user guide (src/site/markdown/user-guide.md); shown under its title. */
    static final String GUIDE = "/guide/user-guide.md";
    static final String GUIDE_SECTION = "Cardinal user guide";

    private Help() {
    }

    /** The table of keys the menus take theirs from, menu by menu, then what the canvas answers to. */
    public static void showShortcuts(Window owner) {
        GridPane grid = new GridPane();
        grid.setHgap(24);
        grid.setVgap(4);
        grid.setPadding(new Insets(8));
        grid.setId("shortcuts");
        int row = 0;
        String menu = null;
        for (KeyBinding binding : KeyBinding.values()) {
            if (!binding.menu().equals(menu)) {
                menu = binding.menu();
                grid.add(heading(menu, row), 0, row++, 2, 1);
            }
            grid.add(new Label(binding.keysText()), 0, row);
            grid.add(new Label(binding.label()), 1, row++);
        }
        grid.add(heading("Canvas", row), 0, row++, 2, 1);
        for (CanvasGesture g : CanvasGesture.ALL) {
            grid.add(new Label(g.gesture()), 0, row);
            grid.add(new Label(g.does()), 1, row++);
        }
        show(owner, "Keyboard Shortcuts", grid, 560, 860);
    }

    /** A menu's name over its keys, set apart from the keys of the menu before it. */
    private static Label heading(String text, int row) {
        Label l = new Label(text);
        l.getStyleClass().add("pane-title");
        GridPane.setMargin(l, new Insets(row == 0 ? 0 : 10, 0, 2, 0));
        return l;
    }

    /** The user guide, the same text as the documentation's. */
    public static void showGuide(Window owner) {
        VBox blocks = new VBox(8);
        blocks.setPadding(new Insets(12));
        blocks.setId("guide");
        blocks.getChildren().addAll(guide());
        show(owner, "Cardinal — User Guide", blocks, 760, 900);
    }

    static List<Node> guide() {
        try (InputStream in = Help.class.getResourceAsStream(GUIDE)) {
            if (in == null) {
                return List.of(new Label("The user guide is not in this build: it is src/site/markdown/user-guide.md."));
            }
            return MarkdownText.blocks(MarkdownText.section(new String(in.readAllBytes(), StandardCharsets.UTF_8), GUIDE_SECTION));
        } catch (IOException e) {
            return List.of(new Label("Cannot read the user guide: " + e.getMessage()));
        }
    }

    /** The version this build says it is, with the commit it was built from. */
    public static String version() {
        return BuildInfo.current().describe();
    }

    public static void showAbout(Window owner) {
        Alert about = new Alert(Alert.AlertType.INFORMATION);
        about.setTitle("About Cardinal");
        about.setHeaderText("Cardinal " + version());
        about.setContentText("A schema design workbench for time-series and document databases: see what a layout costs"
            + " before the first write reaches production.\n\n" + commitLine() + "Java " + System.getProperty("java.version") + ", JavaFX "
            + System.getProperty("javafx.runtime.version"));
        about.getDialogPane().setId("about");
        if (owner != null) {
            about.initOwner(owner);
            Dialogs.theme(about.getDialogPane(), owner);
        }
        about.show();
    }

    private static String commitLine() {
        BuildInfo build = BuildInfo.current();
        return build.commit() == null ? "" : "Built from commit " + build.commit() + (build.dirty() ? " with local changes" : "") + ".\n";
    }

    private static void show(Window owner, String title, Node content, double width, double height) {
        Dialog<Void> dialog = new Dialog<>();
        dialog.setTitle(title);
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        // as tall as asked where the window allows: a list that fits needs no scrolling
        scroll.setPrefSize(width, owner == null ? height : Math.min(height, Math.max(400, owner.getHeight() - 140)));
        dialog.getDialogPane().setContent(scroll);
        dialog.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        dialog.setResizable(true);
        if (owner != null) {
            dialog.initOwner(owner);
            Dialogs.theme(dialog.getDialogPane(), owner);
        }
        dialog.show();
    }
}
