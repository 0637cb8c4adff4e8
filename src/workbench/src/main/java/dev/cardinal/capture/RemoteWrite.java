package dev.cardinal.capture;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import dev.cardinal.lineprotocol.LineProtocolEscaping;
import dev.cardinal.traffic.PrometheusOrigin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.xerial.snappy.Snappy;

/**
 * A Prometheus remote-write body as a capture takes it: remote write 1.0 (https://prometheus.io/docs/concepts/remote_write_spec/),
 * {@code prometheus.WriteRequest} as protocol buffers in snappy's block format (prompb/remote.proto and
 * prompb/types.proto at v2.42.0: WriteRequest {1: repeated TimeSeries}, TimeSeries {1: repeated Label, 2: repeated
 * Sample, 3: exemplars, 4: histograms}, Label {1: name, 2: value}, Sample {1: double value, 2: int64 timestamp ms}).
 *
 * <p>Each sample becomes a line of line protocol, {@code metric,label=value,... value=V T} at millisecond precision:
 * the metric's name is the measurement, its labels the tags, so the capture's checks, spool and sample treat it as
 * any write, and a series of the metric is a series of the measurement. What line protocol cannot hold is not
 * written and is said in the answer and the capture's bad-line count: a sample that is not a number (NaN, which
 * includes the stale markers Prometheus sends when a series ends, or an infinity), a name or label value that line
 * protocol cannot carry (a newline, say). Labels with an empty value are left out, as Prometheus leaves them out.
 * For each metric in a body, a comment line ({@link PrometheusOrigin}) says that the measurement
 * came as a Prometheus metric, so that an engine taking Prometheus' writes names its series after the metric itself
 * ({@code up}), not after line protocol's measurement and field ({@code up_value}).
 */
final class RemoteWrite {
    /**
     * The line protocol of a body, the comment lines that mark its metrics as such ({@link PrometheusOrigin}: spooled
     * before the lines, which the capture's check rebuilds without comments), and what of it could not be written (each
     * reason once, with its count).
     */
    record Lines(byte[] lineProtocol, byte[] origin, long samples, List<String> notWritten, long notWrittenCount) {
    }

    /** The body is not a remote-write request: why, for a 400. */
    static final class BadBody extends IOException {
        private static final long serialVersionUID = 1L;

        BadBody(String message) {
            super(message);
        }
    }

    private RemoteWrite() {
    }

    /**
     * The line protocol of {@code body}; refused (a {@link BadBody}) when it is not snappy, inflates past
     * {@code maxBytes}, or is not a WriteRequest.
     */
    static Lines lines(byte[] body, long maxBytes) throws BadBody {
        byte[] raw;
        try {
            if (!Snappy.isValidCompressedBuffer(body)) {
                throw new BadBody("the body is not in snappy's block format (remote write sends Content-Encoding: snappy)");
            }
            int length = Snappy.uncompressedLength(body);
            if (length < 0 || length > maxBytes) {
                throw new BadBody("the body inflates to " + length + " bytes, over the capture's largest body of " + maxBytes);
            }
            raw = Snappy.uncompress(body);
        } catch (IOException e) {
            throw e instanceof BadBody b ? b : new BadBody("the body is not in snappy's block format: " + e.getMessage());
        }
        Writer out = new Writer();
        try {
            CodedInputStream request = CodedInputStream.newInstance(raw);
            while (!request.isAtEnd()) {
                int tag = request.readTag();
                if (WireFormat.getTagFieldNumber(tag) == 1 && WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                    out.series(request.readByteArray());
                } else {
                    request.skipField(tag);
                }
            }
        } catch (IOException e) {
            throw new BadBody("the body is not a prometheus.WriteRequest: " + e.getMessage());
        }
        return out.lines();
    }

    /** Builds the lines and counts what is not written. */
    private static final class Writer {
        private final ByteArrayOutputStream lines = new ByteArrayOutputStream();
        private final ByteArrayOutputStream origin = new ByteArrayOutputStream();
        private final java.util.Map<String, Long> notWritten = new java.util.LinkedHashMap<>();
        private final java.util.Set<String> marked = new java.util.HashSet<>();
        private long samples;

