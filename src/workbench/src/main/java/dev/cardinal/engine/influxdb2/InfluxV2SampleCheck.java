package dev.cardinal.engine.influxdb2;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.ComparisonRow;
import dev.cardinal.engine.MeasureShown;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.SampleWriteOptions;
import dev.cardinal.engine.ShownComparison;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A layout's sample written to its 2.x bucket, shifted to now by whole shard groups unless told the shift, and
 * {@code influxdb.cardinality()}, field keys and tag values read back beside the projection. 2.x OSS counts each
 * series (measurement and tag set) once across the live shard groups ({@link InfluxDb2Servers}); a Cloud (TSM)
 * organisation a series per field key (measurement, tag set and field). The projection counts as the server does.
 */
final class InfluxV2SampleCheck {
    private InfluxV2SampleCheck() {
    }

    static SampleComparison run(InfluxV2Push v2, boolean cloud, Layout layout, EventKindSample k, SampleWriteOptions options, PushMonitor monitor)
        throws IOException {
        LayoutMeasurer measurer = new LayoutMeasurer(new SampleIndex(k));
        LayoutMeasure projected = measurer.measure(layout);
        long shift = options.timeShiftNs() != null ? options.timeShiftNs() : SampleLineProtocol.timeShiftToNow(k,
            layout.retention().effectiveShardGroupDuration(), System.currentTimeMillis() * 1_000_000L);
        long lines = v2.writeSample(layout, k, shift, options.batchSize(), monitor);
        InfluxV2Push.Measured m = v2.measure(layout);
        long reported = cloud ? measurer.seriesPerFieldKey(layout) : projected.liveSeries();
        boolean matches = m.tags().equals(projected.tags()) && m.fieldKeys() == projected.fieldKeys()
            && m.reportedSeries() == reported;
        ObjectNode n = JsonNodeFactory.instance.objectNode().put("name", k.name()).put("layout", layout.id()).put("matches", matches);
        MeasureShown.projected(n, projected, reported);
        ObjectNode measured = n.putObject("measured").put("serverReportedSeries", m.reportedSeries())
            .put("serverCountsSeriesPerFieldKey", cloud).put("fieldKeys", m.fieldKeys());
        ObjectNode mt = measured.putObject("tags");
        m.tags().forEach(mt::put);
        n.putObject("write").put("linesSent", lines).put("timeShiftNs", shift);

        List<ComparisonRow> rows = new ArrayList<>();
        rows.add(ComparisonRow.exact("influxdb.cardinality()", reported, m.reportedSeries()));
        rows.add(ComparisonRow.exact("field keys", projected.fieldKeys(), m.fieldKeys()));
        projected.tags().forEach((key, v) -> rows.add(ComparisonRow.exact("values of tag " + key, v, m.tags().getOrDefault(key, 0L))));
        List<String> text = new ArrayList<>();
        text.add("");
        text.add(String.format(Locale.ROOT, "%s, layout %s: %,d lines written", k.name(), layout.id(), lines));
        text.add(String.format(Locale.ROOT, "  %-28s %14s %14s", "", "projected", "measured"));
        rows.forEach(r -> text.add(MeasureShown.row(r.what(), r.projected(), r.measured())));
        String note = cloud ? "InfluxDB Cloud (TSM) counts a series per field key: measurement, tag set and field"
            : "2.x OSS counts each series (measurement and tag set, not the field) once across the live shard groups";
        text.add("  (" + note + ")");
        String written = String.format(Locale.ROOT, "%,d lines written", lines);
        return new SampleComparison(k.name(), layout.id(), written, rows, List.of(note), false, matches, null, null,
            new ShownComparison(written + "; " + (matches ? "as projected" : "NOT as projected"), n, text));
    }
}
