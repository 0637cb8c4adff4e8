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
        Sample one = read(text, SampleLimits.defaults(), -1, false);
        String expected = describe(one);
        for (int threshold : new int[] {0, 100, 1000}) {
            for (boolean pipelined : new boolean[] {false, true}) {
                Sample probed = read(text, SampleLimits.defaults(), threshold, pipelined);
                assertSameSample(expected, describe(probed == null ? one : probed),
                    name + " from dictionaries of " + threshold + (pipelined ? ", pipelined" : ""));
            }
        }
    }

    /**
     * The benches' main case: nearly every id new, many batches, tables that grow while marks are pending; from
     * dictionaries of 1,000 values on no region is crowded, so no read is given up.
     */
    @Test
    void explosionShapedTrafficReadsTheSameWithPartitionedProbes() throws Exception {
        dev.cardinal.traffic.scenarios.Scenarios.writeExplosion(dir, 40_000, 7);
        byte[] text = gunzip(dir.resolve("traffic.lp.gz"));
        Sample one = read(text, SampleLimits.defaults(), -1, false);
        String expected = describe(one);
        for (int threshold : new int[] {1000, PartitionedProbes.DEFAULT_THRESHOLD}) {
            for (boolean pipelined : new boolean[] {false, true}) {
                Sample probed = read(text, SampleLimits.defaults(), threshold, pipelined);
                assertNotNull(probed, "a region crowded");
                assertSameSample(expected, describe(probed),
                    "explosion from dictionaries of " + threshold + (pipelined ? ", pipelined" : ""));
            }
        }
        Sample fromNone = read(text, SampleLimits.defaults(), 0, false);
        assertSameSample(expected, describe(fromNone == null ? one : fromNone), "explosion from dictionaries of 0");
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
     * a row cap, a small memory budget or a few problems kept: the values written through the checked path (unescaped,
     * in the parser's own arrays) and the usual path alike, and the budget's stop at the same line with the same
     * figures. Where a table grew beyond one thread's (a region crowded), the reader reads again on one thread: so here.
     */
    @Test
    void hostileFilesReadTheSameWithPartitionedProbes() throws Exception {
        int keptUnderABudget = 0;
        for (int seed = 0; seed < 80; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            byte[] text = hostile(r, 300 + r.nextInt(6000), seed % 3 == 0, seed % 4 != 1);
            SampleLimits limits = switch (seed % 3) {
                case 0 -> new SampleLimits(50 + r.nextInt(4000), 1L << 30, 1 + r.nextInt(40));
                case 1 -> SampleLimits.defaults().withMaxBytes(20_000 + r.nextInt(400_000));
                default -> new SampleLimits(Integer.MAX_VALUE - 8, 1L << 30, 1 + r.nextInt(400));
            };
            Sample one = read(text, limits, -1, false);
            int threshold = r.nextInt(3) == 0 ? 0 : r.nextInt(300);
            Sample probed = read(text, limits, threshold, seed % 5 == 0);
            if (probed == null) {
                probed = one;
            } else if (seed % 3 == 1 && one.report().capped()) {
                keptUnderABudget++;
            }
            assertSameSample(describe(one), describe(probed), "seed " + seed + " from dictionaries of " + threshold);
        }
        // small dictionaries crowd a region often (then the read is given up); these seeds keep two budget stops
        assertTrue(keptUnderABudget >= 2, keptUnderABudget + " reads stopped by the budget kept");
    }

    /**
     * Through the sample reader, the explosion read with a memory budget large enough and too small: the budget stops
     * at the same line, with the same figures in its message, as on one thread; with one thread asked for, no probing.
     */
    @Test
    void theSampleReaderStopsAtTheBudgetWhereOneThreadStops() throws Exception {
        dev.cardinal.traffic.scenarios.Scenarios.writeExplosion(dir, 20_000, 3);
        Path file = dir.resolve("x.lp");
        Files.write(file, gunzip(dir.resolve("traffic.lp.gz")));
        SampleReader.Source source = new SampleReader.Source(file, BINDING);
        ParallelReadTest.keepingReadThreads(() -> {
            for (long budget : new long[] {300_000, 2_000_000, SampleLimits.defaults().maxBytes()}) {
                SampleLimits limits = SampleLimits.defaults().withMaxBytes(budget);
                System.clearProperty("cardinal.readThreads");
                SampleBuilder kept = PartitionedRead.read(source, limits, ReadMonitor.NONE, 1000);
                assertNotNull(kept, "a budget of " + budget);
                Sample viaReader = SampleReader.read(List.of(source), limits, ReadMonitor.NONE);
                System.setProperty("cardinal.readThreads", "1");
                assertNull(PartitionedRead.read(source, limits, ReadMonitor.NONE, 1000));
                Sample one = SampleReader.read(List.of(source), limits, ReadMonitor.NONE);
                assertEquals(budget < 1_000_000_000, one.report().capped(), "a budget of " + budget);
                String expected = withoutReadTimes(describe(one));
                assertSameSample(expected, withoutReadTimes(describe(kept.build())), "kept, a budget of " + budget);
                assertSameSample(expected, withoutReadTimes(describe(viaReader)), "SampleReader, a budget of " + budget);
            }
        });
    }

    /**
     * A partitioned table finds what an unpartitioned one finds, and a value added to it on one thread makes it one
     * region again, so that it grows as one that was never cut (the memory budget sees the same bytes).
     */
    @Test
    void aPartitionedDictionaryGivesTheIdsAndSizeOfAnUnpartitionedOne() {
        SplittableRandom r = new SplittableRandom(3);
        ByteDictionary plain = new ByteDictionary();
        ByteDictionary cut = new ByteDictionary();
        int partitioned = 0;
        for (int i = 0; i < 200_000; i++) {
            if (i % 1000 == 0) {
                assertEquals(cut.partition(), cut.partitioned());
                partitioned += cut.partitioned() ? 1 : 0;
            }
            String v = Long.toString(r.nextLong(i / 2 + 10), 36) + (r.nextBoolean() ? "" : "-" + r.nextInt(7));
            assertEquals(plain.find(v), cut.find(v), v);
            assertEquals(plain.getOrAdd(v), cut.getOrAdd(v), v);
            assertEquals(plain.footprintBytes(), cut.footprintBytes(), v);
        }
        assertTrue(partitioned > 150, partitioned + " of 200 times cut");
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

    /**
     * One read of {@code text}: with large dictionaries probed on two threads from {@code threshold} values, or -1;
     * null when a table grew beyond one thread's ({@link PartitionedProbes#diverged}).
     */
    private static Sample read(byte[] text, SampleLimits limits, int threshold, boolean pipelined)
        throws IOException, SampleFormatException {
        SampleBuilder b = new SampleBuilder(limits);
        b.expectInput(text.length);
        if (threshold >= 0) {
            b.probeInPartitions(threshold);
        }
        LineProtocolReader reader = pipelined ? LineProtocolReader.pipelined(READ_TIME, 3, 4096)
            : new LineProtocolReader(READ_TIME);
        boolean exact;
        try {
            reader.read(new ByteArrayInputStream(text), "t.lp", BINDING, b, ReadMonitor.NONE);
        } finally {
            exact = b.probesDone();
        }
        return exact ? b.build() : null;
    }
}