        void series(byte[] timeSeries) throws IOException {
            CodedInputStream in = CodedInputStream.newInstance(timeSeries);
            String name = null;
            List<String[]> labels = new ArrayList<>();
            List<double[]> values = new ArrayList<>();
            while (!in.isAtEnd()) {
                int tag = in.readTag();
                int field = WireFormat.getTagFieldNumber(tag);
                if (field == 1 && WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                    String[] label = label(in.readByteArray());
                    if (label[0].equals("__name__")) {
                        name = label[1];
                    } else if (!label[1].isEmpty()) {
                        labels.add(label);
                    }
                } else if (field == 2 && WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                    values.add(sample(in.readByteArray()));
                } else if (field == 4) {
                    in.skipField(tag);
                    skip("a native histogram sample (remote write 1.0 has none; it has no line protocol form)", 1);
                } else {
                    in.skipField(tag); // exemplars: not series
                }
            }
            String head = head(name, labels, values.size());
            if (head == null) {
                return;
            }
            for (double[] v : values) {
                if (Double.isNaN(v[0]) || Double.isInfinite(v[0])) {
                    skip("a sample that is not a number (NaN, as in the stale marker that ends a series, or an infinity)", 1);
                    continue;
                }
                if (marked.add(name)) {
                    origin.writeBytes(PrometheusOrigin.line(name).getBytes(StandardCharsets.US_ASCII));
                }
                lines.writeBytes((head + " value=" + v[0] + " " + (long) v[1] + "\n").getBytes(StandardCharsets.UTF_8));
                samples++;
            }
        }

        /** {@code metric,label=value,...} escaped, or null (counted) when line protocol cannot carry it. */
        private String head(String name, List<String[]> labels, int count) {
            if (name == null || name.isEmpty()) {
                skip("a series without a metric name (__name__)", count);
                return null;
            }
            String why = LineProtocolEscaping.whyNotMeasurement(name);
            if (why != null) {
                skip("a metric name line protocol cannot carry (" + why + ")", count);
                return null;
            }
            StringBuilder head = new StringBuilder(LineProtocolEscaping.measurement(name));
            labels.sort(java.util.Comparator.comparing(l -> l[0]));
            for (String[] l : labels) {
                String whyKey = LineProtocolEscaping.whyNotTag(l[0]);
                String whyValue = LineProtocolEscaping.whyNotTag(l[1]);
                if (whyKey != null || whyValue != null) {
                    skip("a label line protocol cannot carry (" + (whyKey != null ? "its name: " + whyKey : "its value: " + whyValue) + ")",
                        count);
                    return null;
                }
                head.append(',').append(LineProtocolEscaping.tag(l[0])).append('=').append(LineProtocolEscaping.tag(l[1]));
            }
            return head.toString();
        }

        private void skip(String why, long count) {
            if (count > 0) {
                notWritten.merge(why, count, Long::sum);
            }
        }

        Lines lines() {
            List<String> said = new ArrayList<>();
            notWritten.forEach((why, n) -> said.add(n + " sample" + (n == 1 ? "" : "s") + " not written: " + why));
            return new Lines(lines.toByteArray(), origin.toByteArray(), samples, List.copyOf(said),
                notWritten.values().stream().mapToLong(Long::longValue).sum());
        }
    }

    private static String[] label(byte[] bytes) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(bytes);
        String[] label = {"", ""};
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            int field = WireFormat.getTagFieldNumber(tag);
            if ((field == 1 || field == 2) && WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                label[field - 1] = in.readStringRequireUtf8();
            } else {
                in.skipField(tag);
            }
        }
        return label;
    }

    /** {value, timestamp in ms}. */
    private static double[] sample(byte[] bytes) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(bytes);
        double value = 0;
        long ms = 0;
        while (!in.isAtEnd()) {
            int tag = in.readTag();
            int field = WireFormat.getTagFieldNumber(tag);
            if (field == 1 && WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_FIXED64) {
                value = in.readDouble();
            } else if (field == 2 && WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_VARINT) {
                ms = in.readInt64();
            } else {
                in.skipField(tag);
            }
        }
        return new double[] {value, ms};
    }
}
