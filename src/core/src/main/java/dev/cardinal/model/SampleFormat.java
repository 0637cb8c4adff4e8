package dev.cardinal.model;

import java.util.Locale;
import java.util.Optional;

/**
 * The formats sample traffic can be read from. {@link #SUMMARY} is a traffic summary ({@code *.summary.json}, written by
 * the Spark job): bound like a sample, it gives a projection's figures without any rows.
 */
public enum SampleFormat {
    LINE_PROTOCOL, CSV, NDJSON, SUMMARY,
    /** A Prometheus scrape in the text exposition format (or OpenMetrics text): {@code .prom}. */
    PROMETHEUS_TEXT;

    /** True for the formats that give rows (all but {@link #SUMMARY}). */
    public boolean rows() {
        return this != SUMMARY;
    }

    /** True when the file names its event kinds (line protocol's measurements, a scrape's metric names). */
    public boolean namesEventKinds() {
        return this == LINE_PROTOCOL || this == PROMETHEUS_TEXT;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Optional<SampleFormat> fromId(String id) {
        for (SampleFormat f : values()) {
            if (f.id().equals(id)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /**
     * Guesses the format from a file name ({@code .lp}, {@code .csv}, {@code .ndjson}/{@code .jsonl}, {@code .prom}, optionally
     * {@code .gz}; {@code .summary.json} is a traffic summary).
     */
    public static Optional<SampleFormat> fromFileName(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".summary.json")) {
            return Optional.of(SUMMARY);
        }
        if (n.endsWith(".gz")) {
            n = n.substring(0, n.length() - 3);
        }
        if (n.endsWith(".lp") || n.endsWith(".line") || n.endsWith(".influx") || n.endsWith(".txt")) {
            return Optional.of(LINE_PROTOCOL);
        }
        if (n.endsWith(".prom") || n.endsWith(".openmetrics")) {
            return Optional.of(PROMETHEUS_TEXT);
        }
        if (n.endsWith(".csv")) {
            return Optional.of(CSV);
        }
        if (n.endsWith(".ndjson") || n.endsWith(".jsonl") || n.endsWith(".json")) {
            return Optional.of(NDJSON);
        }
        return Optional.empty();
    }
}
