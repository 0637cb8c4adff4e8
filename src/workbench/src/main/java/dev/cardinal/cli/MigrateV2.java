package dev.cardinal.cli;

import dev.cardinal.engine.MigrationWindow;
import dev.cardinal.engine.influxdb1.MigrationState;
import dev.cardinal.engine.influxdb2.FluxHttp;
import dev.cardinal.engine.influxdb2.FluxMigrationRun;
import dev.cardinal.engine.influxdb2.FluxMigrationState;
import dev.cardinal.model.Layout;
import dev.cardinal.model.UrlCredentials;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * {@code cardinal migrate --kind influxdb-2}: the same plan, run, check and resume as on 1.x, through one Flux script per
 * window. Buckets are named as {@code generate} and {@code push} name them, {@code DATABASE/RETENTION_POLICY}: read from
 * {@code --database} with {@code --rp} (default: the live layout's policy), written to {@code --into-rp} (default: the
 * policy read). A token only (from {@code --token-env}); nothing is ever deleted.
 */
final class MigrateV2 {
    private MigrateV2() {
    }

    /** Each window as it is done, on standard error when that is a terminal. */
    static MigrationWindow.Progress told(PrintWriter err) {
        boolean terminal = TerminalProgress.stderrIsTerminal();
        return (i, n, w, p, skipped) -> {
            if (terminal) {
                err.println("window " + i + "/" + n + " " + w + ": " + p + " points" + (skipped ? " (done before)" : " copied and checked"));
                err.flush();
            }
        };
    }

    static int run(MigrateCommand c, Layout old, Layout neu, PrintWriter out, PrintWriter err) throws IOException, InterruptedException {
        ConnectOptions conn = c.connection;
        if (conn.org == null) {
            throw conn.usage("InfluxDB 2.x needs --org ORG");
        }
        if (c.dropOld != null) {
            throw conn.usage("--drop-old is not offered for InfluxDB 2.x: the old data is kept; delete it with the influx CLI once checked");
        }
        if (conn.user != null) {
            throw conn.usage("migrate on InfluxDB 2.x logs in with a token only: set $" + conn.tokenEnv + " (or --token-env VAR), not --user");
        }
        if (conn.insecure) {
            throw conn.usage("--insecure-skip-verify is not offered for migrate on InfluxDB 2.x: trust the server's certificate in the JVM");
        }
        var url = conn.uri();
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw conn.usage("'" + UrlCredentials.redacted(url) + "' is not an http(s) URL");
        }
        char[] token = c.secrets.fromEnv(conn.tokenEnv);
        if (token == null) {
            throw conn.usage("InfluxDB 2.x needs a token: set $" + conn.tokenEnv + " (or --token-env VAR)");
        }
        String readRp = c.rp != null ? c.rp : old.retention().name();
        String bucket = conn.database + "/" + readRp;
        String intoBucket = conn.database + "/" + (c.intoRp != null ? c.intoRp : readRp);
        FluxMigrationRun m;
        try {
            m = new FluxMigrationRun(new FluxHttp(url, conn.org, token, conn.timeout()), bucket, old, intoBucket, neu, c.into);
        } catch (IllegalArgumentException e) {
            err.println("cardinal migrate: " + e.getMessage());
            return MigrateCommand.FAILED;
        }
        Instant started = Instant.now();
        List<MigrationWindow> windows = m.windows();
        out.println("migrate " + old.measurement().literalText() + " in bucket " + bucket + " into " + m.into() + " in bucket "
            + intoBucket + " (InfluxDB 2.x, org " + conn.org + "): " + windows.size() + " window(s) of "
            + dev.cardinal.model.Durations.format(old.retention().effectiveShardGroupDuration()) + ", oldest first");
        for (int i = 0; i < windows.size(); i++) {
            out.println("-- window " + (i + 1) + " of " + windows.size() + ": " + windows.get(i));
            out.print(m.script(windows.get(i)));
        }
        out.println("then: switch the writers over to " + m.into() + "; the old measurement is kept (nothing is deleted on 2.x)");
        if (!c.execute) {
            out.println("dry run: nothing written (two queries read the old measurement's time span); --execute runs the plan");
            out.flush();
            return 0;
        }
        Path file = c.state != null ? c.state : MigrationState.besideWorkspace(c.workspace, old.id(), neu.id());
        FluxMigrationState progress = FluxMigrationState.open(file, m.planIdentity());
        long start = System.nanoTime();
        FluxMigrationRun.Result r = m.run(windows, progress, started, told(err));
        out.printf(Locale.ROOT, "migrated: %d points in %d window(s) (%d run now, %d done before) in %.2f s; progress in %s%n",
            r.points(), windows.size(), r.windowsRun(), r.windowsSkipped(), (System.nanoTime() - start) / 1e9, file);
        out.flush();
        return 0;
    }
}
