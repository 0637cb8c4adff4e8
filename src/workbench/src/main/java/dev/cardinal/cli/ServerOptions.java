package dev.cardinal.cli;

import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.engines.ServerFor;
import dev.cardinal.projection.ProjectionSettings;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Which server the numbers are for (picocli mixin of the projecting commands): a version, a workspace target (its
 * version and its own limits), every product's limits, or, when none is given, the workspace's first InfluxDB target,
 * else {@link ServerFor#ASSUMED}, assumed, and the output says so ({@link ServerFor}).
 */
final class ServerOptions {
    @Option(names = "--server-version", paramLabel = "VERSION",
        description = "The InfluxDB version the numbers are for, e.g. 1.6.7, 1.8.10, 2.7.11: what SHOW SERIES EXACT "
            + "CARDINALITY reports, and the limits, depend on it (default: the --target's, else 1.8.10 is assumed).")
    String serverVersion;

    @Option(names = "--target", paramLabel = "NAME",
        description = "A target of the workspace, by id or name: its server version and its own limits.")
    String target;

    @Option(names = "--all-limits",
        description = "Check every shipped product's limits (InfluxDB 1.x OSS, the Cloud plans, 3.x, Elasticsearch), for "
            + "no server in particular. Without it, only the server's own: the --server-version's, the --target's, else "
            + "the workspace's first InfluxDB target's, else InfluxDB 1.8.10's (assumed).")
    boolean allLimits;

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
     * {@code base} for the chosen server ({@link ServerFor}, as the workbench chooses it): the target's version and
     * limits (a --server-version overrides the target's version), the version alone, every product's limits when
     * asked, or, when nothing is given, the workspace's first InfluxDB target, else the assumed version.
     *
     * @param ws the workspace, or null when the command has none (then --target is a usage error)
     */
    ProjectionSettings settings(ProjectionSettings base, Workspace ws) {
        return server(ws).settings(base);
    }

    ServerFor server(Workspace ws) {
        ServerVersion v = version();
        if (allLimits) {
            if (v != null || target != null) {
                throw usage("--all-limits checks every product's limits for no server in particular: give it without"
                    + " --server-version and --target");
            }
            return ServerFor.everyProduct();
        }
        if (target == null) {
            return v == null ? ServerFor.of(ws) : ServerFor.version(v);
        }
        if (ws == null) {
            throw usage("--target names one of a workspace's targets: give --workspace");
        }
        Target t = ws.targets().stream().filter(x -> x.id().equals(target) || target.equals(x.name())).findFirst()
            .orElseThrow(() -> usage("no target '" + target + "' in the workspace (targets: "
                + (ws.targets().isEmpty() ? "none" : String.join(", ", ws.targets().stream().map(Target::id).toList())) + ")"));
        return ServerFor.target(t, v);
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
        if (allLimits) {
            args.add("--all-limits");
        }
        return args;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
