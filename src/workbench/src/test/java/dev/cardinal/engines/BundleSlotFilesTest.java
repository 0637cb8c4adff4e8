package dev.cardinal.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.Artefact;
import dev.cardinal.engine.Slots;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.sql.GeneratedSqlTest;
import dev.cardinal.engine.sql.SlotTables;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The slot tables' files in a bundle: an attribute slotted two ways gets a pair of files and tables per way, both
 * of which run on one database; a slot without {@code max=} gets none, and the index says why.
 */
class BundleSlotFilesTest {

    private static Workspace metrics() throws Exception {
        return WorkspaceFiles.load(Path.of("sample-data/custom-metrics/custom-metrics.cardinal.json")).workspace();
    }

    private static Layout layout(Workspace ws, String id, String... keys) throws Exception {
        Layout fixed = ws.layout("fixed-slots").orElseThrow();
        List<FieldSpec> fields = new java.util.ArrayList<>();
        for (String k : keys) {
            fields.add(new FieldSpec(Template.parse(k), "value"));
        }
        return new Layout(id, id, fixed.eventKind(), fixed.measurement(), fixed.tags(), fields, fixed.retention());
    }

    private static Map<String, String> slotFiles(Bundle.Contents contents) {
        return contents.artefacts().stream().filter(a -> a.file().contains(".slots-"))
            .collect(Collectors.toMap(Artefact::file, Artefact::text));
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void anAttributeSlottedTwoWaysGetsFilesAndTablesPerWay(SqlDialect d) throws Exception {
        Workspace ws = metrics();
        String id = "two-ways-" + Long.toHexString(System.nanoTime());
        Layout layout = layout(ws, id, "slot_{slot(metric, tenant, max=50)}", "all_{slot(metric, max=20)}",
            "also_{slot(metric, max=30)}", "again_{slot(metric, tenant, max=50)}");
        Bundle.Contents contents = Bundle.of(ws.withLayout(layout), List.of(layout), "db", "org", Map.of());
        Map<String, String> files = slotFiles(contents);
        String perTenant = id + ".slots-metric-per-tenant." + d.id() + ".sql";
        String all = id + ".slots-metric-per-layout-max-20." + d.id() + ".sql";
        String also = id + ".slots-metric-per-layout-max-30." + d.id() + ".sql";
        assertEquals(6, files.size(), files.keySet().toString());
        assertTrue(files.keySet().containsAll(List.of(perTenant, all, also)), files.keySet().toString());
        assertTrue(files.get(perTenant).contains("BETWEEN 1 AND 50"), files.get(perTenant));
        assertTrue(files.get(all).contains("BETWEEN 1 AND 20"), files.get(all));
        assertTrue(files.get(also).contains("BETWEEN 1 AND 30"), files.get(also));
        assertNotEquals(files.get(all), files.get(also));

        // the three pairs of tables are made side by side on one database
        List<String> tables = List.of(perTenant, all, also).stream().flatMap(f -> List.of(files.get(f).split(";\n\n")).subList(0, 2).stream())
            .toList();
        try (Connection c = GeneratedSqlTest.connect(d); Statement st = c.createStatement()) {
            int made = 0;
            try {
                for (String create : tables) {
                    st.execute(create);
                    made++;
                }
            } finally {
                String prefix = dev.cardinal.traffic.SchemaInference.slug(layout.id()).replace('-', '_');
                for (String suffix : List.of("per_tenant", "per_layout_max_20", "per_layout_max_30")) {
                    for (String table : List.of("_slot_map", "_slot_counter")) {
                        st.execute("DROP TABLE IF EXISTS " + d.identifier(prefix + "_metric_" + suffix + table));
                    }
                }
            }
            assertEquals(6, made);
        }
    }

    @Test
    void anAttributeSlottedOneWayKeepsItsNames() throws Exception {
        Workspace ws = metrics();
        Layout layout = layout(ws, "one-way", "slot_{slot(metric, tenant, max=50)}", "again_{slot(metric, tenant, max=50)}");
        Map<String, String> files = slotFiles(Bundle.of(ws.withLayout(layout), List.of(layout), "db", "org", Map.of()));
        assertEquals(List.of("one-way.slots-metric.mariadb.sql", "one-way.slots-metric.postgresql.sql"),
            files.keySet().stream().sorted().toList());
        assertTrue(files.get("one-way.slots-metric.postgresql.sql").contains("CREATE TABLE \"one_way_metric_slot_map\""));
    }

    @Test
    void aSlotWithoutMaxGetsNoTablesAndTheIndexSaysWhy() throws Exception {
        Workspace ws = metrics();
        Layout layout = layout(ws, "unbounded", "slot_{slot(metric, tenant)}");
        assertEquals(0, Slots.slots(layout.fields().get(0).key()).get(0).max());
        Bundle.Contents contents = Bundle.of(ws.withLayout(layout), List.of(layout), "db", "org", Map.of());
        assertTrue(slotFiles(contents).isEmpty(), slotFiles(contents).toString());
        for (SqlDialect d : SqlDialect.values()) {
            assertTrue(contents.notWritten().contains("no unbounded.slots-metric." + d.id() + ".sql: the slot of metric has no max=:"
                + " the slot tables cannot bound it"), contents.notWritten().toString());
        }
        assertFalse(contents.artefacts().stream().anyMatch(a -> a.text().contains("BETWEEN 1 AND 0")));
    }

    @Test
    void attributesWhoseNamesSlugAlikeGetFilesOfTheirOwn(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String text = java.nio.file.Files.readString(Path.of("sample-data/custom-metrics/custom-metrics.cardinal.json"))
            .replace("{ \"name\": \"metric\", \"type\": \"string\" },",
                "{ \"name\": \"metric\", \"type\": \"string\" }, { \"name\": \"a b\", \"type\": \"string\" },"
                    + " { \"name\": \"a-b\", \"type\": \"string\" },")
            .replace("\"fields\": [{ \"key\": \"slot_{slot(metric, tenant, max=50)}\", \"attribute\": \"value\" }]",
                "\"fields\": [{ \"key\": \"s_{slot(a b, max=5)}\", \"attribute\": \"value\" },"
                    + " { \"key\": \"t_{slot(a-b, max=7)}\", \"attribute\": \"value\" }]");
        Path file = java.nio.file.Files.writeString(dir.resolve("slugs.cardinal.json"), text);
        Workspace ws = WorkspaceFiles.load(file).workspace();
        Layout layout = ws.layout("fixed-slots").orElseThrow();
        Map<String, String> files = slotFiles(Bundle.of(ws, List.of(layout), "db", "org", Map.of()));
        for (SqlDialect d : SqlDialect.values()) {
            String first = files.get("fixed-slots.slots-a-b." + d.id() + ".sql");
            String second = files.get("fixed-slots.slots-a-b-2." + d.id() + ".sql");
            assertTrue(first != null && second != null, files.keySet().toString());
            assertTrue(first.contains("BETWEEN 1 AND 5") && second.contains("BETWEEN 1 AND 7"), first + second);
        }
        assertEquals(2 * SqlDialect.values().length, files.size(), files.keySet().toString());
    }
}
