package dev.cardinal.engine.influxdb1;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.MeasureShown;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.SampleWriteOptions;
import dev.cardinal.engine.SampleWriteStopped;
import dev.cardinal.engine.ShownComparison;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.lint.PointsOverwritten;
import dev.cardinal.model.Layout;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.MemoryEstimate;
import dev.cardinal.projection.MemoryModel;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A layout's sample written to an InfluxDB 1.x database (or what answers its API) in batches, shifted to now by whole
 * shard groups unless told the shift, and the server's numbers set beside the projection: shown as
 * {@code cardinal apply --write-sample} prints it, rows as the Push tab lists them. A batch the server refuses stops
 * the write with where to resume ({@link SampleWriteStopped}).
 */
final class InfluxV1SampleCheck {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private InfluxV1SampleCheck() {
    }

    static SampleComparison run(InfluxV1Push push, Layout layout, EventKindSample k, SampleWriteOptions options,
                                PushMonitor monitor) throws IOException, InterruptedException {
        var unwritable = SampleLineProtocol.unwritable(layout);
        if (unwritable.isPresent()) {
            return SampleComparison.unwritable(k.name(), layout.id(), unwritable.get());
        }
        LayoutMeasurer measurer = new LayoutMeasurer(new SampleIndex(k));
        LayoutMeasure projected = measurer.measure(layout);
        long shift = options.timeShiftNs() != null ? options.timeShiftNs() : SampleWrite.timeShiftToNow(k,
            layout.retention().effectiveShardGroupDuration(), System.currentTimeMillis() * 1_000_000L);
        SampleWrite write = new SampleWrite(push.client(), push.database(), layout.retention().name(), shift)
            .batchSize(options.batchSize());
        InfluxV1Comparison c;
        try {
            c = push.writeAndMeasure(layout, k, projected, measurer.fieldValuesKept(layout), write, options.resumeAt(), monitor);
        } catch (SampleWriteException e) {
            throw new SampleWriteStopped(e.getMessage(), new SampleComparison.Resume(e.resumeAt(), e.timeShiftNs()), e);
        }
        // points merged into others are gone even when projected: the lint rule says how to keep them
        boolean asProjected = !c.write().cancelled() && c.matches() && c.write().pointsDropped() == 0
            && c.projectedOverwritten() == 0;
        String written = String.format(Locale.ROOT, "%,d lines written in %,d batches, timestamps moved by %s",
            c.write().linesSent(), c.write().batches(), Quantities.span(Duration.ofNanos(c.write().timeShiftNs())));
        List<String> notes = notes(c);
        String verdict = written + "; " + (c.write().cancelled() ? "stopped after " + c.write().linesSent() + " lines"
            : asProjected ? "the server holds what was projected"
            : c.matches() && c.write().pointsDropped() == 0 ? "the server holds what was projected, but "
                + Quantities.count(c.projectedOverwritten()) + " point(s) shared a series and a timestamp and were overwritten"
            : "the server's numbers differ from the projection");
        SampleComparison.Resume resume = new SampleComparison.Resume(c.write().resumeAt(), c.write().timeShiftNs());
        return new SampleComparison(k.name(), layout.id(), written, rows(c), notes, c.write().cancelled(), asProjected, resume,
            null, new ShownComparison(verdict, json(k.name(), c), text(k.name(), c)));
    }

    /** What the Push tab lists: counts equal, the index memory inside the model's range. */
    private static List<ComparisonRow> rows(InfluxV1Comparison c) {
        LayoutMeasure p = c.projected();
        ServerNumbers m = c.measured();
        List<ComparisonRow> rows = new ArrayList<>();
        rows.add(ComparisonRow.exact("points written", p.points(), c.write().linesSent() - c.write().pointsDropped()));
        rows.add(ComparisonRow.exact("series", p.series(), m.series()));
        rows.add(ComparisonRow.exact("SHOW SERIES EXACT CARDINALITY on " + c.engine().product(), c.projectedReportedSeries(),
            m.serverReportedSeries()));
        rows.add(ComparisonRow.exact("measurements", p.measurements(), m.measurements()));
        rows.add(ComparisonRow.exact("field keys", p.fieldKeys(), m.fieldKeys()));
        c.fieldCounts().forEach(f -> rows.add(ComparisonRow.exact("count(" + f.field() + ")", f.projected(), f.measured())));
        tagKeys(c).forEach(k -> rows.add(ComparisonRow.exact("values of tag " + k, p.tags().getOrDefault(k, 0L), m.tags().getOrDefault(k, 0L))));
        if (c.indexMemoryGrowth() >= 0) {
            var memory = MemoryModel.estimate(p.footprint());
            rows.add(new ComparisonRow("index memory growth, bytes (model: low)", memory.low(), c.indexMemoryGrowth(),
                ComparisonRow.Bound.AT_LEAST));
            rows.add(new ComparisonRow("index memory growth, bytes (model: high)", memory.high(), c.indexMemoryGrowth(),
                ComparisonRow.Bound.AT_MOST));
        }
        return rows;
    }

    private static Iterable<String> tagKeys(InfluxV1Comparison c) {
        Map<String, Long> keys = new TreeMap<>(c.projected().tags());
        c.measured().tags().forEach(keys::putIfAbsent);
        return keys.keySet();
    }

