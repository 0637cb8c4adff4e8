package dev.cardinal.engine;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projection;
import dev.cardinal.traffic.EventKindSample;

/**
 * A question a comparison asks of a layout, in no engine's language: each engine's {@link QueryWriter} writes it in
 * its own, or says why the layout cannot answer it there. {@code database} is the workspace whose database the
 * queries read (the first side's, so that both sides read the same one).
 */
public sealed interface ContrastQuestion {
    Layout layout();

    Workspace database();

    /** Points of {@code attribute = value} over the last day, counting {@code counted} (null: any plain field). */
    record PointsWhere(Workspace database, Layout layout, String attribute, String value, String counted) implements ContrastQuestion {
    }

    /** The daily count of {@code field} for one entity ({@code entity = value}) over a year. */
    record DailyCountOf(Workspace database, Layout layout, String entity, String value, String field) implements ContrastQuestion {
    }

    /**
     * The daily count of {@code field} per {@code entity} over a year, every entity at once; the layout's own
     * workspace and event kind say which rollups it has, its projection how many values the entity has.
     */
    record DailyCountPer(Workspace database, Workspace workspace, EventKind kind, Projection projection, String entity,
                         String field, EventKindSample sample) implements ContrastQuestion {
        @Override
        public Layout layout() {
            return projection.layout();
        }
    }
}
