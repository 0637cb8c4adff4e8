package dev.cardinal.spark;

import dev.cardinal.model.SampleFormat;
import java.util.Locale;
import java.util.Optional;

/** How an input of the job is written: Cardinal's three text formats, and Parquet. */
enum InputFormat {
    LINE_PROTOCOL, CSV, NDJSON, PARQUET;

    String id() {
        return this == LINE_PROTOCOL ? "lp" : name().toLowerCase(Locale.ROOT);
    }

    static Optional<InputFormat> fromId(String id) {
        for (InputFormat f : values()) {
            if (f.id().equals(id) || f.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(id)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** From a path's name as Cardinal's own readers guess it ({@code .lp}, {@code .csv}, {@code .ndjson}, any {@code .gz}), or {@code .parquet}. */
    static Optional<InputFormat> fromPath(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        if (name.endsWith(".parquet") || name.endsWith(".parq")) {
            return Optional.of(PARQUET);
        }
        return SampleFormat.fromFileName(name).flatMap(f -> switch (f) {
            case LINE_PROTOCOL -> Optional.of(LINE_PROTOCOL);
            case CSV -> Optional.of(CSV);
            case NDJSON -> Optional.of(NDJSON);
            case SUMMARY -> Optional.<InputFormat>empty(); // a traffic summary is the job's output, never its traffic
            case PROMETHEUS_TEXT -> Optional.<InputFormat>empty(); // a scrape is a desktop sample, not a lake's traffic
        });
    }

    /** The format Cardinal's own reader reads an input's records as (a Parquet row is read as the JSON object of its columns). */
    SampleFormat records() {
        return switch (this) {
            case LINE_PROTOCOL -> SampleFormat.LINE_PROTOCOL;
            case CSV -> SampleFormat.CSV;
            case NDJSON, PARQUET -> SampleFormat.NDJSON;
        };
    }
}
