package dev.cardinal.ui.projection;

import dev.cardinal.model.Durations;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.Range;
import dev.cardinal.projection.ReportedSeries;
import dev.cardinal.projection.SummaryProjection;
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
     * @param detail    the whole story: when, with the fit's range, and every other key that breaks it (the tooltip)
     */
    public record LimitRow(String limit, String atHorizon, String breaks, String key, boolean alarm, String detail) {
    }

    /** "at 30d, x1": the heading of the horizon column. */
    public static String horizonHeading(dev.cardinal.projection.AtHorizon p) {
        return p.projected() ? "at " + Durations.format(p.settings().horizon()) + ", x" + Quantities.multiplier(p.settings().trafficMultiplier())
            : "not projected";
    }

    public static List<Row> of(Projection p) {
        LayoutMeasure m = p.now();
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("points", Quantities.count(m.points()), "", false,
            "Points the sample gives under this layout" + (m.skippedRows() > 0
                ? String.format(Locale.ROOT, " (%,d rows are not written: no field left, an empty measurement name or a tag named time)",
                m.skippedRows()) : "") + "."));
        rows.add(pointsKept(m));
        String series = "A series is one distinct combination of measurement and tag values: the index holds one entry per series.";
        ReportedSeries server = p.reported();
        String reported = String.format(Locale.ROOT, "What the server reports once the sample is written: %s. The sample's points fall in"
            + " %,d shard group%s.", server.explanation(), m.shardGroups(), m.shardGroups() == 1 ? "" : "s");
        String groups = reportedLabel(server, m.shardGroups());
        if (p.estimate() == null) {
            rows.add(new Row("series", Quantities.count(m.series()), withRange(p.seriesAtHorizon(), p.ranges().series()), false, series));
            rows.add(new Row(groups, server.text(), "", false, reported));
            rows.add(new Row("measurements", Quantities.count(m.measurements()), withRange(p.measurementsAtHorizon(), p.ranges().measurements()), false,
                "Distinct measurement names."));
        } else {
            String sketched = " Counted with HyperLogLog sketches: the range is ±2σ.";
            rows.add(new Row("series (estimated, ±2σ)", p.estimate().series().toString(), withRange(p.seriesAtHorizon(), p.ranges().series()), false,
                series + sketched));
            rows.add(new Row(groups + " (estimated)", server.text(), "", false, reported + sketched));
            rows.add(new Row("measurements (estimated)", p.estimate().measurements().toString(),
                Quantities.count(p.measurementsAtHorizon()), false, "Distinct measurement names." + sketched));
        }
        rows.add(new Row("field keys", Quantities.count(m.fieldKeys()), withRange(p.fieldKeysAtHorizon(), p.ranges().fieldKeys()), false,
            "Field keys summed over measurements, as SHOW FIELD KEY EXACT CARDINALITY reports them."));
        for (Map.Entry<String, Long> t : m.tags().entrySet()) {
            Long later = p.tagsAtHorizon().get(t.getKey());
            rows.add(new Row("values of tag " + t.getKey(), Quantities.count(t.getValue()),
                later == null ? "" : withRange(later, p.ranges().tags().get(t.getKey())), false,
                "Distinct values of the tag " + t.getKey() + ", as SHOW TAG VALUES EXACT CARDINALITY WITH KEY = \"" + t.getKey()
                    + "\" reports them; servers limit them per key (max-values-per-tag)."));
        }
        rows.add(new Row("points per series", String.format(Locale.ROOT, "%,.1f", m.pointsPerSeries()), "", false,
            "Points per series over the sample: a series with few points costs an index entry for little data."));
        rows.add(new Row("index memory (inmem)", Quantities.shortRange(p.memoryNow()),
            Quantities.shortRange(p.ranges().memory() == null ? p.memoryAtHorizon() : p.ranges().memory()), false,
            "The in-memory series index, from the series, tag and field keys it holds: a range, not one figure."));
        return rows;
    }

    /** The points the server keeps: an alarm when some share measurement, tag set and timestamp with an earlier one. */
    private static Row pointsKept(LayoutMeasure m) {
        String what = "A point is identified by measurement, tag set and timestamp (at the precision written): a second"
            + " point with the same three is merged into the first, its field values winning, so the server keeps one.";
        if (m.pointsKept() == null) {
            return new Row("points kept", "not counted", "", false, what + " Not counted: an estimate keeps no timestamps per series.");
        }
        long overwritten = m.pointsKept().overwritten();
        return new Row("points kept", Quantities.count(m.pointsKept().kept()), "", overwritten > 0, what + (overwritten == 0
            ? " No two points of this layout share them."
            : String.format(Locale.ROOT, " %,d of the sample's points share them with an earlier point and vanish without"
                + " an error (lint rule points-overwritten).", overwritten)));
    }

    /** Stands for a number a traffic summary does not hold. */
    public static final String NOT_IN_SUMMARY = "needs rows";

    /**
     * The rows a traffic summary gives for a layout it covers, as {@link #of(Projection)} gives them from rows; each
     * number only rows can give says so instead of a figure.
     */
    public static List<Row> of(SummaryShown shown) {
        SummaryProjection p = shown.projection();
        String from = " Counted by the Spark job over the " + Quantities.count(shown.rows()) + " rows " + shown.file() + " summarizes.";
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("points", Quantities.count(p.points()), "", false, "Points the traffic gives under this layout"
            + (p.skippedRows() > 0 ? String.format(Locale.ROOT, " (%,d rows are not written)", p.skippedRows()) : "") + "." + from));
        rows.add(new Row("series", Quantities.count(p.series()), withRange(p.seriesAtHorizon(), p.seriesRange()), false,
            "A series is one distinct combination of measurement and tag values: the index holds one entry per series." + from));
        ReportedSeries server = new ReportedSeries(p.server(), p.reportedSeries(), null);
        rows.add(new Row(reportedLabel(server, p.shardGroups()), server.text(), "", false, "What the server reports once the"
            + " traffic is written: " + server.explanation() + (p.reportedSeries() == null && server.query() != null
            ? " (a summary does not hold field keys, which this count needs)." : ".")));
        for (Map.Entry<String, Long> t : p.tags().entrySet()) {
            Long later = p.tagsAtHorizon().get(t.getKey());
            rows.add(new Row("values of tag " + t.getKey(), Quantities.count(t.getValue()),
                later == null ? "" : withRange(later, p.tagRanges().get(t.getKey())), false,
                "Distinct values of the tag " + t.getKey() + "; servers limit them per key (max-values-per-tag)." + from));
        }
        for (String what : List.of("points kept", "measurements", "field keys", "points per series", "index memory (inmem)")) {
            rows.add(new Row(what, NOT_IN_SUMMARY, "", false, "Not available from a traffic summary: it holds counts of"
                + " series, tags and attributes, not the rows this figure is counted from."));
        }
        return rows;
    }

    /**
     * What the reported-series row is called: which server reports it (and whether its version was assumed), and how
     * many shard groups when that server counts per shard group.
     */
    static String reportedLabel(ReportedSeries server, long shardGroups) {
        if (server.query() == null) {
            return "series as " + server.server().product() + " counts (none)";
        }
        // which server the figure is for, beside it: versions count differently (issue 34)
        // the version alone: the server box names the product, and the column is narrow at 1280x800
        String by = "reported by " + server.server().version() + (server.server().assumed() ? " (assumed)" : "");
        return server.server().seriesCount() == dev.cardinal.projection.Server.SeriesCount.PER_SHARD_GROUP
            ? String.format(Locale.ROOT, "%s, %,d shard group%s", by, shardGroups, shardGroups == 1 ? "" : "s") : by;
    }

    /** "27,808 ±6%": a number at the horizon with the fit's range, as the widest distance from it; the number alone when exact. */
    static String withRange(long n, Range range) {
        if (range == null || range.isPoint() || n == 0) {
            return Quantities.count(n);
        }
        double spread = Math.max(n - range.low(), range.high() - n) / (double) n;
        return spread < 0.005 ? Quantities.count(n) : String.format(Locale.ROOT, "%s ±%.0f%%", Quantities.count(n), spread * 100);
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

    /**
     * The product every limit of {@code p} is of ("InfluxDB 1.x OSS"), for the table's title, or null when they are of
     * several (every product's limits) or there are none.
     */
    public static String commonProduct(dev.cardinal.projection.AtHorizon p) {
        java.util.Set<String> products = new java.util.LinkedHashSet<>();
        p.limits().forEach(l -> products.add(l.limit().product()));
        return products.size() == 1 ? products.iterator().next() : null;
    }

    /**
     * A row per limit (per tag key for values per tag, soonest first), short enough for the panel at 1280x800: the
     * product only when the limits are of several (else the title names it), the key before the limit, the time
     * without its range; the tooltip ({@link LimitRow#detail}) says it all.
     */
    public static List<LimitRow> limits(dev.cardinal.projection.AtHorizon p) {
        boolean oneProduct = commonProduct(p) != null;
        List<LimitRow> rows = new ArrayList<>();
        for (LimitProjection l : p.limits()) {
            String detail = Quantities.limit(l.limit()) + ": " + Quantities.when(l);
            String name = oneProduct ? l.limit().metric().id().replace('-', ' ') + " " + Quantities.count(l.limit().value())
                // every limit here is InfluxDB's: the product's name says which server and plan
                : Quantities.limit(l.limit()).replaceFirst("^InfluxDB ", "");
            List<LimitProjection> each = l.keys().isEmpty() ? List.of(l) : l.keys();
            for (LimitProjection k : each) {
                boolean alarm = k.brokenAtHorizon() || k.reach() == LimitProjection.Reach.WITHIN_SAMPLE;
                String key = k.subject() == null ? "" : k.subject();
                rows.add(new LimitRow(key.isEmpty() ? name : key + ": " + name, Quantities.count(k.atHorizon()), breaks(k), key,
                    alarm, detail));
            }
        }
        return rows;
    }

    private static String breaks(LimitProjection l) {
        return switch (l.reach()) {
            case NEVER -> "never";
            case NOT_PROJECTED -> "not projected";
            case WITHIN_SAMPLE -> "already (" + shortSpan(l.after()) + ")";
            // the fit's range is in the row's tooltip: in the column it cut the time itself at 1280x800
            case AT -> "after " + shortSpan(l.after());
        };
    }
}
