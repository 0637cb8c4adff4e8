package dev.cardinal.engines;

import dev.cardinal.engine.Engine;
import dev.cardinal.engine.SeriesServers;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Server;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The server a projection is for, and so which limits it checks, chosen the same way by the command line and the
 * workbench: a version or a workspace target when one is named; else the workspace's first target whose series the
 * core projects; else InfluxDB {@link #ASSUMED}, said to be assumed. Each of these checks that server's own limits
 * only: a number the server would not report (a Cloud plan's cap beside a 1.x server) is not shown. Every shipped
 * product's limits are checked only when asked ({@link #everyProduct}). The engines decide what each version counts
 * and which limits it has ({@link SeriesServers}); this only chooses.
 *
 * @param server the server: what its own query reports, and its limits with the target's values
 * @param target the workspace target it is, or null
 */
public record ServerFor(Server server, Target target) {
    /** What the figures follow when the server is not known: the last 1.8 release, the most deployed 1.x. */
    public static final ServerVersion ASSUMED = dev.cardinal.engine.influxdb1.InfluxDb1Servers.ASSUMED;
    private static final java.util.concurrent.atomic.AtomicBoolean LOADING = new java.util.concurrent.atomic.AtomicBoolean();

    public ServerFor {
        Objects.requireNonNull(server, "server");
    }

    /** Nobody named a server: the workspace's first target whose series are projected, else the assumed version. */
    public static ServerFor of(Workspace ws) {
        if (ws != null) {
            for (Target t : ws.targets()) {
                if (serversOf(t.kind()).isPresent()) {
                    return target(t, null);
                }
            }
        }
        return new ServerFor(notNamed(), null);
    }

    /**
     * A version, with the shipped limits of its product.
     *
     * @throws IllegalArgumentException when no engine has that version
     */
    public static ServerFor version(ServerVersion v) {
        return new ServerFor(serversOf(v).server(v, false, ServerLimits.DEFAULTS), null);
    }

    /** A workspace target: its version ({@code version} overrides it when given) and its own limits. */
    public static ServerFor target(Target t, ServerVersion version) {
        ServerVersion v = version != null ? version : t.serverVersion();
        return new ServerFor(v != null ? serversOf(v).server(v, false, t.limits()) : byKind(t.kind(), t.limits()), t);
    }

    /** Asked for: no server in particular, figures as the assumed version reports them, every product's limits. */
    public static ServerFor everyProduct() {
        return new ServerFor(new EveryProduct(notNamed(), shipped()), null);
    }

    /**
     * The server that answers with {@code version} (its own header's), or the kind's assumed one when it sends none:
     * what its own series query counts. Its limits are the shipped ones.
     */
    public static Server answering(Target.Kind kind, ServerVersion version) {
        return version != null ? serversOf(version).server(version, false, ServerLimits.DEFAULTS)
            : byKind(kind, ServerLimits.DEFAULTS);
    }

    /** 30 days at x1 for the server nobody named, every product's limits: where nothing else is known. */
    public static ProjectionSettings defaults() {
        return everyProduct().settings(Duration.ofDays(30), 1);
    }

    /** {@code base}'s horizon and traffic multiplier for this server, with its limits. */
    public ProjectionSettings settings(ProjectionSettings base) {
        return base.forServer(server);
    }

    public ProjectionSettings settings(Duration horizon, double trafficMultiplier) {
        return ProjectionSettings.of(horizon, trafficMultiplier, server);
    }

    /** Every limit every engine ships, in the engines' order. */
    public static List<Limit> shipped() {
        return Engines.all().stream().flatMap(e -> e.shippedLimits().stream()).toList();
    }

    /** Reads what start-up needs ahead of the first projection, on a thread of its own, once however often asked. */
    public static void loadInBackground() {
        if (!LOADING.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(ServerFor::defaults, "cardinal-limits");
        t.setDaemon(true);
        t.start();
    }

    /** A target of {@code kind} without a version: its engine's assumed version, or the assumed 1.x for another kind. */
    private static Server byKind(Target.Kind kind, ServerLimits own) {
        return serversOf(kind).map(s -> s.server(s.assumedVersion(), true, own)).orElseGet(() -> notNamed(own));
    }

    private static Server notNamed() {
        return notNamed(ServerLimits.DEFAULTS);
    }

    private static Server notNamed(ServerLimits own) {
        return serversOf(ASSUMED).server(ASSUMED, true, own);
    }

    private static Optional<SeriesServers> serversOf(Target.Kind kind) {
        return Engines.all().stream().flatMap(e -> e.servers().stream()).filter(s -> s.serves(kind)).findFirst();
    }

    private static SeriesServers serversOf(ServerVersion v) {
        return Engines.all().stream().flatMap(e -> e.servers().stream()).filter(s -> s.hasVersion(v)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no engine Cardinal knows has version " + v + " (InfluxDB "
                + Engines.all().stream().flatMap(e -> e.servers().stream()).map(s -> s.assumedVersion().major() + ".x")
                .collect(java.util.stream.Collectors.joining(", ")) + ")"));
    }

    /** The assumed server's counting with every shipped limit. */
    private record EveryProduct(Server counting, List<Limit> limits) implements Server {
        @Override
        public ServerVersion version() {
            return counting.version();
        }

        @Override
        public boolean assumed() {
            return true;
        }

        @Override
        public boolean everyProduct() {
            return true;
        }

        @Override
        public SeriesCount seriesCount() {
            return counting.seriesCount();
        }

        @Override
        public String product() {
            return counting.product();
        }

        @Override
        public String seriesQuery() {
            return counting.seriesQuery();
        }

        @Override
        public String seriesMeaning() {
            return counting.seriesMeaning();
        }
    }
}
