package dev.cardinal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.Durations;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.ReportedSeries;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.traffic.TrafficSummary;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * {@code cardinal analyze} over a traffic summary: the figures of {@link AnalyzeReport} that a summary holds, under
 * the same names, and the list of those it does not ({@code notInSummary}) rather than anything in their place.
 */
final class SummaryReport {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** The figures of a row-based report that need the rows. */
    static final List<String> NOT_IN_SUMMARY = List.of("measurements", "fieldKeys", "distinctFieldKeyNames", "columnsPerTable",
        "pointsPerSeries", "pointsKept", "pointsOverwritten", "indexMemoryBytes", "field key, table and column limits");

    private SummaryReport() {
    }

    static String json(TrafficSummary summary, List<SummaryProjection> projections) {
        ObjectNode root = F.objectNode();
        root.put("summary", summary.source());
        ArrayNode not = root.putArray("notInSummary");
        NOT_IN_SUMMARY.forEach(not::add);
        ArrayNode kinds = root.putArray("eventKinds");
        projections.forEach(p -> kinds.add(eventKind(p)));
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ObjectNode eventKind(SummaryProjection p) {
        ObjectNode n = F.objectNode();
        n.put("name", p.eventKind()).put("layout", p.layout().id()).put("points", p.points())
            .put("skippedRows", p.skippedRows()).put("series", p.series());
        if (p.reportedSeries() == null) {
            n.putNull("serverReportedSeries");
        } else {
            n.put("serverReportedSeries", p.reportedSeries());
        }
        n.set("server", AnalyzeReport.server(reported(p)));
        n.put("shardGroups", p.shardGroups());
        ObjectNode tags = n.putObject("tags");
        p.tags().forEach(tags::put);
        n.set("attributes", AnalyzeReport.attributes(p.attributes(), p.projected() ? p.attributeRanges() : null));
        n.set("seriesGrowth", AnalyzeReport.seriesGrowth(p.seriesFit(), p.seriesGrowth()));
        n.set("projection", projection(p));
        return n;
    }

    static ReportedSeries reported(SummaryProjection p) {
        return new ReportedSeries(p.server(), p.reportedSeries(), null);
    }

    private static ObjectNode projection(SummaryProjection p) {
        ObjectNode n = AnalyzeReport.atHorizon(p);
        if (p.projected()) {
            n.set("timeToLimit", limits(p));
        }
        return n;
    }

    private static ObjectNode limits(SummaryProjection p) {
        return AnalyzeReport.limits(p.limits(), p.projected());
    }

    static void text(TrafficSummary summary, List<SummaryProjection> projections, PrintWriter out) {
        out.printf(Locale.ROOT, "Traffic summary of %s%n", summary.source());
        if (!projections.isEmpty()) {
            out.println(AnalyzeReport.serverLine(reported(projections.get(0))));
        }
        for (SummaryProjection p : projections) {
            out.printf(Locale.ROOT, "%n%s, layout %s%n", p.eventKind(), p.layout().id());
            out.printf(Locale.ROOT, "  points             %,d over %s (%s)%n", p.points(), Quantities.span(p.sampleSpan()),
                p.projected() ? String.format(Locale.ROOT, "%,.0f a day", p.pointsPerSecond() * 86_400) : "too little for a rate");
            out.printf(Locale.ROOT, "  series             %,d  (%s; %d shard group%s)%n", p.series(),
                AnalyzeReport.reported(reported(p)), p.shardGroups(), p.shardGroups() == 1 ? "" : "s");
            out.printf(Locale.ROOT, "  values per tag     %s%n", AnalyzeReport.tags(p.tags(), java.util.Map.of()));
            out.printf(Locale.ROOT, "%n  %-22s %-11s %-8s %10s  %-6s  %s%n", "attribute", "role", "type", "distinct", "growth", "evidence");
            for (Projection.AttributeProjection a : p.attributes()) {
                out.printf(Locale.ROOT, "  %-22s %-11s %-8s %,10d  %-6s  %s%n", a.name(),
                    a.role().name().toLowerCase(Locale.ROOT).replace('_', ' '), a.type(), a.distinct(),
                    a.growth().name().toLowerCase(Locale.ROOT), a.fit().evidence());
            }
            if (p.projected()) {
                out.printf(Locale.ROOT, "%n  at %s, traffic x%s%s:%n", Durations.format(p.settings().horizon()),
                    AnalyzeReport.trim(p.settings().trafficMultiplier()),
                    p.window() == null ? "" : " (the index holds " + Quantities.span(p.window()) + " of traffic: retention plus one shard group)");
                out.printf(Locale.ROOT, "    series           %s%n", Quantities.count(p.seriesAtHorizon(), p.seriesRange()));
                out.printf(Locale.ROOT, "    values per tag   %s%n", AnalyzeReport.tags(p.tagsAtHorizon(), p.tagRanges()));
            } else {
                out.printf(Locale.ROOT, "%n  at %s, traffic x%s: not projected: %s%n    (the numbers above are the summary's own)%n",
                    Durations.format(p.settings().horizon()), AnalyzeReport.trim(p.settings().trafficMultiplier()), p.withheld());
            }
            out.printf(Locale.ROOT, "%n  limits (series and values per tag; a summary does not hold field keys, tables or columns)%n");
            for (LimitProjection l : p.limits()) {
                out.printf(Locale.ROOT, "    %-62s %s%n", Quantities.limit(l.limit()), Quantities.when(l));
            }
        }
        out.printf(Locale.ROOT, "%nNot in a summary (they need the rows): %s%n", String.join(", ", NOT_IN_SUMMARY));
    }
}
