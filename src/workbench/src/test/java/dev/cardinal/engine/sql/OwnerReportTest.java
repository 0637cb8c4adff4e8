package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.scenarios.SummaryYear;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 30, part 2: the report per owner on both engines, over a small table of the benchmark's shape (the sample
 * tool's {@link SummaryYear}): the generated script runs whole through the client, the rows go in through the
 * generated upsert, and the big account's report equals the totals computed from the generator by hand.
 */
class OwnerReportTest {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    private static SqlGenerator.Script script(SqlDialect d, String summary, String owners) throws Exception {
        Workspace ws = WorkspaceFiles.load(ADS).workspace();
        Rollup daily = ws.rollups().get(0);
        Rollup owned = new Rollup(daily.id(), daily.name(), daily.layout(), daily.window(), daily.aggregates(), daily.groupBy(),
            new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, summary, daily.destination().retention()),
            null, new Rollup.Owner(owners, "account_id", ValueType.STRING));
        return SqlGenerator.generate(d, owned, ws.eventKind("listing_event").orElseThrow(), null);
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theBigAccountsYearEqualsTheTotalsByHand(SqlDialect d, @TempDir Path dir) throws Exception {
        SummaryYear year = new SummaryYear(new SummaryYear.Shape(420, 40, LocalDate.of(2025, 1, 1)));
        // the owner's table with a quote in its name: it is an identifier like any other
        SqlGenerator.Script s = script(d, "listing_daily", "listing \"owners\"");
        Path file = Files.writeString(dir.resolve("owned." + d.id() + ".sql"), s.script());
        Engines.afterScript(d, file, "cardinal_reports_owner", (c, st, schema) -> {
            assertEquals(List.of("listing \"owners\"", "listing_daily"), Engines.tables(d, schema).stream().sorted().toList());
            Map<String, long[]> want = load(c, s, year);
            List<long[]> got = new ArrayList<>();
            List<String> listings = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(s.reportForOwner())) {
                ps.setString(1, SummaryYear.BIG_ACCOUNT);
                ps.setObject(2, Date.valueOf(year.shape().first()));
                ps.setObject(3, Date.valueOf(year.shape().first().plusDays(year.shape().days())));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        listings.add(rs.getString(1));
                        got.add(new long[]{rs.getLong("count_sum"), rs.getLong("user_id_uniques_floor_max_day"), rs.getLong("rows")});
                    }
                }
            }
            assertEquals(new ArrayList<>(want.keySet()), listings, "the big account's listings, in order");
            assertEquals(year.shape().bigAccountListings(), listings.size());
            for (int i = 0; i < listings.size(); i++) {
                long[] w = want.get(listings.get(i));
                assertEquals(List.of(w[0], w[1], w[2]), List.of(got.get(i)[0], got.get(i)[1], got.get(i)[2]), listings.get(i));
            }
            if (d == SqlDialect.POSTGRESQL) {
                // the summary's key carries the values: each listing's range is read from the index alone, never the heap
                // (on a table this small the planner would rather scan it, so the scan is ruled out)
                st.execute("VACUUM " + d.identifier("listing_daily"));
                st.execute("SET enable_seqscan = off");
                StringBuilder plan = new StringBuilder();
                try (PreparedStatement ps = c.prepareStatement("EXPLAIN (COSTS OFF) " + s.reportForOwner())) {
                    ps.setString(1, SummaryYear.BIG_ACCOUNT);
                    ps.setObject(2, Date.valueOf(year.shape().first()));
                    ps.setObject(3, Date.valueOf(year.shape().first().plusDays(year.shape().days())));
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            plan.append(rs.getString(1)).append('\n');
                        }
                    }
                }
                assertTrue(plan.toString().contains("Index Only Scan using listing_daily_pkey on listing_daily s"), plan.toString());
            }
        });
    }

    /**
     * The owners with a plain insert and the rows through the generated upsert; returns, per listing of the big account
     * and in key order, its count_sum, busiest day's uniques and rows, added up here from the generator.
     */
    private static Map<String, long[]> load(Connection c, SqlGenerator.Script s, SummaryYear year) throws Exception {
        Map<String, long[]> want = new TreeMap<>();
        String owners = s.ownerTables().get(0).replaceFirst("(?s)^CREATE TABLE IF NOT EXISTS (.*?) \\(\n.*", "$1");
        try (PreparedStatement owner = c.prepareStatement("INSERT INTO " + owners + " VALUES (?, ?)");
             PreparedStatement upsert = c.prepareStatement(s.upsert())) {
            for (int l = 1; l <= year.shape().listings(); l++) {
                owner.setString(1, SummaryYear.listingId(l));
                owner.setString(2, year.account(l));
                owner.executeUpdate();
                for (int day = 0; day < year.shape().days(); day++) {
                    for (SummaryYear.Row r : year.rows(l, day)) {
                        upsert.setString(1, r.listingId());
                        upsert.setObject(2, Date.valueOf(r.day()));
                        upsert.setString(3, r.event());
                        upsert.setLong(4, r.countSum());
                        upsert.setLong(5, r.userIdUniques());
                        upsert.addBatch();
                        if (year.account(l).equals(SummaryYear.BIG_ACCOUNT)) {
                            long[] w = want.computeIfAbsent(r.listingId(), k -> new long[3]);
                            w[0] += r.countSum();
                            w[1] = Math.max(w[1], r.userIdUniques());
                            w[2]++;
                        }
                    }
                }
                upsert.executeBatch();
            }
        }
        return want;
    }

    @Test
    void theScriptMakesTheOwnersTableOnlyIfMissingWithItsIndexByOwner() throws Exception {
        SqlGenerator.Script pg = script(SqlDialect.POSTGRESQL, "listing_daily", "listing");
        assertEquals(List.of("CREATE TABLE IF NOT EXISTS \"listing\" (\n  \"listing_id\" VARCHAR(255) NOT NULL,\n"
                + "  \"account_id\" VARCHAR(255) NOT NULL,\n  PRIMARY KEY (\"listing_id\")\n)",
            "CREATE INDEX IF NOT EXISTS \"listing_by_account_id\" ON \"listing\" (\"account_id\", \"listing_id\")"), pg.ownerTables());
        assertTrue(pg.script().contains(pg.ownerTables().get(1) + ";\n"), pg.script());
        assertTrue(pg.statements().contains(pg.reportForOwner() + ";\n"), pg.statements());
        assertEquals("SELECT s.\"listing_id\", SUM(s.\"count_sum\") AS \"count_sum\", MAX(s.\"user_id_uniques\") AS"
            + " \"user_id_uniques_floor_max_day\", COUNT(*) AS \"rows\" FROM \"listing\" o JOIN \"listing_daily\" s ON"
            + " s.\"listing_id\" = o.\"listing_id\" WHERE o.\"account_id\" = ? AND s.\"day\" >= ? AND s.\"day\" < ?"
            + " GROUP BY s.\"listing_id\" ORDER BY s.\"listing_id\"", pg.reportForOwner());
        assertThrows(IllegalArgumentException.class, () -> script(SqlDialect.MARIADB, "listing", "listing"));
    }
}
