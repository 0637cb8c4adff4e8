package dev.cardinal.traffic;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** Special files for tests of what must never be opened (for tests of every package). */
public final class SpecialFiles {
    private SpecialFiles() {
    }

    /** Makes a named pipe with mkfifo(1); the calling test is skipped where there is none. */
    public static Path fifo(Path path) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("no mkfifo here: " + e.getMessage());
            return null;
        }
        Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo failed");
        return path;
    }
}
