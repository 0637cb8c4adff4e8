package dev.cardinal.engine.prometheus;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.xerial.snappy.Snappy;

/**
 * A remote-write request body: {@code prometheus.WriteRequest} as protocol buffers, in snappy's block format, as the
 * remote write 1.0 specification asks (https://prometheus.io/docs/concepts/remote_write_spec/). The messages are
 * prompb/remote.proto and prompb/types.proto at v2.42.0: WriteRequest {1: repeated TimeSeries}, TimeSeries {1:
 * repeated Label, 2: repeated Sample}, Label {1: name, 2: value}, Sample {1: double value, 2: int64 timestamp in ms}.
 */
final class WriteRequest {
    private WriteRequest() {
    }

    /** One series and its samples, timestamps in milliseconds, in increasing order. */
    record Series(Map<String, String> labels, long[] timestampsMs, double[] values) {
    }

    /** The compressed body for these series. */
    static byte[] body(List<Series> series) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            CodedOutputStream request = CodedOutputStream.newInstance(out);
            for (Series s : series) {
                request.writeByteArray(1, timeSeries(s));
            }
            request.flush();
            return Snappy.compress(out.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] timeSeries(Series s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CodedOutputStream ts = CodedOutputStream.newInstance(out);
        for (Map.Entry<String, String> l : s.labels().entrySet()) {
            ByteArrayOutputStream label = new ByteArrayOutputStream();
            CodedOutputStream c = CodedOutputStream.newInstance(label);
            c.writeString(1, l.getKey());
            c.writeString(2, l.getValue());
            c.flush();
            ts.writeByteArray(1, label.toByteArray());
        }
        for (int i = 0; i < s.timestampsMs().length; i++) {
            ByteArrayOutputStream sample = new ByteArrayOutputStream();
            CodedOutputStream c = CodedOutputStream.newInstance(sample);
            c.writeDouble(1, s.values()[i]);
            c.writeInt64(2, s.timestampsMs()[i]);
            c.flush();
            ts.writeByteArray(2, sample.toByteArray());
        }
        ts.flush();
        return out.toByteArray();
    }
}
