package dev.cardinal.compare;

import dev.cardinal.lint.Finding;
import dev.cardinal.lint.Linter;
import dev.cardinal.model.Durations;
import dev.cardinal.projection.GrowthCurve;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SeriesOverTime;
import dev.cardinal.projection.SummaryProjection;
import java.util.List;
import java.util.Locale;

/**
 * A review as one self-contained HTML page: styles and the series chart (SVG) inline, no script, no fonts, nothing
 * fetched from a network. Every text from the workspace is escaped.
 */
public final class ReviewHtml {
    static final int CHART_W = 640;
    static final int CHART_H = 240;
    static final int PROJECTED_STEPS = 40;

    private ReviewHtml() {
    }

    public static String render(Review r) {
        Projection a = r.a();
        Projection b = r.b();
        String an = a.layout().name();
        String bn = b.layout().name();
        StringBuilder h = new StringBuilder();
        head(h, a, b, r.workspace(), a.now().points(), "sample traffic", "sample");
        r.mappingVerdict().ifPresent(v -> h.append("<li>").append(esc(v)).append("</li>\n"));
        numbers(h, a, b, r.comparison().verdict(), r.comparison().metrics());
        if (r.mappings() != null) {
            var ma = r.mappings().a();
            var mb = r.mappings().b();
            h.append("<h3>Index mapping (OpenSearch / Elasticsearch)</h3>\n<table>\n<tr><th></th><th>").append(esc(an))
                .append("</th><th>").append(esc(bn)).append("</th></tr>\n");
            h.append("<tr><td>mapping fields</td><td class=\"n\">").append(Quantities.count(ma.fields()))
                .append("</td><td class=\"n\">").append(Quantities.count(mb.fields())).append("</td></tr>\n");
            h.append("<tr><td>index.mapping.total_fields.limit ").append(Quantities.count(ma.limit())).append("</td><td>")
                .append(esc(ma.whenLimitRefuses())).append("</td><td>").append(esc(mb.whenLimitRefuses())).append("</td></tr>\n</table>\n");
        }
        engines(h, an, bn, r.engines());
        differences(h, an, bn, r.comparison().differences());
        h.append("<h2>Findings</h2>\n<div class=\"cols\">\n").append(findings(an, r.findingsA(), List.of()))
            .append(findings(bn, r.findingsB(), List.of())).append("</div>\n");
        h.append("<h2>The same questions in both</h2>\n");
        for (QueryContrast.Question q : r.questions()) {
            h.append("<h3>").append(esc(q.text())).append("</h3>\n<div class=\"cols\">\n").append(answer(an, q.a())).append(answer(bn, q.b()))
                .append("</div>\n");
        }
        return shapes(h, an, r.shapeA(), bn, r.shapeB());
    }

    /**
     * A review over a traffic summary: the same page, a dash for each number the summary does not hold, what the rules
     * could not check, and what is left out (the example queries need the rows' values).
     */
    public static String render(SummaryReview r) {
        SummaryProjection a = r.a();
        SummaryProjection b = r.b();
        String an = a.layout().name();
        String bn = b.layout().name();
        StringBuilder h = new StringBuilder();
        head(h, a, b, r.workspace(), a.points(), "the traffic summary of " + r.summary(), "summary");
        numbers(h, a, b, r.verdict(), r.metrics());
        differences(h, an, bn, r.differences());
        h.append("<h2>Findings</h2>\n<div class=\"cols\">\n").append(findings(an, r.lintA().findings(), r.lintA().unchecked()))
            .append(findings(bn, r.lintB().findings(), r.lintB().unchecked())).append("</div>\n");
        h.append("<h2>Not in a summary</h2>\n<p>").append(esc(String.join("; ", SummaryReview.NOT_IN_SUMMARY)))
            .append(": they need the rows.</p>\n");
        return shapes(h, an, r.shapeA(), bn, r.shapeB());
    }

    /** The page's head, title, what was compared over, for which server, and the opened verdict list. */
    private static void head(StringBuilder h, SeriesOverTime a, SeriesOverTime b, String workspace, long points, String traffic,
                             String own) {
        String an = a.layout().name();
        String bn = b.layout().name();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
            .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n")
            .append("<title>").append(esc(an)).append(" vs ").append(esc(bn)).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        h.append("<h1>").append(esc(an)).append(" <span class=\"vs\">vs</span> ").append(esc(bn)).append(" <small>(")
            .append(esc(a.eventKind())).append(")</small></h1>\n");
        h.append(String.format(Locale.ROOT, "<p class=\"meta\">Workspace %s, %s points of %s, horizon %s, traffic x%s.</p>%n",
            esc(workspace), Quantities.count(points), esc(traffic), Durations.format(a.settings().horizon()),
            Quantities.multiplier(a.settings().trafficMultiplier())));
        h.append("<p class=\"meta\">Numbers for ").append(esc(a.settings().server().describe())).append(".</p>\n");
        if (!a.projected()) {
            h.append("<p class=\"meta\">Not projected: ").append(esc(a.withheld())).append(". The numbers at the horizon are the ")
                .append(own).append("'s own.</p>\n");
        }
        h.append("<h2>Verdict</h2>\n<ul class=\"verdict\">\n");
    }

