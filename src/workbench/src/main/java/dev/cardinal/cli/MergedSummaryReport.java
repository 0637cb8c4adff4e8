package dev.cardinal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.Durations;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Estimate;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.MergedProjection;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.Quantities;
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
 * together, from their merged HLL sketches, each with its +-2 sigma range; and for each layout the growth classes,
 * the numbers at the horizon and the time to the series and values-per-tag limits from the sketches' curves over
 * their time buckets ({@link dev.cardinal.projection.MergedSummaryProjector}), each range holding the sketch's and the fit's.
 */
final class MergedSummaryReport {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private MergedSummaryReport() {
    }

    static String json(List<TrafficSummary> summaries, Workspace ws, ProjectionSettings settings) {
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
                Optional<MergedProjection> p = project(summaries, ws, l, settings);
                if (p.isPresent()) {
                    ln.set("series", estimate(p.get().series()));
                    ln.put("seriesGrowth", p.get().seriesFit().growth().name().toLowerCase(Locale.ROOT));
                    ArrayNode growth = ln.putArray("attributes");
                    for (Projection.AttributeProjection a : p.get().attributes()) {
                        ObjectNode an = growth.addObject().put("name", a.name()).put("growth", a.growth().name().toLowerCase(Locale.ROOT))
                            .put("evidence", a.fit().evidence()).put("atHorizon", a.atHorizon());
                        an.set("atHorizonRange", AnalyzeReport.range(p.get().attributeRanges().get(a.name())));
                    }
                    ObjectNode projection = AnalyzeReport.atHorizon(p.get());
                    if (p.get().projected()) {
                        projection.set("timeToLimit", AnalyzeReport.limits(p.get().limits(), true));
                    }
                    ln.set("projection", projection);
                    ArrayNode notMerged = ln.putArray("tagsNotMerged");
                    p.get().tagsNotMerged().forEach(notMerged::add);
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

    static void text(List<TrafficSummary> summaries, Workspace ws, ProjectionSettings settings, PrintWriter out) {
        out.printf(Locale.ROOT, "%d traffic summaries merged through their HLL sketches (ranges are +-2 sigma):%n", summaries.size());
        summaries.forEach(s -> out.println("  " + s.source()));
        for (String name : kindNames(summaries)) {
            List<TrafficSummary.Kind> ks = kinds(summaries, name);
            out.printf(Locale.ROOT, "%n%s: %,d rows%n", name, ks.stream().mapToLong(TrafficSummary.Kind::rows).sum());
            for (String a : attributeNames(ks)) {
                out.printf(Locale.ROOT, "  %-22s %s distinct values%n", a, SummaryMerge.attribute(ks, a).orElseThrow());
            }
            for (Layout l : ws.layoutsOf(name)) {
                Optional<MergedProjection> p = project(summaries, ws, l, settings);
                out.printf(Locale.ROOT, "  layout %-15s %s%n", l.id(), p.map(x -> x.series() + " series, growth "
                        + x.seriesFit().growth().name().toLowerCase(Locale.ROOT))
                    .orElse("not covered by every summary: rerun the job for each part with this workspace"));
                p.ifPresent(x -> horizon(x, out));
            }
        }
        out.printf(Locale.ROOT, "%nShard groups and what the server reports need one summary of all of the traffic.%n");
    }

    private static void horizon(MergedProjection p, PrintWriter out) {
        for (Projection.AttributeProjection a : p.attributes()) {
            out.printf(Locale.ROOT, "    %-22s %-6s  %s%n", a.name(), a.growth().name().toLowerCase(Locale.ROOT), a.fit().evidence());
        }
        if (!p.projected()) {
            out.printf(Locale.ROOT, "    not projected: %s%n", p.withheld());
            return;
        }
        out.printf(Locale.ROOT, "    at %s, traffic x%s: series %s, values per tag %s%n", Durations.format(p.settings().horizon()),
            AnalyzeReport.trim(p.settings().trafficMultiplier()), Quantities.count(p.seriesAtHorizon(), p.seriesRange()),
            AnalyzeReport.tags(p.tagsAtHorizon(), p.tagRanges()));
        if (!p.tagsNotMerged().isEmpty()) {
            out.printf(Locale.ROOT, "    no sketch counts the values of %s (several attributes in one tag)%n",
                String.join(", ", p.tagsNotMerged()));
        }
        for (LimitProjection l : p.limits()) {
            out.printf(Locale.ROOT, "    %-62s %s%n", Quantities.limit(l.limit()), Quantities.when(l));
        }
    }

    /** The layout over every summary, or empty when not every summary has the event kind or covers the layout. */
    private static Optional<MergedProjection> project(List<TrafficSummary> summaries, Workspace ws, Layout l,
                                                      ProjectionSettings settings) {
        return Projections.project(ws, l, ProjectionInput.summaries(summaries), settings) instanceof Projected.Merged m
            ? Optional.of(m.projection()) : Optional.empty();
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
