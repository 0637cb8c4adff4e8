package dev.cardinal.ui.session;

import dev.cardinal.model.Workspace;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;

/**
 * The window's title and status bar, derived from the session: the title from the state and whether edits are
 * unsaved, the status bar from the last action's message while it lasts, else from what the sample is.
 */
final class StatusLine {
    /** What the last action said (saved, exported, why it failed); it gives way to the summary when it expires. */
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper();
    private final StringBinding title;
    private final StringBinding status;

    StatusLine(Session session, EditHistory history, ObservableStringValue sampleSummary) {
        session.notices().subscribe(Notices.Status.class, n -> message.set(n.text()));
        title = Bindings.createStringBinding(() -> titleOf(session.state(), history.isDirty()),
            session.stateProperty(), history.dirtyProperty());
        status = Bindings.createStringBinding(() -> message.get() != null ? message.get() : sampleSummary.get(),
            message, sampleSummary);
    }

    ObservableStringValue title() {
        return title;
    }

    ObservableStringValue status() {
        return status;
    }

    ReadOnlyStringProperty message() {
        return message.getReadOnlyProperty();
    }

    /** Says {@code text} at once (null: the message ends). */
    void say(String text) {
        message.set(text);
    }

    /** The message {@code text} has been shown long enough; a newer message stays. */
    void expire(String text) {
        if (text != null && text.equals(message.get())) {
            message.set(null);
        }
    }

    /** The window's title: the workspace's name, where it is saved, and a star while it has unsaved edits. */
    private static String titleOf(SessionState st, boolean dirty) {
        Workspace ws = st.workspace();
        if (ws == null) {
            return "Cardinal";
        }
        return "Cardinal — " + ws.name() + (st.file() == null ? " (not saved yet)" : " (" + st.file().getFileName() + ")")
            + (dirty ? " *" : "");
    }
}
