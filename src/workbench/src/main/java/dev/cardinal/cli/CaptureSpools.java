package dev.cardinal.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary spools of {@code cardinal capture} (without {@code -o}), named after the process that writes them:
 * {@code cardinal-capture-PID-N.lp} in the temporary folder. A capture removes its own at the end; one killed outright
 * (kill -9, the OOM killer, a power cut) cannot, so the next capture removes those whose process is gone, and says
 * which. A spool whose report failed is renamed {@code cardinal-capture-unreported-...}: its points were never
 * reported, the user was told where it is, and no capture removes it.
 */
final class CaptureSpools {
    private static final String PREFIX = "cardinal-capture-";
    private static final Pattern OWNED = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-\\d+\\.lp");

    private CaptureSpools() {
    }

    /** A new temporary spool of this process. */
    static Path create() throws IOException {
        return Files.createTempFile(PREFIX + ProcessHandle.current().pid() + "-", ".lp");
    }

    /**
     * Removes the spools in {@code dir} of captures whose process is no longer running; one line for each, saying what
     * was removed. A process id taken again by another process keeps its spool until that one ends too.
     */
    static List<String> removeLeftovers(Path dir) {
        List<String> said = new ArrayList<>();
        try (DirectoryStream<Path> spools = Files.newDirectoryStream(dir, PREFIX + "*.lp")) {
            for (Path p : spools) {
                Matcher m = OWNED.matcher(p.getFileName().toString());
                if (!m.matches() || m.group(1).length() > 18 || !dev.cardinal.model.AtomicFiles.processGone(Long.parseLong(m.group(1)))) {
                    continue;
                }
                try {
                    long size = Files.size(p);
                    Files.delete(p);
                    said.add(String.format(Locale.ROOT, "removed %s (%,d bytes), the spool of a capture (pid %s) that ended without its"
                        + " report", p, size, m.group(1)));
                } catch (NoSuchFileException gone) {
                    // another capture starting at the same moment removed it
                }
            }
        } catch (IOException e) {
            said.add("could not look for spools left by earlier captures in " + dir + ": " + e.getMessage());
        }
        return said;
    }

    /** Renames a spool whose report failed so that no later capture takes it for a leftover; returns where it now is. */
    static Path keepUnreported(Path spool) {
        String name = spool.getFileName().toString();
        if (!name.startsWith(PREFIX)) {
            return spool;
        }
        Path kept = spool.resolveSibling(PREFIX + "unreported-" + name.substring(PREFIX.length()));
        try {
            return Files.move(spool, kept);
        } catch (IOException e) {
            return spool;
        }
    }
}
