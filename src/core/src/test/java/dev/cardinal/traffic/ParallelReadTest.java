package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A file read in chunks on two threads gives exactly what one thread gives (every column, dictionary ids in order,
 * attributes and where each was first seen, problems and warnings with their line numbers, the counts), or the read
 * falls back to one thread, and only for the reasons {@link ParallelLineProtocol} names.
 */
class ParallelReadTest {
    private static final long READ_TIME = 1_700_000_000_000_000_000L;
    private static final SampleBinding BINDING = SampleBinding.lineProtocol("t", "t.lp", "ns");

    @TempDir
    Path dir;

    static List<String> scenarios() {
        return Scenarios.names();
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void everySampleScenarioReadsTheSameInChunks(String name) throws Exception {
        Path file = dir.resolve(name + ".lp");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of("sample-data", name, "traffic.lp.gz")))) {
            Files.write(file, in.readAllBytes());
        }
        for (int chunk : new int[] {64 << 10, 100_003, 1 << 20}) {
            ParallelLineProtocol.Outcome parallel = parallel(file, SampleLimits.defaults(), chunk);
            assertNotNull(parallel.builder(), () -> name + " fell back: " + parallel.fallback());
            assertSameSample(describe(single(file, SampleLimits.defaults())), describe(parallel.builder().build()),
                name + " in chunks of " + chunk);
        }
    }

    /** A capture's marks that a measurement came as a Prometheus metric hold wherever in the file they are. */
    @Test
    void prometheusMetricMarksHoldInEveryChunk() throws Exception {
        StringBuilder lp = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            lp.append("up,job=j").append(i % 7).append(" value=1 ").append(READ_TIME + i).append('\n');
            lp.append("cpu,host=h value=2 ").append(READ_TIME + i).append('\n');
            if (i == 15_000) {
                // late in the file, in another chunk than up's first lines; a name with a quote, a space and '='
                lp.append(PrometheusOrigin.line("up")).append(PrometheusOrigin.line("a \"b\"=c"));
                lp.append("a\\ \"b\"=c,x=y value=3 ").append(READ_TIME).append('\n');
            }
        }
        Path file = Files.writeString(dir.resolve("marked.lp"), lp);
        Sample one = single(file, SampleLimits.defaults());
        ParallelLineProtocol.Outcome parallel = parallel(file, SampleLimits.defaults(), 64 << 10);
        assertNotNull(parallel.builder(), () -> "fell back: " + parallel.fallback());
        for (Sample s : List.of(one, parallel.builder().build())) {
            assertTrue(s.eventKind("up").orElseThrow().prometheusMetric());
            assertTrue(s.eventKind("a \"b\"=c").orElseThrow().prometheusMetric());
            assertFalse(s.eventKind("cpu").orElseThrow().prometheusMetric(), "not marked, as a plain write");
            assertEquals(0, s.report().badLines(), "a mark is a comment, no bad line");
        }
    }

    /** The benches' main case, every line a new series (values of millions per tag at scale): chunks read it as one thread. */
    @Test
    void explosionShapedTrafficReadsTheSameInChunks() throws Exception {
        Path generated = Files.createDirectories(dir.resolve("explosion"));
        Scenarios.writeExplosion(generated, 30_000, 5);
        Path file = dir.resolve("explosion.lp");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(generated.resolve("traffic.lp.gz")))) {
            Files.write(file, in.readAllBytes());
        }
        String one = describe(single(file, SampleLimits.defaults()));
        for (int chunk : new int[] {64 << 10, 1 << 20}) {
            ParallelLineProtocol.Outcome parallel = parallel(file, SampleLimits.defaults(), chunk);
            assertNotNull(parallel.builder(), () -> "fell back: " + parallel.fallback());
            assertSameSample(one, describe(parallel.builder().build()), "explosion in chunks of " + chunk);
        }
    }

    @Test
    void aGzipFileReadsAsItsPlainTextDoes() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        byte[] text = hostile(r, 4000, true, true);
        Path plainDir = Files.createDirectories(dir.resolve("plain"));
        Path gzDir = Files.createDirectories(dir.resolve("gz"));
        Files.write(plainDir.resolve("t.lp"), text);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(text);
        }
        Files.write(gzDir.resolve("t.lp"), gz.toByteArray());
        String plain = describe(single(plainDir.resolve("t.lp"), SampleLimits.defaults())).replace(plainDir.toString(), "");
        Sample fromGz = SampleReader.read(List.of(new SampleReader.Source(gzDir.resolve("t.lp"), BINDING)),
            SampleLimits.defaults(), ReadMonitor.NONE);
        // the gzip read gives points without a timestamp the time it read them: compare the rest
        assertSameSample(withoutReadTimes(plain), withoutReadTimes(describe(fromGz).replace(gzDir.toString(), "")), "gzip");
    }

    /**
     * What {@link SampleReader} does with a file: a plain one of more than two chunks is read in parallel, and holds
     * what the one-thread read holds; the same file as .gz, and a file smaller than two chunks, are read on one.
     */
    @Test
    void sampleReaderReadsALargePlainFileInParallelAndTheRestOnOne() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (out.size() <= 2 * ParallelLineProtocol.CHUNK_BYTES + 1000) {
            out.writeBytes(hostile(r, 20_000, false, false));
        }
        Path file = dir.resolve("large.lp");
        Files.write(file, out.toByteArray());
        SampleReader.Source source = new SampleReader.Source(file, BINDING);
        keepingReadThreads(() -> {
            System.setProperty("cardinal.readThreads", "2");
            ParallelLineProtocol.Outcome parallel = SampleReader.readInParallel(source, SampleLimits.defaults(),
                ReadMonitor.NONE);
            assertNotNull(parallel.builder(), parallel.fallback());
            Sample viaReader = SampleReader.read(List.of(source), SampleLimits.defaults(), ReadMonitor.NONE);
            System.setProperty("cardinal.readThreads", "1");
            Sample one = SampleReader.read(List.of(source), SampleLimits.defaults(), ReadMonitor.NONE);
            // points without a timestamp get the time each read started
            assertSameSample(withoutReadTimes(describe(one)), withoutReadTimes(describe(viaReader)), "SampleReader");
            assertSameSample(withoutReadTimes(describe(one)), withoutReadTimes(describe(parallel.builder().build())),
                "readInParallel");

            System.setProperty("cardinal.readThreads", "2");
            Path gz = dir.resolve("large.lp.gz");
            try (GZIPOutputStream zip = new GZIPOutputStream(Files.newOutputStream(gz))) {
                zip.write(out.toByteArray());
            }
            assertNull(SampleReader.readInParallel(new SampleReader.Source(gz, BINDING), SampleLimits.defaults(),
                ReadMonitor.NONE).builder());
            Path small = dir.resolve("small.lp");
            Files.write(small, hostile(r, 1000, false, false));
            assertNull(SampleReader.readInParallel(new SampleReader.Source(small, BINDING), SampleLimits.defaults(),
                ReadMonitor.NONE).builder());
        });
    }

    /**
     * Two threads in chunks by default for a file of four chunks or more on a machine of four processors or more,
     * whatever its load (no switch on the load average: issue 33); the property decides when set.
     */
    @Test
    void largeFilesAreReadOnTwoThreadsByDefault() throws Exception {
        keepingReadThreads(() -> {
            System.clearProperty("cardinal.readThreads");
            assertEquals(1, ReadThreads.readThreads(-1));
            assertEquals(1, ReadThreads.readThreads(ReadThreads.TWO_THREADS_FROM_BYTES - 1));
            long large = ReadThreads.TWO_THREADS_FROM_BYTES;
            assertEquals(2, ReadThreads.defaultThreads(large, 4));
            assertEquals(2, ReadThreads.defaultThreads(large, 8));
            assertEquals(1, ReadThreads.defaultThreads(large, 2), "the pipeline takes the second of two");
            assertEquals(1, ReadThreads.defaultThreads(large, 1));
            assertEquals(1, ReadThreads.defaultThreads(large - 1, 8));
            System.setProperty("cardinal.readThreads", "1");
            assertEquals(1, ReadThreads.readThreads(1L << 40));
            System.setProperty("cardinal.readThreads", "3");
            assertEquals(3, ReadThreads.readThreads(2L * ParallelLineProtocol.CHUNK_BYTES));
        });
    }

    /**
     * Random files of good and bad lines, escapes, CRLF, strings over several lines, type conflicts, odd bytes and
     * blank lines, cut into chunks of a few hundred bytes: whenever the chunks are accepted, the result is the
     * one-thread result; most files without a conflict across chunks or a string over a chunk's end are accepted.
     */
    @Test
    void hostileFilesReadTheSameOrFallBack() throws Exception {
        int accepted = 0;
        int runs = 0;
        for (int seed = 0; seed < 60; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            byte[] text = hostile(r, 300 + r.nextInt(3000), seed % 3 == 0, seed % 4 == 1);
            Path file = dir.resolve("h" + seed + ".lp");
            Files.write(file, text);
            SampleLimits limits = new SampleLimits(Integer.MAX_VALUE - 8, 1L << 30, 1 + r.nextInt(40));
            String expected = describe(single(file, limits));
            for (int chunk : new int[] {200 + r.nextInt(400), 997, 4096 + r.nextInt(8192)}) {
                runs++;
                ParallelLineProtocol.Outcome parallel = parallel(file, limits, chunk);
                if (parallel.builder() != null) {
                    accepted++;
                    assertSameSample(expected, describe(parallel.builder().build()), "seed " + seed + ", chunks of " + chunk);
                }
            }
        }
        assertTrue(accepted > runs / 4, accepted + " of " + runs + " accepted");
    }

    /** The last chunk meets field v first as a float, which the chunks before hold as an integer. */
    @Test
    void aTypeFirstSeenInAnEarlierChunkFallsBack() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            sb.append("m,host=h").append(i % 7).append(i < 100 ? " v=" : " w=").append(i).append("i ")
                .append(1000 + i).append('\n');
        }
        sb.append("m,host=h1 v=1.5 2000\n");
        Path file = dir.resolve("conflict.lp");
        Files.writeString(file, sb.toString());
        ParallelLineProtocol.Outcome parallel = parallel(file, SampleLimits.defaults(), 1024);
        assertNull(parallel.builder());
        assertTrue(parallel.fallback().contains("field 'v' of m is integer since " + file + ":1 and float from "),
            parallel.fallback());
        Sample one = single(file, SampleLimits.defaults());
        assertEquals(1, one.report().badLines());
        assertEquals(201, one.report().problems().get(0).line());
    }

    /**
     * A later chunk that first meets the field with the earlier chunks' type and then refuses a line for another type
     * would name its own first line of the field, where one thread names the file's: the read falls back.
     */
    @Test
    void aConflictInALaterChunkOnAFieldAnEarlierChunkHadFallsBack() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            sb.append("m,host=h").append(i % 7).append(" v=").append(i).append("i ").append(1000 + i).append('\n');
        }
        sb.append("m,host=h1 v=1.5 2000\n");
        Path file = dir.resolve("later.lp");
        Files.writeString(file, sb.toString());
        ParallelLineProtocol.Outcome parallel = parallel(file, SampleLimits.defaults(), 1024);
        assertNull(parallel.builder());
        assertTrue(parallel.fallback().contains("which an earlier chunk had"), parallel.fallback());
        Sample one = single(file, SampleLimits.defaults());
        assertTrue(one.report().problems().get(0).message().contains("since " + file + ":1"),
            one.report().problems().get(0).message());
    }

    @Test
    void aStringOpenOverAChunksEndFallsBack() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            sb.append("m,host=h").append(i % 7).append(" s=\"line\n").append("m v=").append(i).append("\" ")
                .append(1000 + i).append('\n');
        }
        Path file = dir.resolve("open.lp");
        Files.writeString(file, sb.toString());
        ParallelLineProtocol.Outcome parallel = parallel(file, SampleLimits.defaults(), 256);
        assertNull(parallel.builder());
        assertTrue(parallel.fallback().contains("string left open"), parallel.fallback());
    }

    @Test
    void aBudgetOneThreadMightReachFallsBack() throws Exception {
        byte[] text = hostile(new SplittableRandom(3), 3000, false, false);
        Path file = dir.resolve("budget.lp");
        Files.write(file, text);
        SampleLimits small = SampleLimits.defaults().withMaxBytes(200_000);
        ParallelLineProtocol.Outcome parallel = parallel(file, small, 2048);
        assertNull(parallel.builder());
        assertTrue(parallel.fallback().contains("memory budget"), parallel.fallback());
        SampleLimits capped = SampleLimits.defaults().withMaxRows(100);
        assertTrue(parallel(file, capped, 2048).fallback().contains("row cap"));
    }

    @Test
    void chunksStartJustAfterANewlineAndNoneIsEmpty() throws Exception {
        Path file = dir.resolve("cuts.lp");
        // a line longer than a chunk, lines ending exactly at a cut, CRLF, a last line without a newline
        String text = "m v=1 1\r\n" + "m s=\"" + "x".repeat(50) + "\" 2\n" + "m v=2 3\n\n" + "m v=3 4";
        Files.writeString(file, text);
        for (int chunk = 1; chunk <= text.length() + 1; chunk++) {
            long[] starts;
            try (var ch = java.nio.channels.FileChannel.open(file)) {
                starts = ParallelLineProtocol.Chunks.split(ch, chunk);
            }
            assertEquals(0, starts[0]);
            assertEquals(text.length(), starts[starts.length - 1]);
            for (int k = 1; k < starts.length; k++) {
                assertTrue(starts[k] > starts[k - 1], "chunk " + k + " of " + chunk + " bytes is empty");
                if (k < starts.length - 1) {
                    assertEquals('\n', text.charAt((int) starts[k] - 1));
                }
            }
            ParallelLineProtocol.Outcome parallel = parallel(file, SampleLimits.defaults(), chunk);
            if (parallel.builder() != null) {
                assertSameSample(describe(single(file, SampleLimits.defaults())), describe(parallel.builder().build()), chunk + " bytes");
            }
        }
    }

    /**
     * Chunks count their lines from their own start: a field first seen in the last chunk, a malformed line, a
     * warning and a type conflict in later chunks (a string over several lines before them) name the file's lines.
     */
    @Test
    void laterChunksNameTheFilesLines() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 300; i++) {
            if (i == 10) {
                sb.append("m,host=h1 s=\"two\nlines\" 1\n");
            } else if (i == 120) {
                sb.append("m,host=h1 v=\n");
            } else if (i == 160) {
                sb.append("m,host=h\u0000 v=1i 1\n");
            } else if (i == 200) {
                sb.append("m,host=h2 w=1i,w=2.5 1\n");
            } else {
                sb.append("m,host=h").append(i % 7).append(i < 250 ? " v=" : " late=").append(i).append("i ")
                    .append(1000 + i).append('\n');
            }
        }
        Path file = dir.resolve("lines.lp");
        Files.writeString(file, sb.toString());
        Sample one = single(file, SampleLimits.defaults());
        ParallelLineProtocol.Outcome parallel = parallel(file, SampleLimits.defaults(), 1024);
        assertNotNull(parallel.builder(), parallel.fallback());
        Sample chunked = parallel.builder().build();
        assertSameSample(describe(one), describe(chunked), "chunks of 1024 bytes");
        // the string of line 10 runs over line 11: the lines after it are one further on
        assertEquals(List.of(121L, 201L), chunked.report().problems().stream().map(ReadProblem::line).toList());
        assertEquals(List.of(161L), chunked.report().warnings().stream().map(ReadProblem::line).toList());
        EventKindSample m = chunked.eventKinds().get(0);
        assertEquals(file + ":251", m.attributes().stream().filter(a -> a.key().equals("late")).findFirst()
            .orElseThrow().firstSeen());
    }

    interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body}, then gives {@code cardinal.readThreads} back the value it had. */
    static void keepingReadThreads(Body body) throws Exception {
        String before = System.getProperty("cardinal.readThreads");
        try {
            body.run();
        } finally {
            if (before == null) {
                System.clearProperty("cardinal.readThreads");
            } else {
                System.setProperty("cardinal.readThreads", before);
            }
        }
    }

    private Sample single(Path file, SampleLimits limits) throws IOException {
        SampleBuilder b = new SampleBuilder(limits);
        b.expectInput(Files.size(file));
        try (InputStream in = Files.newInputStream(file)) {
            new LineProtocolReader(READ_TIME).read(in, file.toString(), BINDING, b, ReadMonitor.NONE);
        } catch (SampleFormatException e) {
            b.problem(new ReadProblem(file.toString(), 0, 0, ReadProblem.Kind.NOT_THIS_FORMAT, e.getMessage()));
        }
        return b.build();
    }

    private ParallelLineProtocol.Outcome parallel(Path file, SampleLimits limits, int chunkBytes) throws IOException {
        return ParallelLineProtocol.read(file, file.toString(), BINDING, limits, ReadMonitor.NONE, 2, chunkBytes,
            READ_TIME);
    }

    /** Everything a sample holds, as text: equal texts, equal samples. */
    static String describe(Sample s) {
        StringBuilder out = new StringBuilder();
        out.append(s.report()).append('\n');
        for (EventKindSample k : s.eventKinds()) {
            out.append("kind ").append(k.name()).append(' ').append(k.rows()).append('\n');
            for (int r = 0; r < k.rows(); r++) {
                out.append(k.timestamp(r)).append(',');
            }
            out.append('\n');
            for (int a = 0; a < k.attributes().size(); a++) {
                out.append(k.attributes().get(a)).append(": ");
                Column c = k.column(a);
                out.append(c.getClass().getSimpleName()).append(' ').append(c.bytesPerRow()).append(' ');
                if (c instanceof DictionaryColumn d) {
                    for (int id = 1; id <= d.dictionary().size(); id++) {
                        out.append(java.util.Arrays.toString(d.dictionary().bytes(id))).append('|');
                    }
                    out.append(" ids ");
                    for (int r = 0; r < k.rows(); r++) {
                        out.append(d.id(r)).append(',');
                    }
                } else {
                    for (int r = 0; r < k.rows(); r++) {
                        out.append(c.text(r)).append(',');
                    }
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** Equal descriptions, or the first line that differs (descriptions run to megabytes). */
    static void assertSameSample(String expected, String actual, String what) {
        if (expected.equals(actual)) {
            return;
        }
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.min(e.length, a.length); i++) {
            if (!e[i].equals(a[i])) {
                int c = 0;
                while (c < Math.min(e[i].length(), a[i].length()) && e[i].charAt(c) == a[i].charAt(c)) {
                    c++;
                }
                int from = Math.max(0, c - 200);
                throw new AssertionError(what + ": line " + i + " differs at " + c + ":\n one thread: "
                    + e[i].substring(from, Math.min(e[i].length(), c + 200)) + "\n in chunks:  "
                    + a[i].substring(from, Math.min(a[i].length(), c + 200)));
            }
        }
        throw new AssertionError(what + ": " + e.length + " lines against " + a.length);
    }

    static String withoutReadTimes(String description) {
        return description.replaceAll("\\b17\\d{17}\\b", "READ");
    }

    /** Lines of every kind a file may hold, good and bad. */
    static byte[] hostile(SplittableRandom r, int lines, boolean conflicts, boolean multiLine) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] kinds = {"cpu", "mem", "we\\ ird\\,name", "disk"};
        for (int i = 0; i < lines; i++) {
            String kind = kinds[r.nextInt(kinds.length)];
            String tags = ",host=h" + r.nextInt(20) + (r.nextInt(4) == 0 ? ",region=eu\\ west\\,1" : "")
                + (r.nextInt(30) == 0 ? ",host=again" : "") + (r.nextInt(60) == 0 ? ",time=t" : "");
            String value = switch (r.nextInt(12)) {
                case 0 -> (conflicts ? "v=" : "f=") + r.nextInt(100) + ".5"; // a float where most lines give an integer
                case 1 -> "s=\"say \\\"hi\\\" " + r.nextInt(50) + "\"";
                case 2 -> multiLine ? "s=\"two\nlines\"" : "s=\"one line\""; // a string over two lines
                case 3 -> "flag=" + (r.nextBoolean() ? "true" : "f");
                case 4 -> "u=" + r.nextInt(1000) + "u";
                default -> "v=" + r.nextInt(1000) + "i";
            };
            String ts = r.nextInt(10) == 0 ? "" : " " + (1_600_000_000_000_000_000L + i * 1_000_000L);
            String line = switch (r.nextInt(40)) {
                case 0 -> "garbage without fields";
                case 1 -> "";
                case 2 -> "# a comment";
                case 3 -> kind + tags + " " + value + ts + "\r";           // CRLF
                case 4 -> kind + tags + " " + value + ",caf\u00e9=1i" + ts;  // a key beyond ASCII
                case 5 -> kind + tags + " =1i" + ts;                          // an empty field key
                default -> kind + tags + " " + value + ts;
            };
            out.writeBytes(line.getBytes(StandardCharsets.UTF_8));
            if (r.nextInt(200) == 0) {
                out.write(0xC3); // a byte that is not UTF-8 on its own
            }
            out.write('\n');
        }
        return out.toByteArray();
    }
}
