package dev.cardinal.engine.influxdb3;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardinal.engine.MigrationProgress;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.model.Layout;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A migration on InfluxDB 3: the old table's time span cut into windows of the live layout's shard group duration
 * (aligned to the epoch), each window's points read with SQL oldest first and written again in the new layout
 * ({@link V3Rewrite}) through the write API, in batches that end between two times and are taken all or none; then the
 * window is checked (the points of the old table in it against those of the new one) and recorded in the progress
 * file. A stop cuts a window off after its last batch taken, so the next run reads the new table's latest time in that
 * window and writes only the points after it: no point is written twice. When the points up to that time no longer
 * match (a point arrived late in a window that was still open), the window is written again whole; its points replace
 * themselves (one point per series and time). A window still open when the run began is run and checked but not
 * recorded. Nothing is deleted.
 */
public final class V3MigrationRun {
    /** Lines of line protocol in one write, at least (a batch ends where the time changes). */
    public static final int BATCH_LINES = 5000;

    /** Points over every window, points written now, and how many windows ran now and were done before. */
    public record Result(long points, long written, int windowsRun, int windowsSkipped) {
    }

    private final V3Http server;
    private final V3Rewrite rewrite;
    private final Layout from;
    private final int batchLines;
    private Map<String, String> oldTypes;

    /** {@code into} null: the new layout's table, with {@code _<new layout id>} when that is the old name. */
    public V3MigrationRun(V3Http server, Layout from, Layout to, String into, int batchLines) {
        this.server = server;
        this.from = from;
        this.batchLines = batchLines;
        String old = from.measurement().isLiteral() ? from.measurement().literalText() : "";
        String planned = to.measurement().isLiteral() ? to.measurement().literalText() : "";
        this.rewrite = V3Rewrite.between(from, to, into != null ? into : old.equals(planned) ? planned + "_" + to.id() : planned);
    }

    public V3Rewrite rewrite() {
        return rewrite;
    }

    public String planIdentity() {
        return rewrite.identity();
    }

    /** The old table's columns as the server has them: its tags, and its fields with their types. */
    private Map<String, String> oldTypes() throws IOException, InterruptedException {
        if (oldTypes == null) {
            Map<String, String> types = new LinkedHashMap<>();
            String table = Sql3.influxQlIdentifier(rewrite.table());
            for (JsonNode r : server.influxQl("SHOW TAG KEYS FROM " + table)) {
                types.put(r.path("tagKey").asText(), "tag");
            }
            for (JsonNode r : server.influxQl("SHOW FIELD KEYS FROM " + table)) {
                types.put(r.path("fieldKey").asText(), r.path("fieldType").asText());
            }
            oldTypes = types;
        }
        return oldTypes;
    }

    /** The query that reads one window (as the dry run shows it). */
    public String select(MigrationWindow w) throws IOException, InterruptedException {
        return rewrite.select(rewrite.columns(oldTypes()), w.start(), w.stop(), null);
    }

    /** The windows that hold the old table's points, oldest first; none when it holds none. */
    public List<MigrationWindow> windows() throws IOException, InterruptedException {
        List<JsonNode> rows = server.sql("SELECT min(\"time\") AS \"first\", max(\"time\") AS \"last\" FROM "
            + Sql3.identifier(rewrite.table()));
        if (rows.isEmpty() || !rows.get(0).hasNonNull("first")) {
            return List.of();
        }
        long first = V3Rewrite.nanos(rows.get(0).get("first"));
        long last = V3Rewrite.nanos(rows.get(0).get("last"));
        return MigrationWindow.cut(first, last, from.retention().effectiveShardGroupDuration());
    }

