package dev.cardinal.ui.engines;

import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.EngineCounts;
import dev.cardinal.engine.Figure;
import dev.cardinal.engine.LimitCheck;
import java.util.Locale;

/**
 * One engine's row: its headline figure (series, or what it counts instead) now and at the horizon, the soonest limit
 * the layout crosses on it, the tag pairs that the most of its series carry, the tags whose values make its series
 * come and go (churn, in the engine's window; "—" when it counts none or the sample spans one window), and what the
 * figures mean there.
 */
record EngineRow(String engine, String now, String atHorizon, String firstLimit, String topPairs, String churn, String notes,
                 boolean limitCrossed) {

    static EngineRow of(EngineCount c) {
        if (c.figures().isEmpty()) {
            return new EngineRow(c.engine(), "—", "—", "", "", "", String.join("; ", c.notes()), false);
        }
        Figure headline = c.figures().get(0);
        String label = headline.id().equals("series") ? "" : headline.label() + " ";
        LimitCheck first = EngineCounts.firstCrossed(c).orElse(null);
        String limit = first == null ? "none" : first.setting() + " (" + first.subject() + ")"
            + " " + first.when() + "; beyond it the engine "
            + first.effect();
        String pairs = c.topPairs().isEmpty() ? "— (counts no series)" : String.join(" · ", c.topPairs().stream()
            .map(p -> p.key() + "=" + p.value() + " " + count(p.series())).toList());
        String churn = c.churn().isEmpty() ? "—" : String.join(" · ", c.churn().stream().map(EngineCounts::churn).toList());
        return new EngineRow(c.engine(), label + count(headline.now()), label + count(headline.atHorizon()), limit, pairs,
            churn, String.join("; ", c.notes()), first != null);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