    /** The verdict's sentences (closing its list), the chart, the numbers with their changes, and each limit for both. */
    private static void numbers(StringBuilder h, SeriesOverTime a, SeriesOverTime b, List<String> verdict,
                                List<LayoutComparison.Metric> metrics) {
        String an = a.layout().name();
        String bn = b.layout().name();
        verdict.forEach(v -> h.append("<li>").append(esc(v)).append("</li>\n"));
        h.append("</ul>\n<h2>Series over time</h2>\n").append(chart(a, b)).append('\n');
        h.append("<h2>Numbers</h2>\n<table>\n<tr><th></th><th>").append(esc(an)).append("</th><th>").append(esc(bn)).append("</th><th>change</th></tr>\n");
        for (LayoutComparison.Metric m : metrics) {
            String cls = m.better() == null ? "" : m.better() ? " better" : " worse";
            h.append("<tr><td>").append(esc(m.name())).append("</td><td class=\"n\">").append(Quantities.countOrDash(m.a())).append("</td><td class=\"n\">")
                .append(Quantities.countOrDash(m.b())).append("</td><td class=\"n").append(cls).append("\">")
                .append(m.change()).append("</td></tr>\n");
        }
        h.append("</table>\n<h3>Limits</h3>\n<table>\n<tr><th>limit</th><th>").append(esc(an)).append("</th><th>").append(esc(bn)).append("</th></tr>\n");
        for (int i = 0; i < Math.min(a.limits().size(), b.limits().size()); i++) {
            h.append("<tr><td>").append(esc(Quantities.limit(a.limits().get(i).limit()))).append("</td>")
                .append(limitCell(a.limits().get(i))).append(limitCell(b.limits().get(i))).append("</tr>\n");
        }
        h.append("</table>\n");
    }

