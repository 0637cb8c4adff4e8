package dev.cardinal.capture;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.ValueType;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.ReadProblem;
import dev.cardinal.traffic.SampleAttribute;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleFormatException;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.WriteListener;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One write's body as influxd 1.x takes it: read with the same line-protocol reader as sample files, in its write
 * mode ({@link LineProtocolReader#forWrites}), every good point kept and every bad line named. What is kept is the
 * point's own bytes as the application sent them (a string over several lines, a NUL in a tag, leading white space
 * and all), with only its timestamp rewritten in nanoseconds (the request's precision applied, or the time the write
 * arrived for a point without one): what the capture acknowledges is in the report exactly.
 */
final class CaptureBody {
    /** Bad lines a 400 names one by one; the rest are counted. */
    static final int NAMED = 100;

    /**
     * @param spool    the kept points, one a line in nanoseconds, ready to append to the spool
     * @param kept     how many
     * @param bad      lines refused
     * @param named    the first {@value #NAMED} of them as {@code line N: unable to parse 'TEXT': REASON}
     * @param fieldTypes the type of each field key the kept points carry, per measurement
     * @param ownTimes  true when every kept point carried its own timestamp (none was given the time it arrived)
     */
    record Checked(byte[] spool, long kept, long bad, List<String> named, Map<String, Map<String, ValueType>> fieldTypes,
                   boolean ownTimes) {
    }

    private CaptureBody() {
    }

    static Checked check(byte[] body, long nanosPer, long arrivedNs) throws IOException {
        Heard heard = new Heard(body, nanosPer, arrivedNs);
        SampleBuilder check = new SampleBuilder(new SampleLimits(Integer.MAX_VALUE - 8, 256L << 20, NAMED));
        try {
            LineProtocolReader.forWrites(heard).read(new ByteArrayInputStream(body), "body",
                SampleBinding.lineProtocol("capture", "body", "ns"), check, ReadMonitor.NONE);
        } catch (SampleFormatException e) {
            // the write mode refuses no body as a whole; should a future reader, the body is refused, none of it kept
            return new Checked(new byte[0], 0, 1, List.of("unable to parse the body: " + e.getMessage()), Map.of(), true);
        }
        Map<String, Map<String, ValueType>> types = new HashMap<>();
        for (EventKindSample k : check.build().eventKinds()) {
            for (SampleAttribute a : k.attributes()) {
                if (!a.arrivedAsTag()) {
                    types.computeIfAbsent(k.name(), x -> new HashMap<>()).put(a.key(), a.type());
                }
            }
        }
        return new Checked(heard.out.toByteArray(), heard.kept, heard.bad, List.copyOf(heard.named), types, !heard.arrivalTimes);
    }

    /** Builds the spool's lines as the reader tells each point, and the named bad lines as it tells each problem. */
    private static final class Heard implements WriteListener {
        private final byte[] body;
        private final long nanosPer;
        private final byte[] arrived;
        private final ByteArrayOutputStream out;
        private final List<String> named = new ArrayList<>();
        private int[] lineStarts;
        private long kept;
        private long bad;
        private boolean arrivalTimes;

        Heard(byte[] body, long nanosPer, long arrivedNs) {
            this.body = body;
            this.nanosPer = nanosPer;
            this.arrived = Long.toString(arrivedNs).getBytes(StandardCharsets.US_ASCII);
            this.out = new ByteArrayOutputStream(body.length + 64);
        }

        @Override
        public void accepted(long line, long start, long end, long timestampStart, long timestampEnd) {
            int s = (int) start;
            if (timestampStart < 0) {
                int e = (int) end;
                while (e > s && (body[e - 1] == ' ' || body[e - 1] == '\t')) {
                    e--;
                }
                out.write(body, s, e - s);
                out.write(' ');
                out.writeBytes(arrived);
                arrivalTimes = true;
            } else {
                long ns;
                try {
                    ns = Math.multiplyExact(Long.parseLong(new String(body, (int) timestampStart,
                        (int) (timestampEnd - timestampStart), StandardCharsets.US_ASCII)), nanosPer);
                } catch (NumberFormatException | ArithmeticException e) {
                    refused(line, "timestamp out of range: it does not fit in nanoseconds at this precision");
                    return;
                }
                out.write(body, s, (int) timestampStart - s);
                out.writeBytes(Long.toString(ns).getBytes(StandardCharsets.US_ASCII));
                out.write(body, (int) timestampEnd, (int) (end - timestampEnd));
            }
            out.write('\n');
            kept++;
        }

        @Override
        public void problem(ReadProblem p) {
            if (p.kind() != ReadProblem.Kind.WARNING) { // a warned line is kept, and told as accepted too
                refused(p.line(), p.message());
            }
        }

        private void refused(long line, String why) {
            bad++;
            if (named.size() < NAMED) {
                named.add("line " + line + ": unable to parse '" + text(line) + "': " + why);
            }
        }

        /** The text of physical line {@code line} (1-based), without its line break. */
        private String text(long line) {
            if (lineStarts == null) {
                List<Integer> starts = new ArrayList<>(List.of(0));
                for (int i = 0; i < body.length; i++) {
                    if (body[i] == '\n') {
                        starts.add(i + 1);
                    }
                }
                lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
            }
            if (line < 1 || line > lineStarts.length) {
                return "";
            }
            int from = lineStarts[(int) line - 1];
            int to = line < lineStarts.length ? lineStarts[(int) line] - 1 : body.length;
            if (to > from && body[to - 1] == '\r') {
                to--;
            }
            return new String(body, from, to - from, StandardCharsets.UTF_8).strip();
        }
    }
}
