package dev.cardinal.projection;

import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import java.util.Objects;

/**
 * The server a projection is for, and so which limits it checks, chosen the same way by the command line and the
 * workbench: a version or a workspace target when one is named; else the workspace's first InfluxDB target; else
 * InfluxDB {@link Engine#ASSUMED}, said to be assumed. Each of these checks that server's own limits only: a number
 * the server would not report (a Cloud plan's cap beside a 1.x server) is not shown. Every shipped product's limits
 * are checked only when asked ({@link #everyProduct}).
 *
 * @param engine the server's version and whether it was assumed
 * @param limits the server's own limits where they differ from the shipped ones
 * @param target the workspace target it is, or null
 */
public record ServerFor(Engine engine, ServerLimits limits, Target target) {
    public ServerFor {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(limits, "limits");
    }

    /** Nobody named a server: the workspace's first InfluxDB target (null: none), else the assumed version. */
    public static ServerFor of(Workspace ws) {
        if (ws != null) {
            for (Target t : ws.targets()) {
                if (t.kind().isInflux()) {
                    return target(t, null);
                }
            }
        }
        return new ServerFor(Engine.notNamed(), ServerLimits.DEFAULTS, null);
    }

    /** A version, with the shipped limits of its product. */
    public static ServerFor version(ServerVersion v) {
        return new ServerFor(Engine.of(v), ServerLimits.DEFAULTS, null);
    }

    /** A workspace target: its version ({@code version} overrides it when given) and its own limits. */
    public static ServerFor target(Target t, ServerVersion version) {
        return new ServerFor(version != null ? Engine.of(version) : Engine.of(t), t.limits(), t);
    }

    /** Asked for: no server in particular, figures as the assumed version reports them, every product's limits. */
    public static ServerFor everyProduct() {
        return new ServerFor(Engine.unknown(), ServerLimits.DEFAULTS, null);
    }

    /** {@code base}'s horizon and traffic multiplier for this server, with its limits. */
    public ProjectionSettings settings(ProjectionSettings base) {
        return base.forServer(engine, limits);
    }
}
