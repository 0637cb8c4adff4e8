package dev.cardinal.ui.workspace;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The projection panel's tables: one row per number, now (the sample as written) and at the horizon, each with what
 * it means; and one row per server limit, apart, with when it breaks and on which key.
 */
public final class ProjectionRows {
    private ProjectionRows() {
    }

    /**
     * One number.
     *
     * @param what      what is counted
     * @param now       the sample as written
     * @param atHorizon at the horizon and traffic multiplier (empty when it does not apply)
     * @param alarm     a limit broken at the horizon, or already within the sample
     * @param explain   what the number is and where it comes from (the row's tooltip)
     */
    public record Row(String what, String now, String atHorizon, boolean alarm, String explain) {
    }

    /**
     * One server limit.
     *
     * @param limit     the limit as people name it (product, what is counted, the value)
     * @param atHorizon the projected value at the horizon
     * @param breaks    when it breaks: never, already within the sample, or after a span of traffic
     * @param key       the key that breaks it first (a tag key for values per tag), or empty
     * @param alarm     broken at the horizon, or already within the sample
     */
    public record LimitRow(String limit, String atHorizon, String breaks, String key, boolean alarm) {
    }

    /** "at 30d, x1": the heading of the horizon column. */
    public static String horizonHeading(Projection p) {
        return "at " + Durations.format(p.settings().horizon()) + ", x" + Quantities.multiplier(p.settings().trafficMultiplier());
    }

    public static List<Row> of(Projection p) {
        LayoutMeasure m = p.now();
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("points", Quantities.count(m.points()), "", false,
            "Points the sample gives under this layout" + (m.skippedRows() > 0
                ? String.format(Locale.ROOT, " (%,d rows are not written: no field left, an empty measurement name or a tag named time)",
                m.skippedRows()) : "") + "."));
        String series = "A series is one distinct combination of measurement and tag values: the index holds one entry per series.";
        String reported = String.format(Locale.ROOT, "What SHOW SERIES EXACT CARDINALITY reports once the sample is written: InfluxDB 1.x up to"
            + " 1.7.7 counts each series once per shard group it has points in, and the sample's points fall in %,d shard group%s.",
            m.shardGroups(), m.shardGroups() == 1 ? "" : "s");
        String groups = String.format(Locale.ROOT, "reported (%,d shard group%s)", m.shardGroups(), m.shardGroups() == 1 ? "" : "s");
        if (p.estimate() == null) {
            rows.add(new Row("series", Quantities.count(m.series()), Quantities.count(p.seriesAtHorizon()), false, series));
            rows.add(new Row(groups, Quantities.count(m.serverReportedSeries()), "", false, reported));
            rows.add(new Row("measurements", Quantities.count(m.measurements()), Quantities.count(p.measurementsAtHorizon()), false,
                "Distinct measurement names."));
        } else {
            String sketched = " Counted with HyperLogLog sketches: the range is ±2σ.";
            rows.add(new Row("series (estimated, ±2σ)", p.estimate().series().toString(), Quantities.count(p.seriesAtHorizon()), false,
                series + sketched));
            rows.add(new Row(groups + " (estimated)", p.estimate().serverReportedSeries().toString(), "", false, reported + sketched));
            rows.add(new Row("measurements (estimated)", p.estimate().measurements().toString(),
                Quantities.count(p.measurementsAtHorizon()), false, "Distinct measurement names." + sketched));
        }
        rows.add(new Row("field keys", Quantities.count(m.fieldKeys()), Quantities.count(p.fieldKeysAtHorizon()), false,
            "Field keys summed over measurements, as SHOW FIELD KEY EXACT CARDINALITY reports them."));
        for (Map.Entry<String, Long> t : m.tags().entrySet()) {
            Long later = p.tagsAtHorizon().get(t.getKey());
            rows.add(new Row("values of tag " + t.getKey(), Quantities.count(t.getValue()), later == null ? "" : Quantities.count(later), false,
                "Distinct values of the tag " + t.getKey() + ", as SHOW TAG VALUES EXACT CARDINALITY WITH KEY = \"" + t.getKey()
                    + "\" reports them; servers limit them per key (max-values-per-tag)."));
        }
        rows.add(new Row("points per series", String.format(Locale.ROOT, "%,.1f", m.pointsPerSeries()), "", false,
            "Points per series over the sample: a series with few points costs an index entry for little data."));
        rows.add(new Row("index memory (inmem)", Quantities.range(p.memoryNow()), Quantities.range(p.memoryAtHorizon()), false,
            "The in-memory series index, from the series, tag and field keys it holds: a range, not one figure."));
        return rows;
    }

    /** 1,062 d, 3.0 h, 40 s: a span short enough for a column. */
    static String shortSpan(java.time.Duration d) {
        double days = d.getSeconds() / 86_400.0;
        if (days >= 100) {
            return String.format(Locale.ROOT, "%,.0f d", days);
        }
        if (days >= 2) {
            return String.format(Locale.ROOT, "%.1f d", days);
        }
        double hours = d.getSeconds() / 3600.0;
        return hours >= 1 ? String.format(Locale.ROOT, "%.1f h", hours) : d.getSeconds() + " s";
    }

    public static List<LimitRow> limits(Projection p) {
        List<LimitRow> rows = new ArrayList<>();
        for (Projection.LimitProjection l : p.limits()) {
            boolean alarm = l.brokenAtHorizon() || l.reach() == Projection.Reach.WITHIN_SAMPLE;
            String breaks = switch (l.reach()) {
                case NEVER -> "never";
                case WITHIN_SAMPLE -> "already (" + shortSpan(l.after()) + ")";
                case AT -> "after " + shortSpan(l.after());
            };
            // every limit here is InfluxDB's: the product's name says which server and plan
            rows.add(new LimitRow(Quantities.limit(l.limit()).replaceFirst("^InfluxDB ", ""), Quantities.count(l.atHorizon()), breaks,
                l.subject() == null ? "" : l.subject(), alarm));
        }
        return rows;
    }
}
