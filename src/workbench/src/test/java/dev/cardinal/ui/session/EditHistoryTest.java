package dev.cardinal.ui.session;

import dev.cardinal.model.Workspace;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Undo and redo over workspace values, without the toolkit. */
class EditHistoryTest {
    private final Workspace a = Workspace.empty("a");
    private final Workspace b = Workspace.empty("b");
    private final Workspace c = Workspace.empty("c");

    @Test
    void undoAndRedoStepThroughTheEditsWithTheirDescriptions() {
        EditHistory h = new EditHistory();
        h.reset(a);
        assertFalse(h.isDirty());
        assertEquals("Undo", h.undoTextProperty().get());
        assertFalse(h.canUndoProperty().get());

        assertTrue(h.apply("rename to b", ws -> b));
        assertTrue(h.apply("rename to c", ws -> c));
        assertSame(c, h.current());
        assertTrue(h.isDirty());
        assertEquals("Undo: rename to c", h.undoTextProperty().get());

        assertEquals("rename to c", h.undo().description());
        assertSame(b, h.current());
        assertEquals("Redo: rename to c", h.redoTextProperty().get());
        assertEquals("Undo: rename to b", h.undoTextProperty().get());
        h.undo();
        assertSame(a, h.current());
        assertFalse(h.isDirty(), "undone back to the saved state is clean again");
        assertNull(h.undo(), "nothing more to undo");

        h.redo();
        assertSame(b, h.current());
        assertTrue(h.isDirty());
    }

    @Test
    void aNewEditForgetsWhatWasUndoneAndANoOpIsNotRecorded() {
        EditHistory h = new EditHistory();
        h.reset(a);
        h.apply("to b", ws -> b);
        h.undo();
        assertTrue(h.canRedoProperty().get());
        h.apply("to c", ws -> c);
        assertFalse(h.canRedoProperty().get());
        assertNull(h.redo());

        assertFalse(h.apply("nothing", ws -> Workspace.empty("c")), "an equal workspace is no edit");
        assertEquals("Undo: to c", h.undoTextProperty().get());
    }

    @Test
    void savingMakesTheCurrentStateClean() {
        EditHistory h = new EditHistory();
        h.reset(a);
        h.apply("to b", ws -> b);
        h.markSaved();
        assertFalse(h.isDirty());
        h.undo();
        assertTrue(h.isDirty(), "the saved state is b; a differs from it");
    }
}
