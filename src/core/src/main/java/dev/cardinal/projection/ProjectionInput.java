package dev.cardinal.projection;

import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.TrafficSummary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * What a layout is projected from ({@link Projections#project}): the rows of a sample, one or several traffic
 * summaries, or a sample's rows written as documents into an index under dynamic mapping. An input says what traffic
 * there is; {@link Projections} decides which projector counts it.
 */
public sealed interface ProjectionInput permits ProjectionInput.Rows, ProjectionInput.Summaries, ProjectionInput.Mapped {

    /** The rows of {@code sample}, counted exactly. */
    static Rows rows(Sample sample) {
        return new Rows(sample::eventKind, Projector::new);
    }

    /** The rows of one event kind, counted exactly. */
    static Rows rows(EventKindSample kind) {
        return new Rows(name -> name.equals(kind.name()) ? Optional.of(kind) : Optional.empty(), Projector::new);
    }

    /**
     * The rows of {@code sample} counted for toggling roles back and forth, as the workbench does: exact, and after
     * {@link Rows#prepare} a toggle among the prepared layout's tags counts collapsed entries instead of rows.
     */
    static Rows interactive(Sample sample) {
        return new Rows(sample::eventKind, Projector::interactive);
    }

    /** No rows at all (no sample read yet): every layout's traffic is missing. */
    static Rows none() {
        return new Rows(name -> Optional.empty(), Projector::new);
    }

    /** One traffic summary, or several (days, partitions) whose sketches are merged. */
    static Summaries summaries(List<TrafficSummary> summaries) {
        return new Summaries(summaries);
    }

    /**
     * The rows of a sample, each event kind indexed once (on first use) with the projector that counts it; an input may
     * be projected from several threads.
     */
    final class Rows implements ProjectionInput {
        private final Function<String, Optional<EventKindSample>> kinds;
        private final Function<SampleIndex, Projector> counting;
        private final Map<String, Indexed> indexed = new ConcurrentHashMap<>();

        /** One event kind's rows, indexed, and the projector that counts them. */
        record Indexed(SampleIndex index, Projector projector) {
        }

        private Rows(Function<String, Optional<EventKindSample>> kinds, Function<SampleIndex, Projector> counting) {
            this.kinds = kinds;
            this.counting = counting;
        }

        /**
         * The same rows counted exactly or estimated: {@code AUTO} estimates when an event kind has more than
         * {@code estimateBeyondRows} rows, with sketches of precision {@code lgK}.
         */
        public Rows counted(MeasureMode mode, long estimateBeyondRows, int lgK) {
            return new Rows(kinds, index -> new Projector(index, mode, estimateBeyondRows, lgK));
        }

        /** The rows of event kind {@code name}, indexed; empty when the sample has none. */
        public Optional<SampleIndex> index(String name) {
            return indexed(name).map(Indexed::index);
        }

        /**
         * Prepares the next toggles of {@code layout}'s roles (interactive rows; see {@link Projector#prepare}); run it
         * in the background.
         */
        public void prepare(dev.cardinal.model.Layout layout) {
            indexed(layout.eventKind()).ifPresent(i -> i.projector().prepare(layout));
        }

        Optional<Indexed> indexed(String name) {
            Indexed known = indexed.get(name);
            if (known != null) {
                return Optional.of(known);
            }
            return kinds.apply(name).map(k -> indexed.computeIfAbsent(name, n -> {
                SampleIndex index = new SampleIndex(k);
                return new Indexed(index, counting.apply(index));
            }));
        }
    }

    /** One traffic summary, or several whose distinct counts are taken together through their merged sketches. */
    record Summaries(List<TrafficSummary> summaries) implements ProjectionInput {
        public Summaries {
            summaries = List.copyOf(summaries);
            if (summaries.isEmpty()) {
                throw new IllegalArgumentException("no traffic summary to project from");
            }
        }
    }

    /**
     * The rows written as documents, as a layout lays them out, into an index under dynamic mapping whose
     * {@code index.mapping.total_fields.limit} is {@code totalFieldsLimit}.
     */
    record Mapped(Rows rows, long totalFieldsLimit) implements ProjectionInput {
    }
}
