package dev.cardinal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Estimate;
import dev.cardinal.projection.SummaryMerge;
import dev.cardinal.traffic.TrafficSummary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code cardinal analyze A.summary.json B.summary.json ...}: the distinct counts of the traffic of all the summaries
 * together, from their merged HLL sketches, each with its +-2 sigma range. Growth and the horizon need exact
 * histograms, which do not merge: summarize all of the traffic at once for those.
 */
final class MergedSummaryReport {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private MergedSummaryReport() {
    }

    static String json(List<TrafficSummary> summaries, Workspace ws) {
        ObjectNode root = F.objectNode();
        ArrayNode merged = root.putArray("merged");
        summaries.forEach(s -> merged.add(s.source()));
        root.put("method", "hll").put("lgK", summaries.get(0).eventKinds().get(0).lgK()).put("sigmas", 2);
        ArrayNode kinds = root.putArray("eventKinds");
        for (String name : kindNames(summaries)) {
            List<TrafficSummary.Kind> ks = kinds(summaries, name);
            ObjectNode k = kinds.addObject().put("name", name).put("rows", ks.stream().mapToLong(TrafficSummary.Kind::rows).sum());
            ArrayNode attrs = k.putArray("attributes");
            for (String a : attributeNames(ks)) {
                attrs.addObject().put("name", a).set("distinct", estimate(SummaryMerge.attribute(ks, a).orElseThrow()));
            }
            ArrayNode layouts = k.putArray("layouts");
            for (Layout l : ws.layoutsOf(name)) {
                ObjectNode ln = layouts.addObject().put("layout", l.id());
                Optional<Estimate> e = ks.size() == summaries.size() ? SummaryMerge.series(ks, l) : Optional.empty();
                if (e.isPresent()) {
                    ln.set("series", estimate(e.get()));
                } else {
                    ln.putNull("series").put("notCovered", "not every summary covers this layout");
                }
            }
        }
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static void text(List<TrafficSummary> summaries, Workspace ws, PrintWriter out) {
        out.printf(Locale.ROOT, "%d traffic summaries merged through their HLL sketches (ranges are +-2 sigma):%n", summaries.size());
        summaries.forEach(s -> out.println("  " + s.source()));
        for (String name : kindNames(summaries)) {
            List<TrafficSummary.Kind> ks = kinds(summaries, name);
            out.printf(Locale.ROOT, "%n%s: %,d rows%n", name, ks.stream().mapToLong(TrafficSummary.Kind::rows).sum());
            for (String a : attributeNames(ks)) {
                out.printf(Locale.ROOT, "  %-22s %s distinct values%n", a, SummaryMerge.attribute(ks, a).orElseThrow());
            }
            for (Layout l : ws.layoutsOf(name)) {
                Optional<Estimate> e = ks.size() == summaries.size() ? SummaryMerge.series(ks, l) : Optional.empty();
                out.printf(Locale.ROOT, "  layout %-15s %s%n", l.id(), e.map(x -> x + " series")
                    .orElse("not covered by every summary: rerun the job for each part with this workspace"));
            }
        }
        out.printf(Locale.ROOT, "%nGrowth, the horizon and limits need all of the traffic summarized at once.%n");
    }

    private static ObjectNode estimate(Estimate e) {
        return F.objectNode().put("value", e.rounded()).put("lower", (long) Math.floor(e.lower()))
            .put("upper", (long) Math.ceil(e.upper()));
    }

    private static Set<String> kindNames(List<TrafficSummary> summaries) {
        Set<String> names = new LinkedHashSet<>();
        summaries.forEach(s -> s.eventKinds().forEach(k -> names.add(k.name())));
        return names;
    }

    private static List<TrafficSummary.Kind> kinds(List<TrafficSummary> summaries, String name) {
        List<TrafficSummary.Kind> out = new ArrayList<>();
        summaries.forEach(s -> s.eventKind(name).ifPresent(out::add));
        return out;
    }

    private static Set<String> attributeNames(List<TrafficSummary.Kind> kinds) {
        Set<String> names = new LinkedHashSet<>();
        kinds.forEach(k -> k.attributes().forEach(a -> names.add(a.name())));
        return names;
    }
}
