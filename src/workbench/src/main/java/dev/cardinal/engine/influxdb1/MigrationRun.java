package dev.cardinal.engine.influxdb1;

import java.io.IOException;
import java.util.List;

/**
 * Runs a migration's windows in order, each checked before the next: a window already recorded in the state is not
 * run again; the window a stop cut off is run again whole. That rewrite relies on InfluxDB storing one point per
 * series and time: the copy's points land on the same series and times with the same values, so they replace
 * themselves and none is stored twice (the check after the window counts it). A window still open (it ends after the
 * run began, so writers may add to it) is run and checked but not recorded: the next run carries what arrived since.
 */
final class MigrationRun {
    /** Told after each window. */
    public interface Progress {
        void window(int index, int of, InfluxV1Migration.Window w, long points, boolean skipped);
    }

    /** What the run did: points and series of the new layout over every window, and how many windows it ran. */
    public record Result(long points, long seriesWindows, int windowsRun, int windowsSkipped) {
    }

    private final InfluxV1Client client;
    private final InfluxV1Migration migration;
    private final MigrationState state;

    public MigrationRun(InfluxV1Client client, InfluxV1Migration migration, MigrationState state) {
        this.client = client;
        this.migration = migration;
        this.state = state;
    }

    /** The identity of a migration's plan, for its state file: what it reads, writes and selects. */
    public static String planIdentity(InfluxV1Migration m) {
        return m.selectInto(new InfluxV1Migration.Window(0, 0));
    }

    /**
     * Counts every window of the source and the copy again, just before the old data is dropped: a point that reached
     * the old measurement after its window was copied (a writer not yet switched over, a point a busy server did not
     * show while it was counted) would be lost with it. Null when every window still matches, else the first that
     * does not and how; every window that does not is taken out of {@code state}, so the next run rewrites it.
     */
    public static String recheck(InfluxV1Client client, InfluxV1Migration m, List<InfluxV1Migration.Window> windows, MigrationState state)
        throws IOException, InfluxV1Exception, InterruptedException {
        String first = null;
        for (int i = 0; i < windows.size(); i++) {
            InfluxV1Migration.Window w = windows.get(i);
            String difference = m.difference(m.count(client, m.source(), w), m.count(client, m.into(), w));
            if (difference != null) {
                state.forget(w); // the next run rewrites it whole
                first = first != null ? first : "window " + (i + 1) + " of " + windows.size() + " (" + w + "): " + difference;
            }
        }
        return first;
    }

    public Result run(List<InfluxV1Migration.Window> windows, long startedNs, Progress progress)
        throws IOException, InfluxV1Exception, InterruptedException {
        long points = 0;
        long series = 0;
        int ran = 0;
        int skipped = 0;
        for (int i = 0; i < windows.size(); i++) {
            InfluxV1Migration.Window w = windows.get(i);
            if (state.isDone(w)) {
                dev.cardinal.engine.MigrationProgress.Done d = state.done(w);
                points += d.points();
                series += d.series();
                skipped++;
                progress.window(i + 1, windows.size(), w, d.points(), true);
                continue;
            }
            client.query(migration.selectInto(w), migration.source().database());
            InfluxV1Migration.Counts in = migration.count(client, migration.source(), w);
            InfluxV1Migration.Counts out = migration.count(client, migration.into(), w);
            String difference = migration.difference(in, out);
            if (difference != null) {
                throw new dev.cardinal.engine.MigrationWindow.CheckFailed("window " + (i + 1) + " of " + windows.size() + " (" + w + "): " + difference
                    + "; the windows before it are recorded in " + state.file());
            }
            if (w.endNs() <= startedNs) {
                state.record(w, in.points(), in.series());
            }
            points += in.points();
            series += in.series();
            ran++;
            progress.window(i + 1, windows.size(), w, in.points(), false);
        }
        return new Result(points, series, ran, skipped);
    }
}
