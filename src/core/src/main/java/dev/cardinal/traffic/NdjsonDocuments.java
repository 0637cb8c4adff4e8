package dev.cardinal.traffic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Reads NDJSON as whole documents, in file order, for a document engine: each line one JSON object, kept as a tree
 * (a document engine maps its structure, not flat rows). The time of a document is its {@code @timestamp}, or the
 * first top-level key the CSV and NDJSON readers take as time ({@code time}, {@code timestamp}, ...), decided by the
 * first document that carries one. A line that is not one JSON object (duplicate keys included: the engine refuses
 * them too) is reported with its number and reason and skipped.
 */
public final class NdjsonDocuments {
    /** Keys taken as a document's time, in order of preference. */
    public static final List<String> TIME_KEYS = List.of("@timestamp", "time", "timestamp", "_time", "ts");
    private static final JsonMapper JSON = JsonMapper.builder()
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
        .build();

    /**
     * One document.
     *
     * @param line      its 1-based line
     * @param json      the JSON object
     * @param timeNanos its time in nanoseconds since the epoch, or {@link Long#MIN_VALUE} when it has none
     */
    public record Document(long line, JsonNode json, long timeNanos) {
        public boolean hasTime() {
            return timeNanos != Long.MIN_VALUE;
        }
    }

    /** Receives documents in file order. */
    @FunctionalInterface
    public interface Sink {
        void accept(Document d);
    }

    private NdjsonDocuments() {
    }

    /**
     * Reads a file ({@code .gz} decompressed) into {@code sink}.
     *
     * @return the lines that could not be read, each with its number and reason
     */
    public static List<ReadProblem> read(Path file, Sink sink) throws IOException {
        try (InputStream raw = Files.newInputStream(file)) {
            InputStream in = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")
                ? new GZIPInputStream(raw, 1 << 16) : raw;
            return read(in, file.toString(), sink);
        }
    }

    public static List<ReadProblem> read(InputStream in, String name, Sink sink) throws IOException {
        List<ReadProblem> problems = new ArrayList<>();
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        String timeKey = null;
        TimeFormat time = TimeFormat.of(null, "ms");
        long line = 0;
        for (String text = r.readLine(); text != null; text = r.readLine()) {
            line++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode doc;
            try {
                doc = JSON.readTree(text);
            } catch (JsonProcessingException e) {
                problems.add(new ReadProblem(name, line, e.getLocation() == null ? 0 : e.getLocation().getColumnNr(),
                    ReadProblem.Kind.MALFORMED, e.getOriginalMessage()));
                continue;
            }
            if (doc == null || !doc.isObject()) {
                problems.add(new ReadProblem(name, line, 1, ReadProblem.Kind.MALFORMED, "the line is not a JSON object"));
                continue;
            }
            if (timeKey == null) {
                timeKey = TIME_KEYS.stream().filter(doc::has).findFirst().orElse(null);
            }
            long nanos = Long.MIN_VALUE;
            JsonNode t = timeKey == null ? null : doc.get(timeKey);
            if (t != null && (t.isTextual() || t.isNumber())) {
                try {
                    nanos = t.isNumber() ? time.parseNumber(t.asText()) : time.parse(t.asText());
                } catch (TimeFormat.InvalidTimeException e) {
                    problems.add(new ReadProblem(name, line, 0, ReadProblem.Kind.WARNING, "the time '" + timeKey
                        + "' is not a time (" + e.getMessage() + "); the document is kept without one"));
                }
            }
            sink.accept(new Document(line, doc, nanos));
        }
        return problems;
    }
}
