package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.opensearch.IndexTemplate;
import dev.cardinal.engine.opensearch.SlotSearches;
import dev.cardinal.engine.sql.CompiledSlotWriter;
import dev.cardinal.engine.sql.Engines;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ServerLimits;
import dev.cardinal.model.Target;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated slot writer, compiled and run on PostgreSQL over the custom-metrics sample, writes the documents
 * Cardinal projects for the slot layout ({@link LayoutDocuments}), row for row, a name past the last slot included; a
 * real 2.19.6 node under the layout's index template ({@code dynamic: strict}) accepts every one, and the example
 * searches per slot ({@link SlotSearches}) return, for the busiest tenant, the count and sum of the values the writer's
 * reverse lookup names for each slot.
 */
class SlotWriterNodeTest extends WithOpenSearchNode {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ROWS = 5000;
    /** Fewer slots than the busiest tenants use in the rows written, so some names find their scope full. */
    private static final int SLOTS = 12;

    private static String most(Map<String, Map<String, double[]>> written,
                               java.util.function.ToDoubleFunction<Map<String, double[]>> measure) {
        return written.entrySet().stream().max(java.util.Comparator.comparingDouble(e -> measure.applyAsDouble(e.getValue())))
            .orElseThrow().getKey();
    }

    private static Optional<String> name(CompiledSlotWriter gen, Object writer, int slot, String tenant) {
        try {
            return gen.nameOf(writer, slot, tenant);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theWritersDocumentsAreCardinalsAndTheSlotSearchesFindTheTenantsValues(@TempDir Path dir) throws Exception {
        Path file = Path.of("sample-data/custom-metrics/custom-metrics.cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout fixed = ws.layout("fixed-slots").orElseThrow();
        String run = Long.toHexString(System.nanoTime());
        Layout layout = new Layout("fixed-slots-" + run, fixed.name(), fixed.eventKind(), fixed.measurement(), fixed.tags(),
            List.of(new FieldSpec(Template.parse("slot_{slot(metric, tenant, max=" + SLOTS + ")}"), "value")), fixed.retention());
        EventKind kind = ws.eventKind(layout.eventKind()).orElseThrow();
        String index = "slot-writer-" + run;
        Target target = new Target("search", "search", Target.Kind.OPENSEARCH, node.uri().toString(), index, null, null,
            new ServerLimits(null, null, null, null));
        LayoutDocuments cardinal = new LayoutDocuments(layout, new SampleIndex(sample));
        DoubleColumn values = (DoubleColumn) sample.column("value");
        try (CompiledSlotWriter gen = CompiledSlotWriter.compile(kind, layout, sample, dir);
             Connection c = Engines.connect(SqlDialect.POSTGRESQL);
             AutoCloseable tables = CompiledSlotWriter.tables(c, SqlDialect.POSTGRESQL, kind, layout, sample)) {
            Object writer = gen.open(c, 64);
            node.ok("PUT", "/_index_template/" + IndexTemplate.name(layout), IndexTemplate.body(kind, layout, target));
            // per tenant and name: documents and sum of the values written under the name's slot
            Map<String, Map<String, double[]>> written = new HashMap<>();
            StringBuilder bulk = new StringBuilder();
            int full = 0;
            for (int row = 0; row < ROWS; row++) {
                JsonNode expected = cardinal.document(row).json();
                String tenant = sample.column("tenant").text(row);
                String metric = sample.column("metric").text(row);
                Map<String, Double> named = new HashMap<>();
                named.put(metric, values.present(row) ? values.get(row) : null);
                // the time and the tag are the application's; the fields are the writer's
                ObjectNode doc = JSON.createObjectNode().put(LayoutDocuments.TIME_KEY, expected.get(LayoutDocuments.TIME_KEY).asText())
                    .put("tenant", tenant);
                try {
                    gen.fields(writer, named, tenant).forEach(doc::put);
                    double[] sum = written.computeIfAbsent(tenant, t -> new HashMap<>()).computeIfAbsent(metric, m -> new double[2]);
                    sum[0]++;
                    sum[1] += values.get(row);
                } catch (SQLException e) {
                    assertEquals("ScopeFullException", e.getClass().getSimpleName(), e.toString());
                    assertTrue(e.getMessage().startsWith("all " + SLOTS + " slots of metric for tenant '" + tenant + "'"), e.getMessage());
                    full++;
                }
                assertEquals(expected, doc, "row " + (row + 1));
                bulk.append("{\"index\":{}}\n").append(JSON.writeValueAsString(doc)).append('\n');
            }
            assertTrue(full > 0, "some tenants used all their slots in the rows written");
            JsonNode bulked = JSON.readTree(node.ok("POST", "/" + index + "/_bulk?refresh=true", bulk.toString()));
            assertFalse(bulked.get("errors").asBoolean(), "the strict mapping refused a document: " + bulked);
            assertEquals(ROWS, bulked.get("items").size());

            // the tenant with the most documents (few names: most of its slots empty) and the one with the most names
            String busiest = most(written, sums -> sums.values().stream().mapToDouble(x -> x[0]).sum());
            String widest = most(written, sums -> sums.size());
            assertEquals(SLOTS, written.get(widest).size(), "a tenant filled every slot");
            assertTrue(written.get(busiest).size() < SLOTS, "the busiest tenant left slots empty");
            for (String tenant : List.of(busiest, widest)) {
                JsonNode searches = JSON.readTree(SlotSearches.forTenant(layout, target, tenant));
                assertEquals(SLOTS, searches.size(), "one search per slot");
                for (int slot = 1; slot <= SLOTS; slot++) {
                    JsonNode r = JSON.readTree(node.ok("POST", "/" + index + "/_search",
                        JSON.writeValueAsString(searches.get(slot - 1).get("body"))));
                    Optional<String> name = gen.nameOf(writer, slot, tenant);
                    double[] sum = name.map(written.get(tenant)::get).orElse(new double[2]);
                    assertEquals((long) sum[0], r.at("/hits/total/value").asLong(), tenant + " slot " + slot + ": " + name);
                    assertEquals(sum[1], r.at("/aggregations/stats/sum").asDouble(), 1e-6 * Math.max(1, Math.abs(sum[1])));
                }
                assertEquals(written.get(tenant).size(), java.util.stream.IntStream.rangeClosed(1, SLOTS)
                    .filter(slot -> name(gen, writer, slot, tenant).isPresent()).count(), "a name for each slot taken, no more");
            }
        } finally {
            node.call("DELETE", "/" + index, null);
            node.call("DELETE", "/_index_template/" + IndexTemplate.name(layout), null);
        }
    }
}
