package dev.cardinal.ui.common;

import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.TextInputDialog;

/** Small modal questions, owned by the window of the node that asks. */
public final class Dialogs {
    private Dialogs() {
    }

    /** Asks for a line of text; empty when cancelled or left blank. */
    public static Optional<String> ask(Node owner, String title, String question, String initial) {
        TextInputDialog dialog = new TextInputDialog(initial);
        dialog.setTitle(title);
        dialog.setHeaderText(null);
        dialog.setContentText(question);
        dialog.initOwner(owner.getScene().getWindow());
        return dialog.showAndWait().map(String::strip).filter(t -> !t.isEmpty());
    }
}
