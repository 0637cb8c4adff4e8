package dev.cardinal.projection;

import dev.cardinal.model.ServerLimits;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What to project to, and for which server.
 *
 * @param horizon           how far ahead, in time of traffic from the first write
 * @param trafficMultiplier traffic compared with the sample's rate (x1, x10, ...)
 * @param limits            the server limits to check
 * @param engine            the server: its version decides what its series query reports ({@link Engine})
 */
public record ProjectionSettings(Duration horizon, double trafficMultiplier, List<Limit> limits, Engine engine) {
    public ProjectionSettings {
        if (horizon.isNegative() || horizon.isZero()) {
            throw new IllegalArgumentException("the horizon must be longer than zero");
        }
        if (!(trafficMultiplier > 0) || Double.isInfinite(trafficMultiplier)) {
            throw new IllegalArgumentException("the traffic multiplier must be a positive number");
        }
        limits = List.copyOf(limits);
        Objects.requireNonNull(engine, "engine");
    }

    /** For a server nobody named: figures as {@link Engine#ASSUMED} reports them. */
    public ProjectionSettings(Duration horizon, double trafficMultiplier, List<Limit> limits) {
        this(horizon, trafficMultiplier, limits, Engine.unknown());
    }

    /** The settings for one server: its own limits (the shipped ones of its product, with the target's values). */
    public static ProjectionSettings of(Duration horizon, double trafficMultiplier, Engine engine, ServerLimits own) {
        return new ProjectionSettings(horizon, trafficMultiplier, engine.limits(Limit.defaults(), own), engine);
    }

    public static ProjectionSettings defaults() {
        return new ProjectionSettings(Duration.ofDays(30), 1, Limit.defaults());
    }

    /** The same horizon and multiplier for another server, with its limits. */
    public ProjectionSettings forServer(Engine server, ServerLimits own) {
        return of(horizon, trafficMultiplier, server, own);
    }
}
