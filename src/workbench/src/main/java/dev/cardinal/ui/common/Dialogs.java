package dev.cardinal.ui.common;

import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextInputDialog;

/** Small modal questions, owned by the window of the node that asks. */
public final class Dialogs {
    private Dialogs() {
    }

    /** Gives a dialog the owner window's style sheets, so that it follows the theme (dark or light). */
    public static void theme(javafx.scene.control.DialogPane pane, javafx.stage.Window owner) {
        if (owner != null && owner.getScene() != null) {
            pane.getStylesheets().setAll(owner.getScene().getRoot().getStylesheets());
        }
    }

    /** Asks for a line of text; empty when cancelled or left blank. */
    public static Optional<String> ask(Node owner, String title, String question, String initial) {
        TextInputDialog dialog = new TextInputDialog(initial);
        dialog.setTitle(title);
        dialog.setHeaderText(null);
        dialog.setContentText(question);
        dialog.initOwner(owner.getScene().getWindow());
        theme(dialog.getDialogPane(), owner.getScene().getWindow());
        return dialog.showAndWait().map(String::strip).filter(t -> !t.isEmpty());
    }

    /** A yes-or-no question; true only for {@code yes}, so closing the dialog is a no. */
    public static boolean confirm(Node owner, String title, String header, String text, String yes, String no) {
        ButtonType yesButton = new ButtonType(yes, ButtonBar.ButtonData.YES);
        ButtonType noButton = new ButtonType(no, ButtonBar.ButtonData.NO);
        Alert alert = new Alert(Alert.AlertType.WARNING, text, yesButton, noButton);
        alert.setTitle(title);
        alert.setHeaderText(header);
        alert.initOwner(owner.getScene().getWindow());
        theme(alert.getDialogPane(), owner.getScene().getWindow());
        ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(noButton)).setDefaultButton(true);
        ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(yesButton)).setDefaultButton(false);
        return alert.showAndWait().orElse(noButton) == yesButton;
    }
}
