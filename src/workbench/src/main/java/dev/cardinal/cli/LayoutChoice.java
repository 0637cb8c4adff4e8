package dev.cardinal.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Which layout a projecting command uses (picocli mixin): a workspace's layouts, one of them by name, or a layout
 * tried from the shell with {@code --tags}.
 */
final class LayoutChoice {
    @Option(names = "--workspace", paramLabel = "W.cardinal.json", description = "Workspace with layouts (and samples).")
    Path workspace;

    @Option(names = "--layout", paramLabel = "NAME", description = "Layout id or name (with --workspace; default: every layout).")
    String layout;

    @Option(names = "--tags", split = ",", paramLabel = "KEY", description = "Try a layout from the shell: these keys are tags, all others fields.")
    List<String> tags;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    /** Refuses combinations that say two things at once. */
    void check() {
        if (tags != null && (workspace != null || layout != null)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                "--tags tries a layout from the shell; it cannot be combined with --workspace or --layout");
        }
        if (layout != null && workspace == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--layout needs --workspace");
        }
    }

    /** The same choice as {@code analyze} arguments. */
    List<String> asArguments() {
        List<String> args = new ArrayList<>();
        if (workspace != null) {
            args.addAll(List.of("--workspace", workspace.toString()));
        }
        if (layout != null) {
            args.addAll(List.of("--layout", layout));
        }
        if (tags != null) {
            args.addAll(List.of("--tags", String.join(",", tags)));
        }
        return args;
    }
}
