package dev.cardinal.ui.compare;

import dev.cardinal.compare.Side;
import dev.cardinal.compare.SummaryReview;
import dev.cardinal.model.Layout;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.ui.projection.SummaryShown;
import dev.cardinal.ui.session.BoundSummaries;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Two layouts of an event kind whose traffic is a bound traffic summary, each projected from it as the Projection panel
 * projects it ({@link SummaryShown}, the summary's own projector, as {@code cardinal compare --sample S.summary.json}
 * does), and the review of both when the summary covers both.
 *
 * @param a      layout A from the summary, or why it is not covered
 * @param b      layout B from the summary, or why it is not covered
 * @param review the review, null when the summary does not cover one of them
 */
record SummaryCompared(SummaryShown a, SummaryShown b, SummaryReview review) {

    /**
     * Compares {@code a} and {@code b} from the first of {@code files} that holds traffic of their event kind, as the
     * session's {@code summaries} have it read; empty when none does. {@code workspaceFile} names the workspace in the
     * command that reruns the job.
     */
    static Optional<SummaryCompared> of(Side a, Side b, BoundSummaries summaries, List<Path> files, ProjectionSettings settings,
                                        String workspaceFile) throws IOException {
        Optional<BoundSummaries.Loaded> loaded = summaries.of(a.layout().eventKind(), files);
        if (loaded.isEmpty()) {
            return Optional.empty();
        }
        TrafficSummary summary = loaded.get().summary();
        String name = loaded.get().name();
        SummaryShown sa = SummaryShown.of(name, summary, named(a), settings, workspaceFile);
        SummaryShown sb = SummaryShown.of(name, summary, named(b), settings, workspaceFile);
        SummaryReview review = sa.projection() == null || sb.projection() == null ? null
            : SummaryReview.of(a, b, sa.projection(), sb.projection(), summary.source());
        return Optional.of(new SummaryCompared(sa, sb, review));
    }

    /** A layout from elsewhere is named with its origin, as the command line names it. */
    private static Layout named(Side s) {
        return s.origin() == null ? s.layout() : s.layout().withName(s.label());
    }

    /** The side the summary does not cover (A first), or null when it covers both. */
    SummaryShown uncovered() {
        return a.projection() == null ? a : b.projection() == null ? b : null;
    }

    /** Where the numbers come from: "from the traffic summary S.summary.json: 20,000 rows over 14.0 days (…)". */
    String source() {
        return "from the " + a.source();
    }

    /** What a summary does not hold, and that the example queries need the rows. */
    static String notInSummary() {
        return "Not in a traffic summary, so not compared here: " + String.join("; ", SummaryReview.NOT_IN_SUMMARY)
            + ". They need the rows.";
    }
}
