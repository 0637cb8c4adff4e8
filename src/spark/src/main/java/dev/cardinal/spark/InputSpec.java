package dev.cardinal.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.CsvReader;
import dev.cardinal.traffic.EventKindBuilder;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.NdjsonReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleFormatException;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.TrafficReader;
import dev.cardinal.traffic.WriteListener;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the records of one group of inputs (one format, one event kind) are read, chunk by chunk, by Cardinal's own
 * readers so that each chunk reads as the whole file would: a CSV chunk starts with the file's header; an NDJSON
 * chunk gets the time key the file's first lines decide; and every chunk starts with the attributes and types that
 * Cardinal's reader infers from the first lines of the first file (its look-ahead), so a float column whose values
 * in some later chunk happen to be whole numbers is still a float column.
 */
final class InputSpec implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final JsonFactory JSON = new JsonFactory();
    /** The name a chunk is read under. */
    static final String HEAD = "input";

    private final SampleFormat format;
    private final String eventKind;
    private final String precision;
    private final String timeColumn;
    private final String timeFormat;
    private final ArrayList<String> tagColumns;
    private final String header;
    /** Per attribute of the head: event kind, name, type id, arrived as tag, the file and line it is first seen in. */
    private final ArrayList<String[]> seed;

    private InputSpec(SampleFormat format, SampleBinding b, String header, ArrayList<String[]> seed) {
        this.format = format;
        this.eventKind = b.eventKind();
        this.precision = b.precision();
        this.timeColumn = b.timeColumn();
        this.timeFormat = b.timeFormat();
        this.tagColumns = new ArrayList<>(b.tagColumns());
        this.header = header;
        this.seed = seed;
    }

    /**
     * The spec for inputs read with {@code binding}, from the first records of their first file ({@code head}, in
     * order: a CSV file's header first).
     *
     * @throws IOException when the head cannot be read as the format says (the message names the file and why)
     */
    static InputSpec of(InputFormat input, SampleBinding binding, List<String> head, String file) throws IOException {
        SampleFormat format = input.records();
        String header = null;
        SampleBinding b = binding;
        if (format == SampleFormat.CSV) {
            if (head.isEmpty()) {
                throw new IOException(file + " is empty: a CSV input starts with a header row");
            }
            header = head.get(0);
            if (quotes(header) % 2 != 0) {
                throw new IOException(file + ": the header row holds a line break inside quotes, which the job cannot split at");
            }
        } else if (format == SampleFormat.NDJSON && b.timeColumn() == null) {
            b = new SampleBinding(b.id(), b.path(), b.format(), b.eventKind(), b.precision(), timeKey(head), b.timeFormat(),
                b.tagColumns());
        }
        InputSpec unseeded = new InputSpec(format, b, header, new ArrayList<>());
        List<String> records = format == SampleFormat.CSV ? head.subList(1, head.size()) : head;
        Sample headSample;
        try {
            headSample = unseeded.read(chunk(header, records), new long[1], null);
        } catch (IllegalStateException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
        ArrayList<String[]> seed = new ArrayList<>();
        for (EventKindSample k : headSample.eventKinds()) {
            for (SampleAttribute a : k.attributes()) {
                // where the type was first seen, as the desktop names it when a later line conflicts with it
                String seen = a.firstSeen();
                int colon = seen.lastIndexOf(':');
                String line = colon > 0 && seen.startsWith(HEAD + ":") ? seen.substring(colon + 1) : "0";
                seed.add(new String[]{k.name(), a.name(), a.type().id(), Boolean.toString(a.arrivedAsTag()),
                    line.equals("0") ? "the first lines" : file, line});
            }
        }
        return new InputSpec(format, b, header, seed);
    }

    boolean csv() {
        return format == SampleFormat.CSV;
    }

    /** The header line a CSV chunk starts with; null for the other formats. */
    String header() {
        return header;
    }

    /**
     * Reads one chunk of records (a CSV chunk with its header) as Cardinal reads a file; counts bad records in
     * {@code bad[0]} and adds the first {@link SampleLimits#maxProblems()} of their problems (lines of the chunk) to
     * {@code problems} unless null.
     */
    Sample read(byte[] chunk, long[] bad, List<ReadProblem> problems) {
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
        for (String[] a : seed) {
            EventKindBuilder k = into.kind(a[0]);
            if (k.find(a[1], Boolean.parseBoolean(a[3])) < 0) {
                k.attribute(a[1], Boolean.parseBoolean(a[3]), ValueType.fromId(a[2]).orElseThrow(), a[4], Long.parseLong(a[5]));
            }
        }
        SampleBinding binding = new SampleBinding("traffic", "input", format, eventKind, precision, timeColumn, timeFormat,
            tagColumns);
        long[] writeProblems = new long[1];
        TrafficReader reader = switch (format) {
            case LINE_PROTOCOL -> LineProtocolReader.forWrites(new WriteListener() {
                @Override
                public void accepted(long line, long start, long end, long timestampStart, long timestampEnd) {
                }

                @Override
                public void problem(ReadProblem problem) {
                    if (problem.kind() != ReadProblem.Kind.WARNING) {
                        writeProblems[0]++;
                        if (problems != null && problems.size() < SampleLimits.defaults().maxProblems()) {
                            problems.add(problem);
                        }
                    }
                }
            });
            case CSV -> new CsvReader();
            case NDJSON -> new NdjsonReader();
            case SUMMARY -> throw new IllegalArgumentException("a traffic summary holds counts, not traffic: it is never read as input");
            case PROMETHEUS_TEXT -> throw new IllegalArgumentException("a Prometheus scrape is a desktop sample: InputFormat never gives it");
        };
        try {
            reader.read(new ByteArrayInputStream(chunk), HEAD, binding, into, ReadMonitor.NONE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SampleFormatException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        Sample sample = into.build();
        bad[0] += format == SampleFormat.LINE_PROTOCOL ? writeProblems[0] : sample.report().badLines();
        if (problems != null && format != SampleFormat.LINE_PROTOCOL) {
            problems.addAll(sample.report().problems());
        }
        return sample;
    }

    /** The bytes of one chunk: the header (if any) and the records, a line each. */
    static byte[] chunk(String header, List<String> records) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (header != null) {
            body.writeBytes(header.getBytes(StandardCharsets.UTF_8));
            body.write('\n');
        }
        for (String r : records) {
            body.writeBytes(r.getBytes(StandardCharsets.UTF_8));
            body.write('\n');
        }
        return body.toByteArray();
    }

    /** How many double quotes a line holds: a CSV record goes on past a line with an odd count. */
    static int quotes(String line) {
        int n = 0;
        for (int i = line.indexOf('"'); i >= 0; i = line.indexOf('"', i + 1)) {
            n++;
        }
        return n;
    }

    /** The time key Cardinal's NDJSON reader would take: the first top-level key named like a time, in reading order. */
    private static String timeKey(List<String> lines) {
        for (String line : lines) {
            try (JsonParser p = JSON.createParser(line)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    continue;
                }
                for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                    String key = p.currentName();
                    if (CsvReader.TIME_COLUMNS.contains(key.toLowerCase(Locale.ROOT))) {
                        return key;
                    }
                    p.nextToken();
                    p.skipChildren();
                }
            } catch (IOException e) {
                // a broken line: Cardinal's reader reports it and goes on, and so does the detection
            }
        }
        return null;
    }
}
