package dev.cardinal.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.Durations;
import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.Estimate;
import dev.cardinal.projection.EstimatedMeasure;
import dev.cardinal.projection.GrowthCurve;
import dev.cardinal.projection.GrowthFit;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LimitMetric;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.MemoryEstimate;
import dev.cardinal.projection.PointsKept;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.Range;
import dev.cardinal.projection.Ranges;
import dev.cardinal.projection.ReportedSeries;
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
        return PrettyJson.of(root);
    }

    /** The points the server keeps, and how many it merges into others; said plainly when not counted. */
    private static String pointsKept(PointsKept kept) {
        if (kept == null) {
            return "not counted (estimated: a sketch keeps no timestamps per series)";
        }
        return kept.overwritten() == 0 ? String.format(Locale.ROOT, "%,d (no two share measurement, tag set and timestamp)", kept.kept())
            : String.format(Locale.ROOT, "%,d (%,d overwritten: they share measurement, tag set and timestamp with an earlier point)",
                kept.kept(), kept.overwritten());
    }

    /** One projection as {@code analyze} writes it in {@code eventKinds[]}. */
    static ObjectNode eventKind(Projection p) {
        LayoutMeasure m = p.now();
        ObjectNode n = F.objectNode();
        n.put("name", p.eventKind()).put("layout", p.layout().id()).put("points", m.points())
            .put("skippedRows", m.skippedRows()).put("measurements", m.measurements()).put("series", m.series());
        if (p.reported().series() == null) {
            n.putNull("serverReportedSeries");
        } else {
            n.put("serverReportedSeries", p.reported().series());
        }
        n.set("server", server(p.reported()));
        PointsKept kept = m.pointsKept();
        if (kept == null) {
            n.putNull("pointsKept").putNull("pointsOverwritten"); // an estimate keeps no timestamps per series
        } else {
            n.put("pointsKept", kept.kept()).put("pointsOverwritten", kept.overwritten());
        }
        n.put("shardGroups", m.shardGroups())
            .put("fieldKeys", m.fieldKeys()).put("distinctFieldKeyNames", m.distinctFieldKeyNames())
            .put("columnsPerTable", m.maxColumnsPerMeasurement()).put("pointsPerSeries", round(m.pointsPerSeries()));
        ObjectNode tags = n.putObject("tags");
        m.tags().forEach(tags::put);
        n.set("attributes", attributes(p.attributes(), p.projected() ? p.ranges().attributes() : null));
        n.set("seriesGrowth", seriesGrowth(p.seriesFit(), m.seriesGrowth()));
        n.set("indexMemoryBytes", memory(p.memoryNow()));
        n.put("counting", p.estimate() == null ? "exact" : "estimated");
        if (p.estimate() != null) {
            n.set("estimate", estimate(p.estimate(), p.reported()));
        }
        n.set("projection", projection(p));
        return n;
    }

    /** Each attribute's growth; {@code ranges} null when the projection is withheld. */
    static ArrayNode attributes(List<Projection.AttributeProjection> attributes, Map<String, Range> ranges) {
        ArrayNode attrs = F.arrayNode();
        for (Projection.AttributeProjection a : attributes) {
            ObjectNode an = attrs.addObject().put("name", a.name())
                .put("role", a.role().name().toLowerCase(Locale.ROOT).replace('_', '-')).put("type", a.type())
                .put("distinct", a.distinct()).put("growth", a.growth().name().toLowerCase(Locale.ROOT));
            an.set("model", model(a.fit()));
            an.put("evidence", a.fit().evidence()).put("atHorizon", a.atHorizon());
            if (ranges != null) {
                an.set("atHorizonRange", range(ranges.get(a.name())));
            }
        }
        return attrs;
    }

    /** How the series grow: the fit and the curve it was fitted to. */
    static ObjectNode seriesGrowth(GrowthFit fit, GrowthCurve curve) {
        ObjectNode growth = F.objectNode();
        growth.set("model", model(fit));
        ArrayNode points = growth.putArray("points");
        ArrayNode seconds = growth.putArray("elapsedSeconds");
        ArrayNode series = growth.putArray("series");
        for (int i = 0; i < curve.size(); i++) {
            points.add(curve.points()[i]);
            seconds.add(round(curve.elapsedSeconds()[i]));
            series.add(curve.distinct()[i]);
        }
        return growth;
    }

    /** The sketch estimate: each count with its +-2 sigma range. */
    private static ObjectNode estimate(EstimatedMeasure e, ReportedSeries reported) {
        ObjectNode n = F.objectNode().put("method", "hll").put("lgK", e.lgK()).put("sigmas", 2);
        n.set("measurements", range(e.measurements()));
        n.set("series", range(e.series()));
        if (reported.estimate() == null) {
            n.putNull("serverReportedSeries");
        } else {
            n.set("serverReportedSeries", range(reported.estimate()));
        }
        ObjectNode tags = n.putObject("tags");
        e.tags().forEach((k, v) -> tags.set(k, range(v)));
        n.set("fieldKeys", range(e.fieldKeys()));
        return n;
    }

    private static ObjectNode range(Estimate e) {
        return F.objectNode().put("value", e.rounded()).put("lower", (long) Math.floor(e.lower()))
            .put("upper", (long) Math.ceil(e.upper()));
    }

    /** The server the numbers are for: its version, whether it was assumed, and what its series query counts. */
    static ObjectNode server(ReportedSeries r) {
        ObjectNode n = F.objectNode().put("version", r.server().version().toString()).put("assumed", r.server().assumed())
            .put("allLimits", r.server().everyProduct());
        if (r.query() == null) {
            n.putNull("seriesQuery");
        } else {
            n.put("seriesQuery", r.query());
        }
        return n.put("counts", r.server().seriesMeaning());
    }

    private static ObjectNode projection(Projection p) {
        ObjectNode n = atHorizon(p);
        if (!p.projected()) {
            return n;
        }
        Ranges r = p.ranges();
        n.put("fieldKeys", p.fieldKeysAtHorizon()).set("fieldKeysRange", range(r.fieldKeys()));
        n.put("measurements", p.measurementsAtHorizon()).set("measurementsRange", range(r.measurements()));
        n.put("columnsPerTable", p.columnsAtHorizon()).set("columnsPerTableRange", range(r.columns()));
        n.set("timeToLimit", limits(p));
        n.set("indexMemoryBytes", memory(p.memoryAtHorizon()));
        n.set("indexMemoryBytesRange", memory(r.memory()));
        return n;
    }

    /**
     * What a projection from rows and one from a traffic summary both say at the horizon, in one order; withheld,
     * the reason and the limits already reached, and nothing extrapolated.
     */
    static ObjectNode atHorizon(AtHorizon p) {
        ObjectNode n = F.objectNode();
        n.put("horizon", Durations.format(p.settings().horizon())).put("trafficMultiplier", p.settings().trafficMultiplier());
        if (!p.projected()) {
            // the sample's own numbers are above; nothing here is extrapolated from it
            n.put("withheld", p.withheld());
            n.set("timeToLimit", limits(p.limits(), false));
            return n;
        }
        n.put("pointsPerSecond", round(p.pointsPerSecond() * p.settings().trafficMultiplier()));
        if (p.window() == null) {
            n.putNull("window");
        } else {
            n.put("window", Durations.format(p.window()));
        }
        n.put("series", p.seriesAtHorizon());
        n.set("seriesRange", range(p.seriesRange()));
        ObjectNode tags = n.putObject("tags");
        p.tagsAtHorizon().forEach(tags::put);
        ObjectNode tagRanges = n.putObject("tagsRange");
        p.tagRanges().forEach((k, v) -> tagRanges.set(k, range(v)));
        return n;
    }

    private static ObjectNode limits(Projection p) {
        return limits(p.limits(), p.projected());
    }

    static ObjectNode limits(List<LimitProjection> all, boolean projected) {
        ObjectNode limits = F.objectNode();
        for (LimitProjection l : all) {
            ObjectNode ln = limits.putObject(l.limit().id());
            ln.put("product", l.limit().product()).put("metric", l.limit().metric().id()).put("limit", l.limit().value());
            limit(ln, l, projected);
            if (l.limit().metric() == LimitMetric.VALUES_PER_TAG) {
                ArrayNode keys = ln.putArray("keys");
                l.keys().forEach(k -> limit(keys.addObject().put("key", k.subject()), k, projected));
            }
        }
        return limits;
    }

    /**
     * When one limit (or one tag key of it) is reached, with the fit's range of that time; a withheld projection has
     * no value at the horizon, only the sample's own ({@code inSample}).
     */
    private static void limit(ObjectNode ln, LimitProjection l, boolean projected) {
        if (projected) {
            ln.put("atHorizon", l.atHorizon()).put("brokenAtHorizon", l.brokenAtHorizon());
        } else {
            ln.put("inSample", l.atHorizon());
        }
        ln.put("reached", l.reach().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        seconds(ln, "seconds", l.after());
        if (l.reach() == LimitProjection.Reach.AT) {
            ObjectNode r = ln.putObject("secondsRange");
            seconds(r, "earliest", l.earliest());
            seconds(r, "latest", l.latest());
        }
        if (l.subject() != null && !ln.has("key") && l.reach() != LimitProjection.Reach.NOT_PROJECTED) {
            ln.put("subject", l.subject());
        }
    }

    static void seconds(ObjectNode n, String name, Duration d) {
        if (d == null) {
            n.putNull(name);
        } else {
            n.put(name, d.getSeconds());
        }
    }

    static ObjectNode range(Range r) {
        return F.objectNode().put("low", r.low()).put("high", r.high());
    }

    static ObjectNode model(GrowthFit f) {
        return F.objectNode().put("law", "heaps").put("k", round(f.k())).put("beta", round(f.beta()))
            .put("rSquared", round(f.rSquared())).put("tailShare", round(f.tailShare())).put("endSlope", round(f.endSlope()));
    }

    private static ObjectNode memory(MemoryEstimate e) {
        return F.objectNode().put("low", e.low()).put("high", e.high());
    }

    static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    static void text(ReadReport report, List<Projection> projections, PrintWriter out) {
        out.printf(Locale.ROOT, "Read %d file%s: %,d points, %,d bad lines%n", report.files(), report.files() == 1 ? "" : "s",
            report.points(), report.badLines());
        if (!projections.isEmpty()) {
            out.println(serverLine(projections.get(0).reported()));
        }
        for (Projection p : projections) {
            LayoutMeasure m = p.now();
            out.printf(Locale.ROOT, "%n%s, layout %s%n", p.eventKind(), p.layout().id());
            out.printf(Locale.ROOT, "  points             %,d over %s (%s)%n", m.points(), Quantities.span(p.sampleSpan()),
                p.projected() ? String.format(Locale.ROOT, "%,.0f a day", p.pointsPerSecond() * 86_400) : "too little for a rate");
            out.printf(Locale.ROOT, "  points kept        %s%n", pointsKept(m.pointsKept()));
            EstimatedMeasure e = p.estimate();
            if (e != null) {
                out.printf(Locale.ROOT, "  counting           estimated with HyperLogLog sketches (lgK %d), ranges are +-2 sigma%n",
                    e.lgK());
            }
            out.printf(Locale.ROOT, "  measurements       %s%n", e == null ? String.format(Locale.ROOT, "%,d", m.measurements())
                : e.measurements().toString());
            out.printf(Locale.ROOT, "  series             %s  (%s; %d shard group%s)%n",
                e == null ? String.format(Locale.ROOT, "%,d", m.series()) : e.series().toString(), reported(p.reported()),
                m.shardGroups(), m.shardGroups() == 1 ? "" : "s");
            out.printf(Locale.ROOT, "  values per tag     %s%n", tags(m.tags(), Map.of()));
            out.printf(Locale.ROOT, "  field keys         %,d%n", m.fieldKeys());
            out.printf(Locale.ROOT, "  points per series  %,.1f%n", m.pointsPerSeries());
            out.printf(Locale.ROOT, "  index memory       %s (inmem index)%n", memory(p.memoryNow(), ""));
            out.printf(Locale.ROOT, "%n  %-22s %-11s %-8s %10s  %-6s  %s%n", "attribute", "role", "type", "distinct", "growth", "evidence");
            for (Projection.AttributeProjection a : p.attributes()) {
                out.printf(Locale.ROOT, "  %-22s %-11s %-8s %,10d  %-6s  %s%n", a.name(),
                    a.role().name().toLowerCase(Locale.ROOT).replace('_', ' '), a.type(), a.distinct(),
                    a.growth().name().toLowerCase(Locale.ROOT), a.fit().evidence());
            }
            if (p.projected()) {
                Ranges r = p.ranges();
                out.printf(Locale.ROOT, "%n  at %s, traffic x%s%s:%n", Durations.format(p.settings().horizon()),
                    trim(p.settings().trafficMultiplier()),
                    p.window() == null ? "" : " (the index holds " + Quantities.span(p.window()) + " of traffic: retention plus one shard group)");
                out.printf(Locale.ROOT, "    series           %s%n", Quantities.count(p.seriesAtHorizon(), r.series()));
                out.printf(Locale.ROOT, "    values per tag   %s%n", tags(p.tagsAtHorizon(), r.tags()));
                out.printf(Locale.ROOT, "    field keys       %s%n", Quantities.count(p.fieldKeysAtHorizon(), r.fieldKeys()));
                out.printf(Locale.ROOT, "    index memory     %s%s%n", memory(p.memoryAtHorizon(), ""),
                    r.memory().equals(p.memoryAtHorizon()) ? "" : " (fit's range " + Quantities.range(r.memory()) + ")");
            } else {
                out.printf(Locale.ROOT, "%n  at %s, traffic x%s: not projected: %s%n    (the numbers above are the sample's own)%n",
                    Durations.format(p.settings().horizon()), trim(p.settings().trafficMultiplier()), p.withheld());
            }
            out.printf(Locale.ROOT, "%n  limits%n");
            if (p.limits().isEmpty()) {
                out.printf(Locale.ROOT, "    none: %s%n", p.settings().server().noLimits());
            }
            for (LimitProjection l : p.limits()) {
                String what = Quantities.limit(l.limit());
                out.printf(Locale.ROOT, "    %-62s %s%n", what, when(l));
            }
        }
    }

    /**
     * The server the numbers are for, whether it was assumed, and whose limits are checked: said once, before the
     * numbers.
     */
    static String serverLine(ReportedSeries r) {
        return "Server: " + r.server().product() + (r.server().assumed()
            ? " (assumed: give --server-version, or --target with a target that has a serverVersion, to choose)" : "")
            + (r.server().everyProduct() ? "; every product's limits (--all-limits)" : "; its own limits (--all-limits for every product's)");
    }

    /** "SHOW SERIES EXACT CARDINALITY on InfluxDB 1.6.7 reports 12,935: it counts each series once per shard group ..." */
    static String reported(ReportedSeries r) {
        if (r.series() == null) {
            return r.explanation();
        }
        String figure = r.estimate() != null ? r.estimate().toString() : String.format(Locale.ROOT, "%,d", r.series());
        return r.query() + " on " + r.server().product() + " reports " + figure + ": it " + r.server().seriesMeaning();
    }

    private static String when(LimitProjection l) {
        return Quantities.when(l);
    }

    static String tags(Map<String, Long> tags, Map<String, Range> ranges) {
        if (tags.isEmpty()) {
            return "(no tags)";
        }
        StringBuilder sb = new StringBuilder();
        tags.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ')
            .append(Quantities.count(v, ranges.get(k))));
        return sb.toString();
    }

    private static String memory(MemoryEstimate e, String suffix) {
        return Quantities.range(e) + suffix;
    }

    static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
