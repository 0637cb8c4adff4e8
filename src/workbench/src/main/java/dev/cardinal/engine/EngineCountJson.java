package dev.cardinal.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.Durations;
import java.util.List;

/** Every engine's counts written alike as JSON, for {@code --format json} (as text: {@link EngineCounts}). */
public final class EngineCountJson {
    private EngineCountJson() {
    }

    /** A JSON document: {@code {"counts": [{engine, eventKind, layout, figures, limits, notes, topPairs, churn}]}}. */
    public static ObjectNode of(List<EngineCount> counts) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        ArrayNode all = root.putArray("counts");
        counts.forEach(c -> all.add(of(c)));
        return root;
    }

    /** One count as data: {@code {engine, eventKind, layout, figures, limits, notes, topPairs, churn}}. */
    public static ObjectNode of(EngineCount c) {
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
}
