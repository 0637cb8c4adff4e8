package dev.cardinal.compare;

import dev.cardinal.lineprotocol.WriterSnippets;
import dev.cardinal.lint.LayoutTraffic;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Linter;
import dev.cardinal.model.Layout;
import dev.cardinal.projection.SummaryProjection;
import java.time.Duration;
import java.util.List;

/**
 * Two layouts of one event kind compared over one traffic summary: what a {@link Review} over the rows shows, but for
 * what a summary does not hold ({@link #NOT_IN_SUMMARY}), which is named rather than filled in. The numbers are the
 * summary's, so they equal the rows' (a summary's figures are exact).
 *
 * @param summary what was summarized, for people
 * @param lintA   layout A's findings, and what the rules could not check from the summary
 */
public record SummaryReview(String workspace, String summary, SummaryProjection a, SummaryProjection b,
                            List<LayoutComparison.Difference> differences, List<LayoutComparison.Metric> metrics,
                            List<String> verdict, Linter.Result lintA, Linter.Result lintB, String shapeA, String shapeB) {
    /** What a review over rows shows that a summary cannot: numbers that need the rows, and the queries' examples. */
    public static final List<String> NOT_IN_SUMMARY = List.of(LayoutComparison.OVERWRITTEN, "measurements", "field keys", "index memory",
        "field key, table and column limits", "the same questions in both (example queries take values from the rows)");

    public SummaryReview {
        differences = List.copyOf(differences);
        metrics = List.copyOf(metrics);
        verdict = List.copyOf(verdict);
    }

    /**
     * Compares two layouts of one event kind, each projected from the same summary with the same settings and read with
     * its own workspace.
     */
    public static SummaryReview of(Side a, Side b, SummaryProjection pa, SummaryProjection pb, String summary) {
        if (!a.layout().eventKind().equals(b.layout().eventKind())) {
            throw new IllegalArgumentException("layouts " + a.label() + " and " + b.label() + " store different event kinds ("
                + a.layout().eventKind() + ", " + b.layout().eventKind() + "): only layouts of one event kind compare");
        }
        Layout la = pa.layout();
        Layout lb = pb.layout();
        return new SummaryReview(a.workspace().name(), summary, pa, pb,
            LayoutComparison.differences(a.eventKind(), b.eventKind(), la, lb),
            LayoutComparison.metrics(pa, LayoutComparison.Figures.of(pa), pb, LayoutComparison.Figures.of(pb)),
            LayoutComparison.verdict(pa, pb),
            Linter.check(new LintContext(a.workspace(), a.eventKind(), la, new LayoutTraffic.Summary(pa), Duration.ZERO)),
            Linter.check(new LintContext(b.workspace(), b.eventKind(), lb, new LayoutTraffic.Summary(pb), Duration.ZERO)),
            WriterSnippets.lineProtocol(a.eventKind(), la), WriterSnippets.lineProtocol(b.eventKind(), lb));
    }
}
