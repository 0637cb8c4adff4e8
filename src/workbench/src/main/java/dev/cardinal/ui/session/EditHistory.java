package dev.cardinal.ui.session;

import dev.cardinal.model.Workspace;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.function.UnaryOperator;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Undo and redo over workspace values. Every model edit is a function from one workspace to the next with a
 * description ("make user_id a field"); since workspaces are values, an edit is remembered as the two values it
 * went between. Dirty means the current value differs from the last one saved (undoing back to it is clean again).
 * Plain JavaFX properties: usable without starting the toolkit.
 */
public final class EditHistory {
    /** One edit: what it did, and the workspace before and after. */
    public record Edit(String description, Workspace before, Workspace after) {
    }

    private static final int KEPT = 500;

    private final Deque<Edit> undo = new ArrayDeque<>();
    private final Deque<Edit> redo = new ArrayDeque<>();
    private final ReadOnlyObjectWrapper<Workspace> current = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper dirty = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper undoText = new ReadOnlyStringWrapper("Undo");
    private final ReadOnlyStringWrapper redoText = new ReadOnlyStringWrapper("Redo");
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper();
    private Workspace saved;

    /** Starts over with {@code ws} as the saved state (a workspace just opened). */
    public void reset(Workspace ws) {
        undo.clear();
        redo.clear();
        saved = ws;
        current.set(ws);
        refresh();
    }

    /** Starts over with {@code ws}, which has never been saved (made from traffic files): dirty from the start. */
    public void resetUnsaved(Workspace ws) {
        undo.clear();
        redo.clear();
        saved = null;
        current.set(ws);
        refresh();
    }

    public ReadOnlyObjectProperty<Workspace> currentProperty() {
        return current.getReadOnlyProperty();
    }

    public Workspace current() {
        return current.get();
    }

    /**
     * Applies an edit. An edit that changes nothing is not recorded, so undo never steps over a no-op.
     *
     * @return true when the workspace changed
     */
    public boolean apply(String description, UnaryOperator<Workspace> change) {
        Workspace before = Objects.requireNonNull(current.get(), "no workspace is open");
        Workspace after = Objects.requireNonNull(change.apply(before), "an edit must give a workspace");
        if (after.equals(before)) {
            return false;
        }
        undo.push(new Edit(description, before, after));
        if (undo.size() > KEPT) {
            undo.removeLast();
        }
        redo.clear();
        current.set(after);
        refresh();
        return true;
    }

    /** Undoes the latest edit; returns it, or null when there is nothing to undo. */
    public Edit undo() {
        Edit e = undo.poll();
        if (e != null) {
            redo.push(e);
            current.set(e.before());
            refresh();
        }
        return e;
    }

    /** Redoes the latest undone edit; returns it, or null when there is nothing to redo. */
    public Edit redo() {
        Edit e = redo.poll();
        if (e != null) {
            undo.push(e);
            current.set(e.after());
            refresh();
        }
        return e;
    }

    /** The current workspace was saved. */
    public void markSaved() {
        markSaved(current.get());
    }

    /** {@code ws} was saved (written in the background: edits made meanwhile are not saved). */
    public void markSaved(Workspace ws) {
        saved = ws;
        refresh();
    }

    public ReadOnlyBooleanProperty dirtyProperty() {
        return dirty.getReadOnlyProperty();
    }

    public boolean isDirty() {
        return dirty.get();
    }

    /** "Undo: make user_id a field", or "Undo" when there is nothing to undo. */
    public ReadOnlyStringProperty undoTextProperty() {
        return undoText.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty redoTextProperty() {
        return redoText.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    private void refresh() {
        dirty.set(current.get() != null && !current.get().equals(saved));
        canUndo.set(!undo.isEmpty());
        canRedo.set(!redo.isEmpty());
        undoText.set(undo.isEmpty() ? "Undo" : "Undo: " + undo.peek().description());
        redoText.set(redo.isEmpty() ? "Redo" : "Redo: " + redo.peek().description());
    }
}
