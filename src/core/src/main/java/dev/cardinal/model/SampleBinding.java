package dev.cardinal.model;

import java.util.List;
import java.util.Objects;

/**
 * A sample traffic file bound to a workspace. The path is relative to the workspace file and uses {@code /}, so
 * the workspace and its samples can move together (and live in git).
 *
 * @param id         stable identifier
 * @param path       file path relative to the workspace file
 * @param format     how to read it
 * @param eventKind  event kind the rows belong to (CSV and NDJSON); {@code null} for line protocol, where the
 *                   measurement names the event kind
 * @param precision  timestamp unit for line protocol and numeric time columns: ns, us, ms or s
 * @param timeColumn CSV column or NDJSON property holding the time; {@code null} when there is none
 * @param timeFormat how that time is written: rfc3339, epoch (in {@code precision}), or a java.time pattern
 * @param tagColumns CSV columns / NDJSON properties that arrive as tags (line protocol says so itself)
 */
public record SampleBinding(String id, String path, SampleFormat format, String eventKind, String precision,
                            String timeColumn, String timeFormat, List<String> tagColumns) {

    public static final List<String> PRECISIONS = List.of("ns", "us", "ms", "s");

    public SampleBinding {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(precision, "precision");
        tagColumns = List.copyOf(tagColumns);
    }

    public static SampleBinding lineProtocol(String id, String path, String precision) {
        return new SampleBinding(id, path, SampleFormat.LINE_PROTOCOL, null, precision, null, null, List.of());
    }
}
