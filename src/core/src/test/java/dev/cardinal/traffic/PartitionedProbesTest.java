package dev.cardinal.traffic;

import static dev.cardinal.traffic.ParallelReadTest.assertSameSample;
import static dev.cardinal.traffic.ParallelReadTest.describe;
import static dev.cardinal.traffic.ParallelReadTest.hostile;
import static dev.cardinal.traffic.ParallelReadTest.withoutReadTimes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Large dictionaries probed in batches on two threads ({@link PartitionedProbes}) give exactly what one thread gives:
 * every value, every id in the order of first sight, every column, on the sample scenarios, the explosion-shaped
 * generator and random hostile files, on the one-thread read and the pipelined one, from dictionaries of any size on.
 */
class PartitionedProbesTest {
    private static final long READ_TIME = 1_700_000_000_000_000_000L;
    private static final SampleBinding BINDING = SampleBinding.lineProtocol("t", "t.lp", "ns");

    @TempDir
    Path dir;

    @ParameterizedTest
    @MethodSource("dev.cardinal.traffic.ParallelReadTest#scenarios")
    void everySampleScenarioReadsTheSameWithPartitionedProbes(String name) throws Exception {
        byte[] text = gunzip(Path.of("sample-data", name, "traffic.lp.gz"));
        String expected = describe(read(text, SampleLimits.defaults(), -1, false));
        for (int threshold : new int[] {0, 100, PartitionedProbes.DEFAULT_THRESHOLD}) {
            assertSameSample(expected, describe(read(text, SampleLimits.defaults(), threshold, false)),
                name + " from dictionaries of " + threshold);
        }
        assertSameSample(expected, describe(read(text, SampleLimits.defaults(), 0, true)), name + " pipelined");
    }

    /** The benches' main case: nearly every id new, several batches, tables that grow while marks are pending. */
    @Test
    void explosionShapedTrafficReadsTheSameWithPartitionedProbes() throws Exception {
        dev.cardinal.traffic.scenarios.Scenarios.writeExplosion(dir, 40_000, 7);
        byte[] text = gunzip(dir.resolve("traffic.lp.gz"));
        Sample one = read(text, SampleLimits.defaults(), -1, false);
        String expected = describe(one);
        for (int threshold : new int[] {0, 1000, PartitionedProbes.DEFAULT_THRESHOLD}) {
            Sample probed = read(text, SampleLimits.defaults(), threshold, false);
            assertSameSample(expected, describe(probed), "explosion from dictionaries of " + threshold);
            assertSameSample(expected, describe(read(text, SampleLimits.defaults(), threshold, true)),
                "explosion pipelined from dictionaries of " + threshold);
        }
        // the case is what it claims: tens of thousands of values in the ids' dictionaries, so many batches
        EventKindSample kind = one.eventKinds().get(0);
        long largest = 0;
        for (int a = 0; a < kind.attributes().size(); a++) {
            if (kind.column(a) instanceof DictionaryColumn d) {
                largest = Math.max(largest, d.dictionary().size());
            }
        }
        assertTrue(largest > 2 * PartitionedProbes.BATCH, "largest dictionary " + largest);
    }

    /**
     * Random files of good and bad lines (escapes, CRLF, strings over several lines, type conflicts, odd bytes) under
     * a row cap or a few problems kept: the values written through the checked path (unescaped, in the parser's own
     * arrays) and the usual path alike.
     */
    @Test
    void hostileFilesReadTheSameWithPartitionedProbes() throws Exception {
        for (int seed = 0; seed < 60; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            byte[] text = hostile(r, 300 + r.nextInt(6000), seed % 3 == 0, seed % 4 != 1);
            SampleLimits limits = seed % 2 == 0
                ? new SampleLimits(50 + r.nextInt(4000), 1L << 30, 1 + r.nextInt(40))
                : new SampleLimits(Integer.MAX_VALUE - 8, 1L << 30, 1 + r.nextInt(400));
            String expected = describe(read(text, limits, -1, false));
            int threshold = r.nextInt(3) == 0 ? 0 : r.nextInt(200);
            assertSameSample(expected, describe(read(text, limits, threshold, seed % 5 == 0)),
                "seed " + seed + " from dictionaries of " + threshold);
        }
    }

