package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Aggregate;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.ValueType;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.LpFixture;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The rollup SQL runs on the local MariaDB and PostgreSQL: the table is created, the ad marketplace's daily rollup
 * (computed here from the sample) is upserted twice and stays the same, and the report's totals match the sample.
 * Table and column names are hostile, so quoting is tested on the real engines.
 */
public class GeneratedSqlTest {
    private static final Path ADS = Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json");

    public static Connection connect(SqlDialect d) throws java.sql.SQLException {
        return d == SqlDialect.MARIADB ? DriverManager.getConnection("jdbc:mariadb://127.0.0.1:3306/test", "root", "")
            : DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
    }

    /** (listing, day, event) -> [sum of count, distinct users], from the sample itself. */
    private static Map<List<Object>, long[]> dailyRollup(EventKindSample s, Map<List<Object>, Set<String>> users) {
        Map<List<Object>, long[]> out = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        for (int r = 0; r < s.rows(); r++) {
            LocalDate day = Instant.ofEpochSecond(0, s.timestamp(r)).atZone(ZoneOffset.UTC).toLocalDate();
            List<Object> key = List.of(s.column("listing_id").text(r), day, s.column("event").text(r));
            out.computeIfAbsent(key, k -> new long[2])[0] += Long.parseLong(s.column("count").text(r));
            users.computeIfAbsent(key, k -> new HashSet<>()).add(s.column("user_id").text(r));
        }
        users.forEach((k, u) -> out.get(k)[1] = u.size());
        return out;
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void theDailyRollupUpsertsIdempotentlyAndReportsTheSamplesTotals(SqlDialect d) throws Exception {
        Workspace ws = WorkspaceFiles.load(ADS).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(ADS, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Rollup daily = ws.rollups().get(0);
        String table = "listing \"daily\" `x` " + Long.toHexString(System.nanoTime());
        Rollup hostile = new Rollup(daily.id(), daily.name(), daily.layout(), daily.window(), daily.aggregates(),
            daily.groupBy(), new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, table, daily.destination().retention()));
        SqlGenerator.Script script = SqlGenerator.generate(d, hostile, ws.eventKind("listing_event").orElseThrow(), sample);
        assertEquals(List.of("listing_id", "day", "event"), script.key());

        Map<List<Object>, long[]> rows = dailyRollup(sample, new java.util.HashMap<>());
        try (Connection c = connect(d); Statement st = c.createStatement()) {
            st.execute(script.createTable());
            try {
                for (int run = 0; run < 2; run++) {
                    try (PreparedStatement ps = c.prepareStatement(script.upsert())) {
                        for (var e : rows.entrySet()) {
                            ps.setString(1, (String) e.getKey().get(0));
                            ps.setObject(2, java.sql.Date.valueOf((LocalDate) e.getKey().get(1)));
                            ps.setString(3, (String) e.getKey().get(2));
                            ps.setLong(4, e.getValue()[0]);
                            ps.setLong(5, e.getValue()[1]);
                            ps.addBatch();
                        }
                        ps.executeBatch();
                    }
                    try (ResultSet rs = st.executeQuery("SELECT COUNT(*), SUM(" + d.identifier("count_sum") + ") FROM "
                        + d.identifier(table))) {
                        rs.next();
                        assertEquals(rows.size(), rs.getLong(1), "run " + run + ": one row per listing, day and event");
                        assertEquals(rows.values().stream().mapToLong(v -> v[0]).sum(), rs.getLong(2),
                            "run " + run + ": every point counted once");
                    }
                }
                Map<String, long[]> perListing = new TreeMap<>();
                rows.forEach((k, v) -> {
                    long[] p = perListing.computeIfAbsent((String) k.get(0), x -> new long[3]);
                    p[0] += v[0];
                    p[1] = Math.max(p[1], v[1]);
                    p[2]++;
                });
                try (PreparedStatement ps = c.prepareStatement(script.report())) {
                    ps.setObject(1, java.sql.Date.valueOf(LocalDate.of(2000, 1, 1)));
                    ps.setObject(2, java.sql.Date.valueOf(LocalDate.of(2100, 1, 1)));
                    int listings = 0;
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            long[] want = perListing.get(rs.getString(1));
                            assertEquals(want[0], rs.getLong("count_sum"), rs.getString(1));
                            assertEquals(want[1], rs.getLong("user_id_uniques_floor_max_day"), rs.getString(1));
                            assertEquals(want[2], rs.getLong("rows"), rs.getString(1));
                            listings++;
                        }
                    }
                    assertEquals(perListing.size(), listings);
                }
            } finally {
                st.execute("DROP TABLE " + d.identifier(table));
            }
        }
        assertTrue(script.script().contains(script.createTable()));
        // the MariaDB script says first that MySQL lacks its collation (a MySQL user would otherwise learn it from
        // "Unknown collation" on the first statement); the PostgreSQL one needs no such line
        String first = script.script().lines().findFirst().orElseThrow();
        assertEquals(d == SqlDialect.MARIADB, first.startsWith("-- for MariaDB") && first.contains("utf8mb4_0900_bin"), first);
    }

    /**
     * Group-by keys that differ only in case, accent or a trailing space are different keys to InfluxDB and PostgreSQL;
     * MariaDB's default collation would merge them into one summary row. Each keeps its own row, twice over.
     */
    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void keysThatDifferOnlyInCaseAccentOrTrailingSpaceStayApart(SqlDialect d) throws Exception {
        EventKindSample sample = LpFixture.read("""
            m,host=cpu v=1i 1000000000
            m,host=CPU v=2i 1000000000
            m,host=cpu\\  v=4i 1000000000
            m,host=cp\u00fa v=8i 1000000000
            m,host=Cpu\\ \\  v=16i 1000000000
            m,host=cpu v=32i 1000000000
            """).eventKinds().get(0);
        EventKind kind = new EventKind("m", List.of(new Attribute("host", ValueType.STRING), new Attribute("v", ValueType.INTEGER)));
        String table = "per `host` \"x\" " + Long.toHexString(System.nanoTime());
        Rollup rollup = new Rollup("r", "r", "l", java.time.Duration.ofDays(1), List.of(new Rollup.AggregateSpec("v", Aggregate.SUM)),
            List.of("host"), new Rollup.Destination(Rollup.DestinationKind.RELATIONAL_TABLE, table, java.time.Duration.ZERO));
        SqlGenerator.Script script = SqlGenerator.generate(d, rollup, kind, sample);
        List<Object[]> rows = RollupRows.compute(script, rollup, sample).rows();
        Map<String, Long> want = new TreeMap<>(Map.of("cpu", 33L, "CPU", 2L, "cpu ", 4L, "cp\u00fa", 8L, "Cpu  ", 16L));
        assertEquals(want.keySet(), rows.stream().map(r -> (String) r[0]).collect(java.util.stream.Collectors.toSet()),
            "the sample's keys, as read");
        try (Connection c = connect(d); Statement st = c.createStatement()) {
            st.execute(script.createTable());
            try {
                for (int run = 0; run < 2; run++) {
                    try (PreparedStatement ps = c.prepareStatement(script.upsert())) {
                        for (Object[] row : rows) {
                            for (int i = 0; i < row.length; i++) {
                                ps.setObject(i + 1, row[i]);
                            }
                            ps.addBatch();
                        }
                        ps.executeBatch();
                    }
                    Map<String, Long> stored = new TreeMap<>();
                    try (ResultSet rs = st.executeQuery("SELECT " + d.identifier("host") + ", " + d.identifier("v_sum") + " FROM "
                        + d.identifier(table))) {
                        while (rs.next()) {
                            assertEquals(null, stored.put(rs.getString(1), rs.getLong(2)), "one row per key: " + rs.getString(1));
                        }
                    }
                    assertEquals(want, stored, "run " + run);
                }
                try (PreparedStatement ps = c.prepareStatement(script.reportForOne())) {
                    ps.setString(1, "cpu");
                    ps.setObject(2, java.sql.Date.valueOf(LocalDate.of(1970, 1, 1)));
                    ps.setObject(3, java.sql.Date.valueOf(LocalDate.of(1970, 1, 2)));
                    try (ResultSet rs = ps.executeQuery()) {
                        assertTrue(rs.next());
                        assertEquals(33, rs.getLong("v_sum"), "the report for cpu is cpu's alone");
                        assertEquals(1, rs.getLong("rows"));
                    }
                }
            } finally {
                st.execute("DROP TABLE " + d.identifier(table));
            }
        }
    }
}
