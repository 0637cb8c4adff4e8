package dev.cardinal.compare;

import dev.cardinal.lint.Finding;
import dev.cardinal.lint.Linter;
import dev.cardinal.projection.AtHorizon;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import java.util.List;
import java.util.Locale;

/** A review as Markdown, for a pull request: verdict, numbers, differences, findings, queries, the two layouts. */
public final class ReviewMarkdown {
    private ReviewMarkdown() {
    }

    public static String render(Review r) {
        Projection a = r.a();
        Projection b = r.b();
        String an = a.layout().name();
        String bn = b.layout().name();
        StringBuilder md = new StringBuilder();
        header(md, a, b, r.workspace(), a.now().points(), "sample traffic", "sample");
        r.mappingVerdict().ifPresent(v -> md.append("- ").append(cell(v)).append('\n'));
        numbers(md, a, b, r.comparison().verdict(), r.comparison().metrics());
        if (r.mappings() != null) {
            MappingProjection ma = r.mappings().a();
            MappingProjection mb = r.mappings().b();
            md.append("\n### Index mapping (OpenSearch / Elasticsearch)\n\n| | ").append(cell(an)).append(" | ").append(cell(bn))
                .append(" |\n|---|---:|---:|\n");
            md.append("| mapping fields | ").append(Quantities.count(ma.fields())).append(" | ").append(Quantities.count(mb.fields())).append(" |\n");
            md.append("| fields the names want | ").append(Quantities.count(ma.wantedFields())).append(" | ")
                .append(Quantities.count(mb.wantedFields())).append(" |\n");
            md.append("| index.mapping.total_fields.limit ").append(Quantities.count(ma.limit())).append(" | ")
                .append(cell(ma.whenLimitRefuses())).append(" | ").append(cell(mb.whenLimitRefuses())).append(" |\n");
        }
        engines(md, an, bn, r.engines());
        differences(md, an, bn, r.comparison().differences());
        findings(md, an, r.findingsA());
        findings(md, bn, r.findingsB());
        md.append("## The same questions in both\n\n");
        for (QueryContrast.Question q : r.questions()) {
            md.append("### ").append(cell(q.text())).append("\n\n");
            answer(md, an, q.a());
            answer(md, bn, q.b());
        }
        shapes(md, an, r.shapeA(), bn, r.shapeB());
        return md.toString();
    }

    /**
     * A review over a traffic summary: the same sections, a dash for each number the summary does not hold, what the
     * rules could not check, and what is left out (the example queries need the rows' values).
     */
    public static String render(SummaryReview r) {
        SummaryProjection a = r.a();
        SummaryProjection b = r.b();
        String an = a.layout().name();
        String bn = b.layout().name();
        StringBuilder md = new StringBuilder();
        header(md, a, b, r.workspace(), a.points(), "the traffic summary of " + r.summary(), "summary");
        numbers(md, a, b, r.verdict(), r.metrics());
        differences(md, an, bn, r.differences());
        findings(md, an, r.lintA().findings());
        notChecked(md, an, r.lintA().unchecked());
        findings(md, bn, r.lintB().findings());
        notChecked(md, bn, r.lintB().unchecked());
        md.append("## Not in a summary\n\n").append(cell(String.join("; ", SummaryReview.NOT_IN_SUMMARY)))
            .append(": they need the rows.\n\n");
        shapes(md, an, r.shapeA(), bn, r.shapeB());
        return md.toString();
    }

    /** The title, what was compared over, for which server, and the Verdict heading. */
    private static void header(StringBuilder md, AtHorizon a, AtHorizon b, String workspace, long points, String traffic, String own) {
        md.append("# ").append(cell(a.layout().name())).append(" vs ").append(cell(b.layout().name())).append(" (")
            .append(cell(a.eventKind())).append(")\n\n");
        md.append(String.format(Locale.ROOT, "Workspace %s, %s points of %s, horizon %s, traffic x%s.%n%n", cell(workspace),
            Quantities.count(points), cell(traffic), dev.cardinal.model.Durations.format(a.settings().horizon()),
            Quantities.multiplier(a.settings().trafficMultiplier())));
        md.append("Numbers for ").append(cell(a.settings().server().describe())).append(".\n\n");
        if (!a.projected()) {
            md.append("Not projected: ").append(cell(a.withheld())).append(". The numbers at the horizon are the ").append(own)
                .append("'s own.\n\n");
        }
        md.append("## Verdict\n\n");
    }

