package dev.cardinal.traffic;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rows of one event kind, columnar: a timestamp per row and one column per attribute (dictionary ids for
 * strings and booleans, raw values for numbers). No object exists per row.
 */
public final class EventKindSample {
    private final String name;
    private final int rows;
    private final long[] timestamps;
    private final List<SampleAttribute> attributes;
    private final List<Column> columns;
    /** Attribute index by name: a kind may have tens of thousands of attributes, each looked up by name. */
    private final Map<String, Integer> index = new HashMap<>();
    private final boolean prometheusMetric;

    EventKindSample(String name, int rows, long[] timestamps, List<SampleAttribute> attributes, List<Column> columns,
        boolean prometheusMetric) {
        this.name = name;
        this.prometheusMetric = prometheusMetric;
        this.rows = rows;
        this.timestamps = timestamps;
        this.attributes = List.copyOf(attributes);
        this.columns = List.copyOf(columns);
        for (int i = 0; i < this.attributes.size(); i++) {
            index.putIfAbsent(this.attributes.get(i).name(), i);
        }
    }

    public String name() {
        return name;
    }

    /**
     * True when the kind came as a Prometheus metric (a scrape in the text exposition format, or remote write taken by a
     * capture): each row is one sample of the metric named as the kind, its labels the tags as sent, its value the field
     * {@value PrometheusTextReader#VALUE}. An engine that takes Prometheus' own writes names its series after the
     * metric, not after the line protocol Cardinal reads it as.
     */
    public boolean prometheusMetric() {
        return prometheusMetric;
    }

    public int rows() {
        return rows;
    }

    /** Nanoseconds since the epoch. */
    public long timestamp(int row) {
        return timestamps[row];
    }

    public List<SampleAttribute> attributes() {
        return attributes;
    }

    public int attributeIndex(String attributeName) {
        return index.getOrDefault(attributeName, -1);
    }

    public Optional<SampleAttribute> attribute(String attributeName) {
        int i = attributeIndex(attributeName);
        return i < 0 ? Optional.empty() : Optional.of(attributes.get(i));
    }

    public Column column(int attributeIndex) {
        return columns.get(attributeIndex);
    }

    public Column column(String attributeName) {
        int i = attributeIndex(attributeName);
        if (i < 0) {
            throw new IllegalArgumentException("event kind '" + name + "' has no attribute '" + attributeName + "'");
        }
        return columns.get(i);
    }

    /** Bytes held per row by timestamps and columns, dictionaries aside. */
    public int bytesPerRow() {
        int b = 8;
        for (Column c : columns) {
            b += c.bytesPerRow();
        }
        return b;
    }

    /** Bytes held in all, dictionaries included. */
    public long footprintBytes() {
        long b = 8L * timestamps.length;
        for (Column c : columns) {
            b += c.footprintBytes();
        }
        return b;
    }
}
