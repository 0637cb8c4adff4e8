package dev.cardinal.engine;

import java.util.Objects;

/**
 * A quantity an engine counts for a layout ({@link EngineCount#figures}), over the sample and at the horizon.
 *
 * @param id        stable key for JSON ({@code series}, {@code seriesPerDay})
 * @param label     how it is said to people
 * @param now       over the sample as it is
 * @param atHorizon at the settings' horizon and traffic multiplier; equal to {@code now} for a closed set
 */
public record Figure(String id, String label, long now, long atHorizon) {
    public Figure {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
    }
}
