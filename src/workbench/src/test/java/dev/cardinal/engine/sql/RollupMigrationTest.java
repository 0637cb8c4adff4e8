package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The relational rollups of a migration on the local MariaDB and PostgreSQL: the live layout's summary table keyed
 * (listing_id, day, event), the new layout's rollup keyed (listing_id, day, event, device). The plan rebuilds it beside
 * the old one, fills it from the sample, keeps the old one until it is named, and every name (the table's, which
 * carries a statement that would drop a sentinel table) stays a name.
 */
class RollupMigrationTest {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void aRollupWhoseKeysChangeIsRebuiltBesideTheOldTableWhichStaysUntilNamed(SqlDialect d) throws Exception {
        Workspace loaded = WorkspaceFiles.load(ADS).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(ADS, loaded), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        String suffix = Long.toHexString(System.nanoTime());
        String sentinel = "sentinel_" + suffix;
        String table = "daily `\"'; DROP TABLE " + sentinel + "; -- ü " + suffix;
        Layout from = loaded.layout("ids-as-tags").orElseThrow();
        Layout to = loaded.layout("ids-as-fields").orElseThrow();
        Rollup daily = loaded.rollups().get(0);
        Rollup.Destination dest = new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, table, daily.destination().retention());
        Rollup live = new Rollup("live", "live daily", from.id(), daily.window(), daily.aggregates(), daily.groupBy(), dest);
        List<String> newKeys = new ArrayList<>(daily.groupBy());
        newKeys.add("device");
        Rollup designed = new Rollup("designed", "designed daily", to.id(), daily.window(), daily.aggregates(), newKeys, dest);
        Workspace before = withRollups(loaded, live);
        Workspace after = withRollups(loaded, live, designed);
        String rebuilt = table + "_" + to.id();

        try (RelationalPush push = new RelationalPush(RelationalPushTest.connect(d), d, d.id() + " test", Map.of(sample.name(), sample));
             Connection c = RelationalPushTest.connect(d); Statement st = c.createStatement()) {
            try {
                st.execute("CREATE TABLE " + d.identifier(sentinel) + " (x INT)");
                push.apply(push.plan(before, List.of(from)), List.of(), PushMonitor.NONE); // the live layout's table
                long liveRows = push.upsertRollups(before, List.of(from), PushMonitor.NONE).get(0).inTable();

                RollupMigration plan = RollupMigration.plan(push, after, from, to);
                assertEquals(1, plan.tables().size(), plan.text());
                RollupMigration.Table t = plan.tables().get(0);
                assertEquals(RollupMigration.Action.REBUILD, t.action(), plan.text());
                assertEquals(table, t.replaces());
                assertEquals(rebuilt, t.script().table());
                assertTrue(t.why().startsWith("rollup designed daily: the table's primary key is (listing_id, day, event), the"
                    + " rollup needs (listing_id, day, event, device)"), t.why());
                assertEquals(liveRows, count(st, d, table), "planning changes nothing");

                for (int run = 0; run < 2; run++) {
                    RelationalPush.Upserted u = RollupMigration.plan(push, after, from, to).run(PushMonitor.NONE).get(0);
                    assertEquals(u.computed(), u.inTable(), "run " + run + ": one row per listing, day, event and device");
                    assertTrue(u.computed() > liveRows, "the new key splits rows: " + u.computed() + " vs " + liveRows);
                    assertEquals(sum(st, d, table), sum(st, d, rebuilt), "run " + run + ": every point counted once in each");
                    assertEquals(liveRows, count(st, d, table), "run " + run + ": the old table is kept as it was");
                }

                RollupMigration done = RollupMigration.plan(push, after, from, to);
                IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class, () -> done.dropOld(table.trim() + " "));
                assertTrue(wrong.getMessage().contains("is not the exact name of a table this migration rebuilds"), wrong.getMessage());
                assertEquals(liveRows, count(st, d, table));

                long rebuiltRows = count(st, d, rebuilt);
                assertEquals("dropped table " + table + " and renamed " + rebuilt + " to " + table, done.dropOld(table));
                assertEquals(rebuiltRows, count(st, d, table), "the rebuilt table now has the old name");
                assertTrue(push.plan(withRollups(loaded, designed), List.of(to)).noOp(), "the designed rollup finds its table");
                assertEquals(RollupMigration.Action.KEEP, RollupMigration.plan(push, after, from, to).tables().get(0).action());
                assertEquals(0, count(st, d, sentinel), "the sentinel table is still there: the names stayed names");
            } finally {
                for (String name : List.of(table, rebuilt, sentinel)) {
                    st.execute("DROP TABLE IF EXISTS " + d.identifier(name));
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void aLiveRollupGoesOnOverTheNewLayoutAndAMissingTableIsCreated(SqlDialect d) throws Exception {
        Workspace loaded = WorkspaceFiles.load(ADS).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(ADS, loaded), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        String table = "daily_" + Long.toHexString(System.nanoTime());
        Layout from = loaded.layout("ids-as-tags").orElseThrow();
        Layout to = loaded.layout("ids-as-fields").orElseThrow();
        Rollup daily = loaded.rollups().get(0);
        Rollup live = new Rollup("live", "live daily", from.id(), daily.window(), daily.aggregates(), daily.groupBy(),
            new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, table, daily.destination().retention()));
        Workspace ws = withRollups(loaded, live);
        try (RelationalPush push = new RelationalPush(RelationalPushTest.connect(d), d, d.id() + " test", Map.of(sample.name(), sample));
             Connection c = RelationalPushTest.connect(d); Statement st = c.createStatement()) {
            try {
                RollupMigration missing = RollupMigration.plan(push, ws, from, to);
                assertEquals(RollupMigration.Action.CREATE, missing.tables().get(0).action(), missing.text());
                assertEquals(to.id(), missing.tables().get(0).rollup().layout(), "the live rollup now reads the new layout");
                RelationalPush.Upserted u = missing.run(PushMonitor.NONE).get(0);
                assertEquals(u.computed(), count(st, d, table));
                RollupMigration again = RollupMigration.plan(push, ws, from, to);
                assertEquals(RollupMigration.Action.KEEP, again.tables().get(0).action(), again.text());
                assertTrue(again.run(PushMonitor.NONE).isEmpty(), "a kept table is not written");
            } finally {
                st.execute("DROP TABLE IF EXISTS " + d.identifier(table));
            }
        }
    }

    private static Workspace withRollups(Workspace w, Rollup... rollups) {
        return new Workspace(w.name(), w.eventKinds(), w.layouts(), w.samples(), List.of(rollups), w.targets(), w.canvas());
    }

    private static long count(Statement st, SqlDialect d, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + d.identifier(table))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long sum(Statement st, SqlDialect d, String table) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT SUM(" + d.identifier("count_sum") + ") FROM " + d.identifier(table))) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
