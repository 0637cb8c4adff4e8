package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.sql.Engines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 30, part 3: the files {@code cardinal generate} writes for a rollup into a relational table run as written.
 * The script runs whole through the engine's own client stopping at the first error ({@code psql -v ON_ERROR_STOP=1},
 * {@code mariadb} without {@code --force}); the statement templates, apart from it, each prepare and run through
 * the driver on the table the script made.
 */
class RollupFilesRunAsWrittenTest {
    static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theScriptRunsWholeAndTheTemplatesRunOnWhatItMade(SqlDialect d, @TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("generate", ADS, "--layout", "ids-as-fields", "-o", dir.toString());
        assertEquals(0, r.code(), r.err());
        Engines.afterScript(d, dir.resolve("listing-daily." + d.id() + ".sql"), "cardinal_reports_run", (c, st, schema) -> {
            assertEquals(List.of("listing_daily"), Engines.tables(d, schema));
            List<String> templates = templates(Files.readString(dir.resolve("listing-daily." + d.id() + ".statements.txt")));
            assertEquals(3, templates.size(), templates.toString());
            Date day = Date.valueOf("2026-03-01");
            execute(c, templates.get(0), "l1", day, "view", 5L, 2L);
            execute(c, templates.get(0), "l1", day, "view", 7L, 3L); // the same day again overwrites it
            execute(c, templates.get(0), "l1", Date.valueOf("2026-03-02"), "view", 1L, 4L);
            long[] all = report(c, templates.get(1), Date.valueOf("2026-01-01"), Date.valueOf("2027-01-01"));
            long[] one = report(c, templates.get(2), "l1", Date.valueOf("2026-01-01"), Date.valueOf("2027-01-01"));
            assertEquals(List.of(8L, 4L, 2L), List.of(all[0], all[1], all[2]));
            assertTrue(Arrays.equals(all, one), Arrays.toString(one));
        });
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void aRollupWithAnOwnerGetsTheOwnersTableAndItsReport(SqlDialect d, @TempDir Path dir) throws Exception {
        Path ws = dir.resolve("ads.cardinal.json");
        Files.writeString(ws, Files.readString(Path.of(ADS)).replaceFirst("\"formatVersion\" *: *\\d+", "\"formatVersion\": 4")
            .replaceFirst("(\"destination\" *: *\\{[^}]*\\})", "$1, \"owner\": {\"table\": \"listing\", \"column\": \"account_id\"}"));
        Files.copy(Path.of(ADS).resolveSibling("traffic.lp.gz"), dir.resolve("traffic.lp.gz"));
        Path out = dir.resolve("out");
        CliRun r = CliRun.of("generate", ws.toString(), "--layout", "ids-as-fields", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        Engines.afterScript(d, out.resolve("listing-daily." + d.id() + ".sql"), "cardinal_reports_owner_run", (c, st, schema) -> {
            assertEquals(List.of("listing", "listing_daily"), Engines.tables(d, schema).stream().sorted().toList());
            List<String> templates = templates(Files.readString(out.resolve("listing-daily." + d.id() + ".statements.txt")));
            assertEquals(4, templates.size(), templates.toString());
            st.execute("INSERT INTO listing VALUES ('l1', 'a1'), ('l2', 'a1'), ('l3', 'a2')");
            for (String listing : List.of("l1", "l2", "l3")) {
                execute(c, templates.get(0), listing, Date.valueOf("2026-03-01"), "view", 5L, 2L);
            }
            try (PreparedStatement ps = c.prepareStatement(templates.get(3))) {
                ps.setString(1, "a1");
                ps.setObject(2, Date.valueOf("2026-01-01"));
                ps.setObject(3, Date.valueOf("2027-01-01"));
                List<String> listings = new java.util.ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        listings.add(rs.getString(1) + "=" + rs.getLong("count_sum"));
                    }
                }
                assertEquals(List.of("l1=5", "l2=5"), listings, "the account's listings, not the other account's");
            }
        });
    }

    @Test
    void withoutALayoutTheRollupsLayoutIsGeneratedToo(@TempDir Path dir) throws Exception {
        // the rollup reads ids-as-fields, the event kind's second layout: before, nothing of it was written or said
        CliRun r = CliRun.of("generate", ADS, "-o", dir.toString());
        assertEquals(0, r.code(), r.err());
        for (SqlDialect d : SqlDialect.values()) {
            assertTrue(Files.exists(dir.resolve("listing-daily." + d.id() + ".sql")), d.id());
        }
        assertTrue(Files.exists(dir.resolve("ids-as-tags.influxql")) && Files.exists(dir.resolve("ids-as-fields.influxql")));
        // the one thing said: VictoriaMetrics has no label listing_id to group by in that layout
        assertEquals("cardinal generate: not written: no vmalert rules for rollup listing-daily: group-by attribute listing_id"
            + " is no label of layout ids-as-fields (a field is a series of its own in VictoriaMetrics, not a label to group by)"
            + System.lineSeparator(), r.err());
    }

    @Test
    void aRollupOfALayoutNotGeneratedIsNamedWithTheReason(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("generate", ADS, "--layout", "ids-as-tags", "-o", dir.toString());
        assertEquals(0, r.code(), r.err());
        String why = "no code for rollup listing-daily: it reads layout ids-as-fields, which is not generated here";
        assertTrue(r.err().contains("cardinal generate: not written: " + why), r.err());
        assertTrue(Files.readString(dir.resolve("README.md")).contains("- " + why), Files.readString(dir.resolve("README.md")));
    }

    /** The statements of a templates file: each ends with ';' at the end of a line; comment lines are not part of one. */
    static List<String> templates(String text) {
        String body = String.join("\n", text.lines().filter(l -> !l.startsWith("--")).toList());
        return Arrays.stream(body.split(";\n")).map(String::strip).filter(s -> !s.isEmpty())
            .map(s -> s.endsWith(";") ? s.substring(0, s.length() - 1) : s).toList();
    }

    private static void execute(Connection c, String sql, Object... parameters) throws Exception {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                ps.setObject(i + 1, parameters[i]);
            }
            ps.executeUpdate();
        }
    }

    /** The one row of a report: count_sum, the uniques column, rows. */
    private static long[] report(Connection c, String sql, Object... parameters) throws Exception {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                ps.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                // the year's uniques are the busiest day's figure, a floor, and the column's name says so
                assertEquals("user_id_uniques_floor_max_day", rs.getMetaData().getColumnLabel(3));
                long[] row = {rs.getLong(2), rs.getLong(3), rs.getLong(4)};
                assertTrue(!rs.next(), "one listing");
                return row;
            }
        }
    }
}
