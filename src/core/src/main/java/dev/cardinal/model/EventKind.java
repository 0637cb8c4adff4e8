package dev.cardinal.model;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A logical record found in sample traffic, e.g. {@code listing_event}, with its attributes in arrival order, and
 * where its records come from ({@link Origin}), which decides how a metric engine names its series.
 */
public record EventKind(String name, List<Attribute> attributes, Origin origin) {
    /** Where an event kind's records come from. */
    public enum Origin {
        /**
         * A record: a line-protocol measurement, a CSV or NDJSON row. A metric engine names each field's series
         * {@code measurement_field}, as VictoriaMetrics names line protocol's.
         */
        RECORD("record"),
        /**
         * A Prometheus metric (a scrape, or remote write taken by a capture or read from a server): its sample value is
         * the field {@code value}, and a metric engine names its series after the metric alone, as remote write does.
         */
        PROMETHEUS_METRIC("prometheus-metric");

        private final String id;

        Origin(String id) {
            this.id = id;
        }

        /** The name in a workspace file. */
        public String id() {
            return id;
        }

        public static Optional<Origin> fromId(String id) {
            return Arrays.stream(values()).filter(o -> o.id.equals(id)).findFirst();
        }
    }

    public EventKind {
        attributes = List.copyOf(attributes);
        Objects.requireNonNull(origin, "origin");
    }

    /** A record ({@link Origin#RECORD}). */
    public EventKind(String name, List<Attribute> attributes) {
        this(name, attributes, Origin.RECORD);
    }

    public Optional<Attribute> attribute(String attributeName) {
        return attributes.stream().filter(a -> a.name().equals(attributeName)).findFirst();
    }

    public boolean has(String attributeName) {
        return attribute(attributeName).isPresent();
    }

    /** True for a Prometheus metric ({@link Origin#PROMETHEUS_METRIC}). */
    public boolean prometheusMetric() {
        return origin == Origin.PROMETHEUS_METRIC;
    }
}
