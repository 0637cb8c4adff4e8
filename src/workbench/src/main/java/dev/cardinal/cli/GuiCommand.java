package dev.cardinal.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code cardinal gui [WORKSPACE]}: the workbench window. */
@Command(name = "gui", mixinStandardHelpOptions = true, description = "Open the workbench, optionally with a workspace.")
final class GuiCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "WORKSPACE", description = "A .cardinal.json workspace to open.")
    Path workspace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final Workbench workbench;

    /** Without a workbench (the command line built alone): {@code gui} says so. */
    GuiCommand() {
        this(Workbench.NONE);
    }

    GuiCommand(Workbench workbench) {
        this.workbench = workbench;
    }

    @Override
    public Integer call() {
        if (workspace != null && !Files.isRegularFile(workspace)) {
            spec.commandLine().getErr().println("cardinal gui: " + workspace + ": no such file");
            return 1;
        }
        workbench.open(workspace == null ? null : workspace.toAbsolutePath());
        return 0;
    }
}