    /** Whether the new table exists. */
    public boolean intoExists() throws IOException, InterruptedException {
        return !server.sql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'iox' AND table_name = "
            + Sql3.string(rewrite.into())).isEmpty();
    }

    /** The points of {@code table} in a window, up to {@code upTo} when given. */
    private long count(String table, MigrationWindow w, Instant upTo) throws IOException, InterruptedException {
        String q = "SELECT count(*) AS \"n\" FROM " + Sql3.identifier(table) + V3Rewrite.where(w.start(), w.stop(), null)
            + (upTo == null ? "" : " AND \"time\" <= " + Sql3.string(upTo.toString()));
        List<JsonNode> rows = server.sql(q);
        JsonNode n = rows.isEmpty() ? null : rows.get(0).get("n");
        if (n == null || !n.isIntegralNumber()) {
            throw new IOException("the server answered " + rows + " for the points of " + table + " in window " + w + ", not a count");
        }
        return n.longValue();
    }

    /** The points of the old table in a window. */
    public long points(MigrationWindow w) throws IOException, InterruptedException {
        return count(rewrite.table(), w, null);
    }

    /**
     * Writes a window's points in the new layout whole, as the run writes a window, and counts both sides as the run
     * checks it (for the probe, whose copy is a table of its own); the old table's points in the window.
     */
    public long copyAndCount(MigrationWindow w) throws IOException, InterruptedException {
        Map<String, String> types = oldTypes();
        long written = copy(w, null, rewrite.columns(types), types);
        long in = count(rewrite.table(), w, null);
        if (written > 0) {
            count(rewrite.into(), w, null);
        }
        return in;
    }

    public V3Http server() {
        return server;
    }

    /** The latest time of the new table in a window, or null when it has none there. */
    private Instant latestCopied(MigrationWindow w) throws IOException, InterruptedException {
        List<JsonNode> rows = server.sql("SELECT max(\"time\") AS \"t\" FROM " + Sql3.identifier(rewrite.into())
            + V3Rewrite.where(w.start(), w.stop(), null));
        return rows.isEmpty() || !rows.get(0).hasNonNull("t") ? null : MigrationWindow.instant(V3Rewrite.nanos(rows.get(0).get("t")));
    }

    public Result run(List<MigrationWindow> windows, MigrationProgress state, Instant started, MigrationWindow.Progress progress)
        throws IOException, InterruptedException {
        boolean exists = intoExists();
        if (exists && !state.begun()) {
            throw new IOException("table " + rewrite.into() + " already exists in database " + server.database() + " and no"
                + " progress of this migration is in " + state.file() + ": name a new table with --into, or remove that one");
        }
        state.begin();
        Map<String, String> types = oldTypes();
        List<String> columns = rewrite.columns(types);
        long points = 0;
        long written = 0;
        int ran = 0;
        int skipped = 0;
        for (int i = 0; i < windows.size(); i++) {
            MigrationWindow w = windows.get(i);
            long startNs = w.startNanos();
            MigrationProgress.Done done = state.done(startNs);
            if (done != null) {
                points += done.points();
                skipped++;
                progress.window(i + 1, windows.size(), w, done.points(), true);
                continue;
            }
            Instant after = exists ? latestCopied(w) : null;
            if (after != null && count(rewrite.table(), w, after) != count(rewrite.into(), w, after)) {
                after = null; // the copy up to there no longer matches: the window is written again whole
            }
            written += copy(w, after, columns, types);
            exists = exists || written > 0;
            long in = count(rewrite.table(), w, null);
            long out = exists ? count(rewrite.into(), w, null) : 0;
            if (in != out) {
                throw new MigrationWindow.CheckFailed("window " + (i + 1) + " of " + windows.size() + " (" + w + "): " + in + " points in "
                    + rewrite.table() + ", " + out + " in " + rewrite.into() + "; points of the old layout that share a series and a"
                    + " time in the new one overwrite each other; the windows before it are recorded in " + state.file());
            }
            if (!w.stop().isAfter(started)) {
                state.record(startNs, in, 0);
            }
            points += in;
            ran++;
            progress.window(i + 1, windows.size(), w, in, false);
        }
        return new Result(points, written, ran, skipped);
    }

    /** Reads a window's points after {@code after} and writes them in the new layout; the lines written. */
    private long copy(MigrationWindow w, Instant after, List<String> columns, Map<String, String> types) throws IOException, InterruptedException {
        StringBuilder batch = new StringBuilder();
        long[] lines = {0, 0, Long.MIN_VALUE}; // in the batch, written before it, the batch's latest time
        server.sql(rewrite.select(columns, w.start(), w.stop(), after), row -> {
            long t = V3Rewrite.nanos(row.get("c0"));
            if (lines[0] >= batchLines && t != lines[2]) {
                server.write(batch.toString());
                lines[1] += lines[0];
                lines[0] = 0;
                batch.setLength(0);
            }
            batch.append(rewrite.line(row, columns, types)).append('\n');
            lines[0]++;
            lines[2] = t;
        });
        if (lines[0] > 0) {
            server.write(batch.toString());
        }
        return lines[0] + lines[1];
    }
}
