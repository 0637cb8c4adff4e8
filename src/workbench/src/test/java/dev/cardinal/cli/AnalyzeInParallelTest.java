package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal analyze --format json} on a plain line protocol file large enough to be read in chunks on two
 * threads prints exactly what it prints when the file is read on one ({@code cardinal.readThreads=1}), bad lines
 * with their numbers included.
 */
class AnalyzeInParallelTest {
    @TempDir
    Path dir;

    @Test
    void jsonIsTheSameReadOnOneThreadOrTwo() throws Exception {
        Path file = largeFileWithBadLines();
        String one = analyze(file, 1);
        String two = analyze(file, 2);
        assertEquals(one, two);
        assertTrue(one.contains("\"badLines\" : 3") || one.contains("\"badLines\":3"), one.substring(0, 400));
    }

    private static String analyze(Path file, int threads) {
        String before = System.getProperty("cardinal.readThreads");
        System.setProperty("cardinal.readThreads", Integer.toString(threads));
        try {
            CliRun r = CliRun.of("analyze", file.toString(), "--tags", "event", "--format", "json");
            assertEquals(0, r.code(), r.err());
            return r.out();
        } finally {
            if (before == null) {
                System.clearProperty("cardinal.readThreads");
            } else {
                System.setProperty("cardinal.readThreads", before);
            }
        }
    }

    /** About 19 MB of ad marketplace lines (more than two 8 MiB chunks), with three bad lines spread over it. */
    private Path largeFileWithBadLines() throws Exception {
        Scenarios.write("ad-marketplace", dir, 100_000);
        byte[] text;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve("traffic.lp.gz")))) {
            text = in.readAllBytes();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int line = 0;
        int from = 0;
        for (int i = 0; i < text.length; i++) {
            if (text[i] == '\n') {
                line++;
                out.write(text, from, i + 1 - from);
                from = i + 1;
                if (line == 10 || line == 45_000 || line == 99_000) {
                    out.writeBytes(("listing_event garbage at line " + (line + 1) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        out.write(text, from, text.length - from);
        assertTrue(out.size() > 2 * (8 << 20), out.size() + " bytes");
        Path file = dir.resolve("large.lp");
        Files.write(file, out.toByteArray());
        return file;
    }
}
