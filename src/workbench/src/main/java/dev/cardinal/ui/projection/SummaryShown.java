package dev.cardinal.ui.projection;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.traffic.SummaryCoverage;
import dev.cardinal.traffic.TrafficSummary;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What the projection panel shows of a layout whose event kind comes from a bound traffic summary: where the numbers
 * come from (the file, its rows and the time they span: no rows are held), and the summary's projection of the layout
 * ({@link Projections}, as {@code cardinal analyze S.summary.json} projects it), or, for a layout the summary does
 * not cover, why not and the command that computes a summary that does (as the command line says it).
 *
 * @param file       the summary's file name
 * @param rows       the rows of the event kind the summary counted
 * @param span       from the event kind's first row to its last
 * @param projection the layout projected, or null when the summary does not cover it
 * @param uncovered  why there is no projection ("not covered by S.summary.json: ..."), or null
 * @param rerun      the commands that make a summary covering the workspace's layouts, or null when covered
 */
public record SummaryShown(String file, long rows, Duration span, SummaryProjection projection, String uncovered,
                           String rerun) {

    /**
     * {@code layout} from {@code summary}, read from {@code file}, which holds traffic of its event kind;
     * {@code workspaceFile} names the workspace in the rerun command.
     */
    public static SummaryShown of(String file, TrafficSummary summary, Layout layout, ProjectionSettings settings, String workspaceFile) {
        TrafficSummary.Kind kind = summary.eventKind(layout.eventKind()).orElseThrow();
        Duration span = span(kind.rows(), kind.firstTime(), kind.lastTime());
        if (Projections.project(null, layout, ProjectionInput.summaries(List.of(summary)), settings) instanceof Projected.Summary p) {
            return new SummaryShown(file, kind.rows(), span, p.projection(), null, null);
        }
        return new SummaryShown(file, kind.rows(), span, null, "Not covered by " + file + ": layout “"
            + layout.name() + "” as it is now is neither a layout of the workspace the summary was computed for nor one"
            + " toggle away from one, so no numbers are shown. To cover it, save the workspace and rerun the job with it:",
            SummaryCoverage.rerunText(workspaceFile));
    }

    /** Where the numbers come from: "traffic summary S.summary.json: 20,000 rows over 14.0 days (counts, no rows held)". */
    public String source() {
        return source(file, rows, span);
    }

    /** A whole summary file: the rows of all its event kinds, over the time from the first of them to the last. */
    public static String source(String file, TrafficSummary summary) {
        List<TrafficSummary.Kind> kinds = summary.eventKinds();
        long rows = kinds.stream().mapToLong(TrafficSummary.Kind::rows).sum();
        long first = kinds.stream().mapToLong(TrafficSummary.Kind::firstTime).min().orElse(0);
        long last = kinds.stream().mapToLong(TrafficSummary.Kind::lastTime).max().orElse(0);
        return source(file, rows, span(rows, first, last));
    }

    private static String source(String file, long rows, Duration span) {
        return String.format(Locale.ROOT, "traffic summary %s: %s rows over %s (counts, no rows held)", file, Quantities.count(rows),
            Quantities.span(span));
    }

    private static Duration span(long rows, long firstNanos, long lastNanos) {
        return rows < 2 ? Duration.ZERO : Duration.ofNanos(lastNanos - firstNanos);
    }
}
