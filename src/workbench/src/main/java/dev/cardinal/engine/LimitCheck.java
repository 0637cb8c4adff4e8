package dev.cardinal.engine;

import dev.cardinal.model.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * One limit of the engine and what the layout does to it ({@link EngineCount#limits}).
 *
 * @param setting   the engine's own name for it ({@code -maxLabelsPerTimeseries})
 * @param value     its value (the default unless the user gave another)
 * @param source    where the default is defined (a source file or document)
 * @param subject   what reaches it (a label, a metric, the whole layout)
 * @param atHorizon the value it reaches at the horizon
 * @param after     when it is first crossed, or null when not within the horizon
 * @param effect    what the engine does beyond it ({@code refuses the write}, {@code drops labels silently})
 */
public record LimitCheck(String setting, long value, String source, String subject, long atHorizon, Duration after,
                         String effect) {
    public LimitCheck {
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(effect, "effect");
    }

    /** True when the layout crosses it within the horizon. */
    public boolean crossed() {
        return atHorizon > value;
    }

    /**
     * When it is first crossed, for people: {@code after 3d}, {@code already by the sample} (an {@code after} of
     * zero: the sample itself crosses it, where {@link Durations#format} would say {@code INF}, a retention's word
     * for forever), or {@code at the horizon} when only the horizon's figure crosses it.
     */
    public String when() {
        return after == null ? "at the horizon" : after.isZero() ? "already by the sample" : "after " + Durations.format(after);
    }
}
