package dev.cardinal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 32's sizes, over every main source file of the reactor (core, workbench, Spark job), in lines as {@code wc -l}
 * counts them: no class of 500 lines or more, and the median under 80 (STYLE.md: small classes, none near 1,000).
 */
class SizesTest {
    private static final List<Path> SOURCES = List.of(Path.of("src/core/src/main/java"), Path.of("src/workbench/src/main/java"),
        Path.of("src/spark/src/main/java"));

    @Test
    void noClassReaches500LinesAndTheMedianIsUnder80() throws IOException {
        List<Sized> files = files();
        assertTrue(files.size() > 600, "every module's sources were read: " + files.size());
        assertEquals(List.of(), files.stream().filter(f -> f.lines() >= 500).toList(), "classes of 500 lines or more");
        long[] lines = files.stream().mapToLong(Sized::lines).sorted().toArray();
        double median = (lines[(lines.length - 1) / 2] + lines[lines.length / 2]) / 2.0;
        assertTrue(median < 80, "median " + median + " lines over " + lines.length + " files");
    }

    private record Sized(Path file, long lines) {
    }

    private static List<Sized> files() throws IOException {
        try (Stream<Path> all = SOURCES.stream().flatMap(SizesTest::walk)) {
            return all.filter(p -> p.toString().endsWith(".java")).map(p -> new Sized(p, lines(p))).toList();
        }
    }

    private static Stream<Path> walk(Path root) {
        try {
            return Files.walk(root);
        } catch (IOException e) {
            throw new UncheckedIOException(root.toAbsolutePath().toString(), e);
        }
    }

    /** Newlines, as {@code wc -l} counts lines. */
    private static long lines(Path p) {
        try {
            byte[] bytes = Files.readAllBytes(p);
            long n = 0;
            for (byte b : bytes) {
                n += b == '\n' ? 1 : 0;
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(p.toString(), e);
        }
    }
}
