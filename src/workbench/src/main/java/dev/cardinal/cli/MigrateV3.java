package dev.cardinal.cli;

import dev.cardinal.engine.MigrationProgress;
import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.engine.influxdb3.V3Http;
import dev.cardinal.engine.influxdb3.V3MigrationRun;
import dev.cardinal.model.Durations;
import dev.cardinal.model.Layout;
import dev.cardinal.model.UrlCredentials;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * {@code cardinal migrate --kind influxdb-3}: the plan, run, check and resume of the other engines, as a re-write through
 * InfluxDB 3's own API: each window read with SQL and written in the new layout as line protocol. Tables live in
 * {@code --database}; there are no retention policies. A token from {@code --token-env} when set (a server started
 * without authentication takes none); nothing is ever deleted.
 */
final class MigrateV3 {
    private MigrateV3() {
    }

    static int run(MigrateCommand c, Layout old, Layout neu, PrintWriter out, PrintWriter err) throws IOException, InterruptedException {
        ConnectOptions conn = c.connection;
        if (c.dropOld != null) {
            throw conn.usage("--drop-old is not offered for InfluxDB 3: the old table is kept; delete it with influxdb3 once checked");
        }
        if (c.rp != null || c.intoRp != null) {
            throw conn.usage("InfluxDB 3 has no retention policies: --rp and --into-rp are not offered (the tables are in --database)");
        }
        if (conn.user != null || conn.org != null) {
            throw conn.usage("migrate on InfluxDB 3 logs in with a token only (no --user, no --org): set $" + conn.tokenEnv
                + " (or --token-env VAR)");
        }
        if (conn.insecure) {
            throw conn.usage("--insecure-skip-verify is not offered for migrate on InfluxDB 3: trust the server's certificate in the JVM");
        }
        var url = conn.uri();
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw conn.usage("'" + UrlCredentials.redacted(url) + "' is not an http(s) URL");
        }
        V3MigrationRun m;
        try {
            m = new V3MigrationRun(new V3Http(url, conn.database, c.secrets.fromEnv(conn.tokenEnv), conn.timeout()), old, neu, c.into,
                V3MigrationRun.BATCH_LINES);
        } catch (IllegalArgumentException e) {
            err.println("cardinal migrate: " + e.getMessage());
            return MigrateCommand.FAILED;
        }
        Instant started = Instant.now();
        List<MigrationWindow> windows = m.windows();
        out.println("migrate table " + m.rewrite().table() + " into table " + m.rewrite().into() + " in database " + conn.database
            + " (InfluxDB 3): " + windows.size() + " window(s) of " + Durations.format(old.retention().effectiveShardGroupDuration())
            + ", oldest first; each window read with this SQL and written in the new layout through POST /api/v3/write_lp");
        for (int i = 0; i < windows.size(); i++) {
            out.println("-- window " + (i + 1) + " of " + windows.size() + ": " + windows.get(i));
            out.println(m.select(windows.get(i)) + ";");
        }
        if (!m.rewrite().dropped().isEmpty()) {
            out.println("not carried (the new layout does not store them): " + String.join(", ", m.rewrite().dropped()));
        }
        out.println("then: switch the writers over to " + m.rewrite().into() + "; the old table is kept (nothing is deleted on InfluxDB 3)");
        if (!c.execute) {
            out.println("dry run: nothing written (read-only queries of the old table's columns and time span); --execute runs the plan");
            out.flush();
            return 0;
        }
        Path file = c.state != null ? c.state : MigrationProgress.besideWorkspace(c.workspace, old.id(), neu.id());
        MigrationProgress progress = MigrationProgress.open(file, m.planIdentity());
        long start = System.nanoTime();
        V3MigrationRun.Result r = m.run(windows, progress, started, MigrateV2.told(err));
        out.printf(Locale.ROOT, "migrated: %d points in %d window(s) (%d run now, %d done before; %d points written now) in %.2f s;"
            + " progress in %s%n", r.points(), windows.size(), r.windowsRun(), r.windowsSkipped(), r.written(),
            (System.nanoTime() - start) / 1e9, file);
        out.flush();
        return 0;
    }
}
