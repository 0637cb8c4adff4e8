package dev.cardinal.traffic;

import dev.cardinal.model.SampleBinding;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads CSV sample traffic (RFC 4180, header row required) as rows of one event kind. Each header column is an
 * attribute, except the time column; field types are inferred from the first rows (see {@link FlatRowWriter}).
 * An empty cell means the row does not carry that attribute.
 */
public final class CsvReader implements TrafficReader {
    /**
     * Column (CSV) and top-level key (NDJSON) names taken as the time, looked for case-insensitively and in this
     * order when the binding names no time column; {@code @timestamp} is Elastic's. The Spark job detects as these readers do.
     */
    public static final List<String> TIME_COLUMNS = List.of("time", "timestamp", "@timestamp", "_time", "ts");

    @Override
    public void read(InputStream in, String file, SampleBinding binding, SampleBuilder into, ReadMonitor monitor)
        throws IOException, SampleFormatException {
        into.fileStarted();
        CountedInput counted = new CountedInput(in);
        Utf8Reader text = new Utf8Reader(counted);
        CsvScanner scanner = new CsvScanner(text);
        FlatRowWriter writer = new FlatRowWriter(file, binding, into, monitor, false, counted::count);
        scanner.keepCells((int) Math.min(Integer.MAX_VALUE - 1, writer.maxKeys() + 1));
        if (!scanner.next()) {
            throw new SampleFormatException(file + " is empty: a CSV sample starts with a header row");
        }
        String[] header = header(scanner, file, writer.maxKeys());
        if (header == null) {
            writer.stopBefore(1, String.format(java.util.Locale.ROOT, "the memory budget of %d MiB, which holds about"
                + " %,d columns, not the %,d of the header", into.limits().maxBytes() >> 20, writer.maxKeys(), scanner.size()));
            return;
        }
        warnOfOddText(scanner, text.replacementIn(scanner.recordStart(), scanner.recordEnd()), file, into);
        int timeIndex = timeIndex(header, binding, file);
        for (String tag : binding.tagColumns()) {
            if (indexOf(header, tag) < 0) {
                throw new SampleFormatException(file + " has no column '" + tag + "', which the binding makes a tag;"
                    + " its header has: " + String.join(", ", header));
            }
        }
        FlatRowWriter.Slot[] slots = new FlatRowWriter.Slot[header.length];
        for (int i = 0; i < header.length; i++) {
            slots[i] = i == timeIndex ? null : writer.slot(header[i]);
        }
        // a record of more cells than the header is bad whatever they hold: no need to keep them all
        scanner.keepCells(header.length + 1);
        rows(scanner, text, writer, slots, timeIndex, file, into);
        into.linesSeen(writer.linesSeen(scanner.lines()));
    }

    private static void warnOfOddText(CsvScanner scanner, long replaced, String file, SampleBuilder into) {
        ReadProblem odd = Utf8Reader.oddText(file, scanner.line(), scanner.recordStart(), replaced, scanner.nulAt());
        if (odd != null) {
            into.warning(odd);
        }
    }

    private static void rows(CsvScanner scanner, Utf8Reader decoded, FlatRowWriter writer, FlatRowWriter.Slot[] slots,
                             int timeIndex, String file, SampleBuilder into) throws IOException {
        while (scanner.next()) {
            long line = scanner.line();
            long replaced = decoded.replacementIn(scanner.recordStart(), scanner.recordEnd());
            if (scanner.error() != null) {
                writer.bad(line, scanner.errorColumn(), ReadProblem.Kind.MALFORMED, scanner.error());
                continue;
            }
            if (scanner.size() != slots.length) {
                int column = scanner.size() > slots.length ? scanner.column(slots.length) : scanner.endColumn();
                writer.bad(line, column, ReadProblem.Kind.MALFORMED, "expected " + slots.length
                    + " cells as in the header, found " + scanner.size());
                continue;
            }
            warnOfOddText(scanner, replaced, file, into);
            FlatRowWriter.Row row = writer.newRow(line);
            for (int i = 0; i < slots.length; i++) {
                String text = scanner.cell(i);
                if (text.isEmpty()) {
                    continue;
                }
                if (i == timeIndex) {
                    row.time(text, false, scanner.column(i));
                } else {
                    row.add(slots[i], text, null, scanner.column(i));
                }
            }
            if (!writer.add(row)) {
                return;
            }
        }
        writer.finish();
    }

    /** The header's names, or null when it has more than {@code maxColumns}. */
    private static String[] header(CsvScanner scanner, String file, long maxColumns) throws SampleFormatException {
        String first = scanner.cell(0).stripLeading();
        if (first.startsWith("{") || first.startsWith("[")) {
            throw new SampleFormatException(file + " is JSON, not CSV: line " + scanner.line() + " starts with '"
                + first.charAt(0) + "'. Bind it as NDJSON (one object per line).");
        }
        if (scanner.error() != null) {
            throw new SampleFormatException(file + ": the header row (line " + scanner.line() + ") is malformed: "
                + scanner.error());
        }
        if (scanner.size() > maxColumns) {
            return null;
        }
        String[] names = new String[scanner.size()];
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            String name = scanner.cell(i);
            if (name.isBlank()) {
                throw new SampleFormatException(names.length == 1 ? file + " has an empty header row (line "
                    + scanner.line() + ")" : file + ": header column " + (i + 1) + " has no name");
            }
            Integer before = seen.put(name, i + 1);
            if (before != null) {
                throw new SampleFormatException(file + ": the header names column '" + name + "' twice (columns "
                    + before + " and " + (i + 1) + ")");
            }
            names[i] = name;
        }
        return names;
    }

    private static int timeIndex(String[] header, SampleBinding binding, String file) throws SampleFormatException {
        if (binding.timeColumn() != null) {
            int i = indexOf(header, binding.timeColumn());
            if (i < 0) {
                throw new SampleFormatException(file + " has no column '" + binding.timeColumn()
                    + "', which the binding names as the time column; its header has: " + String.join(", ", header));
            }
            return i;
        }
        for (String candidate : TIME_COLUMNS) {
            for (int i = 0; i < header.length; i++) {
                if (header[i].toLowerCase(Locale.ROOT).equals(candidate)) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static int indexOf(String[] header, String name) {
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
