package dev.cardinal.compare;

import dev.cardinal.codegen.WriterSnippets;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Linter;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadReport;
import java.time.Duration;
import java.util.List;

/**
 * Everything a review of two layouts shows: the comparison (differences, numbers, verdict), each layout's findings,
 * the questions answered in both, and each layout as the line protocol it writes.
 */
public record Review(String workspace, LayoutComparison comparison, List<Finding> findingsA, List<Finding> findingsB,
                     List<QueryContrast.Question> questions, String shapeA, String shapeB) {

    public Review {
        findingsA = List.copyOf(findingsA);
        findingsB = List.copyOf(findingsB);
        questions = List.copyOf(questions);
    }

    /** Projects, lints and contrasts two layouts of one event kind over the same sample. */
    public static Review of(Workspace ws, Layout a, Layout b, EventKindSample sample, ReadReport report, ProjectionSettings settings) {
        if (!a.eventKind().equals(b.eventKind())) {
            throw new IllegalArgumentException("layouts " + a.id() + " and " + b.id() + " store different event kinds ("
                + a.eventKind() + ", " + b.eventKind() + "): only layouts of one event kind compare");
        }
        EventKind kind = ws.eventKind(a.eventKind()).orElseThrow(
            () -> new IllegalArgumentException("the workspace has no event kind " + a.eventKind()));
        SampleIndex index = new SampleIndex(sample);
        Projector projector = new Projector(index);
        Projection pa = projector.project(kind, a, settings);
        Projection pb = projector.project(kind, b, settings);
        List<Finding> fa = Linter.lint(new LintContext(ws, kind, a, pa, index, report, Duration.ZERO));
        List<Finding> fb = Linter.lint(new LintContext(ws, kind, b, pb, index, report, Duration.ZERO));
        return new Review(ws.name(), LayoutComparison.of(kind, pa, pb), fa, fb, QueryContrast.of(ws, kind, pa, pb, sample),
            WriterSnippets.lineProtocol(kind, a), WriterSnippets.lineProtocol(kind, b));
    }

    public Projection a() {
        return comparison.a();
    }

    public Projection b() {
        return comparison.b();
    }
}
