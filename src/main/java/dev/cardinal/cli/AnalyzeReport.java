package dev.cardinal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.Durations;
import dev.cardinal.projection.Estimate;
import dev.cardinal.projection.EstimatedMeasure;
import dev.cardinal.projection.GrowthFit;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.MemoryModel;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.ReadReport;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The output of {@code cardinal analyze}: JSON for tools (field names documented in the README), text for people. */
final class AnalyzeReport {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private AnalyzeReport() {
    }

    static String json(ReadReport report, List<Projection> projections) {
        ObjectNode root = F.objectNode();
        root.put("badLines", report.badLines());
        ArrayNode errors = root.putArray("errors");
        // warnings (lines kept) after the problems, with kind "warning"
        for (ReadProblem p : java.util.stream.Stream.concat(report.problems().stream(), report.warnings().stream()).toList()) {
            errors.addObject().put("file", p.file()).put("line", p.line()).put("column", p.column())
                .put("kind", p.kind().name().toLowerCase(Locale.ROOT).replace('_', '-')).put("message", p.message());
        }
        root.put("errorsOmitted", report.problemsOmitted() + report.warningsOmitted());
        ArrayNode kinds = root.putArray("eventKinds");
        projections.forEach(p -> kinds.add(eventKind(p)));
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One projection as {@code analyze} writes it in {@code eventKinds[]}. */
    static ObjectNode eventKind(Projection p) {
        LayoutMeasure m = p.now();
        ObjectNode n = F.objectNode();
        n.put("name", p.eventKind()).put("layout", p.layout().id()).put("points", m.points())
            .put("skippedRows", m.skippedRows()).put("measurements", m.measurements()).put("series", m.series())
            .put("serverReportedSeries", m.shardGroupSeries()).put("shardGroups", m.shardGroups())
            .put("fieldKeys", m.fieldKeys()).put("distinctFieldKeyNames", m.distinctFieldKeyNames())
            .put("columnsPerTable", m.maxColumnsPerMeasurement()).put("pointsPerSeries", round(m.pointsPerSeries()));
        ObjectNode tags = n.putObject("tags");
        m.tags().forEach(tags::put);
        ArrayNode attrs = n.putArray("attributes");
        for (Projection.AttributeProjection a : p.attributes()) {
            ObjectNode an = attrs.addObject().put("name", a.name())
                .put("role", a.role().name().toLowerCase(Locale.ROOT).replace('_', '-')).put("type", a.type())
                .put("distinct", a.distinct()).put("growth", a.growth().name().toLowerCase(Locale.ROOT));
            an.set("model", model(a.fit()));
            an.put("evidence", a.fit().evidence()).put("atHorizon", a.atHorizon());
        }
        ObjectNode growth = n.putObject("seriesGrowth");
        growth.set("model", model(p.seriesFit()));
        ArrayNode points = growth.putArray("points");
        ArrayNode seconds = growth.putArray("elapsedSeconds");
        ArrayNode series = growth.putArray("series");
        for (int i = 0; i < m.seriesGrowth().size(); i++) {
            points.add(m.seriesGrowth().points()[i]);
            seconds.add(round(m.seriesGrowth().elapsedSeconds()[i]));
            series.add(m.seriesGrowth().distinct()[i]);
        }
        n.set("indexMemoryBytes", memory(p.memoryNow()));
        n.put("counting", p.estimate() == null ? "exact" : "estimated");
        if (p.estimate() != null) {
            n.set("estimate", estimate(p.estimate()));
        }
        n.set("projection", projection(p));
        return n;
    }

    /** The sketch estimate: each count with its +-2 sigma range. */
    private static ObjectNode estimate(EstimatedMeasure e) {
        ObjectNode n = F.objectNode().put("method", "hll").put("lgK", e.lgK()).put("sigmas", 2);
        n.set("measurements", range(e.measurements()));
        n.set("series", range(e.series()));
        n.set("serverReportedSeries", range(e.shardGroupSeries()));
        ObjectNode tags = n.putObject("tags");
        e.tags().forEach((k, v) -> tags.set(k, range(v)));
        n.set("fieldKeys", range(e.fieldKeys()));
        return n;
    }

    private static ObjectNode range(Estimate e) {
        return F.objectNode().put("value", e.rounded()).put("lower", (long) Math.floor(e.lower()))
            .put("upper", (long) Math.ceil(e.upper()));
    }

    private static ObjectNode projection(Projection p) {
        ObjectNode n = F.objectNode();
        n.put("horizon", Durations.format(p.settings().horizon())).put("trafficMultiplier", p.settings().trafficMultiplier())
            .put("pointsPerSecond", round(p.pointsPerSecond() * p.settings().trafficMultiplier()));
        if (p.window() == null) {
            n.putNull("window");
        } else {
            n.put("window", Durations.format(p.window()));
        }
        n.put("series", p.seriesAtHorizon());
        ObjectNode tags = n.putObject("tags");
        p.tagsAtHorizon().forEach(tags::put);
        n.put("fieldKeys", p.fieldKeysAtHorizon()).put("measurements", p.measurementsAtHorizon())
            .put("columnsPerTable", p.columnsAtHorizon());
        ObjectNode limits = n.putObject("timeToLimit");
        for (Projection.LimitProjection l : p.limits()) {
            ObjectNode ln = limits.putObject(l.limit().id());
            ln.put("product", l.limit().product()).put("metric", l.limit().metric().id()).put("limit", l.limit().value())
                .put("atHorizon", l.atHorizon()).put("brokenAtHorizon", l.brokenAtHorizon())
                .put("reached", l.reach().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            if (l.after() == null) {
                ln.putNull("seconds");
            } else {
                ln.put("seconds", l.after().getSeconds());
            }
            if (l.subject() != null) {
                ln.put("subject", l.subject());
            }
        }
        n.set("indexMemoryBytes", memory(p.memoryAtHorizon()));
        return n;
    }

    private static ObjectNode model(GrowthFit f) {
        return F.objectNode().put("law", "heaps").put("k", round(f.k())).put("beta", round(f.beta()))
            .put("rSquared", round(f.rSquared())).put("tailShare", round(f.tailShare())).put("endSlope", round(f.endSlope()));
    }

    private static ObjectNode memory(MemoryModel.Estimate e) {
        return F.objectNode().put("low", e.low()).put("high", e.high());
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    static void text(ReadReport report, List<Projection> projections, PrintWriter out) {
        out.printf(Locale.ROOT, "Read %d file%s: %,d points, %,d bad lines%n", report.files(), report.files() == 1 ? "" : "s",
            report.points(), report.badLines());
        for (Projection p : projections) {
            LayoutMeasure m = p.now();
            out.printf(Locale.ROOT, "%n%s, layout %s%n", p.eventKind(), p.layout().id());
            out.printf(Locale.ROOT, "  points             %,d over %s (%,.0f a day)%n", m.points(), Quantities.span(p.sampleSpan()),
                p.pointsPerSecond() * 86_400);
            EstimatedMeasure e = p.estimate();
            if (e != null) {
                out.printf(Locale.ROOT, "  counting           estimated with HyperLogLog sketches (lgK %d), ranges are +-2 sigma%n",
                    e.lgK());
            }
            out.printf(Locale.ROOT, "  measurements       %s%n", e == null ? String.format(Locale.ROOT, "%,d", m.measurements())
                : e.measurements().toString());
            out.printf(Locale.ROOT, "  series             %s  (SHOW SERIES EXACT CARDINALITY on 1.x up to 1.7.7 reports %s:"
                + " one per series per shard group, %d group%s)%n",
                e == null ? String.format(Locale.ROOT, "%,d", m.series()) : e.series().toString(),
                e == null ? String.format(Locale.ROOT, "%,d", m.shardGroupSeries()) : e.shardGroupSeries().toString(),
                m.shardGroups(), m.shardGroups() == 1 ? "" : "s");
            out.printf(Locale.ROOT, "  values per tag     %s%n", tags(m.tags()));
            out.printf(Locale.ROOT, "  field keys         %,d%n", m.fieldKeys());
            out.printf(Locale.ROOT, "  points per series  %,.1f%n", m.pointsPerSeries());
            out.printf(Locale.ROOT, "  index memory       %s (inmem index)%n", memory(p.memoryNow(), ""));
            out.printf(Locale.ROOT, "%n  %-22s %-11s %-8s %10s  %-6s  %s%n", "attribute", "role", "type", "distinct", "growth", "evidence");
            for (Projection.AttributeProjection a : p.attributes()) {
                out.printf(Locale.ROOT, "  %-22s %-11s %-8s %,10d  %-6s  %s%n", a.name(),
                    a.role().name().toLowerCase(Locale.ROOT).replace('_', ' '), a.type(), a.distinct(),
                    a.growth().name().toLowerCase(Locale.ROOT), a.fit().evidence());
            }
            out.printf(Locale.ROOT, "%n  at %s, traffic x%s%s:%n", Durations.format(p.settings().horizon()),
                trim(p.settings().trafficMultiplier()),
                p.window() == null ? "" : " (the index holds " + Quantities.span(p.window()) + " of traffic: retention plus one shard group)");
            out.printf(Locale.ROOT, "    series           %,d%n", p.seriesAtHorizon());
            out.printf(Locale.ROOT, "    values per tag   %s%n", tags(p.tagsAtHorizon()));
            out.printf(Locale.ROOT, "    field keys       %,d%n", p.fieldKeysAtHorizon());
            out.printf(Locale.ROOT, "    index memory     %s%n", memory(p.memoryAtHorizon(), ""));
            out.printf(Locale.ROOT, "%n  limits%n");
            for (Projection.LimitProjection l : p.limits()) {
                String what = Quantities.limit(l.limit());
                out.printf(Locale.ROOT, "    %-62s %s%n", what, when(l));
            }
        }
    }

    private static String when(Projection.LimitProjection l) {
        return Quantities.when(l);
    }

    private static String tags(Map<String, Long> tags) {
        if (tags.isEmpty()) {
            return "(no tags)";
        }
        StringBuilder sb = new StringBuilder();
        tags.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ')
            .append(String.format(Locale.ROOT, "%,d", v)));
        return sb.toString();
    }

    private static String memory(MemoryModel.Estimate e, String suffix) {
        return Quantities.range(e) + suffix;
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
