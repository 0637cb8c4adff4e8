package dev.cardinal.engine.influxdb3;

import dev.cardinal.engine.CommentText;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.Figure;
import dev.cardinal.engine.LimitCheck;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.TagSpec;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.LimitMetric;
import dev.cardinal.projection.LimitProjection;
import dev.cardinal.projection.NotProjected;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SchemaInference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What InfluxDB 3 holds for a layout: tables and their columns (it has no series limit). Tables and the widest table's
 * columns grow to the horizon with the projection's own fits (as InfluxDB 1.x's measurements and field keys do), and
 * each product's limits are checked against them; the tag columns of a table are the layout's tag keys, which do not
 * grow. A name written as a tag and as a field refuses lines, and is counted as such.
 */
final class TableCount implements SeriesEngine {
    /** The release whose source the rules and Core's limits are read from. */
    static final ServerVersion CHECKED = ServerVersion.of(3, 9, 6);

    @Override
    public ServerVersion defaultVersion() {
        return CHECKED;
    }

    @Override
    public EngineCount count(Request r) {
        String engine = "InfluxDB 3 " + r.version().orElse(CHECKED).text();
        Layout layout = r.layout();
        EventKindSample sample = r.sample();
        Optional<String> missing = layout.attributesUsed().stream().filter(a -> sample.attribute(a).isEmpty()).findFirst();
        if (missing.isPresent()) {
            return new EngineCount(engine, sample.name(), layout.id(), List.of(), List.of(), List.of("not counted: the layout uses '"
                + CommentText.shown(missing.get()) + "', which the sample does not carry"));
        }
        List<Limit> grown = Products.LIMITS.stream().filter(l -> l.measure() != Products.Measure.TAG_COLUMNS_PER_TABLE)
            .map(l -> new Limit(l.id(), "InfluxDB 3 " + l.product(), l.measure() == Products.Measure.TABLES
                ? LimitMetric.TABLES : LimitMetric.COLUMNS_PER_TABLE, l.value(), l.source())).toList();
        ProjectionSettings s = r.settings();
        // the tables and columns grow as the projection grows measurements and field keys: the one entry projects them
        Projected projected = Projections.project(r.workspace(), layout, ProjectionInput.rows(sample),
            new ProjectionSettings(s.horizon(), s.trafficMultiplier(), grown, s.server()));
        if (!(projected instanceof Projected.Rows rows)) {
            return new EngineCount(engine, sample.name(), layout.id(), List.of(), List.of(), List.of("not counted: "
                + (projected instanceof NotProjected n ? CommentText.shown(n.message()) : "no rows to count")));
        }
        Projection p = rows.projection();
        SampleIndex index = rows.index();

        long tags = layout.tags().size();
        List<Figure> figures = new ArrayList<>();
        figures.add(new Figure("tables", "tables", p.now().measurements(), p.measurementsAtHorizon()));
        figures.add(new Figure("columnsPerTable", "columns of the widest table (time, tags, fields)",
            p.now().maxColumnsPerMeasurement(), p.columnsAtHorizon()));
        figures.add(new Figure("tagColumnsPerTable", "tag columns per table", tags, tags));
        figures.add(new Figure("fieldColumnsPerTable", "field columns of the widest table",
            Math.max(0, p.now().maxColumnsPerMeasurement() - 1 - tags), Math.max(0, p.columnsAtHorizon() - 1 - tags)));
        List<String> notes = new ArrayList<>();
        notes.add("InfluxDB 3 has no series limit: a measurement is a table, and its tags, fields and time are columns;"
            + " every product's limits are checked (" + String.join(", ", List.of(Products.CORE, Products.ENTERPRISE,
            Products.SERVERLESS, Products.DEDICATED)) + ")");
        notes.add("primary key: " + primaryKey(layout) + "; the first write fixes the tag columns in this order and a"
            + " tag added later goes at the end");

        List<Clash> clashes = Clashes.of(layout, sample);
        long refused = clashes.stream().mapToLong(Clash::refused).sum();
        figures.add(new Figure("tagFieldClashes", "names written as a tag and as a field", clashes.size(),
            clashes.size()));
        figures.add(new Figure("refusedLines", "lines refused for a tag/field clash", refused,
            atHorizon(refused, sample.rows(), p)));
        for (Clash c : clashes) {
            notes.add("'" + CommentText.shown(c.key()) + "' is a tag and a field of the same table: the server refuses"
                + " each line that carries both (" + String.format(Locale.ROOT, "%,d", c.refused()) + " in the sample) with \""
                + CommentText.shown(c.answer()) + "\" [" + ServerAnswers.SOURCE + "]");
        }
        for (String k : Clashes.inTraffic(sample)) {
            notes.add("the traffic as read writes '" + CommentText.shown(k) + "' as a tag in some lines and as a field in"
                + " others: written as it arrived, InfluxDB 3 refuses the lines that come second");
        }

        List<LimitCheck> limits = new ArrayList<>();
        for (Products.ProductLimit l : Products.LIMITS) {
            if (l.measure() == Products.Measure.TAG_COLUMNS_PER_TABLE) {
                limits.add(check(l, "each table", tags, null));
                continue;
            }
            LimitProjection lp = p.limits().stream().filter(x -> x.limit().id().equals(l.id())).findFirst()
                .orElseThrow();
            String subject = l.measure() == Products.Measure.TABLES ? "the layout's tables" : "the widest table";
            LimitCheck c = check(l, subject, lp.atHorizon(), lp.atHorizon() > l.value() ? lp.after() : null);
            limits.add(c);
            if (c.crossed() && l.product().equals(Products.CORE)) {
                notes.add("Core answers the write beyond its limit with \"" + (l.measure() == Products.Measure.TABLES
                    ? ServerAnswers.tooManyTables(l.value(), l.value()) : ServerAnswers.tooManyColumns(l.value()))
                    + "\" (HTTP 422) [" + ServerAnswers.SOURCE + "]");
            }
        }
        if (p.withheld() != null) {
            notes.add("nothing projected beyond the sample: " + p.withheld());
        }
        Caches.size(layout, Caches.growth(index), index).ifPresent(c -> {
            figures.add(new Figure("distinctCacheEntries", "distinct value cache entries", c.combinations(),
                c.combinations()));
            figures.add(new Figure("lastCacheRows", "last value cache rows (--count 1)", c.lastCacheRows(),
                c.lastCacheRows()));
            limits.add(new LimitCheck("--max-cardinality", Caches.MAX_CARDINALITY, Caches.SOURCE,
                "distinct value cache on " + keys(c.keys()), c.combinations(), null, "prunes the oldest entries"));
            notes.add("caches keyed by the closed-set tags " + keys(c.keys()) + ": " + String.format(Locale.ROOT,
                "%,d combinations seen of at most %,d (the product of their distinct values)", c.combinations(), c.product()));
        });
        return new EngineCount(engine, sample.name(), layout.id(), figures, limits, notes);
    }

    private static LimitCheck check(Products.ProductLimit l, String subject, long atHorizon, java.time.Duration after) {
        String effect = l.measure() == Products.Measure.TABLES ? "refuses the line that would create a table"
            : "refuses the line that would add a column";
        return new LimitCheck(l.product() + ": " + l.setting(), l.value(), l.source(), subject, atHorizon, after,
            effect);
    }

    /** The refused share of the sample's rows applied to the rows written by the horizon. */
    private static long atHorizon(long refused, int rows, Projection p) {
        if (refused == 0 || rows == 0 || p.withheld() != null) {
            return refused;
        }
        double written = p.pointsPerSecond() * p.settings().trafficMultiplier() * p.settings().horizon().toSeconds();
        return Math.max(refused, Math.round(written * refused / rows));
    }

    private static String primaryKey(Layout layout) {
        List<String> parts = new ArrayList<>(layout.tags().stream().map(TagSpec::key).toList());
        parts.add("time");
        return keys(parts);
    }

    private static String keys(List<String> keys) {
        return String.join(", ", keys.stream().map(k -> "'" + CommentText.shown(k) + "'").toList());
    }
}
