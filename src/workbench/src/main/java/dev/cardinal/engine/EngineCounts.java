package dev.cardinal.engine;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.AttributeChurn;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Every engine's counts written alike as text for a terminal, and the short phrases other views take from a count;
 * the front ends print these (as JSON: {@link EngineCountJson}; side by side: {@link EnginesSideBySide}).
 */
public final class EngineCounts {
    private EngineCounts() {
    }

    /** Lines for a terminal, one block per engine and layout. */
    public static void text(List<EngineCount> counts, PrintWriter out) {
        for (EngineCount c : counts) {
            out.println(c.engine() + ": " + c.eventKind() + " / layout " + c.layout());
            int width = c.figures().stream().mapToInt(fig -> fig.label().length()).max().orElse(0);
            for (Figure fig : c.figures()) {
                String now = String.format(Locale.ROOT, "%,d", fig.now());
                out.println("  " + pad(fig.label(), width) + "  " + now
                    + (fig.atHorizon() == fig.now() ? "" : String.format(Locale.ROOT, "  (%,d at the horizon)", fig.atHorizon())));
            }
            for (LimitCheck l : c.limits()) {
                String reach = !l.crossed() ? String.format(Locale.ROOT, "%,d of %,d", l.atHorizon(), l.value())
                    : String.format(Locale.ROOT, "CROSSED: %,d over %,d%s", l.atHorizon(), l.value(),
                        l.after() == null ? "" : " " + l.when());
                out.println("  limit " + l.setting() + " (" + l.subject() + "): " + reach + "; beyond it the engine "
                    + l.effect() + " [" + l.source() + "]");
            }
            c.notes().forEach(n -> out.println("  note: " + n));
            if (!c.topPairs().isEmpty()) {
                out.println("  pairs that make the most series:");
                c.topPairs().forEach(p -> out.println(String.format(Locale.ROOT, "    %,12d  %s=%s", p.series(), p.key(), p.value())));
            }
            if (!c.churn().isEmpty()) {
                out.println("  attributes whose values make series come and go, per " + Durations.format(c.churn().get(0).window())
                    + " (created, gone):");
                c.churn().forEach(ch -> out.println(String.format(Locale.ROOT, "    %12s %12s  %s", rate(ch.createdPerWindow()),
                    rate(ch.gonePerWindow()), ch.attribute())));
            }
            out.println();
        }
        out.flush();
    }

    /** The first limit the count crosses within the horizon, short ({@code SETTING after 3d}, {@code SETTING (crossed)}), or "none". */
    public static String firstLimit(EngineCount c) {
        return firstCrossed(c).map(l -> l.setting() + " " + l.when()).orElse("none");
    }

    /** The limit the count crosses first within the horizon (one crossed only at the horizon counts as at once), if any. */
    public static java.util.Optional<LimitCheck> firstCrossed(EngineCount c) {
        return c.limits().stream().filter(l -> l.after() != null || l.crossed())
            .min(java.util.Comparator.comparing(l -> l.after() == null ? java.time.Duration.ZERO : l.after()));
    }

    /** One attribute's churn, short: {@code session_id +12.5/1h -11/1h}. */
    public static String churn(AttributeChurn.Churn c) {
        String per = "/" + Durations.format(c.window());
        return c.attribute() + " +" + rate(c.createdPerWindow()) + per + " -" + rate(c.gonePerWindow()) + per;
    }

    private static String rate(double perWindow) {
        return perWindow == Math.rint(perWindow) ? String.format(Locale.ROOT, "%,d", (long) perWindow)
            : String.format(Locale.ROOT, "%,.1f", perWindow);
    }

    static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
