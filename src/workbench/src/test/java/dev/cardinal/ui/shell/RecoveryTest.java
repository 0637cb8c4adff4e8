package dev.cardinal.ui.shell;

import dev.cardinal.model.Role;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Recovery copies and recent files, without the toolkit. */
class RecoveryTest {
    @Test
    void aCopyOfUnsavedEditsIsFoundUntilDiscardedAndOneEqualToTheFileIsNotOffered(@TempDir Path dir) throws Exception {
        Recovery r = new Recovery(dir.resolve("home"));
        Path file = dir.resolve("ads.cardinal.json");
        Files.copy(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"), file);
        Workspace onDisk = WorkspaceFiles.load(file).workspace();
        Workspace edited = onDisk.withLayout(onDisk.layout("ids-as-tags").orElseThrow().withRole("user_id", Role.FIELD));

        assertTrue(r.find(file, onDisk).isEmpty());
        r.save(file, edited);
        assertEquals(edited, r.find(file, onDisk).orElseThrow().workspace());
        assertTrue(r.find(dir.resolve("other.cardinal.json"), onDisk).isEmpty(), "copies are per file");
        r.discard(file);
        assertTrue(r.find(file, onDisk).isEmpty());

        r.save(file, onDisk);
        assertTrue(r.find(file, onDisk).isEmpty(), "nothing to restore when the copy equals the file");
        assertFalse(Files.exists(r.copyOf(file)), "and that copy is removed");

        Files.writeString(r.copyOf(file), "{ not json");
        assertTrue(r.find(file, onDisk).isEmpty(), "an unreadable copy is not offered");
    }

    @Test
    void recentFilesNewestFirstWithoutDuplicatesOrVanishedFiles(@TempDir Path dir) throws Exception {
        Recovery r = new Recovery(dir.resolve("home"));
        Path a = Files.writeString(dir.resolve("a.cardinal.json"), "{}");
        Path b = Files.writeString(dir.resolve("b.cardinal.json"), "{}");
        r.remember(a);
        r.remember(b);
        r.remember(a);
        assertEquals(List.of(a, b), r.recent());
        Files.delete(b);
        assertEquals(List.of(a), r.recent());
    }

    @Test
    void theRecentListSaysWhichWorkspacesHaveUnsavedEditsWaiting(@TempDir Path dir) throws Exception {
        Recovery r = new Recovery(dir.resolve("home"));
        Path a = Files.writeString(dir.resolve("a.cardinal.json"), "{}");
        Path b = Files.writeString(dir.resolve("b.cardinal.json"), "{}");
        r.remember(a);
        r.remember(b);
        assertEquals(new Recovery.Recent(List.of(b, a), java.util.Set.of()), r.recentWithCopies());
        r.save(a, Workspace.empty("a"));
        assertEquals(new Recovery.Recent(List.of(b, a), java.util.Set.of(a)), r.recentWithCopies());
        r.discard(a);
        assertEquals(java.util.Set.of(), r.recentWithCopies().withUnsavedEdits());
    }

    /** A user's files go where the session's $HOME says (a package's test, sudo -H, a container), not the password file. */
    @Test
    void theFolderFollowsTheEnvironmentAsXdgSays() {
        String passwd = "/root";
        assertEquals(Path.of("/opt/c"), Recovery.defaultHome("/opt/c", java.util.Map.of("HOME", "/home/u"), passwd));
        assertEquals(Path.of("/opt/c"), Recovery.defaultHome("/opt/build/../c", java.util.Map.of("HOME", "/home/u"), passwd));
        assertEquals(Path.of("/x/cfg/cardinal"), Recovery.defaultHome(null, java.util.Map.of("XDG_CONFIG_HOME", "/x/cfg", "HOME", "/home/u"), passwd));
        assertEquals(Path.of("/home/u/.config/cardinal"), Recovery.defaultHome(null, java.util.Map.of("HOME", "/home/u"), passwd));
        assertEquals(Path.of("/home/u/.config/cardinal"), Recovery.defaultHome("", java.util.Map.of("XDG_CONFIG_HOME", " ", "HOME", "/home/u"), passwd));
        assertEquals(Path.of("/root/.config/cardinal"), Recovery.defaultHome(null, java.util.Map.of(), passwd));
    }
}
