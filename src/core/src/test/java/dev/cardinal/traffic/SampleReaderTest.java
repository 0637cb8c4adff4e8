package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleReaderTest {
    @TempDir
    Path dir;

    private static byte[] gzip(String text) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    private Sample read(Path file) {
        return SampleReader.read(List.of(new SampleReader.Source(file, SampleBinding.lineProtocol("t", file.toString(), "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
    }

    @Test
    void readsGzipByItsMagicBytes() throws Exception {
        Path gz = Files.write(dir.resolve("a.lp.gz"), gzip("m,t=a f=1 1\nm,t=b f=2 2\n"));
        Path renamed = Files.write(dir.resolve("b.lp"), gzip("m,t=c f=1 1\n"));
        assertEquals(2, read(gz).rows());
        assertEquals(1, read(renamed).rows());
    }

    @Test
    void aGzipFilesStatedSizeIsUsedOnlyWhereItCanBeRight() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            text.append("m,host=h").append(i % 50).append(" f=").append(i).append("i ").append(i).append('\n');
        }
        Path one = dir.resolve("one.lp.gz");
        Files.write(one, gzip(text.toString()));
        long expected = text.toString().getBytes(StandardCharsets.UTF_8).length;
        assertEquals(expected, SampleReader.gzipStatedSize(one, Files.size(one)));
        assertEquals(20_000, read(one).eventKind("m").orElseThrow().rows());

        // two members: the trailer states only the last, smaller than the file, so no size is assumed
        Path two = dir.resolve("two.lp.gz");
        byte[] first = gzip(text.toString());
        byte[] second = gzip("m,host=z f=1i 1\n");
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        Files.write(two, both);
        assertEquals(-1, SampleReader.gzipStatedSize(two, Files.size(two)));
        assertEquals(20_001, read(two).eventKind("m").orElseThrow().rows());

        Path tiny = dir.resolve("tiny.gz");
        Files.write(tiny, new byte[] {0x1f, (byte) 0x8b, 8});
        assertEquals(-1, SampleReader.gzipStatedSize(tiny, Files.size(tiny)));
    }

    @Test
    void aDotGzFileThatIsNotGzipSaysSo() throws Exception {
        Path f = Files.writeString(dir.resolve("a.lp.gz"), "m f=1 1\n");
        ReadProblem p = read(f).report().problems().get(0);
        assertEquals(ReadProblem.Kind.NOT_THIS_FORMAT, p.kind());
        assertEquals(f + " is named .gz but is not gzip data", p.message());
    }

    @Test
    void binaryDataIsRefusedAtOnce() throws Exception {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13};
        Path f = Files.write(dir.resolve("image.lp"), png);
        Sample s = read(f);
        assertEquals(0, s.rows());
        ReadProblem p = s.report().problems().get(0);
        assertEquals(ReadProblem.Kind.NOT_THIS_FORMAT, p.kind());
        assertEquals(f + " holds binary data (a NUL byte at offset 8); sample traffic must be text", p.message());
    }

    /** Bytes that are not UTF-8 are a line's fault, not the file's: each line is read as the server reads it. */
    @Test
    void latin1TextIsReadLineByLineWithAWarningForEach() throws Exception {
        Path f = Files.write(dir.resolve("l.lp"), "m,ort=Z\u00fcrich f=1 1\nm,ort=Bern f=2 2\nm,ort=G\u00e4u f=3 3\n"
            .getBytes(StandardCharsets.ISO_8859_1));
        Sample s = read(f);
        assertEquals(3, s.rows());
        assertEquals(List.of(), s.report().problems());
        assertEquals(List.of(f + ":1:8: warning: bytes that are not UTF-8 in a tag value at column 8: the server keeps"
                + " them as they are (queries show them as U+FFFD)", f + ":3:8: warning: bytes that are not UTF-8 in a"
                + " tag value at column 8: the server keeps them as they are (queries show them as U+FFFD)"),
            s.report().warnings().stream().map(ReadProblem::toString).toList());
    }

    /** Past the first 8 KiB, where the file was judged text, a NUL is a line's fault (the case: at 3.2 MB). */
    @Test
    void aNulDeepInTheFileIsReportedForItsLine() throws Exception {
        StringBuilder sb = new StringBuilder();
        int lines = 0;
        while (sb.length() < 3_200_000) {
            sb.append("m,host=h").append(lines % 100).append(" f=").append(lines).append(' ').append(lines).append('\n');
            lines++;
        }
        sb.append("m,host=a\u0000b f=1 ").append(lines).append('\n');
        Path f = Files.writeString(dir.resolve("nul.lp"), sb);
        Sample s = read(f);
        assertEquals(lines + 1, s.rows());
        assertEquals(List.of(f + ":" + (lines + 1) + ":9: warning: a NUL byte in a tag value at column 9: the server"
            + " keeps it (binary data in a text file?)"), s.report().warnings().stream().map(ReadProblem::toString).toList());
    }

    /**
     * Issue 31: a point whose string runs over two lines, then one with a NUL in a tag (influxd 1.6.7 answers both
     * 204 and keeps them), then ordinary points. The file is text: every point is kept and the NUL's line is named;
     * it was refused whole as binary (its first physical line, read alone, is no point), losing them all.
     */
    @Test
    void aNulInATagAfterAStringOverTwoLinesIsThatLinesFaultNotTheFiles() throws Exception {
        StringBuilder sb = new StringBuilder("cpu,host=a s=\"line one\nline two\",v=1i 1700000000000000000\n"
            + "cpu,host=b\u0000x v=2i 1700000000000000001\n");
        for (int i = 0; i < 1_000; i++) {
            sb.append("cpu,host=h").append(i % 5).append(" v=").append(i).append("i ").append(1_700_000_000_000_000_002L + i).append('\n');
        }
        Path f = Files.writeString(dir.resolve("poison.lp"), sb);
        Sample s = read(f);
        assertEquals(1_002, s.rows(), s.report().problems().toString());
        assertEquals(List.of(), s.report().problems());
        assertEquals(List.of(f + ":3:11: warning: a NUL byte in a tag value at column 11: the server keeps it (binary data in a"
            + " text file?)"), s.report().warnings().stream().map(ReadProblem::toString).toList());
    }

    /** A bad first line does not make the NUL of a later point the file's fault either: the file holds points. */
    @Test
    void aNulAfterABadFirstLineIsThatLinesFault() throws Exception {
        Path f = Files.writeString(dir.resolve("bad-first.lp"), "no fields here\nm,t=a\u0000b f=1 1\nm,t=c f=2 2\n");
        Sample s = read(f);
        assertEquals(2, s.rows());
        assertEquals(List.of(1L), s.report().problems().stream().map(ReadProblem::line).toList());
    }

    /** A measurement may start with a brace (influxd keeps it): a file whose first line is such a point is not JSON. */
    @Test
    void aFirstPointWhoseMeasurementStartsWithABraceIsNotJson() throws Exception {
        Path f = Files.writeString(dir.resolve("brace.lp"), "{\"a\":1} v=1 1\n[x v=2 2\ncpu,host=a v=3 3\n");
        Sample s = read(f);
        assertEquals(3, s.rows(), s.report().problems().toString());
        Path json = Files.writeString(dir.resolve("json.lp"), "{\"a\": 1, \"b\": 2}\n");
        assertEquals(ReadProblem.Kind.NOT_THIS_FORMAT, read(json).report().problems().get(0).kind(), "JSON is still refused at once");
    }

    @Test
    void aTruncatedGzipKeepsTheRowsBeforeTheCut() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            sb.append("m,t=").append(i).append(" f=").append(i).append(' ').append(i).append('\n');
        }
        byte[] full = gzip(sb.toString());
        Path f = Files.write(dir.resolve("cut.lp.gz"), Arrays.copyOf(full, full.length / 2));
        Sample s = read(f);
        assertTrue(s.rows() > 1000 && s.rows() < 50_000, "rows before the cut: " + s.rows());
        ReadProblem last = s.report().problems().get(s.report().problems().size() - 1);
        assertEquals(ReadProblem.Kind.UNREADABLE, last.kind());
    }

    @Test
    void aMissingFileIsReportedAndTheOthersAreRead() throws Exception {
        Path ok = Files.writeString(dir.resolve("ok.lp"), "m f=1 1\n");
        Sample s = SampleReader.read(List.of(
                new SampleReader.Source(dir.resolve("missing.lp"), SampleBinding.lineProtocol("a", "missing.lp", "ns")),
                new SampleReader.Source(ok, SampleBinding.lineProtocol("b", "ok.lp", "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
        assertEquals(1, s.rows());
        assertEquals(new ReadProblem(dir.resolve("missing.lp").toString(), 0, 0, ReadProblem.Kind.UNREADABLE, "no such file"),
            s.report().problems().get(0));
    }

    @Test
    void aDirectoryPipeSocketOrDeviceIsRefusedWithWhatItIsAndNeverOpened() throws Exception {
        Path pipe = SpecialFiles.fifo(dir.resolve("pipe.lp"));
        Path socketFile = dir.resolve("s.lp");
        try (java.nio.channels.ServerSocketChannel socket = java.nio.channels.ServerSocketChannel.open(
            java.net.StandardProtocolFamily.UNIX)) {
            socket.bind(java.net.UnixDomainSocketAddress.of(socketFile));
            Path folder = Files.createDirectory(dir.resolve("folder.lp"));
            Path ok = Files.writeString(dir.resolve("ok.lp"), "m f=1 1\n");
            List<SampleReader.Source> sources = java.util.stream.Stream.of(folder, pipe, socketFile, Path.of("/dev/zero"), ok)
                .map(f -> new SampleReader.Source(f, SampleBinding.lineProtocol("t", f.toString(), "ns"))).toList();
            // a pipe opened for reading waits for a writer: were it opened, this would never return
            Sample s = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> SampleReader.read(sources, SampleLimits.defaults(), ReadMonitor.NONE));
            assertEquals(1, s.rows(), "the regular file after them is read");
            assertEquals(List.of(
                    folder + ": is a directory, not a file",
                    pipe + ": is a named pipe (FIFO), not a regular file: sample traffic is read from files only"
                        + " (reading it could wait for a writer forever or never end)",
                    socketFile + ": is a socket, not a regular file: sample traffic is read from files only"
                        + " (reading it could wait for a writer forever or never end)",
                    "/dev/zero: is a character device, not a regular file: sample traffic is read from files only"
                        + " (reading it could wait for a writer forever or never end)"),
                s.report().problems().stream().map(ReadProblem::toString).toList());
            assertTrue(s.report().problems().stream().allMatch(p -> p.kind() == ReadProblem.Kind.UNREADABLE));
        }
        // a name that does not say the format is not opened to look either
        Path unnamed = SpecialFiles.fifo(dir.resolve("pipe.data"));
        java.io.IOException e = assertThrows(java.io.IOException.class,
            () -> assertTimeoutPreemptively(Duration.ofSeconds(20), () -> SampleReader.detectFormat(unnamed)));
        assertTrue(e.getMessage().endsWith("pipe.data: is a named pipe (FIFO), not a regular file: sample traffic is"
            + " read from files only (reading it could wait for a writer forever or never end)"), e.getMessage());
    }

    @Test
    void reportsProgressAndCanBeCancelled() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            sb.append("m,t=").append(i % 100).append(" f=1 ").append(i).append('\n');
        }
        Path f = Files.writeString(dir.resolve("big.lp"), sb);
        AtomicLong seen = new AtomicLong();
        ReadMonitor cancelHalfway = new ReadMonitor() {
            @Override
            public void progress(String file, long done, long total) {
                seen.set(done);
            }

            @Override
            public boolean cancelled() {
                return seen.get() > 1_000_000;
            }
        };
        assertThrows(CancellationException.class, () -> SampleReader.read(
            List.of(new SampleReader.Source(f, SampleBinding.lineProtocol("t", "big.lp", "ns"))), SampleLimits.defaults(), cancelHalfway));
        assertTrue(seen.get() > 1_000_000 && seen.get() < Files.size(f));
    }

    @Test
    void aFileLargerThanTheBudgetIsReadWithBoundedMemory() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 300_000; i++) {
            sb.append("m,id=").append(i).append(" f=1 ").append(i).append('\n');
        }
        Path f = Files.writeString(dir.resolve("big.lp"), sb);
        long budget = 4L << 20;
        Sample s = SampleReader.read(List.of(new SampleReader.Source(f, SampleBinding.lineProtocol("t", "big.lp", "ns"))),
            SampleLimits.defaults().withMaxBytes(budget), ReadMonitor.NONE);
        assertTrue(s.report().capped());
        assertTrue(s.rows() > 10_000 && s.rows() < 300_000, "rows kept: " + s.rows());
        // columns grow within the budget; the check runs every 4,096 rows, so allow that much dictionary growth
        assertTrue(s.eventKinds().get(0).footprintBytes() <= budget * 11 / 10, "held " + s.eventKinds().get(0).footprintBytes());
        ReadProblem p = s.report().problems().get(0);
        assertEquals(ReadProblem.Kind.CAPPED, p.kind());
        assertTrue(p.message().contains("memory budget of 4 MiB"), p.message());
    }

    @Test
    void detectsFormatsFromNamesAndContent() throws Exception {
        assertEquals(SampleFormat.LINE_PROTOCOL, SampleReader.detectFormat(Files.writeString(dir.resolve("a.lp"), "x")));
        assertEquals(SampleFormat.CSV, SampleReader.detectFormat(Files.writeString(dir.resolve("b.csv.gz"), "x")));
        assertEquals(SampleFormat.NDJSON, SampleReader.detectFormat(Files.writeString(dir.resolve("c.data"), "  {\"a\":1}\n")));
        assertEquals(SampleFormat.CSV, SampleReader.detectFormat(Files.writeString(dir.resolve("d.data"), "a,b,c\n1,2,3\n")));
        assertEquals(SampleFormat.LINE_PROTOCOL, SampleReader.detectFormat(Files.writeString(dir.resolve("e.data"), "m,t=a f=1\n")));
        assertEquals(SampleFormat.NDJSON, SampleReader.detectFormat(Files.write(dir.resolve("f.data"), gzip("{\"a\":1}"))));
    }
}
