package dev.cardinal.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.Durations;
import dev.cardinal.projection.AttributeChurn;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Every engine's counts written alike, as text for a terminal and as JSON; the front ends print these. */
public final class EngineCounts {
    private EngineCounts() {
    }

    /** A JSON document: {@code {"counts": [{engine, eventKind, layout, figures, limits, notes, topPairs, churn}]}}. */
    public static ObjectNode json(List<EngineCount> counts) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        ArrayNode all = root.putArray("counts");
        counts.forEach(c -> all.add(json(c)));
        return root;
    }

    /** One count as data: {@code {engine, eventKind, layout, figures, limits, notes, topPairs, churn}}. */
    public static ObjectNode json(EngineCount c) {
        ObjectNode n = JsonNodeFactory.instance.objectNode().put("engine", c.engine()).put("eventKind", c.eventKind())
            .put("layout", c.layout());
        ObjectNode figures = n.putObject("figures");
        for (Figure fig : c.figures()) {
            figures.putObject(fig.id()).put("label", fig.label()).put("now", fig.now()).put("atHorizon", fig.atHorizon());
        }
        ArrayNode limits = n.putArray("limits");
        for (LimitCheck l : c.limits()) {
            ObjectNode ln = limits.addObject().put("setting", l.setting()).put("value", l.value()).put("subject", l.subject())
                .put("atHorizon", l.atHorizon()).put("crossed", l.crossed()).put("effect", l.effect()).put("source", l.source());
            if (l.after() != null) {
                // zero: the sample itself crosses it ("0s", not Durations' "INF", which means forever)
                ln.put("after", l.after().isZero() ? "0s" : Durations.format(l.after()));
            }
        }
        ArrayNode notes = n.putArray("notes");
        c.notes().forEach(notes::add);
        ArrayNode pairs = n.putArray("topPairs");
        c.topPairs().forEach(p -> pairs.addObject().put("key", p.key()).put("value", p.value()).put("series", p.series()));
        ArrayNode churn = n.putArray("churn");
        c.churn().forEach(ch -> churn.addObject().put("attribute", ch.attribute()).put("window", Durations.format(ch.window()))
            .put("createdPerWindow", ch.createdPerWindow()).put("gonePerWindow", ch.gonePerWindow())
            .put("created", ch.created()).put("gone", ch.gone()).put("windows", ch.windows()));
        return n;
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

    /**
     * Each layout on every engine, side by side: a row per engine with the figures it shares with the others (series,
     * or tables and columns...), now and at the horizon, and the soonest limit it crosses within the horizon.
     */
    public static void sideBySide(List<EngineCount> counts, java.time.Duration horizon, PrintWriter out) {
        java.util.Map<String, List<EngineCount>> byLayout = new java.util.LinkedHashMap<>();
        counts.forEach(c -> byLayout.computeIfAbsent(c.eventKind() + " / layout " + c.layout(), k -> new java.util.ArrayList<>()).add(c));
        int width = counts.stream().mapToInt(c -> c.engine().length()).max().orElse(0);
        for (java.util.Map.Entry<String, List<EngineCount>> layout : byLayout.entrySet()) {
            out.println(layout.getKey() + " (at the horizon: " + Durations.format(horizon) + ")");
            for (EngineCount c : layout.getValue()) {
                StringBuilder row = new StringBuilder("  " + pad(c.engine(), width));
                c.figures().stream().limit(2).forEach(f -> row.append(String.format(Locale.ROOT, "  %s %,d -> %,d", f.id(), f.now(),
                    f.atHorizon())));
                row.append("  ").append(c.limits().stream().anyMatch(l -> l.after() != null || l.crossed())
                    ? "first limit: " + firstLimit(c) : "no limit crossed within the horizon");
                c.topPairs().stream().findFirst().ifPresent(p -> row.append(String.format(Locale.ROOT,
                    "  most series carry %s=%s (%,d)", p.key(), p.value(), p.series())));
                c.churn().stream().findFirst().ifPresent(ch -> row.append("  most churn: ").append(churn(ch)));
                if (c.figures().isEmpty()) {
                    row.append("  ").append(String.join("; ", c.notes()));
                }
                out.println(row);
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

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
