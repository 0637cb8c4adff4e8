package dev.cardinal.cli;

import java.nio.file.Path;

/**
 * What {@code cardinal gui} starts: the workbench, given to the command line by the launcher that has both, so that the
 * command line does not depend on the window (nor the window on the command line).
 */
@FunctionalInterface
public interface Workbench {
    /** None in this launch (the command line alone, as in tests). */
    Workbench NONE = workspace -> {
        throw new IllegalStateException("the workbench is not part of this launch: start it with the cardinal command");
    };

    /** Opens the workbench, with {@code workspace} when not null; returns when its window is closed. */
    void open(Path workspace);
}
