package dev.cardinal.bench;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.sql.SqlGenerator;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * The design's headline promise for the generated summary table: a year of daily rows for 900 listings (328,500
 * rows, one event) loaded through the generated upsert, then the generated reports timed on the local MariaDB and
 * PostgreSQL: one listing's year, and every listing's year. Prints the median and the slowest of 21 runs.
 * Run: mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.ReportBenchmark
 */
public final class ReportBenchmark {
    private static final int LISTINGS = 900;
    private static final int DAYS = 365;
    private static final int RUNS = 21;

    private ReportBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json")).workspace();
        Rollup daily = ws.rollups().get(0);
        Rollup rollup = new Rollup(daily.id(), daily.name(), daily.layout(), daily.window(), daily.aggregates(), daily.groupBy(),
            new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, "listing_daily_bench", daily.destination().retention()));
        for (SqlDialect d : SqlDialect.values()) {
            SqlGenerator.Script s = SqlGenerator.generate(d, rollup, ws.eventKind("listing_event").orElseThrow(), null);
            try (Connection c = d == SqlDialect.MARIADB
                ? DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/test?rewriteBatchedStatements=true", "root", "")
                : DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?reWriteBatchedInserts=true", "postgres", "");
                 Statement st = c.createStatement()) {
                st.execute("DROP TABLE IF EXISTS " + d.identifier(s.table()));
                st.execute(s.createTable());
                long t0 = System.nanoTime();
                c.setAutoCommit(false);
                Random random = new Random(7);
                LocalDate first = LocalDate.of(2025, 1, 1);
                try (PreparedStatement ps = c.prepareStatement(s.upsert())) {
                    int n = 0;
                    for (int l = 1; l <= LISTINGS; l++) {
                        for (int day = 0; day < DAYS; day++) {
                            ps.setString(1, String.format(Locale.ROOT, "L%06d", l));
                            ps.setObject(2, java.sql.Date.valueOf(first.plusDays(day)));
                            ps.setString(3, "view");
                            ps.setLong(4, 1 + random.nextInt(500));
                            ps.setLong(5, 1 + random.nextInt(200));
                            ps.addBatch();
                            if (++n % 5_000 == 0) {
                                ps.executeBatch();
                            }
                        }
                    }
                    ps.executeBatch();
                }
                c.commit();
                c.setAutoCommit(true);
                double loadSeconds = (System.nanoTime() - t0) / 1e9;
                st.execute(d == SqlDialect.MARIADB ? "ANALYZE TABLE " + d.identifier(s.table()) : "ANALYZE " + d.identifier(s.table()));
                double[] one = time(c, s.reportForOne(), true, first);
                double[] all = time(c, s.report(), false, first);
                System.out.printf(Locale.ROOT, "%-10s %,d rows loaded in %.1f s; one listing's year: median %.1f ms, slowest %.1f ms;"
                        + " every listing's year: median %.0f ms, slowest %.0f ms%n", d.id(), LISTINGS * DAYS, loadSeconds,
                    one[0], one[1], all[0], all[1]);
                st.execute("DROP TABLE " + d.identifier(s.table()));
            }
        }
    }

    /** Median and slowest of the runs, in milliseconds (each run reads every row of the answer). */
    private static double[] time(Connection c, String sql, boolean oneListing, LocalDate first) throws Exception {
        double[] ms = new double[RUNS];
        Random random = new Random(11);
        for (int i = 0; i < RUNS; i++) {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int p = 1;
                if (oneListing) {
                    ps.setString(p++, String.format(Locale.ROOT, "L%06d", 1 + random.nextInt(LISTINGS)));
                }
                ps.setObject(p++, java.sql.Date.valueOf(first));
                ps.setObject(p, java.sql.Date.valueOf(first.plusDays(DAYS)));
                long t0 = System.nanoTime();
                int rows = 0;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows++;
                    }
                }
                ms[i] = (System.nanoTime() - t0) / 1e6;
                if (rows != (oneListing ? 1 : LISTINGS)) {
                    throw new IllegalStateException("the report returned " + rows + " rows");
                }
            }
        }
        Arrays.sort(ms);
        return new double[]{ms[RUNS / 2], ms[RUNS - 1]};
    }
}
