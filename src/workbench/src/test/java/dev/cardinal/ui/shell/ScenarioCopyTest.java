package dev.cardinal.ui.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Position;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user's copy of a sample scenario is told apart from the original once its design was edited (issue 34). */
class ScenarioCopyTest {

    @Test
    void aCopyIsEditedOnceItsDesignDiffersNotWhenItsCardsMoved(@TempDir Path dir) throws Exception {
        ScenarioCopy first = ScenarioCopy.find("ad-marketplace", dir);
        assertTrue(Files.isRegularFile(first.file()), "written on first open");
        assertFalse(first.edited());
        assertFalse(ScenarioCopy.find("ad-marketplace", dir).edited(), "opened again, unchanged");

        Workspace ws = WorkspaceFiles.load(first.file()).workspace();
        WorkspaceFiles.save(first.file(), ws.withCanvasPosition("ids-as-tags", new Position(900, 40)));
        assertFalse(ScenarioCopy.find("ad-marketplace", dir).edited(), "a card moved is not an edit of the design");

        Layout tags = ws.layout("ids-as-tags").orElseThrow();
        WorkspaceFiles.save(first.file(), ws.withLayout(tags.withName("my ids")));
        ScenarioCopy edited = ScenarioCopy.find("ad-marketplace", dir);
        assertTrue(edited.edited());
        assertEquals(first.file(), edited.file(), "the user's copy is never overwritten");
        assertEquals("my ids", WorkspaceFiles.load(edited.file()).workspace().layout("ids-as-tags").orElseThrow().name());
    }
}
