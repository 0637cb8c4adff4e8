package dev.cardinal.engine.victoriametrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What VictoriaMetrics 1.79.5 stores for one line read by {@link InfluxLineParser}: one series per field, named
 * {@code measurement_field}. Ported from {@code insertRows} in {@code app/vminsert/influx/request_handler.go},
 * {@code InsertCtx.AddLabel} in {@code app/vminsert/common/insert_ctx.go}, and {@code MarshalMetricNameRaw},
 * {@code UnmarshalRaw} and {@code sortTags} in {@code lib/storage/metric_name.go}, all at v1.79.5:
 * <ul>
 * <li>the labels are the tags in the line's order, then {@code db} (the request's {@code ?db=}) unless a tag has that
 *     name or there is no {@code ?db=}; a label with an empty value is skipped;</li>
 * <li>only the first {@code -maxLabelsPerTimeseries} of them are kept: the rest are dropped silently (the metric
 *     name is marshalled apart and never dropped); of those kept, a name is cut to 256 bytes and a value to
 *     {@code -maxLabelValueLen} bytes;</li>
 * <li>a tag named {@code __name__} becomes the metric name and is then overwritten by the field's own;</li>
 * <li>the metric name is {@code measurement} + {@code _} + field key (just the field key for an empty measurement;
 *     flags {@code -influxMeasurementFieldSeparator}, {@code -influxSkipSingleField} and
 *     {@code -influxSkipMeasurement} left at their defaults), cut to {@code -maxLabelValueLen} bytes;</li>
 * <li>labels are sorted and, where two share a name (two long names cut alike), the later one wins;</li>
 * <li>a field whose value is NaN is dropped before the series is indexed ({@link FieldValues}).</li>
 * </ul>
 * With {@code skipSingleField} (the flag {@code -influxSkipSingleField}, {@code skipFieldKey := len(r.Measurement) > 0 &&
 * len(r.Fields) == 1 && *skipSingleField} in {@code insertRows}), a line of one field under a measurement names its
 * series after the measurement alone: how a Prometheus metric kept as it came is counted ({@link
 * dev.cardinal.engine.MetricOrigin}), whose remote write names it so.
 */
final class VmIngest {
    private final VmFlags flags;
    private final String db;
    private final boolean skipSingleField;

    VmIngest(VmFlags flags) {
        this(flags, false);
    }

    VmIngest(VmFlags flags, boolean skipSingleField) {
        this.flags = flags;
        this.skipSingleField = skipSingleField;
        this.db = flags.db() == null ? "" : VmSeries.bytes(flags.db());
    }

    /** The series the row's fields make, one per field with a value the server keeps. */
    List<VmSeries> series(InfluxLineParser.Row row) {
        List<VmSeries.Label> written = new ArrayList<>();
        boolean hasDb = false;
        for (InfluxLineParser.Tag t : row.tags()) {
            hasDb |= t.key().equals("db");
            written.add(new VmSeries.Label(t.key(), t.value()));
        }
        if (!hasDb && !db.isEmpty()) {
            written.add(new VmSeries.Label("db", db));
        }
        // the last value of a name wins; TreeMap orders as Go compares bytes (each char is one byte here)
        Map<String, String> kept = new TreeMap<>();
        for (int i = 0; i < written.size() && i < flags.maxLabelsPerTimeseries(); i++) {
            String name = cut(written.get(i).name(), VmFlags.MAX_LABEL_NAME_LEN);
            String value = cut(written.get(i).value(), flags.maxLabelValueLen());
            if (value.isEmpty()) {
                continue;
            }
            if (name.equals("__name__") || name.isEmpty()) {
                continue; // becomes the metric group, which the field's own name then replaces
            }
            kept.put(name, value);
        }
        List<VmSeries.Label> labels = kept.entrySet().stream().map(e -> new VmSeries.Label(e.getKey(), e.getValue())).toList();
        List<VmSeries> series = new ArrayList<>(row.fields().size());
        for (InfluxLineParser.Field f : row.fields()) {
            if (!Double.isNaN(f.value())) {
                series.add(new VmSeries(cut(metricName(row, f), flags.maxLabelValueLen()), labels));
            }
        }
        return series;
    }

    /** The metric name a field of the row is written under, before it is cut to {@code -maxLabelValueLen}. */
    String metricName(InfluxLineParser.Row row, InfluxLineParser.Field f) {
        if (row.measurement().isEmpty()) {
            return f.key();
        }
        return skipSingleField && row.fields().size() == 1 ? row.measurement() : row.measurement() + "_" + f.key();
    }

    /** How many labels the row writes (its tags and db): more than {@code -maxLabelsPerTimeseries} are dropped. */
    int labelsWritten(InfluxLineParser.Row row) {
        boolean hasDb = row.tags().stream().anyMatch(t -> t.key().equals("db"));
        return row.tags().size() + (!hasDb && !db.isEmpty() ? 1 : 0);
    }

    private static String cut(String bytes, int max) {
        return bytes.length() > max ? bytes.substring(0, max) : bytes;
    }
}
