package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A gzip file cut short says where the cut is: the line and the byte offset the rows kept end at. */
class TruncatedGzipTest {

    @Test
    void theCutIsReportedWithItsLineAndOffset(@TempDir Path dir) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200_000; i++) {
            sb.append("cpu,host=h").append(i % 977).append(" v=").append(i).append(' ')
                .append(1_700_000_000_000_000_000L + i * 1_000_000L).append('\n');
        }
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] cut = Arrays.copyOf(gz.toByteArray(), gz.size() / 2);
        Path file = Files.write(dir.resolve("cut.lp.gz"), cut);
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        try (GZIPInputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(cut))) {
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                whole.write(buf, 0, n);
            }
        } catch (java.io.EOFException expected) {
            // what inflates before the cut
        }
        byte[] survives = whole.toByteArray();
        long lines = 0;
        for (byte b : survives) {
            lines += b == '\n' ? 1 : 0;
        }

        SampleBinding binding = new SampleBinding("s", file.toString(), SampleFormat.LINE_PROTOCOL, null, "ns", null, null, List.of());
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(file, binding)), SampleLimits.defaults(), ReadMonitor.NONE);
        List<ReadProblem> problems = sample.report().problems();
        assertEquals(1, problems.size(), problems.toString());
        String expected = String.format(java.util.Locale.ROOT, "the compressed stream ends early after line %,d (byte offset %,d of"
            + " the uncompressed text, in the middle of line %,d): the file is truncated", lines, survives.length, lines + 1);
        assertTrue(problems.get(0).message().startsWith(expected), problems.get(0).message() + "\nexpected " + expected);
        assertEquals(lines, sample.report().points(), "every whole line before the cut is kept");
    }
}
