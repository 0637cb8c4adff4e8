package dev.cardinal.compare;

import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.EngineCounts;
import dev.cardinal.engine.Figure;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Two layouts on every engine that counts a sample of rows: each engine's numbers for one layout and the other, side by
 * side, as {@code cardinal analyze --engines} counts them. The lines every export shows come from here ({@link #lines}),
 * so the Markdown, the HTML, the JSON and the Compare tab carry the same numbers.
 *
 * @param engines per engine, its count of layout A and of layout B
 */
public record EngineSides(List<PerEngine> engines) {
    /** One engine's counts of the two layouts. */
    public record PerEngine(String engine, EngineCount a, EngineCount b) {
    }

    /** One line of the comparison: the engine, what is shown, and its text for A and for B. */
    public record Line(String engine, String what, String a, String b) {
    }

    public EngineSides {
        engines = List.copyOf(engines);
    }

    /** No engine: a review that was not asked to count the layouts on the engines. */
    public static EngineSides none() {
        return new EngineSides(List.of());
    }

    /** Counts both sides' layouts on each engine, over the same rows and settings. */
    public static EngineSides of(List<SeriesEngine> counting, Side a, Side b, EventKindSample sample, ProjectionSettings settings) {
        List<PerEngine> out = new ArrayList<>();
        for (SeriesEngine e : counting) {
            EngineCount ca = e.count(new SeriesEngine.Request(a.workspace(), sample, a.layout(), settings, Optional.empty()));
            EngineCount cb = e.count(new SeriesEngine.Request(b.workspace(), sample, b.layout(), settings, Optional.empty()));
            out.add(new PerEngine(ca.engine(), ca, cb));
        }
        return new EngineSides(out);
    }

    /**
     * Per engine: its headline figure now and at the horizon (series, or what it counts instead), the first limit each
     * layout crosses within the horizon, the tag pair the most series carry and the attribute with the most churn.
     */
    public List<Line> lines() {
        List<Line> out = new ArrayList<>();
        for (PerEngine p : engines) {
            if (p.a().figures().isEmpty() || p.b().figures().isEmpty()) {
                out.add(new Line(p.engine(), "counted", said(p.a()), said(p.b())));
                continue;
            }
            Figure fa = p.a().figures().get(0);
            Figure fb = p.b().figure(fa.id()).orElse(p.b().figures().get(0));
            out.add(new Line(p.engine(), fa.label() + ", now", count(fa.now()), count(fb.now())));
            out.add(new Line(p.engine(), fa.label() + ", at the horizon", count(fa.atHorizon()), count(fb.atHorizon())));
            out.add(new Line(p.engine(), "first limit", EngineCounts.firstLimit(p.a()), EngineCounts.firstLimit(p.b())));
            out.add(new Line(p.engine(), "top pair", topPair(p.a()), topPair(p.b())));
            out.add(new Line(p.engine(), "most churn", churn(p.a()), churn(p.b())));
        }
        return out;
    }

    private static String said(EngineCount c) {
        return c.figures().isEmpty() ? String.join("; ", c.notes()) : count(c.figures().get(0).now());
    }

    private static String topPair(EngineCount c) {
        return c.topPairs().isEmpty() ? "—" : c.topPairs().get(0).key() + "=" + c.topPairs().get(0).value() + " ("
            + count(c.topPairs().get(0).series()) + ")";
    }

    private static String churn(EngineCount c) {
        return c.churn().isEmpty() ? "—" : EngineCounts.churn(c.churn().get(0));
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
