package dev.cardinal;

import dev.cardinal.cli.Main;
import dev.cardinal.cli.Phases;
import dev.cardinal.model.BuildInfo;
import dev.cardinal.projection.Limit;
import dev.cardinal.ui.WorkbenchApp;
import java.util.Map;

/**
 * The {@code cardinal} command: the command line, whose {@code gui} opens the workbench. The only class that knows
 * both front ends; they do not know each other.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        Phases.started();
        String answer = quickAnswer(args);
        if (answer != null) {
            System.out.println(answer);
            return;
        }
        Main.preload();
        // the workbench's start, timed with the command's phases when asked (the start-up bench reads them)
        if (Boolean.getBoolean("cardinal.phases")) {
            dev.cardinal.ui.Milestones.listen(Phases::mark);
        }
        int status = Main.run(workspace -> {
            if (workspace == null) {
                WorkbenchApp.launchWith();
            } else {
                WorkbenchApp.launchWith(workspace.toString());
            }
        }, arguments(args, System.getenv()));
        Phases.mark("command's end");
        System.exit(status);
    }

    /**
     * What {@code --version} prints, answered before the command line is set up (picocli's model of every command,
     * the limits and Jackson: some 1,000 classes a start-up has no use for here); null for every other command.
     */
    static String quickAnswer(String[] args) {
        boolean version = args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
        return version ? BuildInfo.current().versionLine() : null;
    }

    /**
     * The command to run: {@code cardinal} with no arguments opens the workbench in a desktop session (a display to
     * show it on), as a desktop application does, and prints the help anywhere else (a console, ssh, CI).
     */
    static String[] arguments(String[] args, Map<String, String> env) {
        boolean display = !env.getOrDefault("DISPLAY", "").isBlank() || !env.getOrDefault("WAYLAND_DISPLAY", "").isBlank();
        return args.length == 0 && display ? new String[] {"gui"} : args;
    }
}
