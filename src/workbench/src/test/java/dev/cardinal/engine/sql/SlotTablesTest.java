package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Slots;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The slot tables on the local MariaDB and PostgreSQL: four writers allocate slots for the same metrics at once,
 * following the generated protocol; every metric ends with one slot, no slot holds two metrics, and a full scope
 * refuses more.
 */
class SlotTablesTest {

    /** Allocates {@code value}'s slot in {@code tenant}; -1 when the scope is full. */
    private static int allocate(Connection c, SlotTables.Script s, String tenant, String value) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            c.setAutoCommit(false);
            try {
                try (PreparedStatement ps = c.prepareStatement(s.lookup())) {
                    ps.setString(1, tenant);
                    ps.setString(2, value);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next()) {
                            int slot = rs.getInt(1);
                            c.commit();
                            return slot;
                        }
                    }
                }
                try (PreparedStatement ps = c.prepareStatement(s.ensure())) {
                    ps.setString(1, tenant);
                    ps.executeUpdate();
                }
                int slot;
                try (PreparedStatement ps = c.prepareStatement(s.take())) {
                    ps.setString(1, tenant);
                    if (s.current().isEmpty()) {
                        try (ResultSet rs = ps.executeQuery()) {
                            if (!rs.next()) {
                                c.rollback();
                                return -1;
                            }
                            slot = rs.getInt(1);
                        }
                    } else {
                        if (ps.executeUpdate() == 0) {
                            c.rollback();
                            return -1;
                        }
                        try (PreparedStatement cur = c.prepareStatement(s.current())) {
                            cur.setString(1, tenant);
                            try (ResultSet rs = cur.executeQuery()) {
                                rs.next();
                                slot = rs.getInt(1);
                            }
                        }
                    }
                }
                try (PreparedStatement ps = c.prepareStatement(s.insert())) {
                    ps.setString(1, tenant);
                    ps.setString(2, value);
                    ps.setInt(3, slot);
                    ps.executeUpdate();
                }
                c.commit();
                return slot;
            } catch (SQLException e) {
                c.rollback(); // another writer mapped it, or a deadlock was broken: try again from the lookup
                if (attempt == 20) {
                    throw e;
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void concurrentWritersGetOneSlotPerMetricAndAFullScopeRefuses(SqlDialect d) throws Exception {
        Workspace ws = WorkspaceFiles.load(Path.of("sample-data/custom-metrics/custom-metrics.cardinal.json")).workspace();
        var layout = ws.layout("fixed-slots").orElseThrow();
        Template.SlotRef ref = Slots.slots(layout.fields().get(0).key()).get(0);
        Template.SlotRef small = new Template.SlotRef(ref.attribute(), ref.scope(), 60);
        String prefix = "metrics \"" + Long.toHexString(System.nanoTime()) + "\"";
        SlotTables.Script s = SlotTables.generate(d, small, ws.eventKind(layout.eventKind()).orElseThrow(), null, prefix);
        try (Connection setup = GeneratedSqlTest.connect(d); Statement st = setup.createStatement()) {
            st.execute(s.createMap());
            st.execute(s.createCounter());
            try {
                List<String> metrics = new ArrayList<>();
                for (int m = 0; m < 50; m++) {
                    metrics.add("metric." + m);
                }
                ExecutorService pool = Executors.newFixedThreadPool(4);
                List<Future<Map<String, Integer>>> writers = new ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    int seed = w;
                    writers.add(pool.submit(() -> {
                        Map<String, Integer> got = new HashMap<>();
                        List<String> order = new ArrayList<>(metrics);
                        java.util.Collections.shuffle(order, new java.util.Random(seed));
                        try (Connection c = GeneratedSqlTest.connect(d)) {
                            for (String m : order) {
                                got.put(m, allocate(c, s, "acme", m));
                            }
                        }
                        return got;
                    }));
                }
                List<Map<String, Integer>> results = new ArrayList<>();
                for (Future<Map<String, Integer>> f : writers) {
                    results.add(f.get());
                }
                pool.shutdown();
                for (Map<String, Integer> r : results) {
                    assertEquals(results.get(0), r, "every writer sees the same slot for a metric");
                }
                Set<Integer> slots = new HashSet<>(results.get(0).values());
                assertEquals(metrics.size(), slots.size(), "no slot holds two metrics");
                assertTrue(slots.stream().allMatch(x -> x >= 1 && x <= 60), slots.toString());
                try (Connection c = GeneratedSqlTest.connect(d)) {
                    for (int m = 50; m < 60; m++) {
                        assertTrue(allocate(c, s, "acme", "metric." + m) > 0);
                    }
                    assertEquals(-1, allocate(c, s, "acme", "metric.60"), "the 61st metric finds the scope full");
                    assertEquals(1, allocate(c, s, "other tenant", "metric.60"), "another scope starts at slot 1");
                    // MariaDB's default collation would find metric.60's slot for these two
                    assertEquals(2, allocate(c, s, "other tenant", "METRIC.60"), "case makes another name");
                    assertEquals(3, allocate(c, s, "other tenant", "metric.60 "), "so does a trailing space");
                    assertEquals(1, allocate(c, s, "other tenant", "metric.60"));
                }
            } finally {
                st.execute("DROP TABLE " + d.identifier(s.mapTable()));
                st.execute("DROP TABLE " + d.identifier(s.counterTable()));
            }
        }
    }
}
