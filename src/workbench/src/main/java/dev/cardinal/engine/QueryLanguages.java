package dev.cardinal.engine;

import java.util.List;
import java.util.Optional;

/**
 * The languages a comparison answers its questions in, from the engines listed: the writers that answer, asked in
 * order until one writes a query, and the one that writes a main answer again alongside it.
 */
public record QueryLanguages(List<QueryWriter.Offered> offered) {
    public QueryLanguages {
        offered = List.copyOf(offered);
    }

    /**
     * The answer to {@code q}: the first {@code BEFORE} writer's query, else the {@code MAIN} writer's answer (with its
     * query again in the {@code ALONGSIDE} language, when it wrote one), else a note that no engine answers it.
     */
    public Answer answer(ContrastQuestion q) {
        for (QueryWriter.Offered o : offered) {
            if (o.place() == QueryWriter.Place.BEFORE) {
                Optional<QueryWriter.Written> w = o.writer().write(q).filter(QueryWriter.Written::answered);
                if (w.isPresent()) {
                    return new Answer(w.get().query(), null, w.get().note());
                }
            }
        }
        for (QueryWriter.Offered o : offered) {
            if (o.place() == QueryWriter.Place.MAIN) {
                Optional<QueryWriter.Written> w = o.writer().write(q);
                if (w.isPresent()) {
                    String again = !w.get().answered() ? null : offered.stream().filter(x -> x.place() == QueryWriter.Place.ALONGSIDE)
                        .findFirst().flatMap(x -> x.writer().write(q)).map(QueryWriter.Written::query).orElse(null);
                    return new Answer(w.get().query(), again, w.get().note());
                }
            }
        }
        return new Answer(null, null, "no engine listed writes this question");
    }

    /**
     * A query (null when the layout cannot answer), the same in the language alongside (null when there is none), and
     * a note: what the query costs, or why it cannot be written.
     */
    public record Answer(String query, String alongside, String note) {
        public boolean answered() {
            return query != null;
        }
    }
}
