package dev.cardinal.traffic;

import static dev.cardinal.traffic.ParallelReadTest.assertSameSample;
import static dev.cardinal.traffic.ParallelReadTest.describe;
import static dev.cardinal.traffic.ParallelReadTest.hostile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A file read with its lines found and parsed on a second thread ({@link LinePipeline}) gives exactly what one thread
 * gives: every column, dictionary ids in order, attributes and where each was first seen, problems and warnings with
 * their lines and columns, the row cap and the memory budget's stop, whatever the buffers' size.
 */
class PipelinedReadTest {
    private static final long READ_TIME = 1_700_000_000_000_000_000L;
    private static final SampleBinding BINDING = SampleBinding.lineProtocol("t", "t.lp", "ns");

    static List<String> scenarios() {
        return ParallelReadTest.scenarios();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everySampleScenarioReadsTheSamePipelined(String name) throws Exception {
        byte[] text;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of("sample-data", name, "traffic.lp.gz")))) {
            text = in.readAllBytes();
        }
        String expected = describe(single(text, SampleLimits.defaults()));
        for (int bytes : new int[] {4096, 100_003, 1 << 20, 4 << 20}) {
            assertSameSample(expected, describe(pipelined(text, SampleLimits.defaults(), 3, bytes)),
                name + " in buffers of " + bytes);
        }
    }

    /** The benches' main case, every line a new series: pipelined as on one thread. */
    @Test
    void explosionShapedTrafficReadsTheSamePipelined(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        dev.cardinal.traffic.scenarios.Scenarios.writeExplosion(dir, 30_000, 5);
        byte[] text;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve("traffic.lp.gz")))) {
            text = in.readAllBytes();
        }
        String expected = describe(single(text, SampleLimits.defaults()));
        for (int bytes : new int[] {4096, 1 << 20}) {
            assertSameSample(expected, describe(pipelined(text, SampleLimits.defaults(), 3, bytes)),
                "explosion in buffers of " + bytes);
        }
    }

    /**
     * Random files of good and bad lines, escapes, CRLF, strings over several lines, type conflicts, odd bytes, blank
     * lines and comments, read in buffers from a few bytes (most lines then handed to the one-thread read) to a few
     * thousand, under a row cap, a small memory budget or a few problems kept.
     */
    @Test
    void hostileFilesReadTheSameInAnyBuffers() throws Exception {
        for (int seed = 0; seed < 80; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            byte[] text = hostile(r, 300 + r.nextInt(3000), seed % 3 == 0, seed % 4 != 1);
            SampleLimits limits = switch (seed % 4) {
                case 0 -> new SampleLimits(50 + r.nextInt(2000), 1L << 30, 1 + r.nextInt(40));
                case 1 -> SampleLimits.defaults().withMaxBytes(20_000 + r.nextInt(200_000));
                default -> new SampleLimits(Integer.MAX_VALUE - 8, 1L << 30, 1 + r.nextInt(400));
            };
            String expected = describe(single(text, limits));
            for (int bytes : new int[] {16 + r.nextInt(48), 100 + r.nextInt(300), 997, 4096 + r.nextInt(8192)}) {
                assertSameSample(expected, describe(pipelined(text, limits, 2 + r.nextInt(3), bytes)),
                    "seed " + seed + ", buffers of " + bytes);
            }
        }
    }

    /** The one-thread read's buffer grows and moves on at lines of a megabyte, telling the builder: so does this. */
    @Test
    void linesLongerThanTheOneThreadBufferGrowTheSameColumns() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 40; i++) {
            out.writeBytes(hostile(r, 2000, false, true));
            String big = "x".repeat(r.nextInt(3) == 0 ? (1 << 20) + r.nextInt(1 << 20) : r.nextInt(5000));
            out.writeBytes(("m,host=h" + i + " s=\"" + big + "\",v=" + i + "i " + (1000 + i) + "\n")
                .getBytes(StandardCharsets.UTF_8));
        }
        byte[] text = out.toByteArray();
        for (SampleLimits limits : new SampleLimits[] {SampleLimits.defaults(),
            SampleLimits.defaults().withMaxBytes(12 << 20)}) {
            String expected = describe(single(text, limits));
            for (int bytes : new int[] {64 << 10, 1 << 20, 3 << 20, 4 << 20}) {
                assertSameSample(expected, describe(pipelined(text, limits, 3, bytes)), "buffers of " + bytes);
            }
        }
    }

    /**
     * The budget stops a read of several megabytes at the same line: the columns grow by the rows the input read so far
     * promises, which the one-thread read's buffer tells the builder as it moves on (a budget of rows whose values
     * are mostly new, so that it is reached late in the file).
     */
    @Test
    void aBudgetReachedLateStopsAtTheSameLine() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < 120_000; i++) {
            out.writeBytes(("m,session=s" + i + ",host=h" + (i % 50) + " v=" + i + "i,f=" + (i * 0.5) + " " + (1000 + i)
                + "\n").getBytes(StandardCharsets.UTF_8));
        }
        byte[] text = out.toByteArray();
        for (int budget : new int[] {3 << 20, 4 << 20, 6 << 20}) {
            SampleLimits limits = SampleLimits.defaults().withMaxBytes(budget);
            Sample one = single(text, limits);
            assertTrue(one.report().capped(), "the budget of " + budget + " is reached");
            for (int bytes : new int[] {4096, 1 << 20}) {
                assertSameSample(describe(one), describe(pipelined(text, limits, 3, bytes)),
                    "budget " + budget + ", buffers of " + bytes);
            }
        }
    }

    /** Strings left open across buffers, to the end of the input, and a line longer than the reader holds. */
    @Test
    void openStringsAndOverlongLinesReadTheSame() throws Exception {
        StringBuilder sb = new StringBuilder("\uFEFFm,host=a v=1i 1\r\n");
        for (int i = 0; i < 200; i++) {
            sb.append("m,host=h").append(i % 7).append(" s=\"line\n").append("m v=").append(i).append("i\" ")
                .append(1000 + i).append("\r\n");
            if (i % 50 == 0) {
                sb.append("m,ho\\ st=h\\,1 s=\"a\\\"b\" 5\n   \t\n# comment\n");
            }
        }
        sb.append("m,host=z s=\"left open\nm v=1i 2\nm v=2i 3\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("m,host=h\u0000 v=1i 1\nm,host=caf\u00e9 v=1i 1\n".getBytes(StandardCharsets.UTF_8));
        // bytes that are not UTF-8 in a tag value (kept, with a warning) and in a measurement name (refused)
        out.writeBytes(new byte[] {'m', ',', 'h', '=', (byte) 0xC3, 'x', ' ', 'v', '=', '1', 'i', '\n'});
        out.writeBytes(new byte[] {'m', (byte) 0xC3, ' ', 'v', '=', '1', 'i', '\n'});
        out.writeBytes(sb.toString().getBytes(StandardCharsets.UTF_8));
        byte[] text = out.toByteArray();
        String expected = describe(single(text, SampleLimits.defaults()));
        for (int bytes = 16; bytes < 400; bytes += 7) {
            assertSameSample(expected, describe(pipelined(text, SampleLimits.defaults(), 2, bytes)), "buffers of " + bytes);
        }
        byte[] overlong = ("m v=1i 1\nm s=\"" + "y".repeat(LineProtocolReader.MAX_LINE_BYTES + 10) + "\n"
            + "m v=2i 2\n").getBytes(StandardCharsets.UTF_8);
        assertSameSample(describe(single(overlong, SampleLimits.defaults())),
            describe(pipelined(overlong, SampleLimits.defaults(), 3, 1 << 20)), "a line longer than the reader holds");
    }

    /** How the file starts: JSON, whitespace longer than a buffer, a BOM, 20 malformed lines. */
    @Test
    void theFilesStartIsJudgedAsOnOneThread() throws Exception {
        for (String text : new String[] {" ".repeat(300) + "{\"a\": 1}\n", "\n".repeat(300) + "m v=1i 1\n",
            "\uFEFF[1]\n", "x\n".repeat(30) + "m v=1i 1\n", "x\n".repeat(10) + "m v=1i 1\n" + "x\n".repeat(30), ""}) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            String expected = describeOrFailure(() -> single(bytes, SampleLimits.defaults()));
            for (int size = 16; size < 80; size += 9) {
                int s = size;
                assertEquals(expected, describeOrFailure(() -> pipelined(bytes, SampleLimits.defaults(), 2, s)),
                    text.substring(0, Math.min(20, text.length())) + " in buffers of " + size);
            }
        }
    }

    /** An input that fails part way (a truncated stream): the lines before the cut are read, then the failure thrown. */
    @Test
    void anInputThatFailsFailsAlike() throws Exception {
        byte[] text = hostile(new SplittableRandom(2), 2000, false, true);
        for (int cut : new int[] {0, 10, 5000, 33_333, text.length - 3}) {
            String expected = describeOrFailure(() -> read(failingAfter(text, cut), new LineProtocolReader(READ_TIME),
                SampleLimits.defaults(), text.length));
            for (int bytes : new int[] {16, 300, 4096}) {
                assertEquals(expected, describeOrFailure(() -> read(failingAfter(text, cut),
                    LineProtocolReader.pipelined(READ_TIME, 3, bytes), SampleLimits.defaults(), text.length)),
                    "cut at " + cut + ", buffers of " + bytes);
            }
        }
    }

    /** A cancelled read ends with the cancellation, and the line-finding thread ends with it. */
    @Test
    void cancellingEndsBothThreads() throws Exception {
        byte[] text = hostile(new SplittableRandom(4), 50_000, false, false);
        AtomicInteger polls = new AtomicInteger();
        ReadMonitor cancelSoon = new ReadMonitor() {
            @Override
            public boolean cancelled() {
                return polls.incrementAndGet() > 3;
            }
        };
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        assertThrows(CancellationException.class, () -> LineProtocolReader.pipelined(READ_TIME, 3, 4096)
            .read(new ByteArrayInputStream(text), "t.lp", BINDING, b, cancelSoon));
        assertFalse(Thread.getAllStackTraces().keySet().stream()
            .anyMatch(t -> t.getName().startsWith("cardinal-lines") && t.isAlive()), "the line-finding thread ended");
    }

    /**
     * {@code cardinal.readThreads=pipeline} pipelines a plain file read through {@link SampleReader} (not a .gz, and never
     * in chunks), and the sample is the one-thread sample; any other value reads on one thread or in chunks.
     */
    @Test
    void sampleReaderPipelinesAPlainFileWhenAsked(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.lp");
        Files.write(file, hostile(new SplittableRandom(9), 20_000, true, true));
        ParallelReadTest.keepingReadThreads(() -> {
            System.setProperty("cardinal.readThreads", "pipeline");
            assertEquals(1, ReadThreads.readThreads(1L << 40), "not in chunks");
            assertTrue(ReadThreads.pipelined(1L << 40, true));
            String pipelined = describe(SampleReader.read(List.of(new SampleReader.Source(file, BINDING)),
                SampleLimits.defaults(), ReadMonitor.NONE));
            System.setProperty("cardinal.readThreads", "1");
            assertFalse(ReadThreads.pipelined(1L << 40, true));
            String one = describe(SampleReader.read(List.of(new SampleReader.Source(file, BINDING)),
                SampleLimits.defaults(), ReadMonitor.NONE));
            assertSameSample(ParallelReadTest.withoutReadTimes(one), ParallelReadTest.withoutReadTimes(pipelined),
                "SampleReader");
            System.setProperty("cardinal.readThreads", "2");
            assertFalse(ReadThreads.pipelined(1L << 40, true));
        });
    }

    /** Pipelined by default: a large plain file on two processors or more, whatever the load (issue 33). */
    @Test
    void largeFilesArePipelinedOnTwoProcessors() throws Exception {
        ParallelReadTest.keepingReadThreads(() -> {
            System.clearProperty("cardinal.readThreads");
            assertFalse(ReadThreads.pipelined(1 << 20, true), "a small file");
            long large = ReadThreads.PIPELINE_FROM_BYTES;
            assertTrue(ReadThreads.defaultPipelined(large, 2));
            assertTrue(ReadThreads.defaultPipelined(large, 4));
            assertFalse(ReadThreads.defaultPipelined(large, 1));
            assertFalse(ReadThreads.defaultPipelined(large - 1, 8));
            assertFalse(ReadThreads.pipelined(large * 4, false), "a .gz only when asked");
        });
    }

    /** The pipeline's offsets are what the one-thread read takes: a test that a wrong offset is seen. */
    @Test
    void theComparisonSeesADifference() throws Exception {
        byte[] text = "m,host=a v=1i 1\nm,host=b v=2i 2\n".getBytes(StandardCharsets.UTF_8);
        byte[] other = "m,host=a v=1i 1\nm,host=c v=2i 2\n".getBytes(StandardCharsets.UTF_8);
        assertTrue(!describe(single(text, SampleLimits.defaults()))
            .equals(describe(pipelined(other, SampleLimits.defaults(), 2, 16))));
    }

    private interface Read {
        Sample get() throws Exception;
    }

    private static String describeOrFailure(Read read) {
        try {
            return describe(read.get());
        } catch (Exception e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    private static Sample single(byte[] text, SampleLimits limits) throws IOException, SampleFormatException {
        return read(new ByteArrayInputStream(text), new LineProtocolReader(READ_TIME), limits, text.length);
    }

    private static Sample pipelined(byte[] text, SampleLimits limits, int buffers, int bytes)
        throws IOException, SampleFormatException {
        return read(new ByteArrayInputStream(text), LineProtocolReader.pipelined(READ_TIME, buffers, bytes), limits,
            text.length);
    }

    private static Sample read(InputStream in, LineProtocolReader reader, SampleLimits limits, long size)
        throws IOException, SampleFormatException {
        SampleBuilder b = new SampleBuilder(limits);
        b.expectInput(size);
        reader.read(in, "t.lp", BINDING, b, ReadMonitor.NONE);
        return b.build();
    }

    /** {@code text}'s bytes, then an IOException. */
    private static InputStream failingAfter(byte[] text, int cut) {
        return new InputStream() {
            private int at;

            @Override
            public int read() throws IOException {
                if (at >= cut) {
                    throw new IOException("cut at " + cut);
                }
                return text[at++] & 0xFF;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (at >= cut) {
                    throw new IOException("cut at " + cut);
                }
                int n = Math.min(len, cut - at);
                System.arraycopy(text, at, b, off, n);
                at += n;
                return n;
            }
        };
    }
}
