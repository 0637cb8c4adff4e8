package dev.cardinal.model;

import java.util.Locale;
import java.util.Optional;

/** The formats sample traffic can be read from. */
public enum SampleFormat {
    LINE_PROTOCOL, CSV, NDJSON;

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

    /** Guesses the format from a file name ({@code .lp}, {@code .csv}, {@code .ndjson}/{@code .jsonl}, optionally {@code .gz}). */
    public static Optional<SampleFormat> fromFileName(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (n.endsWith(".gz")) {
            n = n.substring(0, n.length() - 3);
        }
        if (n.endsWith(".lp") || n.endsWith(".line") || n.endsWith(".influx") || n.endsWith(".txt")) {
            return Optional.of(LINE_PROTOCOL);
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
