package dev.cardinal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saves killed at random moments (SIGKILL, as a crash or an impatient user does it): the file and its backup are each
 * one whole version or absent, never a cut one, and the temporary files the killed processes left are gone after the
 * next save beside them.
 */
class AtomicFilesKillTest {
    private static final int SIZE = 8 << 20;

    /** A child JVM: saves {@code FILE} with a backup, over and over, alternating two versions. */
    public static final class SaveLoop {
        public static void main(String[] args) throws IOException {
            Path file = Path.of(args[0]);
            byte[][] versions = {version('a'), version('b')};
            System.out.println("ready");
            System.out.flush();
            for (int i = 0; ; i++) {
                byte[] v = versions[i % 2];
                AtomicFiles.write(file, WorkspaceFiles.backupOf(file), out -> out.write(v));
            }
        }
    }

    static byte[] version(char c) {
        byte[] b = new byte[SIZE];
        Arrays.fill(b, (byte) c);
        return b;
    }

    @Test
    void aKilledSaveLeavesWholeVersionsAndItsTemporaryFilesAreCleanedNextTime(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("w.cardinal.json");
        Path backup = WorkspaceFiles.backupOf(file);
        Random random = new Random(16);
        int backups = 0;
        boolean saved = false;
        // twelve kills at least, more until one has landed inside a save and left its temporary file (a kill between saves
        // leaves none; which one a kill lands in depends on the machine's speed)
        // (and until one got as far as a backup: on a machine loaded by other builds, the first saves come late)
        for (int kill = 0; kill < 12 || (kill < 80 && (!temporaryLeft(dir) || backups == 0)); kill++) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), SaveLoop.class.getName(), file.toString()).redirectErrorStream(true).start();
            assertEquals("ready", new String(p.getInputStream().readNBytes(5)));
            Thread.sleep(150 + random.nextInt(400));
            p.destroyForcibly();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS));
            // absent only until the first save has finished (on a loaded machine, later than the first kill);
            // once there, always there, and whole
            if (saved || Files.exists(file)) {
                saved = true;
                assertWhole(file);
            }
            if (Files.exists(backup)) {
                assertWhole(backup);
                backups++;
            }
        }
        assertTrue(backups > 0, "no save got as far as a backup");
        try (Stream<Path> left = Files.list(dir)) {
            assertTrue(left.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")), "the kills left no temporary file behind,"
                + " so this test did not look at cleaning");
        }
        AtomicFiles.write(file, backup, out -> out.write(version('c')));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(file.getFileName().toString(), backup.getFileName().toString()),
                left.map(f -> f.getFileName().toString()).sorted().toList());
        }
        assertEquals('c', (char) Files.readAllBytes(file)[0]);
    }

    private static boolean temporaryLeft(Path dir) throws IOException {
        try (Stream<Path> left = Files.list(dir)) {
            return left.anyMatch(f -> f.getFileName().toString().endsWith(".tmp"));
        }
    }

    /** One version, all of it. */
    private static void assertWhole(Path f) throws IOException {
        byte[] b = Files.readAllBytes(f);
        assertEquals(SIZE, b.length, f + " was cut");
        for (byte x : b) {
            if (x != b[0]) {
                throw new AssertionError(f + " mixes two versions");
            }
        }
    }
}
