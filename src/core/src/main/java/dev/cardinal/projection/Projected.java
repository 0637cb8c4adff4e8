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
    permits Projected.Rows, Projected.Summary, Projected.Merged, Projected.Mapping, Projected.NotProjected {

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

    /**
     * Why a layout was not projected; the front end says it in its own words.
     *
     * @param eventKind the layout's event kind
     * @param attribute with {@link Why#MISSING_ATTRIBUTE}, the first attribute the layout uses that the rows lack;
     *                  null otherwise
     */
    record NotProjected(Why why, String eventKind, String attribute) implements Projected {
        /** Why, in a sentence, for a front end with no words of its own for it (an exception's message). */
        public String message() {
            return switch (why) {
                case NO_EVENT_KIND -> "the workspace has no event kind " + eventKind;
                case NO_TRAFFIC -> "there is no traffic of " + eventKind;
                case MISSING_ATTRIBUTE -> "the sample of '" + eventKind + "' has no attribute '" + attribute + "'";
                case NOT_COVERED -> "the traffic summaries do not cover the layout";
            };
        }
    }

    enum Why {
        /** The workspace defines no event kind of that name. */
        NO_EVENT_KIND,
        /** The input holds no traffic of the layout's event kind (for several summaries: not every one does). */
        NO_TRAFFIC,
        /** The rows lack an attribute the layout uses. */
        MISSING_ATTRIBUTE,
        /** The traffic summary (or one of several) does not cover the layout as it is now. */
        NOT_COVERED
    }
}