    private static void differences(StringBuilder h, String an, String bn, List<LayoutComparison.Difference> differences) {
        h.append("<h2>Differences</h2>\n");
        if (differences.isEmpty()) {
            h.append("<p>None: the layouts write the same.</p>\n");
            return;
        }
        h.append("<table>\n<tr><th></th><th>").append(esc(an)).append("</th><th>").append(esc(bn)).append("</th></tr>\n");
        for (LayoutComparison.Difference d : differences) {
            h.append("<tr><td>").append(esc(d.subject())).append("</td><td>").append(esc(d.inA())).append("</td><td>")
                .append(esc(d.inB())).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    /** The two layouts as line protocol, and the page's end. */
    private static String shapes(StringBuilder h, String an, String shapeA, String bn, String shapeB) {
        h.append("<h2>The layouts as line protocol</h2>\n<div class=\"cols\">\n")
            .append("<div><h4>").append(esc(an)).append("</h4><pre>").append(esc(shapeA)).append("</pre></div>\n")
            .append("<div><h4>").append(esc(bn)).append("</h4><pre>").append(esc(shapeB)).append("</pre></div>\n</div>\n");
        return h.append("</body>\n</html>\n").toString();
    }

    private static String limitCell(LimitProjection l) {
        boolean broken = l.reach() != LimitProjection.Reach.NEVER && l.brokenAtHorizon();
        return "<td" + (broken ? " class=\"worse\"" : "") + ">" + esc(Quantities.when(l)) + "</td>";
    }

    private static String findings(String layout, List<Finding> findings, List<Linter.Unchecked> unchecked) {
        StringBuilder h = new StringBuilder("<div><h4>").append(esc(layout)).append("</h4>");
        if (findings.isEmpty()) {
            h.append("<p>No findings.</p>");
        } else {
            h.append("<ul>");
            for (Finding f : findings) {
                h.append("<li class=\"").append(f.severity().name().toLowerCase(Locale.ROOT)).append("\"><b>")
                    .append(f.severity().name().toLowerCase(Locale.ROOT)).append("</b> <code>").append(esc(f.rule())).append("</code> ")
                    .append(esc(f.message())).append(" <i>Fix: ").append(esc(f.fix().title())).append("</i></li>");
            }
            h.append("</ul>");
        }
        if (!unchecked.isEmpty()) {
            h.append("<p>Not checked (they need the rows):</p><ul>");
            for (Linter.Unchecked u : unchecked) {
                h.append("<li><code>").append(esc(u.rule())).append("</code> ").append(esc(String.join(", ", u.subjects())))
                    .append(": ").append(esc(u.why())).append("</li>");
            }
            h.append("</ul>");
        }
        return h.append("</div>\n").toString();
    }

    private static String answer(String layout, QueryContrast.Answer a) {
        return "<div><h4>" + esc(layout) + "</h4><p>" + esc(a.note()) + "</p>" + (a.answered() ? "<pre>" + esc(a.query()) + "</pre>" : "")
            + (a.flux() != null ? "<pre>" + esc(a.flux()) + "</pre>" : "") + "</div>\n";
    }

    /** Both layouts' series: measured solid, projected dashed, on one scale. */
    static String chart(SeriesOverTime a, SeriesOverTime b) {
        double end = Math.max(a.settings().horizon().getSeconds(), last(a.measuredSeries()));
        double top = 1;
        for (SeriesOverTime p : List.of(a, b)) {
            top = Math.max(top, p.seriesAtHorizon());
            for (long v : p.measuredSeries().distinct()) {
                top = Math.max(top, v);
            }
        }
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">%n", CHART_W, CHART_H + 40,
            CHART_W, CHART_H + 40));
        svg.append(String.format(Locale.ROOT, "<rect x=\"50\" y=\"10\" width=\"%d\" height=\"%d\" fill=\"#fbfaf9\" stroke=\"#e2dedc\"/>%n",
            CHART_W - 60, CHART_H - 20));
        String[] colours = {"#b3261e", "#1565c0"};
        List<SeriesOverTime> both = List.of(a, b);
        for (int i = 0; i < 2; i++) {
            SeriesOverTime p = both.get(i);
            GrowthCurve c = p.measuredSeries();
            StringBuilder measured = new StringBuilder();
            for (int k = 0; k < c.size(); k++) {
                measured.append(point(c.elapsedSeconds()[k], c.distinct()[k], end, top));
            }
            StringBuilder projected = new StringBuilder();
            double start = last(c);
            for (int k = 0; k <= PROJECTED_STEPS; k++) {
                double t = start + (end - start) * k / PROJECTED_STEPS;
                projected.append(point(t, p.seriesAt(t), end, top));
            }
            svg.append("<polyline fill=\"none\" stroke=\"").append(colours[i]).append("\" stroke-width=\"2\" points=\"").append(measured.toString().trim())
                .append("\"/>\n<polyline fill=\"none\" stroke=\"").append(colours[i]).append("\" stroke-width=\"2\" stroke-dasharray=\"6 4\" points=\"")
                .append(projected.toString().trim()).append("\"/>\n");
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"%s\" font-size=\"12\">%s: %s at %s</text>%n", 60 + i * 300, CHART_H + 30,
                colours[i], esc(p.layout().name()), Quantities.count(p.seriesAtHorizon()), Durations.format(p.settings().horizon())));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"46\" y=\"18\" font-size=\"11\" text-anchor=\"end\">%s</text>%n", Quantities.count(Math.round(top))));
        svg.append(String.format(Locale.ROOT, "<text x=\"46\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">0</text>%n", CHART_H - 10));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%s of traffic</text>%n", CHART_W - 10,
            CHART_H + 4, esc(Quantities.span(java.time.Duration.ofSeconds((long) end)))));
        return svg.append("</svg>").toString();
    }

    private static double last(GrowthCurve c) {
        return c.size() == 0 ? 0 : c.elapsedSeconds()[c.size() - 1];
    }

    private static String point(double t, double v, double end, double top) {
        double x = 50 + (CHART_W - 60) * (end <= 0 ? 0 : t / end);
        double y = 10 + (CHART_H - 20) * (1 - v / top);
        return String.format(Locale.ROOT, "%.1f,%.1f ", x, y);
    }

    /** Text for HTML content and attributes. */
    /** Both layouts on every engine asked, a row per engine and figure, as the Markdown has them. */
    private static void engines(StringBuilder h, String an, String bn, EngineSides engines) {
        if (engines.engines().isEmpty()) {
            return;
        }
        h.append("<h2>On every engine</h2>\n<table>\n<tr><th>engine</th><th></th><th>").append(esc(an)).append("</th><th>")
            .append(esc(bn)).append("</th></tr>\n");
        for (EngineSides.Line l : engines.lines()) {
            h.append("<tr><td>").append(esc(l.engine())).append("</td><td>").append(esc(l.what())).append("</td><td class=\"n\">")
                .append(esc(l.a())).append("</td><td class=\"n\">").append(esc(l.b())).append("</td></tr>\n");
        }
        h.append("</table>\n");
    }

    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }


    private static final String STYLE = """
        body { font: 14px/1.45 "DejaVu Sans", Arial, sans-serif; color: #1d1b1a; margin: 2em auto; max-width: 1100px; padding: 0 1em; }
        h1 small { color: #6b6462; font-weight: normal; } .vs { color: #6b6462; font-weight: normal; }
        .meta { color: #6b6462; }
        table { border-collapse: collapse; margin: .5em 0 1em; } th, td { border-bottom: 1px solid #e2dedc; padding: 3px 10px; text-align: left; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        .better { color: #1e5b28; } .worse { color: #8c1d18; background: #fde2e1; }
        .cols { display: grid; grid-template-columns: 1fr 1fr; gap: 1.5em; }
        pre { background: #f6f4f3; padding: .6em; overflow-x: auto; white-space: pre-wrap; }
        li.error b { color: #8c1d18; } li.warning b { color: #7a4f01; }
        ul.verdict li { margin: .2em 0; }
        """;
}
