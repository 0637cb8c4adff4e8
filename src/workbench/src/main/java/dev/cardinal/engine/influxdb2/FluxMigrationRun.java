package dev.cardinal.engine.influxdb2;

import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.model.Layout;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A migration on InfluxDB 2.x or Cloud: the old measurement's time span cut into windows of the live layout's shard
 * group duration (aligned to the epoch, as the server aligns its shard groups), and each window's
 * {@link FluxMigration} script run in order, then checked: the points of the window in the old measurement (rows
 * after pivoting fields into columns, one per series and time) against those of the new one. A checked window is
 * recorded in {@link FluxMigrationState}, so a rerun after a stop skips it and runs the cut-off window again whole:
 * 2.x stores one point per series, field and time, so its points replace themselves and none is stored twice. A
 * window still open (it ends after the run began) is run and checked but not recorded. Nothing is deleted.
 */
public final class FluxMigrationRun {
    /** Points over every window, and how many windows ran now and were done before. */
    public record Result(long points, int windowsRun, int windowsSkipped) {
    }

    private final FluxHttp server;
    private final String bucket;
    private final Layout from;
    private final String intoBucket;
    private final Layout to;
    private final String into;

    /** {@code into} null: the new layout's measurement, with {@code _<new layout id>} when that is the old name. */
    public FluxMigrationRun(FluxHttp server, String bucket, Layout from, String intoBucket, Layout to, String into) {
        this.server = server;
        this.bucket = bucket;
        this.from = from;
        this.intoBucket = intoBucket;
        this.to = to;
        String old = from.measurement().literalText();
        String planned = to.measurement().literalText();
        this.into = into != null ? into : old.equals(planned) && bucket.equals(intoBucket) ? planned + "_" + to.id() : planned;
        script(new MigrationWindow(Instant.EPOCH, Instant.EPOCH)); // what the rewrite cannot do is refused before any request
    }

    public String into() {
        return into;
    }

    /** One window's rewrite. */
    public String script(MigrationWindow w) {
        return FluxMigration.window(bucket, from, intoBucket, to, into, w.start(), w.stop());
    }

    /** What the state file belongs to: the script of the plan, without its window. */
    public String planIdentity() {
        return script(new MigrationWindow(Instant.EPOCH, Instant.EPOCH));
    }

    /** The windows that hold the old measurement's points, oldest first; none when it holds none. */
    public List<MigrationWindow> windows() throws IOException, InterruptedException {
        Instant first = edge(false);
        Instant last = edge(true);
        if (first == null || last == null) {
            return List.of();
        }
        return MigrationWindow.cut(MigrationWindow.nanos(first), MigrationWindow.nanos(last),
            from.retention().effectiveShardGroupDuration());
    }

    /** The old measurement's earliest or latest time: each series' first (or last) point, the extreme of those. */
    private Instant edge(boolean latest) throws IOException, InterruptedException {
        List<Map<String, String>> rows = server.rows(edgeScript(bucket, from.measurement().literalText(), latest));
        if (rows.isEmpty()) {
            return null;
        }
        String time = rows.get(0).get("_time");
        try {
            return Instant.parse(time);
        } catch (RuntimeException e) {
            throw new IOException("the server answered '" + time + "' for the " + (latest ? "latest" : "earliest") + " time of "
                + from.measurement().literalText() + " in " + bucket + ", not an RFC 3339 time");
        }
    }

    static String edgeScript(String bucket, String measurement, boolean latest) {
        return "from(bucket: " + Flux.string(bucket) + ")\n"
            + "    |> range(start: 0)\n"
            + "    |> filter(fn: (r) => r._measurement == " + Flux.string(measurement) + ")\n"
            + "    |> " + (latest ? "last()" : "first()") + "\n"
            + "    |> group()\n"
            + "    |> keep(columns: [\"_time\"])\n"
            + "    |> sort(columns: [\"_time\"], desc: " + latest + ")\n"
            + "    |> limit(n: 1)\n";
    }

    /** The points of a measurement in a window: rows after the pivot, counted in one table. */
    public static String countScript(String bucket, String measurement, MigrationWindow w) {
        return "from(bucket: " + Flux.string(bucket) + ")\n"
            + "    |> range(start: " + w.start() + ", stop: " + w.stop() + ")\n"
            + "    |> filter(fn: (r) => r._measurement == " + Flux.string(measurement) + ")\n"
            + "    |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")\n"
            + "    |> group()\n"
            + "    |> keep(columns: [\"_time\"])\n"
            + "    |> count(column: \"_time\")\n";
    }

    /** The points of the old measurement in a window. */
    public long points(MigrationWindow w) throws IOException, InterruptedException {
        return count(bucket, from.measurement().literalText(), w);
    }

    /** The points of the copy in a window. */
    public long copied(MigrationWindow w) throws IOException, InterruptedException {
        return count(intoBucket, into, w);
    }

    public String bucket() {
        return bucket;
    }

    public String intoBucket() {
        return intoBucket;
    }

    private long count(String bucketName, String measurement, MigrationWindow w) throws IOException, InterruptedException {
        long sum = 0;
        for (Map<String, String> row : server.rows(countScript(bucketName, measurement, w))) {
            String n = row.get("_time");
            try {
                sum += Long.parseLong(n);
            } catch (RuntimeException e) {
                throw new IOException("the server answered '" + n + "' for the points of " + measurement + " in " + bucketName
                    + ", window " + w + ", not a count");
            }
        }
        return sum;
    }

    public Result run(List<MigrationWindow> windows, FluxMigrationState state, Instant started, MigrationWindow.Progress progress)
        throws IOException, InterruptedException {
        long points = 0;
        int ran = 0;
        int skipped = 0;
        for (int i = 0; i < windows.size(); i++) {
            MigrationWindow w = windows.get(i);
            Long done = state.done(w.start());
            if (done != null) {
                points += done;
                skipped++;
                progress.window(i + 1, windows.size(), w, done, true);
                continue;
            }
            server.run(script(w));
            long in = count(bucket, from.measurement().literalText(), w);
            long out = count(intoBucket, into, w);
            if (in != out) {
                throw new MigrationWindow.CheckFailed("window " + (i + 1) + " of " + windows.size() + " (" + w + "): " + in + " points in "
                    + from.measurement().literalText() + " (" + bucket + "), " + out + " in " + into + " (" + intoBucket + ")"
                    + "; points of the old layout that share a series and a time in the new one overwrite each other;"
                    + " the windows before it are recorded in " + state.file());
            }
            if (!w.stop().isAfter(started)) {
                state.record(w.start(), in);
            }
            points += in;
            ran++;
            progress.window(i + 1, windows.size(), w, in, false);
        }
        return new Result(points, ran, skipped);
    }
}
