package dev.cardinal.engine.influxdb2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.model.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * A 2.x migration's progress on disk, in the form the 1.x one keeps: the plan it belongs to (the window script without
 * its window, so another plan never resumes from it) and each window run and checked (its start in epoch nanoseconds)
 * with its points. Written whole after every window through {@link AtomicFiles}, so a kill leaves the old progress or
 * the new. (The 1.x class is keyed by that engine's window; engine packages share no code but the seam's.)
 */
public final class FluxMigrationState {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final String plan;
    private final Map<Long, Long> done;

    private FluxMigrationState(Path file, String plan, Map<Long, Long> done) {
        this.file = file;
        this.plan = plan;
        this.done = done;
    }

    /** The progress in {@code file} for {@code plan}, or none yet; a file of another plan, or unreadable, is refused. */
    public static FluxMigrationState open(Path file, String plan) throws IOException {
        Map<Long, Long> done = new TreeMap<>();
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
            root.path("done").forEach(w -> done.put(w.path("start").asLong(), w.path("points").asLong()));
        }
        return new FluxMigrationState(file, plan, done);
    }

    /** The points of the window starting at {@code start}, or null when it is not done. */
    public Long done(Instant start) {
        return done.get(nanos(start));
    }

    /** Records a checked window, on disk before this returns. */
    public void record(Instant start, long points) throws IOException {
        done.put(nanos(start), points);
        ObjectNode root = JSON.createObjectNode().put("plan", plan);
        var list = root.putArray("done");
        done.forEach((s, p) -> list.addObject().put("start", s).put("points", p));
        AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
    }

    public Path file() {
        return file;
    }

    private static long nanos(Instant t) {
        return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
    }
}
