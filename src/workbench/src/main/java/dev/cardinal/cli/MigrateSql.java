package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.sql.RollupMigration;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;

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
        if (c.rp != null || c.intoRp != null || c.into != null) {
            throw conn.usage("--rp, --into-rp and --into are for InfluxDB; the rollup tables are named by the workspace's rollups");
        }
        if (c.dropOld != null && !c.execute) {
            throw conn.usage("--drop-old runs only with --execute");
        }
        Target.Kind kind = "postgresql".equals(conn.kind) || jdbc.startsWith("jdbc:postgresql:") ? Target.Kind.POSTGRESQL
            : Target.Kind.MARIADB;
        Pushing pushing = Engines.pushing(kind).orElseThrow(() -> new IllegalStateException(kind.product() + " offers no pushing"));
        Connection connection = conn.connection(pushing, kind, conn.uri(), conn.database, null, c.secrets, err);
        if (!ws.samples().isEmpty()) {
            connection = connection.withSample(TerminalProgress.read(SampleReader.sources(c.workspace, ws), c.spec));
        }
        PushTarget push = pushing.connect(connection);
        try (push) {
            RollupMigration m = RollupMigration.plan(push, ws, old, neu);
            out.print(m.text());
            if (!c.execute) {
                out.println("dry run: nothing written; --execute makes and fills the tables, --drop-old TABLE then drops a rebuilt"
                    + " table's old one by name");
                out.flush();
                return 0;
            }
            for (var u : m.run(PushMonitor.NONE)) {
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
