package dev.cardinal.cli;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Engine;
import dev.cardinal.projection.ProjectionSettings;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Which server the numbers are for (picocli mixin of the projecting commands): a version, a workspace target (its
 * version and its own limits), or neither, when {@link Engine#ASSUMED} is assumed and the output says so.
 */
final class ServerOptions {
    @Option(names = "--server-version", paramLabel = "VERSION",
        description = "The InfluxDB version the numbers are for, e.g. 1.6.7, 1.8.10, 2.7.11: what SHOW SERIES EXACT "
            + "CARDINALITY reports, and the limits, depend on it (default: the --target's, else 1.8.10 is assumed).")
    String serverVersion;

    @Option(names = "--target", paramLabel = "NAME",
        description = "A target of the workspace, by id or name: its server version and its own limits.")
    String target;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    /** The version given, or empty; a malformed one is a usage error that says where and why. */
    ServerVersion version() {
        if (serverVersion == null) {
            return null;
        }
        try {
            return ServerVersion.parse(serverVersion);
        } catch (IllegalArgumentException e) {
            throw usage("--server-version " + e.getMessage());
        }
    }

    /**
     * {@code base} for the chosen server: the target's version and limits (a --server-version overrides the
     * target's version), the version alone, or, when neither is given, the assumed one with every product's limits.
     *
     * @param ws the workspace, or null when the command has none (then --target is a usage error)
     */
    ProjectionSettings settings(ProjectionSettings base, Workspace ws) {
        ServerVersion v = version();
        if (target == null) {
            return v == null ? base : base.forServer(Engine.of(v), ServerLimits.DEFAULTS);
        }
        if (ws == null) {
            throw usage("--target names one of a workspace's targets: give --workspace");
        }
        Target t = ws.targets().stream().filter(x -> x.id().equals(target) || target.equals(x.name())).findFirst()
            .orElseThrow(() -> usage("no target '" + target + "' in the workspace (targets: "
                + (ws.targets().isEmpty() ? "none" : String.join(", ", ws.targets().stream().map(Target::id).toList())) + ")"));
        return base.forServer(v != null ? Engine.of(v) : Engine.of(t), t.limits());
    }

    /** The same choice as {@code analyze} arguments. */
    List<String> asArguments() {
        List<String> args = new ArrayList<>();
        if (serverVersion != null) {
            args.addAll(List.of("--server-version", serverVersion));
        }
        if (target != null) {
            args.addAll(List.of("--target", target));
        }
        return args;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
