package dev.cardinal.lineprotocol;

import dev.cardinal.engine.CommentText;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.Column;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LongColumn;
import dev.cardinal.traffic.SampleAttribute;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The rows of a sample as line protocol in a given layout, as a careful client library would write them to
 * InfluxDB 1.x: tags sorted by key and empty tags left out, fields sorted by key, typed values, nanosecond
 * timestamps. What the server would refuse or silently change is not written but counted by {@link SkipReason}, so a
 * push reads back exactly what was sent.
 *
 * <p>One instance is one pass over the rows in order ({@code {slot(...)}} numbers depend on the rows before);
 * {@link #lines()}, {@link #batches(int)} and {@link #writeTo(Writer)} all continue from where the last stopped.
 */
public final class SampleLineProtocol {
    private static final int MAX_KEY_BYTES = 65_535;
    private static final long MIN_TIME = Long.MIN_VALUE + 2;
    private static final long MAX_TIME = Long.MAX_VALUE - 1;

    /**
     * @param unsignedAsInteger write unsigned values as integers ({@code 5i}) when they fit; on by default since
     *                          1.x OSS rejects {@code 5u}; off writes {@code 5u} for 2.x and 3.x
     * @param timeShiftNs       added to every timestamp, so a historic sample can be written near now (inside the
     *                          target's retention); a whole number of shard groups keeps each point's shard group
     */
    public record Options(boolean unsignedAsInteger, long timeShiftNs) {
        public Options(boolean unsignedAsInteger) {
            this(unsignedAsInteger, 0);
        }

        public static Options influxDb1() {
            return new Options(true);
        }

        public Options withTimeShift(long ns) {
            return new Options(unsignedAsInteger, ns);
        }
    }

    /** How a pass went so far: rows looked at, lines produced, and each skip counted. */
    public record Counts(long rowsRead, long linesWritten, Map<SkipReason, Long> skips) {
        public Counts {
            skips = Map.copyOf(skips);
        }

        public long skipped(SkipReason s) {
            return skips.getOrDefault(s, 0L);
        }

        public long rowsSkipped() {
            return skips.entrySet().stream().filter(e -> e.getKey().wholeRow()).mapToLong(Map.Entry::getValue).sum();
        }
    }

    private final Layout layout;
    private final EventKindSample sample;
    private final Options options;
    private final RowTemplates templates;
    private final Map<SkipReason, Long> skips = new EnumMap<>(SkipReason.class);
    private int nextRow;
    private long lines;

    public SampleLineProtocol(Layout layout, EventKindSample sample, Options options) {
        this.layout = layout;
        this.sample = sample;
        this.options = options;
        this.templates = new RowTemplates(sample);
    }

    public SampleLineProtocol(Layout layout, EventKindSample sample) {
        this(layout, sample, Options.influxDb1());
    }

    /**
     * The shift that moves the sample's last point to at most {@code nowNs}, a whole number of shard groups (of
     * {@code shardGroup}, counted from InfluxDB's origin, which a whole multiple keeps) so no point changes group.
     */
    public static long timeShiftToNow(EventKindSample sample, java.time.Duration shardGroup, long nowNs) {
        if (sample.rows() == 0) {
            return 0;
        }
        long last = Long.MIN_VALUE;
        for (int r = 0; r < sample.rows(); r++) {
            last = Math.max(last, sample.timestamp(r));
        }
        long group = shardGroup.toNanos();
        return Math.floorDiv(nowNs - last, group) * group;
    }

    /**
     * Why no row of the layout can be written at all, whatever the sample holds (a literal name line protocol cannot
     * carry, a tag key {@code time}), or empty when rows can be. Said up front, so a write of nothing has a reason.
     */
    public static Optional<String> unwritable(Layout layout) {
        List<Template> names = new ArrayList<>(List.of(layout.measurement()));
        layout.tags().forEach(t -> names.add(t.value()));
        layout.fields().forEach(f -> names.add(f.key()));
        for (Template t : names) {
            for (Template.Part p : t.parts()) {
                if (p instanceof Template.Literal l && l.text().indexOf('\n') >= 0) {
                    return Optional.of(problem("the name", t.pattern(), "a newline ends the line"));
                }
            }
        }
        if (layout.measurement().isLiteral()) {
            String why = LineProtocolEscaping.whyNotMeasurement(layout.measurement().literalText());
            if (why != null) {
                return Optional.of(problem("the measurement", layout.measurement().literalText(), why));
            }
        }
        for (TagSpec t : layout.tags()) {
            String why = t.key().equals("time") ? "the server drops every point with a tag key 'time'"
                : LineProtocolEscaping.whyNotTag(t.key());
            if (why != null) {
                return Optional.of(problem("the tag key", t.key(), why));
            }
        }
        boolean anyField = false;
        String fieldProblem = null;
        for (FieldSpec f : layout.fields()) {
            String why = !f.key().isLiteral() ? null : f.key().literalText().equals("time")
                ? "the server drops a field named 'time'" : LineProtocolEscaping.whyNotFieldKey(f.key().literalText());
            if (why == null) {
                anyField = true;
            } else if (fieldProblem == null) {
                fieldProblem = problem("the field key", f.key().literalText(), why);
            }
        }
        return anyField || fieldProblem == null ? Optional.empty() : Optional.of(fieldProblem);
    }

    private static String problem(String what, String name, String why) {
        return what + " '" + CommentText.shown(name) + "' cannot be written in line protocol: " + why;
    }

    /** The next written line (without newline), or {@code null} when the rows are used up. */
    public String nextLine() {
        while (nextRow < sample.rows()) {
            String line = render(nextRow++);
            if (line != null) {
                lines++;
                return line;
            }
        }
        return null;
    }

    /** Writes the remaining rows, one line each ending in {@code \n}; returns the number of lines written. */
    public long writeTo(Writer out) throws IOException {
        long n = 0;
        for (String line = nextLine(); line != null; line = nextLine()) {
            out.write(line);
            out.write('\n');
            n++;
        }
        return n;
    }

    /** The remaining lines one by one, UTF-8, without newline (what a batching writer takes). */
    public Iterator<byte[]> lines() {
        return new Lookahead<>(() -> {
            String line = nextLine();
            return line == null ? null : line.getBytes(StandardCharsets.UTF_8);
        });
    }

    /** The remaining lines in bodies of up to {@code linesPerBatch} lines, each line ending in {@code \n}. */
    public Iterator<byte[]> batches(int linesPerBatch) {
        return new Lookahead<>(() -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream(64 * linesPerBatch);
            String line;
            for (int n = 0; n < linesPerBatch && (line = nextLine()) != null; n++) {
                out.writeBytes(line.getBytes(StandardCharsets.UTF_8));
                out.write('\n');
            }
            return out.size() == 0 ? null : out.toByteArray();
        });
    }

    public Counts counts() {
        return new Counts(nextRow, lines, skips);
    }

    /** One row as a line, or {@code null} (counted) when it cannot be written. */
    String render(int row) {
        // Every template is rendered before anything is refused, so slot numbers see every row.
        String measurementText = templates.render(layout.measurement(), row);
        TreeMap<String, String> tags = new TreeMap<>();
        SkipReason tagProblem = null;
        for (TagSpec t : layout.tags()) {
            String value = templates.render(t.value(), row);
            if (value.isEmpty()) {
                continue; // clients leave out empty tags; the server has no empty tag value
            }
            String key = LineProtocolEscaping.tag(t.key());
            String escaped = LineProtocolEscaping.tag(value);
            if (key == null || escaped == null) {
                tagProblem = tagProblem == null ? SkipReason.TAG_UNWRITABLE : tagProblem;
            } else if (t.key().equals("time")) {
                tagProblem = SkipReason.TIME_TAG;
            } else if (tags.put(key, escaped) != null) {
                tagProblem = tagProblem == null ? SkipReason.DUPLICATE_TAG : tagProblem;
            }
        }
        List<String[]> renderedFields = new ArrayList<>(layout.fields().size());
        for (FieldSpec f : layout.fields()) {
            renderedFields.add(new String[] {templates.render(f.key(), row), f.attribute()});
        }
        String measurement = LineProtocolEscaping.measurement(measurementText);
        if (measurement == null) {
            return skip(SkipReason.MEASUREMENT_UNWRITABLE);
        }
        if (tagProblem != null) {
            return skip(tagProblem);
        }
        long original = sample.timestamp(row);
        long ts = original + options.timeShiftNs();
        if (ts < MIN_TIME || ts > MAX_TIME || ((original ^ ts) & (options.timeShiftNs() ^ ts)) < 0) {
            return skip(SkipReason.TIME_OUT_OF_RANGE);
        }
        StringBuilder key = new StringBuilder(measurement);
        tags.forEach((k, v) -> key.append(',').append(k).append('=').append(v));
        int keyBytes = LineProtocolEscaping.utf8Length(key.toString());
        if (keyBytes > MAX_KEY_BYTES) {
            return skip(SkipReason.KEY_TOO_LONG);
        }
        TreeMap<String, String> fields = new TreeMap<>();
        for (String[] f : renderedFields) {
            String fieldKey = LineProtocolEscaping.fieldKey(f[0]);
            String value = fieldValue(f[1], row);
            if (value == null) {
                continue; // counted by fieldValue
            }
            if (f[0].equals("time")) {
                count(SkipReason.TIME_FIELD);
            } else if (fieldKey == null || keyBytes + 4 + LineProtocolEscaping.utf8Length(fieldKey) > MAX_KEY_BYTES) {
                count(SkipReason.FIELD_KEY_UNWRITABLE);
            } else if (fields.put(fieldKey, value) != null) {
                count(SkipReason.DUPLICATE_FIELD);
            }
        }
        if (fields.isEmpty()) {
            return skip(SkipReason.NO_FIELDS);
        }
        StringBuilder line = key.append(' ');
        boolean first = true;
        for (Map.Entry<String, String> e : fields.entrySet()) {
            line.append(first ? "" : ",").append(e.getKey()).append('=').append(e.getValue());
            first = false;
        }
        return line.append(' ').append(ts).toString();
    }

    /** The field value in its type's spelling, or {@code null} (counted) when absent or unwritable. */
    private String fieldValue(String attribute, int row) {
        Column c = templates.column(attribute);
        if (c == null || !c.present(row)) {
            count(SkipReason.FIELD_ABSENT);
            return null;
        }
        if (c instanceof DoubleColumn d) {
            double v = d.get(row);
            if (!Double.isFinite(v)) {
                count(SkipReason.NOT_FINITE);
                return null;
            }
            return Double.toString(v); // shortest text that reads back as the same double
        }
        if (c instanceof LongColumn l) {
            long v = l.get(row);
            if (!l.unsigned()) {
                return v + "i";
            }
            if (!options.unsignedAsInteger()) {
                return Long.toUnsignedString(v) + "u";
            }
            if (v < 0) {
                count(SkipReason.UNSIGNED_TOO_LARGE);
                return null;
            }
            return v + "i";
        }
        String text = c.text(row);
        ValueType type = sample.attribute(attribute).map(SampleAttribute::type).orElse(ValueType.STRING);
        return type == ValueType.BOOLEAN ? text : LineProtocolEscaping.stringValue(text);
    }

    private String skip(SkipReason s) {
        count(s);
        return null;
    }

    private void count(SkipReason s) {
        skips.merge(s, 1L, Long::sum);
    }
}
