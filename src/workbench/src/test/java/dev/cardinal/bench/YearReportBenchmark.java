package dev.cardinal.bench;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.sql.SqlGenerator;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.scenarios.SummaryYear;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.postgresql.PGConnection;

/**
 * Issue 30, part 2: the generated reports on a table of real size, the one {@code cardinal sample-data --summary-year
 * 21000} writes (21,000 listings, one account with 1,000 and 200 with 100 each, 365 days, 8 sparse event types):
 * loaded with {@code LOAD DATA LOCAL INFILE} / {@code COPY} into the tables the generated script makes, then each
 * generated report timed for the big account on the local MariaDB and PostgreSQL, with the engine's plan printed.
 * The tables are kept for the next run (loading takes minutes on two cores); {@code -Dbench=reload} loads both anew,
 * {@code -Dbench=reload=postgresql} (or {@code mariadb}) one.
 * Run: mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.YearReportBenchmark
 */
public final class YearReportBenchmark {
    private static final String SUMMARY = "cardinal_bench_listing_daily";
    private static final String OWNERS = "cardinal_bench_listing";
    private static final Path DATA = Path.of("target", "bench-summary-year");
    private static final int RUNS = 21;
    private static final int SCAN_RUNS = 5;

    private YearReportBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String reload = args.length > 0 ? args[0] : "";
        SummaryYear year = new SummaryYear(SummaryYear.Shape.realistic());
        long[] big = bigAccount(year);
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json")).workspace();
        Rollup daily = ws.rollups().get(0);
        Rollup rollup = new Rollup(daily.id(), daily.name(), daily.layout(), daily.window(), daily.aggregates(), daily.groupBy(),
            new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, SUMMARY, daily.destination().retention()),
            null, new Rollup.Owner(OWNERS, "account_id", ValueType.STRING));
        System.out.printf(Locale.ROOT, "load %s%n", Files.readString(Path.of("/proc/loadavg")).strip());
        for (SqlDialect d : SqlDialect.values()) {
            SqlGenerator.Script s = SqlGenerator.generate(d, rollup, ws.eventKind("listing_event").orElseThrow(), null);
            try (Connection c = connect(d); Statement st = c.createStatement()) {
                if (reload.equals("reload") || reload.equals("reload=" + d.id()) || rows(st, d) != loadedRows()) {
                    load(c, st, d, s, year);
                }
                String first = "'" + year.shape().first() + "'";
                String last = "'" + year.shape().first().plusDays(year.shape().days()) + "'";
                String bigListing = SummaryYear.listingId(firstListingOf(year));
                report(c, d, "the big account's year, a row per listing (report per owner)", s.reportForOwner(),
                    RUNS, big[0], List.of(SummaryYear.BIG_ACCOUNT, first, last), big[1]);
                report(c, d, "one listing's year (report for one)", s.reportForOne(), RUNS, 1, List.of(bigListing, first, last), -1);
                report(c, d, "every listing's year (report for all: reads the whole range)", s.report(), SCAN_RUNS,
                    year.shape().listings(), List.of(first, last), -1);
            }
        }
    }

    private static Connection connect(SqlDialect d) throws SQLException {
        return d == SqlDialect.MARIADB
            ? DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/test?allowLocalInfile=true", "root", "")
            : DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
    }

    /** Rows in the bench's summary table, or -1 without one. */
    private static long rows(Statement st, SqlDialect d) {
        try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + d.identifier(SUMMARY))) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            return -1;
        }
    }

    /** The rows the last load wrote (its files' count), or -2 before any. */
    private static long loadedRows() throws Exception {
        Path marker = DATA.resolve("rows.txt");
        return Files.exists(marker) ? Long.parseLong(Files.readString(marker).strip()) : -2;
    }

    /**
     * The tables as the generated script makes them, loaded from the sample tool's files: MariaDB in key order (InnoDB
     * keeps rows in key order whatever the load order, so only the load's speed differs), PostgreSQL day by day, the
     * heap order the daily job leaves behind.
     */
    private static void load(Connection c, Statement st, SqlDialect d, SqlGenerator.Script s, SummaryYear year) throws Exception {
        Files.createDirectories(DATA);
        SummaryYear.Order order = d == SqlDialect.MARIADB ? SummaryYear.Order.KEY : SummaryYear.Order.DAY;
        Path rowsFile = DATA.resolve("rows-" + order.name().toLowerCase(Locale.ROOT) + ".tsv");
        Path ownersFile = DATA.resolve("owners.tsv");
        long t0 = System.nanoTime();
        long n = year.writeRows(rowsFile, order);
        year.writeOwners(ownersFile);
        Files.writeString(DATA.resolve("rows.txt"), Long.toString(n));
        double written = (System.nanoTime() - t0) / 1e9;
        st.execute("DROP TABLE IF EXISTS " + d.identifier(SUMMARY));
        st.execute("DROP TABLE IF EXISTS " + d.identifier(OWNERS));
        st.execute(s.createTable());
        for (String t : s.ownerTables()) {
            st.execute(t);
        }
        long t1 = System.nanoTime();
        String summaryColumns = "(listing_id, day, event, count_sum, user_id_uniques)";
        if (d == SqlDialect.MARIADB) {
            st.execute("LOAD DATA LOCAL INFILE '" + ownersFile.toAbsolutePath() + "' INTO TABLE " + OWNERS + " (listing_id, account_id)");
            st.execute("LOAD DATA LOCAL INFILE '" + rowsFile.toAbsolutePath() + "' INTO TABLE " + SUMMARY + " " + summaryColumns);
            st.execute("ANALYZE TABLE " + SUMMARY + ", " + OWNERS);
        } else {
            var copy = c.unwrap(PGConnection.class).getCopyAPI();
            try (Reader r = Files.newBufferedReader(ownersFile, StandardCharsets.UTF_8)) {
                copy.copyIn("COPY " + OWNERS + " (listing_id, account_id) FROM STDIN", r);
            }
            try (Reader r = Files.newBufferedReader(rowsFile, StandardCharsets.UTF_8)) {
                copy.copyIn("COPY " + SUMMARY + " " + summaryColumns + " FROM STDIN", r);
            }
            // sets the visibility map as autovacuum would after the inserts: the reports may then read the index alone
            st.execute("VACUUM ANALYZE " + SUMMARY);
            st.execute("VACUUM ANALYZE " + OWNERS);
        }
        System.out.printf(Locale.ROOT, "%-10s %,d rows written in %.1f s, loaded and analysed in %.1f s%n", d.id(), n, written,
            (System.nanoTime() - t1) / 1e9);
    }

    /** Times a report (median and slowest of {@code runs}), checks its rows, and prints the engine's plan for it. */
    private static void report(Connection c, SqlDialect d, String what, String sql, int runs, long wantRows, List<String> literals,
                               long wantCount) throws Exception {
        String text = sql;
        for (String v : literals) {
            text = text.replaceFirst("\\?", v.startsWith("'") ? v : "'" + v + "'");
        }
        double[] ms = new double[runs];
        double[] cpu = new double[runs];
        for (int i = 0; i < runs; i++) {
            Map<String, Long> before = ServerCpu.ticks(c, d);
            long t0 = System.nanoTime();
            long rows = 0;
            long count = 0;
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(text)) {
                while (rs.next()) {
                    rows++;
                    count += rs.getLong(2);
                }
            }
            ms[i] = (System.nanoTime() - t0) / 1e6;
            cpu[i] = ServerCpu.busiest(before, ServerCpu.ticks(c, d)) * 1000.0 / ServerCpu.TICKS_PER_SECOND;
            if (rows != wantRows || (wantCount >= 0 && count != wantCount)) {
                throw new IllegalStateException(what + ": " + rows + " rows, count_sum " + count + "; expected " + wantRows
                    + " rows, count_sum " + wantCount);
            }
        }
        Arrays.sort(ms);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "%-10s %s: median %.1f ms, slowest %.1f ms, the server thread's CPU median %.0f ms"
            + " (%d runs, %,d rows; load %s)%n", d.id(), what, ms[runs / 2], ms[runs - 1], cpu[runs / 2], runs, wantRows,
            Files.readString(Path.of("/proc/loadavg")).strip());
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
            (d == SqlDialect.MARIADB ? "ANALYZE FORMAT=JSON " : "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ") + text)) {
            while (rs.next()) {
                System.out.println("    " + rs.getString(1).replace("\n", "\n    "));
            }
        }
    }

    /** The big account's listings and the sum of their counts over the year, computed from the generator itself. */
    private static long[] bigAccount(SummaryYear year) {
        long listings = 0;
        long count = 0;
        for (int l = 1; l <= year.shape().listings(); l++) {
            if (year.account(l).equals(SummaryYear.BIG_ACCOUNT)) {
                listings++;
                for (int day = 0; day < year.shape().days(); day++) {
                    count += year.rows(l, day).stream().mapToLong(SummaryYear.Row::countSum).sum();
                }
            }
        }
        return new long[]{listings, count};
    }

    private static int firstListingOf(SummaryYear year) {
        for (int l = 1; ; l++) {
            if (year.account(l).equals(SummaryYear.BIG_ACCOUNT)) {
                return l;
            }
        }
    }
}
