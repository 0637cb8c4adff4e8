package dev.cardinal.ui.common;

import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.Region;

/**
 * The command that computes a traffic summary covering a workspace's layouts, shown where the summary bound does not
 * cover one (the Projection panel, the Compare tab), with a button that copies it.
 */
public final class RerunCommand {
    private RerunCommand() {
    }

    /** Shows {@code command} in {@code text} inside {@code box}, or hides the box (null). */
    public static void show(Region box, TextArea text, String command) {
        box.setVisible(command != null);
        box.setManaged(command != null);
        text.setText(command == null ? "" : command);
    }

    /** Puts the command shown in {@code text} on the clipboard. */
    public static void copy(TextArea text) {
        ClipboardContent c = new ClipboardContent();
        c.putString(text.getText());
        Clipboard.getSystemClipboard().setContent(c);
    }
}
