package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Applied;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Rollup tables planned, created, altered and upserted on the local MariaDB and PostgreSQL. */
class RelationalPushTest {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    static Connection connect(SqlDialect d) throws Exception {
        return d == SqlDialect.MARIADB
            ? RelationalPush.connect("jdbc:mariadb://127.0.0.1:3306/test", d, "test", "root", null)
            : RelationalPush.connect("jdbc:postgresql://127.0.0.1:5432/test", d, "public", "postgres", null);
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theRollupTableIsCreatedUpsertedTwiceAndRepairedWhenAColumnIsMissing(SqlDialect d) throws Exception {
        Workspace loaded = WorkspaceFiles.load(ADS).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(ADS, loaded), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Rollup daily = loaded.rollups().get(0);
        String table = "listing_daily_" + Long.toHexString(System.nanoTime());
        Rollup mine = new Rollup(daily.id(), daily.name(), daily.layout(), daily.window(), daily.aggregates(), daily.groupBy(),
            new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, table, daily.destination().retention()));
        Workspace ws = new Workspace(loaded.name(), loaded.eventKinds(), loaded.layouts(), loaded.samples(), List.of(mine),
            loaded.targets(), loaded.canvas());
        List<Layout> layouts = List.of(ws.layout(daily.layout()).orElseThrow());

        try (RelationalPush push = new RelationalPush(connect(d), d, d.id() + " test", Map.of(sample.name(), sample));
             Connection c = connect(d); Statement st = c.createStatement()) {
            try {
                Plan first = push.plan(ws, layouts);
                assertEquals(PlanStep.Action.CREATE, first.steps().get(0).action(), first.text());
                push.apply(first, Set.of(), PushMonitor.NONE);
                assertTrue(push.plan(ws, layouts).noOp());

                long total = 0;
                for (int r = 0; r < sample.rows(); r++) {
                    total += Long.parseLong(sample.column("count").text(r));
                }
                for (int run = 0; run < 2; run++) {
                    dev.cardinal.engine.RollupUpsert.Upserted u = push.upsertRollups(ws, layouts, PushMonitor.NONE).get(0);
                    assertEquals(u.computed(), u.inTable(), "run " + run + ": one row per listing, day and event");
                    try (ResultSet rs = st.executeQuery("SELECT SUM(" + d.identifier("count_sum") + ") FROM " + d.identifier(table))) {
                        rs.next();
                        assertEquals(total, rs.getLong(1), "run " + run + ": every point counted once");
                    }
                }

                st.execute("ALTER TABLE " + d.identifier(table) + " DROP COLUMN " + d.identifier("user_id_uniques"));
                if (d == SqlDialect.POSTGRESQL) {
                    // the key's index carried the column (INCLUDE), so PostgreSQL dropped the key with it; a table made
                    // without the column has its key all the same
                    st.execute("ALTER TABLE " + d.identifier(table) + " ADD PRIMARY KEY (" + d.identifier("listing_id") + ", "
                        + d.identifier("day") + ", " + d.identifier("event") + ")");
                }
                Plan repair = push.plan(ws, layouts);
                assertEquals(PlanStep.Action.ALTER, repair.steps().get(0).action(), repair.text());
                assertTrue(repair.steps().get(0).reason().contains("user_id_uniques"), repair.text());
                push.apply(repair, Set.of(), PushMonitor.NONE);
                assertTrue(push.plan(ws, layouts).noOp());

                if (d == SqlDialect.MARIADB) {
                    // a summary table made before key columns compared exactly: the upsert would merge cpu and CPU
                    st.execute("ALTER TABLE " + d.identifier(table) + " MODIFY COLUMN " + d.identifier("event")
                        + " VARCHAR(70) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL");
                    Plan exact = push.plan(ws, layouts);
                    assertEquals(PlanStep.Action.ALTER, exact.steps().get(0).action(), exact.text());
                    assertTrue(exact.steps().get(0).reason().contains("key column(s) event compare without case"), exact.text());
                    push.apply(exact, Set.of(), PushMonitor.NONE);
                    assertTrue(push.plan(ws, layouts).noOp(), push.plan(ws, layouts).text());
                    try (ResultSet rs = st.executeQuery("SELECT COLLATION_NAME, CHARACTER_MAXIMUM_LENGTH FROM information_schema.COLUMNS"
                        + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" + table.replace("'", "''") + "' AND COLUMN_NAME = 'event'")) {
                        assertTrue(rs.next());
                        assertEquals("utf8mb4_nopad_bin", rs.getString(1));
                        assertEquals(70, rs.getInt(2), "the column keeps its length");
                    }
                }

                st.execute("DROP TABLE " + d.identifier(table));
                st.execute("CREATE TABLE " + d.identifier(table) + " (" + d.identifier("listing_id") + " VARCHAR(64) NOT NULL, "
                    + d.identifier("day") + " DATE NOT NULL, PRIMARY KEY (" + d.identifier("listing_id") + "))");
                Plan conflict = push.plan(ws, layouts);
                assertEquals(PlanStep.Action.CONFLICT, conflict.steps().get(0).action(), conflict.text());
            } finally {
                st.execute("DROP TABLE IF EXISTS " + d.identifier(table));
            }
        }
    }
}
