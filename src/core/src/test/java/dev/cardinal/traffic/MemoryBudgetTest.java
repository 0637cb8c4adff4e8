package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The memory budget covers everything a reader holds, wide rows and the look-ahead included. */
class MemoryBudgetTest {
    private static final long BUDGET = 8L << 20;

    private static Sample read(TrafficReader reader, SampleFormat format, String text) throws Exception {
        SampleBuilder into = new SampleBuilder(new SampleLimits(Integer.MAX_VALUE - 8, BUDGET, 100));
        reader.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t", new SampleBinding("t", "t",
            format, null, "ns", null, null, List.of()), into, ReadMonitor.NONE);
        Sample s = into.build();
        long held = s.eventKinds().stream().mapToLong(EventKindSample::footprintBytes).sum();
        assertTrue(held <= BUDGET * 11 / 10, "held " + held);
        return s;
    }

    private static String csv(int columns, int rows) {
        StringBuilder sb = new StringBuilder("time");
        for (int c = 0; c < columns; c++) {
            sb.append(",c").append(c);
        }
        sb.append('\n');
        for (int r = 0; r < rows; r++) {
            sb.append(r + 1);
            for (int c = 0; c < columns; c++) {
                sb.append(',').append(r + c).append(".5");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** 2,000 float columns: 16 KB a row, so the 8 MiB budget holds some 500 rows, look-ahead included. */
    @Test
    void wideRowsStopAtTheBudgetLookAheadIncluded() throws Exception {
        Sample s = read(new CsvReader(), SampleFormat.CSV, csv(2_000, 1_500));
        assertTrue(s.report().capped());
        assertTrue(s.rows() > 200 && s.rows() < 1_000, "rows kept: " + s.rows());
        ReadProblem p = s.report().problems().get(0);
        assertEquals(ReadProblem.Kind.CAPPED, p.kind());
        assertEquals(s.rows() + 1, p.line(), "the last row kept, after the header");
        assertTrue(p.message().startsWith("reading stopped after this line at the memory budget of 8 MiB"), p.message());
        assertEquals(s.rows() + 1, s.report().lines());
    }

    @Test
    void aCsvHeaderWiderThanTheBudgetHoldsIsRefusedBeforeAnyRow() throws Exception {
        Sample s = read(new CsvReader(), SampleFormat.CSV, csv(10_000, 2));
        assertEquals(0, s.rows());
        String problem = s.report().problems().get(0).toString();
        assertTrue(problem.matches("t:1: reading stopped before this line at the memory budget of 8 MiB, which holds"
            + " about 8,1\\d\\d columns, not the 10,001 of the header; the rest of the traffic was not read\\..*"), problem);
    }

    @Test
    void ndjsonKeysPastWhatTheBudgetHoldsStopTheReadingBeforeTheirLine() throws Exception {
        StringBuilder sb = new StringBuilder("{\"a\":1}\n{");
        for (int k = 0; k < 9_000; k++) {
            sb.append(k == 0 ? "" : ",").append("\"k").append(k).append("\":1");
        }
        Sample s = read(new NdjsonReader(), SampleFormat.NDJSON, sb.append("}\n{\"a\":2}\n").toString());
        assertEquals(1, s.rows());
        String problem = s.report().problems().get(0).toString();
        assertTrue(problem.matches("t:2: reading stopped before this line at the memory budget of 8 MiB, which holds"
            + " about 8,1\\d\\d keys, fewer than the lines so far and this one bring; the rest .*"), problem);
    }

    /**
     * 1,000 rows of one kind, then a line of 6,000 new fields: each new column holds the kind's rows, so together
     * they need more than the budget has left; the line is not taken and the rows before it are kept.
     */
    @Test
    void aLineOfMoreNewAttributesThanTheBudgetHoldsStopsTheReadingBeforeIt() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < 1_000; r++) {
            sb.append("m f=").append(r).append(' ').append(r + 1).append('\n');
        }
        sb.append("m ");
        for (int f = 0; f < 6_000; f++) {
            sb.append(f == 0 ? "" : ",").append('g').append(f).append("=1");
        }
        sb.append(" 2000\nm f=1 2001\n");
        Sample s = read(new LineProtocolReader(), SampleFormat.LINE_PROTOCOL, sb.toString());
        assertEquals(1_000, s.rows());
        assertEquals("t:1001: reading stopped before this line at the memory budget of 8 MiB, which cannot hold the 6000"
            + " new attributes of this line; the rest of the traffic was not read. Give Java more heap (-Xmx) or read a"
            + " smaller sample.", s.report().problems().get(0).toString());
        assertEquals(1_000, s.report().lines());
    }

    @Test
    void aLineOfMoreFieldsThanTheBudgetHoldsStopsTheReadingBeforeIt() throws Exception {
        StringBuilder sb = new StringBuilder("m f=1 1\nm ");
        for (int f = 0; f < 10_001; f++) {
            sb.append(f == 0 ? "" : ",").append('g').append(f).append("=1");
        }
        Sample s = read(new LineProtocolReader(), SampleFormat.LINE_PROTOCOL, sb.append(" 2\n").toString());
        assertEquals(1, s.rows());
        assertTrue(s.report().problems().get(0).toString().startsWith("t:2: reading stopped before this line at the"
            + " memory budget of 8 MiB, which holds lines of at most 10000 fields"), s.report().problems().toString());
    }
}
