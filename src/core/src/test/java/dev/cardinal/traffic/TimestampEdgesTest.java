package dev.cardinal.traffic;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One rule for the time of a row, whatever the format: influxd refuses the two values at each end of int64
 * ({@code models.MinNanoTime} is {@code MinInt64 + 2}, {@code MaxNanoTime} is {@code MaxInt64 - 1}), and so does every
 * reader, as a bad line with its number.
 */
class TimestampEdgesTest {
    private static final long[] REFUSED = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE};
    private static final long[] KEPT = {Long.MIN_VALUE + 2, 0, Long.MAX_VALUE - 1};

    private static Sample read(TrafficReader reader, SampleFormat format, String text) throws Exception {
        SampleBuilder into = new SampleBuilder(SampleLimits.defaults());
        SampleBinding binding = new SampleBinding("b", "x", format, "k", "ns", "time", null, List.of());
        reader.read(new ByteArrayInputStream(text.getBytes(UTF_8)), "x", binding, into, ReadMonitor.NONE);
        return into.build();
    }

    private static void check(Sample s) {
        assertEquals(KEPT.length, s.eventKinds().get(0).rows(), s.report().problems().toString());
        List<Long> badLines = s.report().problems().stream().map(ReadProblem::line).toList();
        assertEquals(List.of(2L, 3L, 4L), badLines, s.report().problems().toString());
        assertEquals(REFUSED.length, s.report().badLines());
    }

    @Test
    void csvRefusesWhatTheLineProtocolReaderRefuses() throws Exception {
        StringBuilder csv = new StringBuilder("time,v\n");
        for (long t : REFUSED) {
            csv.append(t).append(",1\n");
        }
        for (long t : KEPT) {
            csv.append(t).append(",1\n");
        }
        check(read(new CsvReader(), SampleFormat.CSV, csv.toString()));
    }

    @Test
    void ndjsonRefusesWhatTheLineProtocolReaderRefuses() throws Exception {
        StringBuilder json = new StringBuilder();
        for (long t : REFUSED) {
            json.append("{\"time\":").append(t).append(",\"v\":1}\n");
        }
        json.insert(0, "{\"time\":\"" + KEPT[0] + "\",\"v\":1}\n");
        json.append("{\"time\":").append(KEPT[1]).append(",\"v\":1}\n");
        json.append("{\"time\":").append(KEPT[2]).append(",\"v\":1}\n");
        check(read(new NdjsonReader(), SampleFormat.NDJSON, json.toString()));
    }

    @Test
    void lineProtocolIsTheRule() throws Exception {
        StringBuilder lp = new StringBuilder("k v=1 0\n");
        for (long t : REFUSED) {
            lp.append("k v=1 ").append(t).append('\n');
        }
        lp.append("k v=1 ").append(KEPT[0]).append("\nk v=1 ").append(KEPT[2]).append('\n');
        check(read(new LineProtocolReader(), SampleFormat.LINE_PROTOCOL, lp.toString()));
    }
}
