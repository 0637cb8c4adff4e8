package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.model.ValueType;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generated slot writer compiled by javac and run on the local MariaDB and PostgreSQL, in tables made from the
 * slot tables' own script: slots in the order names arrive, the reverse lookup, the cache counted in statements
 * through a counting wrapper around the real connection, eviction at its bound, a full scope refused by name, writers
 * on several connections and threads at once, and hostile names everywhere a name reaches the source or the tables.
 */
class SlotWriterTest {
    private static final EventKind KIND = new EventKind("custom_metric", List.of(new Attribute("tenant", ValueType.STRING),
        new Attribute("metric", ValueType.STRING), new Attribute("value", ValueType.FLOAT)));

    /** The custom-metrics scenario's slot layout with {@code max} slots, under an id no other run uses. */
    private static Layout layout(int max) throws Exception {
        String id = "slot-writer-" + Long.toHexString(System.nanoTime());
        return new Layout(id, "fixed slots", KIND.name(), Template.literal("custom_metrics"), List.of(TagSpec.of("tenant")),
            List.of(new FieldSpec(Template.parse("slot_{slot(metric, tenant, max=" + max + ")}"), "value")), RetentionPlan.AUTOGEN);
    }

    private static int rows(Connection c, SqlDialect d, Layout layout) throws SQLException {
        String table = d.identifier(SlotTables.prefix(layout, SlotWriter.slots(layout).get(0)) + "_slot_map");
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + table); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void slotsInArrivalOrderBackToNamesBehindABoundedCache(SqlDialect d, @TempDir Path dir) throws Exception {
        Layout layout = layout(3);
        int allocation = d == SqlDialect.MARIADB ? 5 : 4; // lookup, ensure, take, (MariaDB: read the counter), insert
        try (CompiledSlotWriter gen = CompiledSlotWriter.compile(KIND, layout, null, dir); Connection real = Engines.connect(d);
             AutoCloseable tables = CompiledSlotWriter.tables(real, d, KIND, layout, null)) {
            CompiledSlotWriter.Counting counted = CompiledSlotWriter.Counting.of(real);
            Object w = gen.open(counted.connection(), 2);
            assertEquals(1, gen.slotOf(w, "acme", "cpu"));
            assertEquals(allocation, counted.taken(), "a new name runs the allocation");
            assertEquals(1, gen.slotOf(w, "acme", "cpu"));
            assertEquals(Optional.of("cpu"), gen.nameOf(w, 1, "acme"));
            assertEquals(0, counted.taken(), "both directions come from the cache");
            assertEquals(2, gen.slotOf(w, "acme", "disk"));
            assertEquals(3, gen.slotOf(w, "acme", "net"));
            assertEquals(1, gen.slotOf(w, "other", "net"), "another tenant starts at slot 1");
            assertEquals(3 * allocation, counted.taken());
            // the cache keeps 2 names: cpu and disk are gone, only the lookup runs for them
            assertEquals(3, gen.slotOf(w, "acme", "net"));
            assertEquals(0, counted.taken());
            assertEquals(1, gen.slotOf(w, "acme", "cpu"));
            assertEquals(1, counted.taken(), "an evicted name is looked up, not allocated again");
            assertEquals(2, gen.slotOf(w, "acme", "disk"));
            assertEquals(1, counted.taken());

            CompiledSlotWriter.Counting cold = CompiledSlotWriter.Counting.of(real);
            Object fresh = gen.open(cold.connection(), 2);
            assertEquals(Optional.of("disk"), gen.nameOf(fresh, 2, "acme"));
            assertEquals(1, cold.taken(), "the reverse lookup");
            assertEquals(Optional.of("disk"), gen.nameOf(fresh, 2, "acme"));
            assertEquals(2, gen.slotOf(fresh, "acme", "disk"));
            assertEquals(0, cold.taken(), "the reverse lookup fills both caches");
            assertEquals(Optional.empty(), gen.nameOf(fresh, 2, "other"));
            assertEquals(2, gen.slotOf(w, "other", "cpu"));
            assertEquals(Optional.of("cpu"), gen.nameOf(fresh, 2, "other"), "a slot not taken is not cached as empty");

            Exception full = assertThrows(SQLException.class, () -> gen.slotOf(w, "acme", "gpu"));
            assertEquals("ScopeFullException", full.getClass().getSimpleName());
            assertEquals("all 3 slots of metric for tenant 'acme' are taken: 'gpu' gets none", full.getMessage());
            assertEquals(List.of("acme"), full.getClass().getMethod("scope").invoke(full));
            assertEquals(3, full.getClass().getMethod("max").invoke(full));
            assertEquals(5, rows(real, d, layout), "the refused name left no row: acme's 3 and other's 2");
            assertEquals(3, gen.slotOf(w, "acme", "net"), "the mapping is intact");
            assertTrue(real.getAutoCommit(), "the connection's auto-commit is given back");

            Map<String, Double> values = new LinkedHashMap<>();
            values.put("net", 1.5);
            values.put("cpu", 0.25);
            values.put("disk", Double.NaN);
            values.put("absent", null);
            assertEquals(Map.of("slot_3", 1.5, "slot_1", 0.25), gen.fields(w, values, "acme"));
            values.put("gpu", 2.0);
            Exception fullInFields = assertThrows(SQLException.class, () -> gen.fields(w, values, "acme"));
            assertTrue(fullInFields.getMessage().contains("'gpu' gets none"), fullInFields.getMessage());

            assertThrows(IllegalArgumentException.class, () -> gen.open(real, 0));
            NullPointerException none = assertThrows(NullPointerException.class, () -> gen.slotOf(w, null, "cpu"));
            assertEquals("tenant is null", none.getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void writersOnManyConnectionsAndThreadsNeverGiveTwoNamesOneSlot(SqlDialect d, @TempDir Path dir) throws Exception {
        Layout layout = layout(50);
        List<String> names = IntStream.range(0, 40).mapToObj(i -> "metric." + i).toList();
        try (CompiledSlotWriter gen = CompiledSlotWriter.compile(KIND, layout, null, dir); Connection setup = Engines.connect(d);
             AutoCloseable tables = CompiledSlotWriter.tables(setup, d, KIND, layout, null)) {
            List<Connection> connections = new ArrayList<>();
            List<Object> writers = new ArrayList<>();
            for (int c = 0; c < 3; c++) {
                connections.add(Engines.connect(d));
                writers.add(gen.open(connections.get(c), 8)); // smaller than the names: the cache evicts as they go
            }
            ExecutorService pool = Executors.newFixedThreadPool(6);
            try {
                List<Future<Map<String, Integer>>> runs = new ArrayList<>();
                for (int t = 0; t < 6; t++) {
                    Object writer = writers.get(t % 3); // two threads share each writer and its connection
                    int seed = t;
                    runs.add(pool.submit(() -> {
                        List<String> order = new ArrayList<>(names);
                        Collections.shuffle(order, new Random(seed));
                        Map<String, Integer> got = new HashMap<>();
                        for (String n : order) {
                            got.put(n, gen.slotOf(writer, "acme", n));
                        }
                        return got;
                    }));
                }
                List<Map<String, Integer>> results = new ArrayList<>();
                for (Future<Map<String, Integer>> f : runs) {
                    results.add(f.get());
                }
                for (Map<String, Integer> r : results) {
                    assertEquals(results.get(0), r, "every thread sees the same slot for a name");
                }
                assertEquals(IntStream.rangeClosed(1, 40).boxed().collect(Collectors.toSet()), new HashSet<>(results.get(0).values()),
                    "40 names hold slots 1 to 40, no slot two names");
                assertEquals(40, rows(setup, d, layout));
                for (String n : names) {
                    assertEquals(Optional.of(n), gen.nameOf(writers.get(2), results.get(0).get(n), "acme"));
                }
            } finally {
                pool.shutdownNow();
                for (Connection c : connections) {
                    c.close();
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void twoSlottedAttributesGetAMethodEachAndASlotWithoutScopeHasOneCounter(SqlDialect d, @TempDir Path dir) throws Exception {
        String run = Long.toHexString(System.nanoTime());
        Layout layout = new Layout("two-slots-" + run, "two slots", KIND.name(), Template.literal("m"), List.of(),
            List.of(new FieldSpec(Template.parse("m_{slot(metric, tenant, max=3)}"), "value"),
                new FieldSpec(Template.parse("t_{slot(tenant, max=2)}"), "value")), RetentionPlan.AUTOGEN);
        try (CompiledSlotWriter gen = CompiledSlotWriter.compile(KIND, layout, null, dir); Connection c = Engines.connect(d);
             AutoCloseable tables = CompiledSlotWriter.tables(c, d, KIND, layout, null)) {
            Object w = gen.open(c, 4);
            assertEquals(1, gen.call(w, "slotOfTenant", "acme"));
            assertEquals(2, gen.call(w, "slotOfTenant", "beta"));
            assertEquals(1, gen.call(w, "slotOfMetric", "beta", "cpu"));
            assertEquals(Optional.of("beta"), gen.call(gen.open(c, 4), "nameOfTenant", 2));
            assertEquals(Optional.of("cpu"), gen.call(gen.open(c, 4), "nameOfMetric", "beta", 1));
            assertEquals(Map.of("m_1", 0.5), gen.call(w, "fieldsValue", "beta", Map.of("cpu", 0.5)));
            assertEquals(Map.of("t_2", 0.5, "t_1", 1.5), gen.call(w, "fieldsValue2", Map.of("beta", 0.5, "acme", 1.5)));
            Exception full = assertThrows(SQLException.class, () -> gen.call(w, "slotOfTenant", "gamma"));
            assertEquals("all 2 slots of tenant are taken: 'gamma' gets none", full.getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void anEngineThatCannotHoldTheNamesIsRefusedWithTheReason(SqlDialect d, @TempDir Path dir) throws Exception {
        // the mariadb client drops the CR of a CR LF in a quoted name, so there is no MariaDB slot table file to make them
        String tenant = "ten\r\nant";
        EventKind kind = new EventKind("k", List.of(new Attribute(tenant, ValueType.STRING), new Attribute("metric", ValueType.STRING),
            new Attribute("value", ValueType.FLOAT)));
        Layout layout = new Layout("crlf-" + Long.toHexString(System.nanoTime()), "crlf", "k", Template.literal("m"), List.of(),
            List.of(new FieldSpec(new Template("s_{slot}", List.of(new Template.Literal("s_"),
                new Template.SlotRef("metric", List.of(tenant), 4))), "value")), RetentionPlan.AUTOGEN);
        try (CompiledSlotWriter gen = CompiledSlotWriter.compile(kind, layout, null, dir); Connection c = Engines.connect(d)) {
            if (d == SqlDialect.MARIADB) {
                SQLException refused = assertThrows(SQLException.class, () -> gen.open(c, 4));
                assertTrue(refused.getMessage().startsWith("no slot tables for metric on MariaDB: the name 'ten\\r\\nant'"
                    + " cannot be a MariaDB identifier"), refused.getMessage());
                return;
            }
            try (AutoCloseable tables = CompiledSlotWriter.tables(c, d, kind, layout, null)) {
                assertEquals(1, gen.slotOf(gen.open(c, 4), "a\r\nb", "cpu"));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void aValueTooLongForItsColumnIsTheEnginesErrorNotAFullScope(SqlDialect d, @TempDir Path dir) throws Exception {
        Layout layout = layout(3);
        try (CompiledSlotWriter gen = CompiledSlotWriter.compile(KIND, layout, null, dir); Connection c = Engines.connect(d);
             AutoCloseable tables = CompiledSlotWriter.tables(c, d, KIND, layout, null)) {
            Object w = gen.open(c, 4);
            String tenant = "t".repeat(256); // the columns are VARCHAR(255) without a sample to size them
            SQLException tooLong = assertThrows(SQLException.class, () -> gen.slotOf(w, tenant, "cpu"));
            assertEquals("22001", tooLong.getSQLState(), tooLong.toString());
            assertEquals(0, rows(c, d, layout));
            assertEquals(1, gen.slotOf(w, "t".repeat(255), "cpu"), "a value that fits gets its slot");
        }
    }

    /** Quotes, comment closers, backslashes, javac's own escapes as text, line breaks and unicode. */
    private static final List<String> HOSTILE = List.of("q\"uote's", "end */ of comment", "\\u000a", "back\\slash\\",
        "\\\"); System.setProperty(\"cardinal.pwned\", \"slot\"); //", "new\nline", "\u00e9t\u00e9 \u2028 \u202e", "tab\t`tick`");

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void hostileNamesCompileAndStayNames(SqlDialect d, @TempDir Path dir) throws Exception {
        String tenantAttr = "ten\"ant */ \\u000a`";
        String metricAttr = "met\\ric' \\u0022";
        EventKind kind = new EventKind("kind */ \\u000a \"", List.of(new Attribute(tenantAttr, ValueType.STRING),
            new Attribute(metricAttr, ValueType.STRING), new Attribute("v\"*/", ValueType.INTEGER)));
        String keyText = "k\"*/\\u000a\\_";
        Template key = new Template("k_{slot}", List.of(new Template.Literal(keyText), new Template.SlotRef(metricAttr,
            List.of(tenantAttr), 20), new Template.Literal(" \u00e9\"")));
        Layout layout = new Layout("hostile */ \\u000a \" " + Long.toHexString(System.nanoTime()), "name */ \\u000a\n\"",
            kind.name(), Template.literal("m"), List.of(TagSpec.of(tenantAttr)), List.of(new FieldSpec(key, "v\"*/")),
            RetentionPlan.AUTOGEN);
        try (CompiledSlotWriter gen = CompiledSlotWriter.compile(kind, layout, null, dir); Connection c = Engines.connect(d);
             AutoCloseable tables = CompiledSlotWriter.tables(c, d, kind, layout, null)) {
            assertNull(System.getProperty("cardinal.pwned"), gen.source());
            Set<String> methods = new HashSet<>();
            for (var m : gen.type().getDeclaredMethods()) {
                if (java.lang.reflect.Modifier.isPublic(m.getModifiers())) {
                    methods.add(m.getName());
                }
            }
            assertEquals(Set.of("slotOf", "nameOf", "fields"), methods, gen.source());
            Object w = gen.open(c, 4);
            List<String> names = new ArrayList<>(HOSTILE);
            // names MariaDB's default collation would take for one: case, accents, a trailing space
            names.addAll(List.of("cpu", "CPU", "cpu ", "e", "\u00e9", "emoji \uD83D\uDE00"));
            for (String tenant : List.of(HOSTILE.get(0), HOSTILE.get(2), HOSTILE.get(3) + "\u00e9")) {
                for (int i = 0; i < names.size(); i++) {
                    assertEquals(i + 1, gen.slotOf(w, tenant, names.get(i)), tenant + " / " + names.get(i));
                }
                Object cold = gen.open(c, 4);
                for (int i = 0; i < names.size(); i++) {
                    assertEquals(Optional.of(names.get(i)), gen.nameOf(cold, i + 1, tenant));
                    assertEquals(i + 1, gen.slotOf(cold, tenant, names.get(i)));
                }
                Map<String, Long> values = new LinkedHashMap<>();
                values.put(names.get(1), 7L);
                values.put("CPU", 9L);
                assertEquals(Map.of(keyText + "2 \u00e9\"", 7L, keyText + (names.indexOf("CPU") + 1) + " \u00e9\"", 9L),
                    gen.fields(w, values, tenant));
            }
        }
    }
}
