package dev.cardinal.engine;

import dev.cardinal.model.Durations;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Engines' counts of the same layouts put side by side, as text for a terminal ({@code cardinal analyze --engines}). */
public final class EnginesSideBySide {
    private EnginesSideBySide() {
    }

    /**
     * Each layout on every engine, side by side: a row per engine with the figures it shares with the others (series,
     * or tables and columns...), now and at the horizon, and the soonest limit it crosses within the horizon.
     */
    public static void text(List<EngineCount> counts, java.time.Duration horizon, PrintWriter out) {
        java.util.Map<String, List<EngineCount>> byLayout = new java.util.LinkedHashMap<>();
        counts.forEach(c -> byLayout.computeIfAbsent(c.eventKind() + " / layout " + c.layout(), k -> new java.util.ArrayList<>()).add(c));
        int width = counts.stream().mapToInt(c -> c.engine().length()).max().orElse(0);
        for (java.util.Map.Entry<String, List<EngineCount>> layout : byLayout.entrySet()) {
            out.println(layout.getKey() + " (at the horizon: " + Durations.format(horizon) + ")");
            for (EngineCount c : layout.getValue()) {
                StringBuilder row = new StringBuilder("  " + EngineCounts.pad(c.engine(), width));
                c.figures().stream().limit(2).forEach(f -> row.append(String.format(Locale.ROOT, "  %s %,d -> %,d", f.id(), f.now(),
                    f.atHorizon())));
                row.append("  ").append(c.limits().stream().anyMatch(l -> l.after() != null || l.crossed())
                    ? "first limit: " + EngineCounts.firstLimit(c) : "no limit crossed within the horizon");
                c.topPairs().stream().findFirst().ifPresent(p -> row.append(String.format(Locale.ROOT,
                    "  most series carry %s=%s (%,d)", p.key(), p.value(), p.series())));
                c.churn().stream().findFirst().ifPresent(ch -> row.append("  most churn: ").append(EngineCounts.churn(ch)));
                if (c.figures().isEmpty()) {
                    row.append("  ").append(String.join("; ", c.notes()));
                }
                out.println(row);
            }
            out.println();
        }
        out.flush();
    }
}