    private static List<String> notes(InfluxV1Comparison c) {
        List<String> notes = new ArrayList<>();
        c.write().skipped().skips().forEach((why, n) -> notes.add(String.format(Locale.ROOT, "not written: %,d %s: %s", n,
            why.wholeRow() ? "row(s)" : "field value(s)", why.reason())));
        if (c.write().pointsDropped() > 0) {
            notes.add(String.format(Locale.ROOT, "the server dropped %,d point(s): %s", c.write().pointsDropped(),
                String.join("; ", c.write().serverReasons())));
        }
        if (c.projectedOverwritten() > 0) {
            notes.add(String.format(Locale.ROOT, "%,d of %,d point(s) shared a series and a timestamp with an earlier one and"
                + " were overwritten (lint rule %s says how to keep them)", c.projectedOverwritten(), c.projected().points(),
                PointsOverwritten.ID));
        }
        return notes;
    }

    private static ObjectNode json(String kind, InfluxV1Comparison c) {
        ObjectNode n = F.objectNode().put("name", kind).put("layout", c.layout().id()).put("matches", c.matches());
        ObjectNode projected = MeasureShown.projected(n, c.projected(), c.projectedReportedSeries());
        ServerNumbers m = c.measured();
        ObjectNode measured = n.putObject("measured").put("measurements", m.measurements()).put("series", m.series())
            .put("serverReportedSeries", m.serverReportedSeries()).put("fieldKeys", m.fieldKeys())
            .put("indexMemoryBytes", m.indexMemoryBytes()).put("indexMemoryGrowthBytes", c.indexMemoryGrowth());
        ObjectNode mt = measured.putObject("tags");
        m.tags().forEach(mt::put);
        if (c.projected().pointsKept() != null) {
            projected.put("pointsKept", c.projected().pointsKept().kept())
                .put("pointsOverwritten", c.projected().pointsKept().overwritten());
        }
        ObjectNode pc = projected.putObject("fieldValues");
        ObjectNode mc = measured.putObject("fieldValues");
        c.fieldCounts().forEach(f -> {
            pc.put(f.field(), f.projected());
            mc.put(f.field(), f.measured());
        });
        ObjectNode w = n.putObject("write").put("linesSent", c.write().linesSent()).put("batches", c.write().batches())
            .put("pointsDropped", c.write().pointsDropped()).put("rowsSkipped", c.write().rowsSkipped())
            .put("timeShiftNs", c.write().timeShiftNs());
        ObjectNode skipped = w.putObject("skipped");
        c.write().skipped().skips().forEach((why, n1) -> skipped.put(why.name().toLowerCase(Locale.ROOT), n1));
        ArrayNode reasons = w.putArray("serverReasons");
        c.write().serverReasons().forEach(reasons::add);
        return n;
    }

    private static List<String> text(String kind, InfluxV1Comparison c) {
        LayoutMeasure p = c.projected();
        ServerNumbers m = c.measured();
        List<String> out = new ArrayList<>();
        out.add("");
        out.add(String.format(Locale.ROOT, "%s, layout %s: %,d lines written in %,d batches, timestamps moved by %s", kind,
            c.layout().id(), c.write().linesSent(), c.write().batches(), Quantities.span(Duration.ofNanos(c.write().timeShiftNs()))));
        c.write().skipped().skips().forEach((why, n) -> out.add(String.format(Locale.ROOT, "  not written: %,d %s: %s", n,
            why.wholeRow() ? "row(s)" : "field value(s)", why.reason())));
        if (c.write().pointsDropped() > 0) {
            out.add(String.format(Locale.ROOT, "  the server dropped %,d point(s): %s", c.write().pointsDropped(),
                String.join("; ", c.write().serverReasons())));
        }
        out.add(String.format(Locale.ROOT, "  server: %s%s; SHOW SERIES EXACT CARDINALITY %s", c.engine().product(),
            c.engine().assumed() ? " (assumed: it sent no version)" : " (its X-Influxdb-Version)", c.engine().seriesMeaning()));
        out.add(String.format(Locale.ROOT, "  %-28s %14s %14s", "", "projected", "measured"));
        out.add(MeasureShown.row("series", p.series(), m.series()));
        if (c.projectedReportedSeries() >= 0) {
            out.add(MeasureShown.row("SHOW SERIES EXACT CARDINALITY", c.projectedReportedSeries(), m.serverReportedSeries()));
        }
        out.add(MeasureShown.row("measurements", p.measurements(), m.measurements()));
        out.add(MeasureShown.row("field keys", p.fieldKeys(), m.fieldKeys()));
        c.fieldCounts().forEach(f -> out.add(MeasureShown.row("count(" + f.field() + ")", f.projected(), f.measured())));
        tagKeys(c).forEach(key -> out.add(MeasureShown.row("values of tag " + key, p.tags().getOrDefault(key, 0L),
            m.tags().getOrDefault(key, 0L))));
        if (c.indexMemoryGrowth() >= 0) {
            MemoryEstimate memory = MemoryModel.estimate(p.footprint());
            out.add(String.format(Locale.ROOT, "  %-28s %14s %14s  (model; measured: growth of SHOW STATS 'indexes' during the write)",
                "index memory", Quantities.bytes(memory.low()) + "-" + Quantities.bytes(memory.high()),
                Quantities.bytes(c.indexMemoryGrowth())));
        }
        if (c.projectedOverwritten() > 0) {
            out.add(String.format(Locale.ROOT, "  %,d of %,d point(s) shared a series and a timestamp with an earlier one and were"
                + " overwritten (lint rule %s says how to keep them)", c.projectedOverwritten(), p.points(), PointsOverwritten.ID));
        }
        out.add(c.matches() ? "  the server holds what was projected" : "  the server's numbers DIFFER from the projection");
        return out;
    }
}
