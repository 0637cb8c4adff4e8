package dev.cardinal.ui.session;

import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A save: the workspace as edited when it was asked for, as it is written (sample paths relative to the target's
 * folder), where, and whether that is another file than the one open. {@link #write} is file I/O for a background
 * lane; {@link WorkspaceSession#saved} then runs on the FX thread.
 */
public record Saving(Workspace edited, Workspace rebased, Path target, boolean elsewhere) {
    /** The save of {@code ws}, open from {@code file} (null: never saved), to {@code target}. */
    static Saving of(Workspace ws, Path file, Path target) {
        boolean elsewhere = file == null || !file.toAbsolutePath().normalize().equals(target.toAbsolutePath().normalize());
        return new Saving(ws, WorkspaceFiles.rebase(ws, file, target), target, elsewhere);
    }

    /** Writes it atomically, keeping the previous version as a backup (fsync, link, rename: not on the FX thread). */
    public void write() throws IOException {
        WorkspaceFiles.save(target, rebased);
    }
}
