package dev.cardinal.projection;

import java.time.Duration;
import java.util.List;

/**
 * What to project to.
 *
 * @param horizon           how far ahead, in time of traffic from the first write
 * @param trafficMultiplier traffic compared with the sample's rate (x1, x10, ...)
 * @param limits            the server limits to check
 */
public record ProjectionSettings(Duration horizon, double trafficMultiplier, List<Limit> limits) {
    public ProjectionSettings {
        if (horizon.isNegative() || horizon.isZero()) {
            throw new IllegalArgumentException("the horizon must be longer than zero");
        }
        if (!(trafficMultiplier > 0) || Double.isInfinite(trafficMultiplier)) {
            throw new IllegalArgumentException("the traffic multiplier must be a positive number");
        }
        limits = List.copyOf(limits);
    }

    public static ProjectionSettings defaults() {
        return new ProjectionSettings(Duration.ofDays(30), 1, Limit.defaults());
    }
}