    /** The verdict's sentences, the numbers with their changes, and each limit for both. */
    private static void numbers(StringBuilder md, AtHorizon a, AtHorizon b, List<String> verdict, List<LayoutComparison.Metric> metrics) {
        String an = a.layout().name();
        String bn = b.layout().name();
        verdict.forEach(v -> md.append("- ").append(cell(v)).append('\n'));
        md.append("\n## Numbers\n\n| | ").append(cell(an)).append(" | ").append(cell(bn)).append(" | change |\n|---|---:|---:|---:|\n");
        for (LayoutComparison.Metric m : metrics) {
            md.append("| ").append(cell(m.name())).append(" | ").append(Quantities.countOrDash(m.a())).append(" | ").append(Quantities.countOrDash(m.b())).append(" | ")
                .append(m.change()).append(" |\n");
        }
        md.append("\n### Limits\n\n| limit | ").append(cell(an)).append(" | ").append(cell(bn)).append(" |\n|---|---|---|\n");
        for (int i = 0; i < Math.min(a.limits().size(), b.limits().size()); i++) {
            md.append("| ").append(cell(Quantities.limit(a.limits().get(i).limit()))).append(" | ").append(cell(Quantities.when(a.limits().get(i))))
                .append(" | ").append(cell(Quantities.when(b.limits().get(i)))).append(" |\n");
        }
    }

    /** The differences, then the heading the findings go under. */
    private static void differences(StringBuilder md, String an, String bn, List<LayoutComparison.Difference> differences) {
        md.append("\n## Differences\n\n");
        if (differences.isEmpty()) {
            md.append("None: the layouts write the same.\n");
        } else {
            md.append("| | ").append(cell(an)).append(" | ").append(cell(bn)).append(" |\n|---|---|---|\n");
            for (LayoutComparison.Difference d : differences) {
                md.append("| ").append(cell(d.subject())).append(" | ").append(cell(d.inA())).append(" | ").append(cell(d.inB())).append(" |\n");
            }
        }
        md.append("\n## Findings\n\n");
    }

    private static void notChecked(StringBuilder md, String layout, List<Linter.Unchecked> unchecked) {
        if (unchecked.isEmpty()) {
            return;
        }
        md.append("Not checked for ").append(cell(layout)).append(" (they need the rows):\n\n");
        for (Linter.Unchecked u : unchecked) {
            md.append("- `").append(u.rule()).append("` ").append(cell(String.join(", ", u.subjects()))).append(": ")
                .append(cell(u.why())).append('\n');
        }
        md.append('\n');
    }

    private static void shapes(StringBuilder md, String an, String shapeA, String bn, String shapeB) {
        md.append("## The layouts as line protocol\n\n");
        md.append("**").append(cell(an)).append("**\n\n").append(fence(shapeA, "text"));
        md.append("**").append(cell(bn)).append("**\n\n").append(fence(shapeB, "text"));
    }

    private static void findings(StringBuilder md, String layout, List<Finding> findings) {
        md.append("**").append(cell(layout)).append("**: ").append(findings.isEmpty() ? "no findings.\n\n" : findings.size() + "\n\n");
        for (Finding f : findings) {
            md.append("- ").append(f.severity().name().toLowerCase(Locale.ROOT)).append(" `").append(f.rule()).append("` ")
                .append(cell(f.message())).append(" Fix: ").append(cell(f.fix().title())).append('\n');
        }
        if (!findings.isEmpty()) {
            md.append('\n');
        }
    }

    private static void answer(StringBuilder md, String layout, QueryContrast.Answer a) {
        md.append("**").append(cell(layout)).append("**: ").append(cell(a.note())).append("\n\n");
        if (a.answered()) {
            md.append(fence(a.query(), "sql"));
        }
        if (a.flux() != null) {
            md.append(fence(a.flux(), "flux"));
        }
    }

    /** A fenced block whose fence is longer than any run of backticks inside. */
    static String fence(String text, String lang) {
        int longest = 0;
        int run = 0;
        for (char c : text.toCharArray()) {
            run = c == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String f = "`".repeat(Math.max(3, longest + 1));
        return f + lang + "\n" + text.stripTrailing() + "\n" + f + "\n\n";
    }

    /** Text for a table cell or a line: no line breaks, pipes escaped, no HTML. */
    /** Both layouts on every engine asked, a row per engine and figure. */
    private static void engines(StringBuilder md, String an, String bn, EngineSides engines) {
        if (engines.engines().isEmpty()) {
            return;
        }
        md.append("\n## On every engine\n\n| engine | | ").append(cell(an)).append(" | ").append(cell(bn))
            .append(" |\n|---|---|---:|---:|\n");
        for (EngineSides.Line l : engines.lines()) {
            md.append("| ").append(cell(l.engine())).append(" | ").append(cell(l.what())).append(" | ").append(cell(l.a()))
                .append(" | ").append(cell(l.b())).append(" |\n");
        }
    }

    static String cell(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace("\n", " ").replace("\r", " ");
    }

}