    /**
     * Through the sample reader: kept when the budget could not have stopped one thread; read again on one thread
     * when it could (the budget is told of new values a batch late), so a small budget stops where one thread stops.
     */
    @Test
    void theSampleReaderKeepsAPartitionedReadOnlyWhereTheBudgetCouldNotStopIt() throws Exception {
        dev.cardinal.traffic.scenarios.Scenarios.writeExplosion(dir, 20_000, 3);
        Path file = dir.resolve("x.lp");
        Files.write(file, gunzip(dir.resolve("traffic.lp.gz")));
        SampleReader.Source source = new SampleReader.Source(file, BINDING);
        ParallelReadTest.keepingReadThreads(() -> {
            System.clearProperty("cardinal.readThreads");
            SampleBuilder kept = PartitionedRead.read(source, SampleLimits.defaults(), ReadMonitor.NONE, 0);
            assertNotNull(kept);
            Sample viaReader = SampleReader.read(List.of(source), SampleLimits.defaults(), ReadMonitor.NONE);
            for (long budget : new long[] {300_000, 2_000_000}) {
                SampleLimits small = SampleLimits.defaults().withMaxBytes(budget);
                assertNull(PartitionedRead.read(source, small, ReadMonitor.NONE, 0), "a budget of " + budget);
                Sample capped = SampleReader.read(List.of(source), small, ReadMonitor.NONE);
                System.setProperty("cardinal.readThreads", "1");
                Sample oneCapped = SampleReader.read(List.of(source), small, ReadMonitor.NONE);
                System.clearProperty("cardinal.readThreads");
                assertTrue(oneCapped.report().capped());
                assertSameSample(withoutReadTimes(describe(oneCapped)), withoutReadTimes(describe(capped)),
                    "a budget of " + budget);
            }
            System.setProperty("cardinal.readThreads", "1");
            assertNull(PartitionedRead.read(source, SampleLimits.defaults(), ReadMonitor.NONE, 0));
            Sample one = SampleReader.read(List.of(source), SampleLimits.defaults(), ReadMonitor.NONE);
            assertSameSample(withoutReadTimes(describe(one)), withoutReadTimes(describe(viaReader)), "SampleReader");
            assertSameSample(withoutReadTimes(describe(one)), withoutReadTimes(describe(kept.build())), "kept");
        });
    }

    /** A partitioned table finds and adds as a table of one region, through growth, whatever the values. */
    @Test
    void aPartitionedDictionaryGivesTheIdsOfAnUnpartitionedOne() {
        SplittableRandom r = new SplittableRandom(3);
        ByteDictionary plain = new ByteDictionary();
        ByteDictionary cut = new ByteDictionary();
        for (int i = 0; i < 200_000; i++) {
            if (i == 1000) {
                cut.partition();
            }
            String v = Long.toString(r.nextLong(i / 2 + 10), 36) + (r.nextBoolean() ? "" : "-" + r.nextInt(7));
            assertEquals(plain.getOrAdd(v), cut.getOrAdd(v), v);
        }
        assertTrue(cut.partitioned());
        assertEquals(plain.size(), cut.size());
        for (int id = 1; id <= plain.size(); id++) {
            assertEquals(id, cut.find(plain.value(id)));
        }
        assertEquals(0, cut.find("absent value"));
    }

    private static byte[] gunzip(Path gz) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return in.readAllBytes();
        }
    }

    /** One read of {@code text}: with large dictionaries probed on two threads from {@code threshold} values, or -1. */
    private static Sample read(byte[] text, SampleLimits limits, int threshold, boolean pipelined)
        throws IOException, SampleFormatException {
        SampleBuilder b = new SampleBuilder(limits);
        b.expectInput(text.length);
        if (threshold >= 0) {
            b.probeInPartitions(threshold);
        }
        LineProtocolReader reader = pipelined ? LineProtocolReader.pipelined(READ_TIME, 3, 4096)
            : new LineProtocolReader(READ_TIME);
        try {
            reader.read(new ByteArrayInputStream(text), "t.lp", BINDING, b, ReadMonitor.NONE);
        } finally {
            b.probesDone();
        }
        return b.build();
    }
}
