package dev.cardinal.compare;

import dev.cardinal.lint.Finding;
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
        md.append("# ").append(cell(an)).append(" vs ").append(cell(bn)).append(" (").append(cell(a.eventKind())).append(")\n\n");
        md.append(String.format(Locale.ROOT, "Workspace %s, %s points of sample traffic, horizon %s, traffic x%s.%n%n", cell(r.workspace()),
            Quantities.count(a.now().points()), dev.cardinal.model.Durations.format(a.settings().horizon()),
            Quantities.multiplier(a.settings().trafficMultiplier())));
        md.append("Numbers for ").append(cell(a.settings().engine().describe())).append(".\n\n");
        if (!a.projected()) {
            md.append("Not projected: ").append(cell(a.withheld())).append(". The numbers at the horizon are the sample's own.\n\n");
        }
        md.append("## Verdict\n\n");
        r.mappingVerdict().ifPresent(v -> md.append("- ").append(cell(v)).append('\n'));
        r.comparison().verdict().forEach(v -> md.append("- ").append(cell(v)).append('\n'));
        md.append("\n## Numbers\n\n| | ").append(cell(an)).append(" | ").append(cell(bn)).append(" | change |\n|---|---:|---:|---:|\n");
        for (LayoutComparison.Metric m : r.comparison().metrics()) {
            md.append("| ").append(cell(m.name())).append(" | ").append(Quantities.countOrDash(m.a())).append(" | ").append(Quantities.countOrDash(m.b())).append(" | ")
                .append(m.change()).append(" |\n");
        }
        md.append("\n### Limits\n\n| limit | ").append(cell(an)).append(" | ").append(cell(bn)).append(" |\n|---|---|---|\n");
        for (int i = 0; i < Math.min(a.limits().size(), b.limits().size()); i++) {
            md.append("| ").append(cell(Quantities.limit(a.limits().get(i).limit()))).append(" | ").append(cell(Quantities.when(a.limits().get(i))))
                .append(" | ").append(cell(Quantities.when(b.limits().get(i)))).append(" |\n");
        }
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
        md.append("\n## Differences\n\n");
        if (r.comparison().differences().isEmpty()) {
            md.append("None: the layouts write the same.\n");
        } else {
            md.append("| | ").append(cell(an)).append(" | ").append(cell(bn)).append(" |\n|---|---|---|\n");
            for (LayoutComparison.Difference d : r.comparison().differences()) {
                md.append("| ").append(cell(d.subject())).append(" | ").append(cell(d.inA())).append(" | ").append(cell(d.inB())).append(" |\n");
            }
        }
        md.append("\n## Findings\n\n");
        findings(md, an, r.findingsA());
        findings(md, bn, r.findingsB());
        md.append("## The same questions in both\n\n");
        for (QueryContrast.Question q : r.questions()) {
            md.append("### ").append(cell(q.text())).append("\n\n");
            answer(md, an, q.a());
            answer(md, bn, q.b());
        }
        md.append("## The layouts as line protocol\n\n");
        md.append("**").append(cell(an)).append("**\n\n").append(fence(r.shapeA(), "text"));
        md.append("**").append(cell(bn)).append("**\n\n").append(fence(r.shapeB(), "text"));
        return md.toString();
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
    static String cell(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace("\n", " ").replace("\r", " ");
    }

}
