package dev.cardinal.engine.victoriametrics;

import dev.cardinal.lineprotocol.RowTemplates;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.PrometheusTextReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a Prometheus metric kept as it came ({@link dev.cardinal.engine.MetricOrigin}) as the server takes them by
 * remote write ({@code /api/v1/write}): no line protocol in between, so a name holds whatever bytes it was sent with
 * (line protocol would lose a quote or a backslash in a name to the parser's escapes, {@link InfluxLineParser}); each
 * row one line of one field, counted with {@code -influxSkipSingleField} ({@link VmIngest}): the metric under its own
 * name, the tags as labels, an empty value left out, NaN dropped. The server's flags on labels apply as to line
 * protocol ({@code InsertCtx.AddLabel}, shared by both handlers in app/vminsert at v1.79.5).
 */
final class SentMetric {
    private SentMetric() {
    }

    /** Feeds every row of the sample, in row order, to {@code tally}. */
    static void write(Layout layout, EventKindSample sample, VmTally tally) {
        RowTemplates templates = new RowTemplates(sample);
        Column values = templates.column(PrometheusTextReader.VALUE);
        for (int row = 0; row < sample.rows(); row++) {
            String measurement = templates.render(layout.measurement(), row);
            List<InfluxLineParser.Tag> tags = new ArrayList<>(layout.tags().size());
            for (TagSpec t : layout.tags()) {
                tags.add(new InfluxLineParser.Tag(VmSeries.bytes(t.key()), VmSeries.bytes(templates.render(t.value(), row))));
            }
            List<InfluxLineParser.Field> fields = values == null || !values.present(row) ? List.of()
                : List.of(new InfluxLineParser.Field(PrometheusTextReader.VALUE, value(values, row)));
            tally.written(new InfluxLineParser.Row(VmSeries.bytes(measurement), tags, fields, sample.timestamp(row)));
        }
    }

    private static double value(Column c, int row) {
        return c instanceof DoubleColumn d ? d.get(row) : Double.parseDouble(c.text(row));
    }
}
