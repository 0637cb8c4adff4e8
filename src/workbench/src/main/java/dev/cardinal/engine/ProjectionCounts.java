package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.projection.NotProjected;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.Server;
import dev.cardinal.projection.TagPairs;
import dev.cardinal.projection.AttributeChurn;
import dev.cardinal.projection.ShardGroupChurn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * An InfluxDB projection ({@link Projections#project} over a layout's rows, for one server version) as the seam's
 * {@link EngineCount}: the engines whose counting the core projection already does (InfluxDB 1.x, 2.x) count through
 * the seam this way, so that they stand beside the others.
 */
public final class ProjectionCounts {
    private ProjectionCounts() {
    }

    /** How an engine says its series: from the projection, and other layouts projected alike when it needs them. */
    public interface SeriesFigure {
        Figure of(Projection p, Function<Layout, Projection> projectAlike);
    }

    /**
     * Projects the request's layout for {@code server} and says it as {@code title} counts it, its series as
     * {@code series} says them; a layout the sample cannot project (an attribute it does not carry) is said in a note,
     * with no figures.
     */
    public static EngineCount count(String title, SeriesEngine.Request r, Server server, SeriesFigure series) {
        Layout layout = r.layout();
        String engine = title + " " + server.version().text();
        ProjectionInput.Rows input = ProjectionInput.rows(r.sample());
        ProjectionSettings settings = r.settings().forServer(server);
        Projected p = Projections.project(r.workspace(), layout, input, settings);
        if (!(p instanceof Projected.Rows rows)) {
            String why = p instanceof NotProjected n ? n.message() : "not projected from rows";
            return new EngineCount(engine, r.sample().name(), layout.id(), List.of(), List.of(), List.of("not projected: " + why));
        }
        Projection projection = rows.projection();
        EngineCount counted = of(engine, projection, series.of(projection,
            l -> Projections.project(r.workspace(), l, input, settings).as(Projected.Rows.class).projection()));
        // the pairs the most of the server's series carry, and the tags that make them come and go from one shard
        // group to the next (each shard keeps its own index): a Cloud (TSM) series holds its field key
        boolean perFieldKey = server.seriesCount() == Server.SeriesCount.PER_FIELD_KEY;
        return server.seriesCount() == Server.SeriesCount.NONE ? counted : input.index(r.sample().name())
            .map(index -> counted.withTopPairs(perFieldKey ? TagPairs.topPerFieldKey(index, layout, EngineCount.TOP_PAIRS)
                    : TagPairs.top(index, layout, EngineCount.TOP_PAIRS))
                .withChurn(perFieldKey ? ShardGroupChurn.topPerFieldKey(index, layout, AttributeChurn.TOP)
                    : ShardGroupChurn.top(index, layout, AttributeChurn.TOP))).orElse(counted);
    }

    /**
     * A projection's figures and limits, its series as {@code series}; when the sample is too short to project from
     * (the projection is withheld), each figure is the sample's own at the horizon too, and a note says why.
     */
    public static EngineCount of(String engine, Projection p, Figure series) {
        EngineCount all = full(engine, p, series);
        if (p.withheld() != null) {
            List<String> notes = new ArrayList<>(all.notes());
            notes.add("not projected to the horizon: " + p.withheld());
            return new EngineCount(engine, all.eventKind(), all.layout(), all.figures().stream()
                .map(f -> new Figure(f.id(), f.label(), f.now(), f.now())).toList(), List.of(), notes);
        }
        return all;
    }

    private static EngineCount full(String engine, Projection p, Figure series) {
        List<Figure> figures = new ArrayList<>();
        figures.add(series);
        figures.add(new Figure("measurements", "measurements", p.now().measurements(), p.measurementsAtHorizon()));
        figures.add(new Figure("fieldKeys", "field keys", p.now().fieldKeys(), p.fieldKeysAtHorizon()));
        figures.add(new Figure("columns", "columns of the widest measurement", p.now().maxColumnsPerMeasurement(),
            p.columnsAtHorizon()));
        for (Map.Entry<String, Long> tag : p.now().tags().entrySet()) {
            figures.add(new Figure("tagValues." + tag.getKey(), "values of tag " + tag.getKey(), tag.getValue(),
                p.tagsAtHorizon().getOrDefault(tag.getKey(), tag.getValue())));
        }
        figures.add(new Figure("indexMemoryHigh", "index memory, bytes (high end of its range)",
            p.memoryNow().high(), p.memoryAtHorizon().high()));
        List<LimitCheck> limits = p.limits().stream().map(l -> new LimitCheck(
            l.limit().id() + " (" + l.limit().product() + ")", l.limit().value(), l.limit().source(), l.subject(), l.atHorizon(),
            l.within(p.settings().horizon()) ? l.after() : null, "refuses the write")).toList();
        List<String> notes = new ArrayList<>();
        notes.add(p.reported().series() == null ? p.reported().explanation() : String.format(java.util.Locale.ROOT,
            "%s reports %,d over the sample: %s", p.reported().label(), p.reported().series(), p.reported().explanation()));
        if (p.settings().server().assumed()) {
            notes.add("the server's version was not given: the figures are " + p.settings().server().product() + "'s");
        }
        return new EngineCount(engine, p.eventKind(), p.layout().id(), figures, limits, notes);
    }
}
