package dev.cardinal.projection;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.traffic.TrafficSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one way to project, for every front end (the command line, the review, the workbench): which projector counts a
 * layout is decided here, from what it is projected from. Rows go to {@link Projector}, the counting the rows ask for;
 * one traffic summary to {@link SummaryProjector}; several to {@link MergedSummaryProjector}; a layout's rows written as
 * documents, and a file of documents, to {@link MappingProjector}. A layout that cannot be projected comes back as
 * {@link NotProjected} with why, in the order the front ends check it: the workspace's event kind, the
 * traffic of it, the attributes the layout uses, the summaries' coverage.
 */
public final class Projections {
    private Projections() {
    }

    /**
     * {@code layout} projected from {@code input} to {@code settings}' horizon and server.
     *
     * @param workspace the layout's workspace, which defines its event kind; null when there is none (a layout tried
     *                  from the shell over rows, whose event kind is then inferred from them)
     * @param settings  the horizon, traffic multiplier and server; a mapping ({@link ProjectionInput.Mapped}) reads
     *                  none of them: the input carries the one limit it counts toward
     */
    public static Projected project(Workspace workspace, Layout layout, ProjectionInput input, ProjectionSettings settings) {
        String name = layout.eventKind();
        Optional<EventKind> defined = workspace == null ? Optional.empty() : workspace.eventKind(name);
        if (workspace != null && defined.isEmpty()) {
            return new NotProjected(NotProjected.Why.NO_EVENT_KIND, name, null);
        }
        if (input instanceof ProjectionInput.Summaries s) {
            return fromSummaries(layout, s.summaries(), settings);
        }
        ProjectionInput.Rows rows = input instanceof ProjectionInput.Mapped m ? m.rows() : (ProjectionInput.Rows) input;
        Optional<ProjectionInput.Rows.Indexed> indexed = rows.indexed(name);
        if (indexed.isEmpty()) {
            return new NotProjected(NotProjected.Why.NO_TRAFFIC, name, null);
        }
        SampleIndex index = indexed.get().index();
        Optional<String> missing = layout.attributesUsed().stream().filter(a -> index.sample().attribute(a).isEmpty()).findFirst();
        if (missing.isPresent()) {
            return new NotProjected(NotProjected.Why.MISSING_ATTRIBUTE, name, missing.get());
        }
        if (input instanceof ProjectionInput.Mapped m) {
            return new Projected.Mapping(LayoutDocuments.project(layout, index, m.totalFieldsLimit()), null, List.of());
        }
        EventKind kind = defined.orElseGet(() -> SchemaInference.eventKind(index.sample()));
        return new Projected.Rows(kind, indexed.get().projector().project(kind, layout, settings), index);
    }

    /**
     * The documents of an NDJSON {@code file} (one index of their event kind) followed into an index under dynamic
     * mapping whose {@code index.mapping.total_fields.limit} is {@code totalFieldsLimit}; bad lines are in the result's
     * problems, with their numbers.
     *
     * @param tenantKey the top-level key that says whose a document is, for the names each tenant puts under an
     *                  object (the slots to provision); null for none
     */
    public static Projected.Mapping documents(Path file, String tenantKey, long totalFieldsLimit) throws IOException {
        MappingProjector projector = new MappingProjector(totalFieldsLimit, tenantKey);
        TextValues text = new TextValues();
        List<ReadProblem> problems = NdjsonDocuments.read(file, d -> {
            projector.accept(d);
            text.accept(d);
        });
        return new Projected.Mapping(projector.result(), text, problems);
    }

    /** One summary's event kind, or the event kinds of several summaries merged (every summary must hold it). */
    private static Projected fromSummaries(Layout layout, List<TrafficSummary> summaries, ProjectionSettings settings) {
        String name = layout.eventKind();
        List<TrafficSummary.Kind> kinds = new ArrayList<>();
        summaries.forEach(s -> s.eventKind(name).ifPresent(kinds::add));
        if (kinds.size() < summaries.size()) {
            return new NotProjected(NotProjected.Why.NO_TRAFFIC, name, null);
        }
        if (kinds.size() == 1) {
            return new SummaryProjector(kinds.get(0)).project(layout, settings)
                .<Projected>map(p -> new Projected.Summary(kinds.get(0), p)).orElseGet(() -> notCovered(name));
        }
        return new MergedSummaryProjector(kinds).project(layout, settings)
            .<Projected>map(p -> new Projected.Merged(kinds, p)).orElseGet(() -> notCovered(name));
    }

    private static Projected notCovered(String eventKind) {
        return new NotProjected(NotProjected.Why.NOT_COVERED, eventKind, null);
    }
}
