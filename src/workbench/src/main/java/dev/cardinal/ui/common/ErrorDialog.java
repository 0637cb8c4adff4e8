package dev.cardinal.ui.common;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.TextArea;
import javafx.stage.Window;

/**
 * What failed, shown to the user: an error dialog that says what and why, with the stack trace behind a details
 * expander, and the same in the log. Exceptions nobody caught on the FX thread come here too, so none is only
 * printed.
 */
public final class ErrorDialog {
    private static final Logger LOG = Logger.getLogger(ErrorDialog.class.getName());
    /** One dialog at a time: an exception thrown again and again (in a layout pass, say) is logged, not stacked up. */
    private static boolean showing;

    private ErrorDialog() {
    }

    /**
     * Shows exceptions no handler caught on the current thread (the FX thread) and logs them.
     *
     * @param owner the window the dialogs belong to, or null
     */
    public static void catchOnThisThread(Supplier<Window> owner) {
        Thread.currentThread().setUncaughtExceptionHandler((t, e) -> show(owner.get(), "Something went wrong", e));
    }

    /** Logs {@code e} and shows it; {@code what} says what failed ("Cannot save ads.cardinal.json"). */
    public static void show(Window owner, String what, Throwable e) {
        LOG.log(Level.SEVERE, what, e);
        if (!Platform.isFxApplicationThread()) {
            Platform.runLater(() -> alert(owner, what, e));
        } else {
            alert(owner, what, e);
        }
    }

    private static void alert(Window owner, String what, Throwable e) {
        if (showing) {
            return;
        }
        showing = true;
        try {
            Alert alert = new Alert(Alert.AlertType.ERROR);
            alert.setTitle("Cardinal");
            alert.setHeaderText(what);
            alert.setContentText(describe(e));
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            TextArea details = new TextArea(trace.toString());
            details.setEditable(false);
            details.setWrapText(false);
            details.setPrefRowCount(16);
            alert.getDialogPane().setExpandableContent(details);
            alert.getDialogPane().getStyleClass().add("error-dialog");
            if (owner != null && owner.isShowing()) {
                alert.initOwner(owner);
                Dialogs.theme(alert.getDialogPane(), owner);
            }
            alert.showAndWait();
        } finally {
            showing = false;
        }
    }

    /** The exception's own message, and its causes' where they add something. */
    private static String describe(Throwable e) {
        StringBuilder text = new StringBuilder(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            if (c.getMessage() != null && !text.toString().contains(c.getMessage())) {
                text.append("\nbecause: ").append(c.getMessage());
            }
        }
        return text.toString();
    }
}
