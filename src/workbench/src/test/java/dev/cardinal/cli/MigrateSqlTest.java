package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.sql.RelationalPush;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
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
    static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theDryRunShowsTheRebuildAndExecuteThenDropOldSwapsTheTables(SqlDialect d) throws Exception {
        String table = "daily \"`x'" + Long.toHexString(System.nanoTime());
        Path ws = workspace(table);
        String url = d == SqlDialect.MARIADB ? "jdbc:mariadb://127.0.0.1:3306/test" : "jdbc:postgresql://127.0.0.1:5432/test";
        List<String> common = List.of(ws.toString(), "--from", "ids-as-tags", "--to", "ids-as-fields", "--url", url,
            "--database", d == SqlDialect.MARIADB ? "test" : "public", "--user", d == SqlDialect.MARIADB ? "root" : "postgres");
        try (Connection c = d == SqlDialect.MARIADB ? RelationalPush.connect(url, d, "test", "root", null)
            : RelationalPush.connect(url, d, "public", "postgres", null); Statement st = c.createStatement()) {
            try {
                st.execute("CREATE TABLE " + d.identifier(table) + " (" + d.identifier("listing_id") + " VARCHAR(64) NOT NULL, "
                    + d.identifier("day") + " DATE NOT NULL, " + d.identifier("event") + " VARCHAR(64) NOT NULL, "
                    + d.identifier("count_sum") + " BIGINT NOT NULL, " + d.identifier("user_id_uniques") + " BIGINT NOT NULL,"
                    + " PRIMARY KEY (" + d.identifier("listing_id") + ", " + d.identifier("day") + ", " + d.identifier("event") + "))");
                st.execute("INSERT INTO " + d.identifier(table) + " VALUES ('L1', DATE '2026-01-01', 'view', 3, 1)");

                CliRun dry = migrate(common);
                assertEquals(0, dry.code(), dry.err());
                assertTrue(dry.out().contains("rebuild " + table + "_ids-as-fields: rollup designed: the table's primary key is"
                    + " (listing_id, day, event), the rollup needs (listing_id, day, event, device)"), dry.out());
                assertTrue(dry.out().contains("CREATE TABLE " + d.identifier(table + "_ids-as-fields")), dry.out());
                assertTrue(dry.out().contains("dry run: nothing written"), dry.out());
                assertEquals(1, rows(st, d, table));

                CliRun run = migrate(common, "--execute");
                assertEquals(0, run.code(), run.err());
                long rebuilt = rows(st, d, table + "_ids-as-fields");
                assertTrue(rebuilt > 1 && run.out().contains(table + "_ids-as-fields: the sample's rollup is"), run.out());
                assertEquals(1, rows(st, d, table), "the old table is kept");

                CliRun wrong = migrate(common, "--execute", "--drop-old", "daily");
                assertEquals(MigrateCommand.FAILED, wrong.code());
                assertTrue(wrong.err().contains("'daily' is not the exact name of a table this migration rebuilds"), wrong.err());
                assertEquals(1, rows(st, d, table));

                CliRun drop = migrate(common, "--execute", "--drop-old", table);
                assertEquals(0, drop.code(), drop.err());
                assertTrue(drop.out().contains("dropped table " + table + " and renamed " + table + "_ids-as-fields to " + table), drop.out());
                assertEquals(rebuilt, rows(st, d, table));
            } finally {
                st.execute("DROP TABLE IF EXISTS " + d.identifier(table));
                st.execute("DROP TABLE IF EXISTS " + d.identifier(table + "_ids-as-fields"));
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

    /** The ads workspace with a live rollup of ids-as-tags and a designed one of ids-as-fields, into {@code table}. */
    private Path workspace(String table) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(ADS.toFile());
        ((ObjectNode) root.get("samples").get(0)).put("path", ADS.toAbsolutePath().resolveSibling("traffic.lp.gz").toString());
        ObjectNode designed = (ObjectNode) root.get("rollups").get(0);
        ((ObjectNode) designed.get("destination")).put("name", table);
        designed.put("id", "designed").put("name", "designed");
        ((ArrayNode) designed.get("groupBy")).add("device");
        ObjectNode live = designed.deepCopy();
        live.put("id", "live").put("name", "live").put("layout", "ids-as-tags");
        ((ArrayNode) live.get("groupBy")).remove(2);
        ((ArrayNode) root.get("rollups")).add(live);
        Path out = tmp.resolve("w.cardinal.json");
        Files.write(out, json.writeValueAsBytes(root));
        return out;
    }

    private static long rows(Statement st, SqlDialect d, String table) throws Exception {
        try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + d.identifier(table))) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
