package dev.cardinal.lineprotocol;

import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.synthetic.AttributeProfile;
import dev.cardinal.traffic.synthetic.SyntheticRows;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.zip.GZIPOutputStream;

/**
 * Synthetic traffic written as line protocol, so it goes wherever a sample file goes: {@code cardinal synthesize} and
 * the workbench's traffic profiles write it. The rows come from the same {@link SyntheticRows} as an in-memory
 * synthetic sample, so both hold the same points.
 */
public final class SyntheticLineProtocol {
    private SyntheticLineProtocol() {
    }

    /**
     * Names and values line protocol cannot carry. The profile reader refuses most of them already; this asks the
     * escaping itself, so the file never silently differs from the profile.
     */
    public static List<String> unwritable(TrafficProfile p) {
        List<String> out = new ArrayList<>();
        if (LineProtocolEscaping.measurement(p.eventKind()) == null) {
            out.add("the event kind '" + p.eventKind() + "' cannot be written as a measurement name");
        }
        for (AttributeProfile a : p.attributes()) {
            String key = a.asTag() ? LineProtocolEscaping.tag(a.name()) : LineProtocolEscaping.fieldKey(a.name());
            if (key == null) {
                out.add("attribute '" + a.name() + "' cannot be written as a " + (a.asTag() ? "tag" : "field") + " key");
            }
            if (!a.asTag()) {
                continue; // any string field value can be written
            }
            List<String> values = new ArrayList<>();
            if (a instanceof AttributeProfile.ClosedSet c) {
                for (int k = 0; k < c.values(); k++) {
                    values.add(c.valueName(k));
                }
            } else if (a instanceof AttributeProfile.GrowingId g) {
                values.add(g.prefix() + "000001");
            } else if (a instanceof AttributeProfile.Constant k) {
                values.add(k.value());
            }
            values.stream().filter(v -> LineProtocolEscaping.tag(v) == null).findFirst()
                .ifPresent(v -> out.add("attribute '" + a.name() + "': the value '" + v + "' cannot be written as a tag value"));
        }
        return out;
    }

    /**
     * Writes at most {@code max} points of {@code profile} to {@code output} atomically ({@link AtomicFiles}), so a
     * failed run never leaves half a file; gzipped when the name ends in {@code .gz}.
     *
     * @return the points written
     */
    public static long write(TrafficProfile profile, long max, Path output) throws IOException {
        return write(profile, max, output, n -> { });
    }

    /** {@link #write(TrafficProfile, long, Path)}, telling {@code rowsWritten} the points written every 65,536. */
    public static long write(TrafficProfile profile, long max, Path output, LongConsumer rowsWritten) throws IOException {
        long[] n = new long[1];
        AtomicFiles.write(output, null, file -> {
            OutputStream body = output.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(file, 1 << 16) : file;
            Writer w = new BufferedWriter(new OutputStreamWriter(body, StandardCharsets.UTF_8), 1 << 16);
            n[0] = writeLines(new SyntheticRows(profile), max, w, rowsWritten);
            w.flush();
            if (body instanceof GZIPOutputStream gz) {
                gz.finish();
            }
        });
        return n[0];
    }

    /**
     * One line per point: tags and fields in the rows' order (tags in profile order, then fields), integers as
     * {@code 3i}, floats as plain decimals, strings quoted, nanosecond timestamps.
     */
    public static long writeLines(SyntheticRows rows, long max, Writer w) throws IOException {
        return writeLines(rows, max, w, n -> { });
    }

    private static long writeLines(SyntheticRows rows, long max, Writer w, LongConsumer rowsWritten) throws IOException {
        int n = rows.attributeCount();
        String measurement = LineProtocolEscaping.measurement(rows.profile().eventKind());
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
            AttributeProfile a = rows.attribute(i);
            keys[i] = a.asTag() ? LineProtocolEscaping.tag(a.name()) : LineProtocolEscaping.fieldKey(a.name());
        }
        StringBuilder line = new StringBuilder(256);
        long written = 0;
        while (written < max && rows.next()) {
            line.setLength(0);
            line.append(measurement);
            boolean firstField = true;
            for (int i = 0; i < n; i++) {
                boolean tag = rows.attribute(i).asTag();
                line.append(tag || !firstField ? ',' : ' ');
                firstField &= tag;
                line.append(keys[i]).append('=');
                ValueType t = rows.type(i);
                if (t == ValueType.INTEGER) {
                    line.append(rows.longValue(i)).append('i');
                } else if (t == ValueType.FLOAT) {
                    line.append(rows.decimalText(i));
                } else if (tag) {
                    line.append(LineProtocolEscaping.tag(rows.text(i)));
                } else {
                    line.append(LineProtocolEscaping.stringValue(rows.text(i)));
                }
            }
            line.append(' ').append(rows.timestampNanos()).append('\n');
            w.append(line);
            written++;
            if ((written & 0xFFFF) == 0) {
                rowsWritten.accept(written);
            }
        }
        return written;
    }
}
