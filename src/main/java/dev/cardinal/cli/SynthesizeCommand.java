package dev.cardinal.cli;

import dev.cardinal.model.AtomicFiles;
import dev.cardinal.codegen.LineProtocolEscaping;
import dev.cardinal.model.Durations;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.synthetic.AttributeProfile;
import dev.cardinal.traffic.synthetic.ProfileReader;
import dev.cardinal.traffic.synthetic.SyntheticRows;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cardinal synthesize PROFILE.profile.json -o traffic.lp.gz}: traffic made from a profile, written as line
 * protocol so it goes wherever a sample file goes ({@code infer}, {@code analyze}, the workbench). The rows come
 * from the same {@link SyntheticRows} as an in-memory synthetic sample, so both hold the same points.
 */
@Command(name = "synthesize", mixinStandardHelpOptions = true,
    description = {"Write synthetic traffic for a profile (attributes typed by hand: closed sets, growing ids,",
        "measures, constants) as line protocol. The same profile and seed give the same file, byte for byte.",
        "Attributes with \"asTag\": true are written as tags, the rest as fields."})
final class SynthesizeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PROFILE" + ProfileReader.EXTENSION, description = "The traffic profile.")
    Path profileFile;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE.lp.gz",
        description = "Line protocol file to write; gzipped when the name ends in .gz.")
    Path output;

    @Option(names = "--rows", paramLabel = "N", description = "Write at most the first N points (default: all the profile makes).")
    Long rows;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (rows != null && rows < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rows must be at least 1");
        }
        TrafficProfile profile = CliFiles.profile(profileFile, err, "synthesize", "nothing written");
        if (profile == null) {
            return 1;
        }
        List<String> unwritable = unwritable(profile);
        if (!unwritable.isEmpty()) {
            unwritable.forEach(u -> err.println("cardinal synthesize: " + profileFile + ": " + u));
            return 1;
        }
        long written = write(profile, rows == null ? Long.MAX_VALUE : rows);
        if (written < profile.points()) { // --rows cut the span short: do not claim the whole of it
            out.printf("Wrote %s: the first %,d of %,d points of %s from %s (seed %d)%n", output, written,
                profile.points(), profile.eventKind(), SyntheticRows.START, profile.seed());
        } else {
            out.printf("Wrote %s: %,d points of %s over %s from %s (seed %d)%n", output, written, profile.eventKind(),
                Durations.format(profile.span()), SyntheticRows.START, profile.seed());
        }
        return 0;
    }

    /**
     * Names and values line protocol cannot carry. The profile reader refuses most of them already; this asks the
     * escaping itself, so the file never silently differs from the profile.
     */
    static List<String> unwritable(TrafficProfile p) {
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

    /** Writes atomically ({@link AtomicFiles}), so a failed run never leaves half a file. */
    private long write(TrafficProfile profile, long max) throws IOException {
        long[] n = new long[1];
        AtomicFiles.write(output, null, file -> {
            OutputStream body = output.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(file, 1 << 16) : file;
            Writer w = new BufferedWriter(new OutputStreamWriter(body, StandardCharsets.UTF_8), 1 << 16);
            n[0] = writeLines(new SyntheticRows(profile), max, w);
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
    static long writeLines(SyntheticRows rows, long max, Writer w) throws IOException {
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
        }
        return written;
    }
}
