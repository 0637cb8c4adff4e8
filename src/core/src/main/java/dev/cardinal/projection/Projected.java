package dev.cardinal.projection;

import dev.cardinal.model.EventKind;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.TrafficSummary;
import java.util.List;

/**
 * A layout projected ({@link Projections#project}): from rows, from one traffic summary, from several merged, or as the
 * mapping its documents build in an index; or why it could not be.
 */
public sealed interface Projected
    permits Projected.Rows, Projected.Summary, Projected.Merged, Projected.Mapping, NotProjected {

    /**
     * This result as the kind a front end asks for, which only that kind of input gives; a layout that was not projected
     * is refused with why.
     *
     * @throws IllegalArgumentException when the layout was not projected ({@link NotProjected#message})
     */
    default <T extends Projected> T as(Class<T> kind) {
        if (this instanceof NotProjected not) {
            throw new IllegalArgumentException(not.message());
        }
        return kind.cast(this);
    }

    /**
     * A layout over the rows of its event kind.
     *
     * @param kind  the event kind, the workspace's (or inferred from the rows when there is no workspace)
     * @param index the rows indexed, which the lint rules read as well
     */
    record Rows(EventKind kind, Projection projection, SampleIndex index) implements Projected {
    }

    /** A layout from one traffic summary's event kind. */
    record Summary(TrafficSummary.Kind kind, SummaryProjection projection) implements Projected {
    }

    /** A layout from several traffic summaries' event kind (one from each), through their merged sketches. */
    record Merged(List<TrafficSummary.Kind> kinds, MergedProjection projection) implements Projected {
        public Merged {
            kinds = List.copyOf(kinds);
        }
    }

    /**
     * The mapping documents build in an index.
     *
     * @param text     for documents read from a file, the text values they carry (the document rules read them);
     *                 null for a layout's rows written as documents
     * @param problems for documents read from a file, its lines that are not documents; empty otherwise
     */
    record Mapping(MappingProjection projection, TextValues text, List<ReadProblem> problems) implements Projected {
        public Mapping {
            problems = List.copyOf(problems);
        }
    }
}
