package dev.cardinal.cli;

import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.sql.RelationalPush;
import dev.cardinal.engine.sql.RollupMigration;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code cardinal migrate --url jdbc:...}: the relational side of a migration, the rollups' summary tables on MariaDB
 * or PostgreSQL for the new layout ({@link RollupMigration}): kept, created, or rebuilt beside the old table when their
 * keys change, filled from the sample with {@code --execute}; the old table dropped (and the new one given its name)
 * only when {@code --drop-old} names it.
 */
final class MigrateSql {
    private MigrateSql() {
    }

    static int run(MigrateCommand c, Workspace ws, Layout old, Layout neu, PrintWriter out, PrintWriter err) throws IOException {
        ConnectOptions conn = c.connection;
        String jdbc = conn.url;
        if (!jdbc.startsWith("jdbc:")) {
            throw conn.usage("'" + jdbc + "' is not a JDBC URL (jdbc:mariadb://host:3306/db or jdbc:postgresql://host:5432/db)");
        }
        if (jdbc.toLowerCase(Locale.ROOT).contains("password=")) {
            throw conn.usage("the URL must not carry a password: use --user with --password-env");
        }
        if (c.rp != null || c.intoRp != null || c.into != null) {
            throw conn.usage("--rp, --into-rp and --into are for InfluxDB; the rollup tables are named by the workspace's rollups");
        }
        if (c.dropOld != null && !c.execute) {
            throw conn.usage("--drop-old runs only with --execute");
        }
        SqlDialect dialect = "postgresql".equals(conn.kind) || jdbc.startsWith("jdbc:postgresql:") ? SqlDialect.POSTGRESQL
            : SqlDialect.MARIADB;
        Map<String, EventKindSample> samples = new LinkedHashMap<>();
        if (!ws.samples().isEmpty()) {
            TerminalProgress.read(SampleReader.sources(c.workspace, ws), c.spec).eventKinds().forEach(k -> samples.put(k.name(), k));
        }
        char[] password = conn.user == null ? null
            : c.secrets.fromEnvOrPrompt(conn.passwordEnv, "password for " + conn.user + " at " + jdbc);
        RelationalPush push;
        try {
            push = new RelationalPush(RelationalPush.connect(jdbc, dialect, conn.database, conn.user,
                password == null || password.length == 0 ? null : password), dialect, jdbc + " " + conn.database, samples);
        } finally {
            if (password != null) {
                Arrays.fill(password, '\0');
            }
        }
        try (push) {
            RollupMigration m = RollupMigration.plan(push, ws, old, neu);
            out.print(m.text());
            if (!c.execute) {
                out.println("dry run: nothing written; --execute makes and fills the tables, --drop-old TABLE then drops a rebuilt"
                    + " table's old one by name");
                out.flush();
                return 0;
            }
            for (RelationalPush.Upserted u : m.run(PushMonitor.NONE)) {
                out.printf(Locale.ROOT, "%s: the sample's rollup is %,d row(s), upserted; the table holds %,d%n", u.table(),
                    u.computed(), u.inTable());
            }
            if (c.dropOld != null) {
                try {
                    out.println(m.dropOld(c.dropOld));
                } catch (IllegalArgumentException e) {
                    err.println("cardinal migrate: " + e.getMessage());
                    return MigrateCommand.FAILED;
                }
            }
            out.flush();
            return m.tables().stream().anyMatch(t -> t.action() == RollupMigration.Action.BLOCKED) ? MigrateCommand.FAILED : 0;
        } catch (IllegalArgumentException e) {
            err.println("cardinal migrate: " + e.getMessage());
            return MigrateCommand.FAILED;
        }
    }
}
