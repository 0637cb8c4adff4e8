package dev.cardinal.engine.influxdb1;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What a scratch server leaves when its owner dies without closing it (kill -9, a crash, a power cut): a temp directory
 * with its data, and, if its watchdog died too, the server itself. Each directory names its owner's process id in
 * {@value #OWNER}; a directory whose owner is gone is an earlier run's, and the next start removes it and stops any
 * process still running from its config.
 */
final class ScratchLeftovers {
    static final String PREFIX = "cardinal-influxd-";
    static final String OWNER = "owner.pid";
    private static final Logger LOG = Logger.getLogger(ScratchLeftovers.class.getName());

    private ScratchLeftovers() {
    }

    /** Marks {@code dir} as this process's. */
    static void claim(Path dir) throws IOException {
        Files.writeString(dir.resolve(OWNER), Long.toString(ProcessHandle.current().pid()), StandardCharsets.UTF_8);
    }

    /** Removes every scratch directory under {@code tmp} whose owner is gone, stopping what still runs from it. */
    static List<Path> sweep(Path tmp) {
        List<Path> removed = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            for (Path dir : dirs) {
                if (Files.isDirectory(dir) && ownerGone(dir)) {
                    stopServersOf(dir);
                    ScratchInfluxd.deleteTree(dir);
                    removed.add(dir);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.INFO, "cannot look for scratch servers an earlier run left in " + tmp, e);
        }
        return removed;
    }

    /** An owner file naming a process that no longer runs; a directory without one is being made, or not ours. */
    private static boolean ownerGone(Path dir) {
        long pid;
        try {
            pid = Long.parseLong(Files.readString(dir.resolve(OWNER), StandardCharsets.UTF_8).strip());
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return dev.cardinal.model.AtomicFiles.processGone(pid);
    }

    /** Stops the processes whose command line names this directory's config: the server, and its watchdog. */
    private static void stopServersOf(Path dir) {
        String config = dir.resolve("influxdb.conf").toString();
        ProcessHandle.allProcesses()
            .filter(p -> p.info().arguments().map(args -> List.of(args).contains(config)).orElse(false))
            .forEach(p -> {
                LOG.info("stopping process " + p.pid() + ", a scratch influxd an earlier run left in " + dir);
                p.destroyForcibly();
            });
    }
}
