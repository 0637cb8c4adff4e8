package dev.cardinal.projection;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What to project to, and for which server.
 *
 * @param horizon           how far ahead, in time of traffic from the first write
 * @param trafficMultiplier traffic compared with the sample's rate (x1, x10, ...)
 * @param limits            the server limits to check
 * @param server            the server: it decides what its series query reports ({@link Server})
 */
public record ProjectionSettings(Duration horizon, double trafficMultiplier, List<Limit> limits, Server server) {
    public ProjectionSettings {
        if (horizon.isNegative() || horizon.isZero()) {
            throw new IllegalArgumentException("the horizon must be longer than zero");
        }
        if (!(trafficMultiplier > 0) || Double.isInfinite(trafficMultiplier)) {
            throw new IllegalArgumentException("the traffic multiplier must be a positive number");
        }
        limits = List.copyOf(limits);
        Objects.requireNonNull(server, "server");
    }

    /** The settings for one server, with its limits. */
    public static ProjectionSettings of(Duration horizon, double trafficMultiplier, Server server) {
        return new ProjectionSettings(horizon, trafficMultiplier, server.limits(), server);
    }

    /** The same horizon and multiplier for another server, with its limits. */
    public ProjectionSettings forServer(Server other) {
        return of(horizon, trafficMultiplier, other);
    }
}
