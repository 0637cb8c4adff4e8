package dev.cardinal.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A migration's progress on disk, whatever the engine: the plan it belongs to (its statements or scripts, so a changed
 * plan never resumes from another plan's progress) and each window run and checked, by its start in epoch
 * nanoseconds, with its counts. Written whole after every window (temporary file, forced to disk, renamed:
 * {@link AtomicFiles}), so a kill leaves either the old progress or the new.
 */
public final class MigrationProgress {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a checked window held. */
    public record Done(long points, int series) {
    }

    private final Path file;
    private final String plan;
    private final Map<Long, Done> done;

    private MigrationProgress(Path file, String plan, Map<Long, Done> done) {
        this.file = file;
        this.plan = plan;
        this.done = done;
    }

    /**
     * The progress kept in {@code file} for {@code plan}, or none yet. A file of another plan is refused (the user
     * removes it or names another), as is a file that cannot be read, saying where.
     */
    public static MigrationProgress open(Path file, String plan) throws IOException {
        Map<Long, Done> done = new LinkedHashMap<>();
        if (Files.exists(file)) {
            JsonNode root;
            try {
                root = JSON.readTree(file.toFile());
            } catch (IOException e) {
                throw new IOException(file + ": not a migration state file (" + e.getMessage() + ")", e);
            }
            if (!plan.equals(root.path("plan").asText())) {
                throw new IOException(file + " holds the progress of another migration plan: remove it, or give --state another file");
            }
            for (JsonNode w : root.path("done")) {
                done.put(w.path("start").asLong(), new Done(w.path("points").asLong(), w.path("series").asInt()));
            }
        }
        return new MigrationProgress(file, plan, done);
    }

    /** Where a migration from layout {@code from} to {@code to} keeps its progress by default: beside the workspace. */
    public static Path besideWorkspace(Path workspace, String from, String to) {
        return workspace.toAbsolutePath().resolveSibling(workspace.getFileName() + ".migrate-" + from + "-" + to + ".state.json");
    }

    public boolean isDone(long startNs) {
        return done.containsKey(startNs);
    }

    /** What the window starting at {@code startNs} held when it was checked, or null when it is not done. */
    public Done done(long startNs) {
        return done.get(startNs);
    }

    public int windowsDone() {
        return done.size();
    }

    /**
     * Whether the file exists: a migration that writes its copy itself (not by the server's own statement) tells a
     * copy it began from a table that was there before by it.
     */
    public boolean begun() {
        return Files.exists(file);
    }

    /** Writes the progress (no window done yet) when there is no file yet, on disk before this returns. */
    public void begin() throws IOException {
        if (!begun()) {
            write();
        }
    }

    /** Records a checked window, on disk before this returns. */
    public void record(long startNs, long points, int series) throws IOException {
        done.put(startNs, new Done(points, series));
        write();
    }

    /** Takes a window out of the progress (its copy no longer matches), on disk before this returns. */
    public void forget(long startNs) throws IOException {
        if (done.remove(startNs) != null) {
            write();
        }
    }

    private void write() throws IOException {
        ObjectNode root = JSON.createObjectNode().put("plan", plan);
        ArrayNode list = root.putArray("done");
        done.forEach((start, d) -> list.addObject().put("start", start).put("points", d.points()).put("series", d.series()));
        AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
    }

    /**
     * What recording a window costs where {@code file} lives (the write is forced to disk, which a busy disk makes
     * slow): the median of a few writes of a file of its size beside it, each removed again.
     */
    public static double secondsToRecord(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        double[] took = new double[5];
        byte[] bytes = new byte[512];
        for (int i = 0; i < took.length; i++) {
            Path probe = dir.resolve("." + file.getFileName() + ".probe");
            long start = System.nanoTime();
            AtomicFiles.write(probe, bytes);
            took[i] = (System.nanoTime() - start) / 1e9;
            Files.deleteIfExists(probe);
        }
        java.util.Arrays.sort(took);
        return took[took.length / 2];
    }

    public Path file() {
        return file;
    }
}
