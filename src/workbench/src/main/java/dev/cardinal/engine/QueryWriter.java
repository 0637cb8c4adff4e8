package dev.cardinal.engine;

import java.util.Optional;

/**
 * An engine's language for the questions a comparison asks ({@link ContrastQuestion}): the query that answers one in
 * a layout, with a note on what it costs, or why the layout cannot answer it there.
 */
public interface QueryWriter {
    /**
     * @return the query and its note; a {@link Written} without a query says why there is none; empty when this
     *         engine has nothing to say about the question (another engine answers it)
     */
    Optional<Written> write(ContrastQuestion question);

    /** A query (null when the layout cannot answer) and a note: what the query costs, or why it cannot be written. */
    record Written(String query, String note) {
        public boolean answered() {
            return query != null;
        }
    }

    /**
     * Where an engine's answers go in a comparison: {@code BEFORE} answers first when it can (a rollup table that
     * holds the answer), {@code MAIN} answers every question (or says why not), {@code ALONGSIDE} writes a main
     * answer again in its own language.
     */
    enum Place { BEFORE, MAIN, ALONGSIDE }

    /** The writer and its place, as an engine offers it. */
    record Offered(QueryWriter writer, Place place) {
    }
}
