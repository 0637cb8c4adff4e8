package dev.cardinal.cli;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.ProjectionSettings;
import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The options every projecting command shares (picocli mixin): horizon, traffic multiplier, output format. */
final class ProjectionOptions {
    @Option(names = "--horizon", defaultValue = "30d", description = "How far ahead to project, e.g. 7d, 30d, 52w (default: ${DEFAULT-VALUE}).")
    String horizon;

    @Option(names = "--traffic-x", defaultValue = "1", paramLabel = "N", description = "Traffic multiplier against the sample's rate (default: ${DEFAULT-VALUE}).")
    double trafficX;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    String format;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    /** The settings, or a usage error naming the option that is wrong. */
    ProjectionSettings settings() {
        if (!format.equals("text") && !format.equals("json")) {
            throw usage("--format must be text or json");
        }
        Duration h = duration("--horizon", horizon);
        if (h.isZero()) {
            throw usage("--horizon must be a finite duration such as 30d");
        }
        if (!(trafficX > 0) || Double.isInfinite(trafficX)) {
            throw usage("--traffic-x must be a positive number");
        }
        return dev.cardinal.engines.ServerFor.everyProduct().settings(h, trafficX);
    }

    boolean json() {
        return format.equals("json");
    }

    Duration duration(String option, String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw usage(option + ": " + e.getMessage());
        }
    }

    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
