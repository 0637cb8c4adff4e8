package dev.cardinal.ui.workspace;

import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The projection panel's table: one row per number, now (the sample as written) and at the horizon. */
public final class ProjectionRows {
    private ProjectionRows() {
    }

    /**
     * One row of the panel.
     *
     * @param what      what is counted
     * @param now       the sample as written
     * @param atHorizon at the horizon and traffic multiplier (empty when it does not apply)
     * @param alarm     a limit broken at the horizon, or already within the sample
     */
    public record Row(String what, String now, String atHorizon, boolean alarm) {
    }

    public static List<Row> of(Projection p) {
        LayoutMeasure m = p.now();
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("points", Quantities.count(m.points()), "", false));
        if (p.estimate() == null) {
            rows.add(new Row("series", Quantities.count(m.series()), Quantities.count(p.seriesAtHorizon()), false));
            rows.add(new Row(p.reported().label(), p.reported().text(), "", false));
            rows.add(new Row("measurements", Quantities.count(m.measurements()), Quantities.count(p.measurementsAtHorizon()), false));
        } else {
            rows.add(new Row("series (estimated, ±2σ)", p.estimate().series().toString(), Quantities.count(p.seriesAtHorizon()), false));
            rows.add(new Row(p.reported().label() + " (estimated)", p.reported().text(), "", false));
            rows.add(new Row("measurements (estimated)", p.estimate().measurements().toString(),
                Quantities.count(p.measurementsAtHorizon()), false));
        }
        rows.add(new Row("field keys", Quantities.count(m.fieldKeys()), Quantities.count(p.fieldKeysAtHorizon()), false));
        for (Map.Entry<String, Long> t : m.tags().entrySet()) {
            Long later = p.tagsAtHorizon().get(t.getKey());
            rows.add(new Row("values of tag " + t.getKey(), Quantities.count(t.getValue()), later == null ? "" : Quantities.count(later), false));
        }
        rows.add(new Row("points per series", String.format(java.util.Locale.ROOT, "%,.1f", m.pointsPerSeries()), "", false));
        rows.add(new Row("index memory (inmem)", Quantities.range(p.memoryNow()), Quantities.range(p.memoryAtHorizon()), false));
        for (Projection.LimitProjection l : p.limits()) {
            boolean alarm = l.brokenAtHorizon() || l.reach() == Projection.Reach.WITHIN_SAMPLE;
            rows.add(new Row(Quantities.limit(l.limit()), Quantities.when(l), Quantities.count(l.atHorizon()), alarm));
        }
        return rows;
    }
}
