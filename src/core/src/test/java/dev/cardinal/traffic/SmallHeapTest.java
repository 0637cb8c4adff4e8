package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wide files read in a child JVM of 256 MiB, as the issue ran them: every row read, or the reading stopped at the
 * memory budget with a CAPPED problem, never out of memory. Before the look-ahead was held compactly and counted, a
 * CSV of 10,000 columns or NDJSON of 10,000 keys ran the heap out within its first thousand rows.
 */
class SmallHeapTest {
    private static final Pattern SUMMARY = Pattern.compile(
        "rows=(\\d+) attributes=(\\d+) capped=(true|false) badLines=(\\d+) problem=(.*)");

    @TempDir
    Path dir;

    @Test
    void aCsvOf10000ColumnsIsReadWhole() throws Exception {
        Path f = write("wide.csv", w -> csv(w, 10_000, 1_100, false));
        Matcher m = readInSmallHeap(f);
        assertEquals("1100", m.group(1));
        assertEquals("10000", m.group(2));
        assertEquals("false", m.group(3));
        assertEquals("0", m.group(4));
    }

    @Test
    void ndjsonOf10000KeysIsReadWhole() throws Exception {
        Path f = write("wide.ndjson", w -> {
            for (int r = 0; r < 1_100; r++) {
                w.write("{\"time\":" + (1_700_000_000_000_000_000L + r));
                for (int c = 0; c < 10_000; c++) {
                    w.write(",\"k" + c + "\":" + (r + c) % 100);
                }
                w.write("}\n");
            }
        });
        Matcher m = readInSmallHeap(f);
        assertEquals("1100", m.group(1));
        assertEquals("false", m.group(3));
    }

    /** The 40,000 columns (78 s and 5.6 GB before), as floats: more than 128 MiB of columns, so capped. */
    @Test
    void aCsvOf40000FloatColumnsStopsAtTheBudgetWithAClearProblem() throws Exception {
        Path f = write("wider.csv", w -> csv(w, 40_000, 600, true));
        Matcher m = readInSmallHeap(f);
        assertEquals("true", m.group(3));
        int rows = Integer.parseInt(m.group(1));
        assertTrue(rows > 100 && rows < 600, "rows kept: " + rows);
        assertTrue(m.group(5).contains("reading stopped after this line at the memory budget of 128 MiB"), m.group(5));
    }

    /** A quote left open near the start of 150 MB: the rest is one line, which was held whole (a 256 MiB array). */
    @Test
    void aQuoteLeftOpenInALargeFileIsReadThroughNotHeld() throws Exception {
        Path f = write("open.lp", w -> {
            w.write("m f=1 1\nm s=\"oops 2\n");
            for (int i = 3; i < 2_500_000; i++) {
                w.write("m,host=h" + i % 100 + " usage=\"x" + i + "\",n=" + i + "i " + i + "\n");
            }
        });
        Matcher m = readInSmallHeap(f);
        assertEquals("1", m.group(1));
        assertTrue(m.group(5).contains("the line is longer than 33,554,432 bytes (it runs to line 2,499,999)"), m.group(5));
    }

    private interface Body {
        void write(BufferedWriter w) throws IOException;
    }

    private Path write(String name, Body body) throws IOException {
        Path f = dir.resolve(name);
        try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            body.write(w);
        }
        return f;
    }

    private static void csv(BufferedWriter w, int columns, int rows, boolean floats) throws IOException {
        w.write("time");
        for (int c = 0; c < columns; c++) {
            w.write(",c" + c);
        }
        w.write('\n');
        for (int r = 0; r < rows; r++) {
            w.write(Long.toString(1_700_000_000_000_000_000L + r));
            for (int c = 0; c < columns; c++) {
                w.write(floats ? "," + (r + c) % 100 + ".5" : "," + (r + c) % 1000);
            }
            w.write('\n');
        }
    }

    private static Matcher readInSmallHeap(Path file) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
            "-cp", System.getProperty("java.class.path"), SmallHeapRead.class.getName(), file.toString())
            .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the child JVM did not end");
        assertEquals(0, p.exitValue(), out);
        Matcher m = SUMMARY.matcher(out.strip());
        assertTrue(m.matches(), out);
        return m;
    }
}
