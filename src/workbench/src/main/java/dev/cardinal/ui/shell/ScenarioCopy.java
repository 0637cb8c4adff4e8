package dev.cardinal.ui.shell;

import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The user's copy of a sample scenario (written on first open into the workbench's folder), and whether its design
 * differs from the original's: then it holds the user's edits, and opening "the scenario" must not silently mean it.
 *
 * @param file   the copy's workspace file
 * @param edited true when its event kinds, layouts, rollups or targets differ from the shipped scenario's
 */
record ScenarioCopy(Path file, boolean edited) {

    /** The copy in {@code dir}, written there first when there is none (then it is the original). File I/O. */
    static ScenarioCopy find(String name, Path dir) throws IOException {
        Path file = dir.resolve(Scenarios.workspaceFileName(name));
        if (!Files.isRegularFile(file)) {
            return new ScenarioCopy(Scenarios.write(name, dir), false);
        }
        try {
            return new ScenarioCopy(file, !sameDesign(WorkspaceFiles.load(file).workspace(), Scenarios.workspace(name)));
        } catch (WorkspaceFormatException e) {
            return new ScenarioCopy(file, true); // not the original any more; opening it says what is wrong with it
        }
    }

    /** The same design: where cards sit on the canvas and which samples are bound are not the design. */
    private static boolean sameDesign(Workspace a, Workspace b) {
        return a.eventKinds().equals(b.eventKinds()) && a.layouts().equals(b.layouts()) && a.rollups().equals(b.rollups())
            && a.targets().equals(b.targets());
    }
}
