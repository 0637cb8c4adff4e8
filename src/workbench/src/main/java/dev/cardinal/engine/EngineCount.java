package dev.cardinal.engine;

import dev.cardinal.model.Durations;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import dev.cardinal.projection.AttributeChurn;
import dev.cardinal.projection.TagPairs;

/**
 * One engine's numbers for one layout: named figures (series, series per day, labels per series...), the limits it
 * checked with the value each reaches, and notes that say what a figure means on this engine (a query that over-counts,
 * a setting that drops labels silently). Rendered alike for every engine, so that engines can be put side by side.
 *
 * @param engine    how the engine is written, with its version ({@code VictoriaMetrics 1.79.5})
 * @param eventKind the event kind counted
 * @param layout    the layout's id
 * @param figures   what the engine holds now (over the sample) and at the horizon
 * @param limits    each limit checked
 * @param notes     what the reader must know to read the figures
 * @param topPairs  the tag (label) pairs the most of this engine's series carry, most first; empty when the engine
 *                  counts no series (tables and columns instead)
 * @param churn     the tags (labels) whose values make the most of its series come and go within the sample, in the
 *                  engine's window, most first; empty when it does not count them or the sample spans one window
 */
public record EngineCount(String engine, String eventKind, String layout, List<Figure> figures, List<LimitCheck> limits,
                          List<String> notes, List<TagPairs.Pair> topPairs, List<AttributeChurn.Churn> churn) {
    /** How many pairs {@link #topPairs} holds at most: what the engines' own explorers show by default. */
    public static final int TOP_PAIRS = 10;

    public EngineCount {
        Objects.requireNonNull(engine, "engine");
        figures = List.copyOf(figures);
        limits = List.copyOf(limits);
        notes = List.copyOf(notes);
        topPairs = List.copyOf(topPairs);
        churn = List.copyOf(churn);
    }

    /** An engine's count without churn. */
    public EngineCount(String engine, String eventKind, String layout, List<Figure> figures, List<LimitCheck> limits,
                       List<String> notes, List<TagPairs.Pair> topPairs) {
        this(engine, eventKind, layout, figures, limits, notes, topPairs, List.of());
    }

    /** An engine's count without pairs. */
    public EngineCount(String engine, String eventKind, String layout, List<Figure> figures, List<LimitCheck> limits,
                       List<String> notes) {
        this(engine, eventKind, layout, figures, limits, notes, List.of(), List.of());
    }

    /** This count with the pairs that make the most series. */
    public EngineCount withTopPairs(List<TagPairs.Pair> pairs) {
        return new EngineCount(engine, eventKind, layout, figures, limits, notes, pairs, churn);
    }

    /** This count with the attributes that make the most churn. */
    public EngineCount withChurn(List<AttributeChurn.Churn> attributes) {
        return new EngineCount(engine, eventKind, layout, figures, limits, notes, topPairs, attributes);
    }

    /** A figure by its id, for tests and for side-by-side views. */
    public java.util.Optional<Figure> figure(String id) {
        return figures.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    /**
     * A counted quantity.
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

    /**
     * One limit of the engine and what the layout does to it.
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
}
