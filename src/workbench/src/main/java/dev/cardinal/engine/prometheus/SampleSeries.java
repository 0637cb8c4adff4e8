package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.MetricOrigin;
import dev.cardinal.lineprotocol.RowTemplates;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LongColumn;
import dev.cardinal.traffic.SampleAttribute;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rows of a sample through a layout as the samples Prometheus holds when they are remote-written: each field of
 * a row is one sample of the metric {@link MetricNames#metricOf measurement_field}, labelled with the row's tags.
 * A Prometheus metric kept as it came ({@link MetricOrigin}) is sent as it came: the metric under its own name, the
 * labels under theirs, unsanitized.
 * One pass, in row order ({@code {slot(...)}} numbers depend on the rows before). The counting and the remote-write
 * client both read rows through here, so what is counted is what is sent.
 *
 * <p>What is not sent is counted by {@link Skip}: a remote-write sample is a float64 ({@code prompb/types.proto}
 * {@code Sample.value} at v2.42.0), so a string field is no sample; a boolean is 1 or 0, as VictoriaMetrics stores
 * line protocol's booleans. A tag that renders empty is left out, as Prometheus leaves out empty labels
 * ({@code lset.WithoutEmpty()} in tsdb/head_append.go at v2.42.0). Two tags of one row under one label name would
 * make Prometheus refuse the whole write request ({@code HasDuplicateLabelNames}, same place): the row is not sent.
 */
final class SampleSeries {
    /** Why a row or a field of it is not sent. */
    enum Skip {
        STRING_FIELD("string field values (a Prometheus sample is a float64)"),
        EMPTY_FIELD_KEY("fields whose key renders empty"),
        DUPLICATE_LABEL("rows with two tags under one label name (Prometheus refuses such a series)");

        final String what;

        Skip(String what) {
            this.what = what;
        }
    }

    /** Receives one sample; {@code labels} is sorted by name, {@code __name__} included, and is not kept by the caller. */
    interface Sink {
        void sample(int row, TreeMap<String, String> labels, double value, long timestampNs);
    }

    private final Layout layout;
    private final EventKindSample sample;
    private final boolean asSent;
    private final Map<Skip, Long> skips = new EnumMap<>(Skip.class);

    SampleSeries(Layout layout, EventKindSample sample) {
        this(layout, sample, MetricOrigin.keptAsSent(layout, sample));
    }

    /** @param asSent the layout keeps a Prometheus metric as it came ({@link MetricOrigin}) */
    SampleSeries(Layout layout, EventKindSample sample, boolean asSent) {
        this.layout = layout;
        this.sample = sample;
        this.asSent = asSent;
    }

    /** Every sample of every row, in row order. */
    void forEach(Sink sink) {
        RowTemplates templates = new RowTemplates(sample);
        TreeMap<String, String> labels = new TreeMap<>();
        for (int row = 0; row < sample.rows(); row++) {
            // every template is rendered before anything is refused, so slot numbers see every row
            String measurement = templates.render(layout.measurement(), row);
            labels.clear();
            boolean duplicate = false;
            for (TagSpec t : layout.tags()) {
                String value = templates.render(t.value(), row);
                if (!value.isEmpty() && labels.put(asSent ? t.key() : MetricNames.label(t.key()), value) != null) {
                    duplicate = true;
                }
            }
            String[] keys = new String[layout.fields().size()];
            for (int f = 0; f < keys.length; f++) {
                keys[f] = templates.render(layout.fields().get(f).key(), row);
            }
            if (duplicate) {
                count(Skip.DUPLICATE_LABEL);
                continue;
            }
            for (int f = 0; f < keys.length; f++) {
                FieldSpec spec = layout.fields().get(f);
                Column c = templates.column(spec.attribute());
                if (c == null || !c.present(row)) {
                    continue;
                }
                if (keys[f].isEmpty()) {
                    count(Skip.EMPTY_FIELD_KEY);
                    continue;
                }
                Double value = value(spec.attribute(), c, row);
                if (value == null) {
                    count(Skip.STRING_FIELD);
                    continue;
                }
                labels.put(MetricNames.METRIC_NAME_LABEL,
                    asSent && !measurement.isEmpty() ? measurement : MetricNames.metricOf(measurement, keys[f]));
                sink.sample(row, labels, value, sample.timestamp(row));
            }
        }
    }

    /** What was not sent, by reason, in the passes so far. */
    Map<Skip, Long> skips() {
        return Map.copyOf(skips);
    }

    private Double value(String attribute, Column c, int row) {
        if (c instanceof DoubleColumn d) {
            return d.get(row);
        }
        if (c instanceof LongColumn l) {
            long v = l.get(row);
            return l.unsigned() && v < 0 ? (double) (v >>> 1) * 2.0 + (v & 1) : (double) v;
        }
        ValueType type = sample.attribute(attribute).map(SampleAttribute::type).orElse(ValueType.STRING);
        if (type == ValueType.BOOLEAN) {
            return "true".equals(c.text(row)) ? 1.0 : 0.0;
        }
        return null;
    }

    private void count(Skip s) {
        skips.merge(s, 1L, Long::sum);
    }
}
