package dev.cardinal.engine;

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
}
