package dev.cardinal.engine.sql;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.SqlDialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A rollup table in production on the local MariaDB or PostgreSQL, for the migration tests: the ad marketplace's
 * workspace with a live rollup of ids-as-tags keyed (listing_id, day, event) and a designed one of ids-as-fields keyed
 * by device too, both into one table; the table holds one row written as the live rollup writes it.
 */
public final class LiveRollups {
    static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    private LiveRollups() {
    }

    /** The local server's URL for {@code d}. */
    public static String url(SqlDialect d) {
        return d == SqlDialect.MARIADB ? "jdbc:mariadb://127.0.0.1:3306/test" : "jdbc:postgresql://127.0.0.1:5432/test";
    }

    /** The database (MariaDB) or schema (PostgreSQL) the tests write in. */
    public static String database(SqlDialect d) {
        return d == SqlDialect.MARIADB ? "test" : "public";
    }

    /** The local server's user for {@code d} (no password). */
    public static String user(SqlDialect d) {
        return d == SqlDialect.MARIADB ? "root" : "postgres";
    }

    public static Connection connect(SqlDialect d) throws SQLException, java.io.IOException {
        return RelationalPush.connect(url(d), d, database(d), user(d), null);
    }

    /** The ads workspace with a live and a designed rollup into {@code table}, written into {@code dir} with its traffic. */
    public static Path workspace(Path dir, String table) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(ADS.toFile());
        // beside the workspace, as the workbench opens a sample without asking
        Files.copy(ADS.resolveSibling("traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        ObjectNode designed = (ObjectNode) root.get("rollups").get(0);
        ((ObjectNode) designed.get("destination")).put("name", table);
        designed.put("id", "designed").put("name", "designed");
        ((ArrayNode) designed.get("groupBy")).add("device");
        ObjectNode live = designed.deepCopy();
        live.put("id", "live").put("name", "live").put("layout", "ids-as-tags");
        ((ArrayNode) live.get("groupBy")).remove(2);
        ((ArrayNode) root.get("rollups")).add(live);
        Path out = dir.resolve("w.cardinal.json");
        Files.write(out, json.writeValueAsBytes(root));
        return out;
    }

    /** Creates {@code table} as the live rollup keeps it, with one row. */
    public static void create(Statement st, SqlDialect d, String table) throws SQLException {
        st.execute("CREATE TABLE " + d.identifier(table) + " (" + d.identifier("listing_id") + " VARCHAR(64) NOT NULL, "
            + d.identifier("day") + " DATE NOT NULL, " + d.identifier("event") + " VARCHAR(64) NOT NULL, "
            + d.identifier("count_sum") + " BIGINT NOT NULL, " + d.identifier("user_id_uniques") + " BIGINT NOT NULL,"
            + " PRIMARY KEY (" + d.identifier("listing_id") + ", " + d.identifier("day") + ", " + d.identifier("event") + "))");
        st.execute("INSERT INTO " + d.identifier(table) + " VALUES ('L1', DATE '2026-01-01', 'view', 3, 1)");
    }

    /** Drops {@code table} and the copy a migration into ids-as-fields writes beside it. */
    public static void dropBoth(Statement st, SqlDialect d, String table) throws SQLException {
        st.execute("DROP TABLE IF EXISTS " + d.identifier(table));
        st.execute("DROP TABLE IF EXISTS " + d.identifier(table + "_ids-as-fields"));
    }

    public static long rows(Statement st, SqlDialect d, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + d.identifier(table))) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
