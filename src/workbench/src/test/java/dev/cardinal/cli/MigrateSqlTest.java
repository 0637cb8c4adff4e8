package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.sql.LiveRollups;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code cardinal migrate --url jdbc:...} on the local MariaDB and PostgreSQL: the live layout's rollup table, keyed
 * (listing_id, day, event), and the new layout's rollup into the same table keyed by device too: the dry run shows the
 * rebuild and writes nothing, --execute fills the new table beside the old, and --drop-old with the exact name swaps them.
 */
class MigrateSqlTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theDryRunShowsTheRebuildAndExecuteThenDropOldSwapsTheTables(SqlDialect d) throws Exception {
        String table = "daily \"`x'" + Long.toHexString(System.nanoTime());
        Path ws = LiveRollups.workspace(tmp, table);
        List<String> common = List.of(ws.toString(), "--from", "ids-as-tags", "--to", "ids-as-fields", "--url", LiveRollups.url(d),
            "--database", LiveRollups.database(d), "--user", LiveRollups.user(d));
        try (Connection c = LiveRollups.connect(d); Statement st = c.createStatement()) {
            try {
                LiveRollups.create(st, d, table);

                CliRun dry = migrate(common);
                assertEquals(0, dry.code(), dry.err());
                assertTrue(dry.out().contains("rebuild " + table + "_ids-as-fields: rollup designed: the table's primary key is"
                    + " (listing_id, day, event), the rollup needs (listing_id, day, event, device)"), dry.out());
                assertTrue(dry.out().contains("CREATE TABLE " + d.identifier(table + "_ids-as-fields")), dry.out());
                assertTrue(dry.out().contains("dry run: nothing written"), dry.out());
                assertEquals(1, LiveRollups.rows(st, d, table));

                CliRun run = migrate(common, "--execute");
                assertEquals(0, run.code(), run.err());
                long rebuilt = LiveRollups.rows(st, d, table + "_ids-as-fields");
                assertTrue(rebuilt > 1 && run.out().contains(table + "_ids-as-fields: the sample's rollup is"), run.out());
                assertEquals(1, LiveRollups.rows(st, d, table), "the old table is kept");

                CliRun wrong = migrate(common, "--execute", "--drop-old", "daily");
                assertEquals(MigrateCommand.FAILED, wrong.code());
                assertTrue(wrong.err().contains("'daily' is not the exact name of a table this migration rebuilds"), wrong.err());
                assertEquals(1, LiveRollups.rows(st, d, table));

                CliRun drop = migrate(common, "--execute", "--drop-old", table);
                assertEquals(0, drop.code(), drop.err());
                assertTrue(drop.out().contains("dropped table " + table + " and renamed " + table + "_ids-as-fields to " + table), drop.out());
                assertEquals(rebuilt, LiveRollups.rows(st, d, table));
            } finally {
                LiveRollups.dropBoth(st, d, table);
            }
        }
    }

    private CliRun migrate(List<String> common, String... more) {
        MigrateCommand command = new MigrateCommand();
        command.secrets = new Secrets(Map.of("INFLUX_PASSWORD", ""), null);
        List<String> args = new java.util.ArrayList<>(common);
        args.addAll(List.of(more));
        return CliRun.ofCommand(command, args.toArray(String[]::new));
    }
}
