package dev.cardinal.cli;


import dev.cardinal.model.Layout;
import dev.cardinal.projection.NotProjected;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.traffic.SummaryCoverage;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Traffic summaries as {@code lint} and {@code compare} read them in place of rows: a file that cannot be used is said
 * once, as {@code cardinal COMMAND: ...}; a layout the summary does not cover is said with the command that computes
 * one that does.
 */
final class SummaryFiles {
    private SummaryFiles() {
    }

    /** The summary in {@code file}, or null when it is missing or is not a usable summary (printed). */
    static TrafficSummary read(Path file, PrintWriter err, String command) {
        try {
            return TrafficSummaryFile.read(file);
        } catch (NoSuchFileException e) {
            err.println("cardinal " + command + ": " + file + ": no such file");
        } catch (IOException e) {
            err.println("cardinal " + command + ": " + e.getMessage());
        }
        return null;
    }

    /**
     * {@code layout} projected from the summary, or empty when the summary has no traffic of its event kind or does
     * not cover it as the workspace in {@code workspaceFile} has it now (said on {@code err}, with the rerun).
     */
    static Optional<SummaryProjection> project(TrafficSummary summary, Path file, Layout layout, Path workspaceFile,
                                               ProjectionSettings settings, PrintWriter err, String command) {
        return project(summary, file, layout, workspaceFile.toString(), workspaceFile, settings, err, command);
    }

    /** As above, the layout's workspace named by {@code where} (e.g. "W.cardinal.json at HEAD~1") in the message. */
    static Optional<SummaryProjection> project(TrafficSummary summary, Path file, Layout layout, String where, Path workspaceFile,
                                               ProjectionSettings settings, PrintWriter err, String command) {
        Projected p = Projections.project(null, layout, ProjectionInput.summaries(List.of(summary)), settings);
        if (p instanceof Projected.Summary covered) {
            return Optional.of(covered.projection());
        }
        if (((NotProjected) p).why() == NotProjected.Why.NO_TRAFFIC) {
            err.println("cardinal " + command + ": " + file + " holds no traffic of " + layout.eventKind() + ", which layout '"
                + layout.id() + "' stores");
        } else {
            err.println("cardinal " + command + ": " + file + " does not cover layout '" + layout.id() + "' of "
                + layout.eventKind() + " as " + where + " has it now (" + TrafficSummary.signature(layout)
                + "). A summary covers the layouts of the workspace it was computed for and those one toggle away; to"
                + " cover this one, rerun the job with this workspace: " + SummaryCoverage.rerunText(workspaceFile.toString()));
        }
        return Optional.empty();
    }
}
