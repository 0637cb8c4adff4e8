package dev.cardinal.traffic;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.ValueType;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads NDJSON sample traffic (one JSON object per line) as rows of one event kind. Nested objects flatten to
 * dotted keys ({@code {"user":{"id":"u1"}}} gives {@code user.id}); an array is kept as its compact JSON text;
 * null means the row does not carry the key. Each line is parsed on its own, so a broken line costs that line only.
 */
public final class NdjsonReader implements TrafficReader {
    private static final JsonFactory JSON = JsonFactory.builder()
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();

    @Override
    public void read(InputStream in, String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor)
        throws IOException, SampleFormatException {
        into.fileStarted();
        CountedInput counted = new CountedInput(in);
        Utf8Reader text = new Utf8Reader(counted);
        LineScanner lines = new LineScanner(text);
        FlatRowWriter writer = new FlatRowWriter(file, binding, into, monitor, true, counted::count);
        new FileRead(lines, text, file, binding, writer, into).run();
        // not in a finally: a refused file counts no lines
        into.linesSeen(writer.linesSeen(lines.count()));
    }

    /** The state of reading one file. */
    private static final class FileRead {
        private final LineScanner lines;
        private final Utf8Reader decoded;
        private final String file;
        private final FlatRowWriter writer;
        private final SampleBuilder into;
        private String timeKey;
        private final boolean detectTime;
        private String problem;
        private int problemColumn;
        private boolean unfinished;
        private boolean tooManyKeys;

        FileRead(LineScanner lines, Utf8Reader text, String file, SampleBinding binding, FlatRowWriter writer,
                 SampleBuilder into) {
            this.lines = lines;
            this.decoded = text;
            this.file = file;
            this.writer = writer;
            this.into = into;
            this.timeKey = binding.timeColumn();
            this.detectTime = timeKey == null;
        }

        void run() throws IOException, SampleFormatException {
            boolean first = true;
            while (lines.next()) {
                long line = lines.count();
                long replaced = decoded.replacementIn(lines.lineStart(), lines.lineEnd());
                if (lines.tooLong()) {
                    writer.bad(line, 1, ReadProblem.Kind.MALFORMED, "the line is longer than "
                        + LineScanner.MAX_LINE_CHARS + " characters");
                    continue;
                }
                char[] text = lines.text();
                int start = 0;
                while (start < lines.length() && Character.isWhitespace(text[start])) {
                    start++;
                }
                if (start == lines.length()) {
                    continue;
                }
                FlatRowWriter.Row row = writer.newRow(line);
                boolean ok = parse(text, lines.length(), row);
                if (first) {
                    checkFirst(text[start], line, ok);
                    first = false;
                }
                if (tooManyKeys) {
                    writer.stopBefore(line, String.format(Locale.ROOT, "the memory budget of %d MiB, which holds"
                        + " about %,d keys, fewer than the lines so far and this one bring", into.limits().maxBytes() >> 20,
                        writer.maxKeys()));
                    return;
                }
                if (!ok) {
                    writer.bad(line, problemColumn, ReadProblem.Kind.MALFORMED, problem);
                    continue;
                }
                // a raw NUL is not JSON text: such a line is bad (above), never kept
                ReadProblem odd = Utf8Reader.oddText(file, line, lines.lineStart(), replaced, -1);
                if (odd != null) {
                    into.warning(odd);
                }
                if (!writer.add(row)) {
                    return;
                }
            }
            writer.finish();
        }

        /** A file whose first line is not an object is not NDJSON at all: refuse it rather than report every line. */
        private void checkFirst(char firstChar, long line, boolean ok) throws SampleFormatException {
            if (firstChar != '{') {
                throw new SampleFormatException(file + " is not NDJSON: line " + line + " does not start with '{'"
                    + (firstChar == '[' ? " (a JSON array? NDJSON holds one object per line)" : ""));
            }
            if (!ok && unfinished) {
                throw new SampleFormatException(file + " is not NDJSON: the object on line " + line
                    + " does not end on that line (pretty-printed JSON? NDJSON holds one object per line)");
            }
        }

        /** Fills the row from one line; false, with {@link #problem} set, when the line is not one JSON object. */
        private boolean parse(char[] text, int length, FlatRowWriter.Row row) throws IOException {
            unfinished = false;
            try (JsonParser p = JSON.createParser(text, 0, length)) {
                JsonToken t = p.nextToken();
                if (t != JsonToken.START_OBJECT) {
                    return fail(p.currentTokenLocation().getColumnNr(), "the line is not a JSON object");
                }
                if (!object(p, null, row)) {
                    return false;
                }
                if (p.nextToken() != null) {
                    return fail(p.currentTokenLocation().getColumnNr(), "more follows the object on the same line");
                }
                return true;
            } catch (JsonEOFException e) {
                unfinished = true;
                return fail(e.getLocation().getColumnNr(), "the line ends inside the object");
            } catch (JsonProcessingException e) {
                return fail(e.getLocation() == null ? 0 : e.getLocation().getColumnNr(), e.getOriginalMessage());
            }
        }

        private boolean object(JsonParser p, String prefix, FlatRowWriter.Row row) throws IOException {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = prefix == null ? p.currentName() : prefix + "." + p.currentName();
                JsonToken t = p.nextToken();
                int column = p.currentTokenLocation().getColumnNr();
                if (detectTime && timeKey == null && prefix == null
                    && CsvReader.TIME_COLUMNS.contains(key.toLowerCase(Locale.ROOT))) {
                    timeKey = key; // the first time-like key decides for the whole file
                }
                if (key.equals(timeKey)) {
                    if (t == JsonToken.VALUE_STRING || t.isNumeric()) {
                        row.time(p.getText(), t.isNumeric(), column);
                    } else if (t != JsonToken.VALUE_NULL) {
                        return fail(column, "the time '" + key + "' holds " + (t == JsonToken.START_OBJECT
                            ? "an object" : t == JsonToken.START_ARRAY ? "an array" : "a boolean")
                            + ", not a string or a number");
                    }
                    continue;
                }
                ValueType type;
                String value;
                switch (t) {
                    case START_OBJECT -> {
                        if (!object(p, key, row)) {
                            return false;
                        }
                        continue;
                    }
                    case VALUE_NULL -> {
                        continue;
                    }
                    case START_ARRAY -> {
                        StringWriter out = new StringWriter();
                        try (JsonGenerator g = JSON.createGenerator(out)) {
                            g.copyCurrentStructure(p);
                        }
                        value = out.toString();
                        type = ValueType.STRING;
                    }
                    case VALUE_STRING -> {
                        value = p.getText();
                        type = ValueType.STRING;
                    }
                    case VALUE_NUMBER_INT -> {
                        value = p.getText();
                        type = ValueType.INTEGER;
                    }
                    case VALUE_NUMBER_FLOAT -> {
                        value = p.getText();
                        type = ValueType.FLOAT;
                    }
                    case VALUE_TRUE, VALUE_FALSE -> {
                        value = p.getText();
                        type = ValueType.BOOLEAN;
                    }
                    default -> {
                        return fail(column, "unexpected " + t + " for '" + key + "'");
                    }
                }
                FlatRowWriter.Slot slot = writer.slot(key);
                if (slot == null) {
                    tooManyKeys = true;
                    return fail(column, "more keys than the memory budget holds");
                }
                if (!row.add(slot, value, type, column)) {
                    return fail(column, "the key '" + key + "' appears twice in the object");
                }
            }
            return true;
        }

        private boolean fail(int column, String reason) {
            problem = reason;
            problemColumn = column;
            return false;
        }
    }
}
