package dev.cardinal;

import dev.cardinal.cli.Main;
import dev.cardinal.projection.Limit;
import dev.cardinal.ui.WorkbenchApp;

/**
 * The {@code cardinal} command: the command line, whose {@code gui} opens the workbench. The only class that knows
 * both front ends; they do not know each other.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        // most commands project; reading the limits (and loading Jackson) overlaps setting up the command line
        Limit.loadInBackground();
        System.exit(Main.run(workspace -> {
            if (workspace == null) {
                WorkbenchApp.launchWith();
            } else {
                WorkbenchApp.launchWith(workspace.toString());
            }
        }, args));
    }
}
