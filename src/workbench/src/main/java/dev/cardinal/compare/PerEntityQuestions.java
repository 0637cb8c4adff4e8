package dev.cardinal.compare;

import dev.cardinal.engine.ContrastQuestion;
import dev.cardinal.engine.QueryLanguages;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projection;
import dev.cardinal.traffic.EventKindSample;
import java.util.List;

/**
 * The long-range question per entity ("daily count of page_url per listing_id over a year"), asked of both layouts
 * so that both answer it alike: the same grouping (per entity and day) over the same range. It is asked twice: for
 * one entity, which either layout answers (a tag filter, or a field filter that scans), and for every entity, which
 * InfluxQL answers only when the entity is a tag, since it groups by tags alone, and a daily rollup table answers
 * whatever the layout. A layout that cannot give the same rows says so and what would, rather than answering a
 * nearby question (one entity's total over the whole range is not a count per day).
 */
final class PerEntityQuestions {
    private PerEntityQuestions() {
    }

    /**
     * @param id     the entity, an attribute that grows with traffic
     * @param field  the field counted
     * @param value  the entity asked about alone, one the sample has
     */
    static List<QueryContrast.Question> of(Workspace wsA, EventKind kindA, Projection a, Workspace wsB, EventKind kindB,
                                           Projection b, EventKindSample sample, String id, String field, String value,
                                           QueryLanguages languages) {
        return List.of(
            new QueryContrast.Question("daily count of " + field + " for " + id + " = " + value + " over a year",
                QueryContrast.answer(languages, new ContrastQuestion.DailyCountOf(wsA, a.layout(), id, value, field)),
                QueryContrast.answer(languages, new ContrastQuestion.DailyCountOf(wsA, b.layout(), id, value, field))),
            new QueryContrast.Question("daily count of " + field + " per " + id + " over a year",
                QueryContrast.answer(languages, new ContrastQuestion.DailyCountPer(wsA, wsA, kindA, a, id, field, sample)),
                QueryContrast.answer(languages, new ContrastQuestion.DailyCountPer(wsA, wsB, kindB, b, id, field, sample))));
    }
}
