package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal analyze --engines ...,opensearch}: a layout's rows written as documents and counted as an index's
 * mapping, beside the series engines; the same numbers as {@code --kind opensearch} gives for those documents read
 * from a file (what the node tests check against a real OpenSearch node).
 */
class OpenSearchEngineTest {
    private static final String METRICS = "sample-data/custom-metrics/custom-metrics.cardinal.json";

    private static JsonNode json(String... args) throws Exception {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.code(), r.err());
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void theMappingCountIsTheDocumentsMappingAndATemplatedKeyReachesTheLimit(@TempDir Path dir) throws Exception {
        JsonNode counts = json("analyze", "--workspace", METRICS, "--engines", "influxdb,opensearch", "--horizon", "90d",
            "--format", "json").get("counts");
        assertEquals(4, counts.size(), "two layouts on two engines");
        JsonNode dynamic = counts.get(1);
        JsonNode slots = counts.get(3);
        assertEquals("OpenSearch 2.19.6", dynamic.get("engine").asText());
        assertEquals("metric-names-as-field-keys", dynamic.get("layout").asText());
        assertEquals("fixed-slots", slots.get("layout").asText());

        // the same documents in a file, as --kind opensearch reads them
        JsonNode file = json("analyze", "--kind", "opensearch", documents(dir, "metric-names-as-field-keys").toString(),
            "--format", "json").get("eventKinds").get(0);
        assertEquals(file.get("mapping").get("fields").asLong(), dynamic.get("figures").get("mappingFields").get("now").asLong());
        assertEquals(file.get("mapping").get("objects").asLong(), dynamic.get("figures").get("objects").get("now").asLong());
        assertEquals(file.get("documents").asLong(), dynamic.get("figures").get("documents").get("now").asLong());
        assertEquals(383, dynamic.get("figures").get("mappingFields").get("now").asLong(), "a field per metric name, and text + .keyword"
            + " for the tenant");
        for (String type : List.of("float", "text", "date", "object")) {
            long paths = 0;
            for (JsonNode t : file.get("mapping").get("paths")) {
                paths += t.asText().equals(type) ? 1 : 0;
            }
            String id = type.equals("object") ? "objects" : "type." + type;
            assertEquals(paths, dynamic.get("figures").get(id).get("now").asLong(), type + " fields");
        }

        JsonNode limit = dynamic.get("limits").get(0);
        assertEquals("index.mapping.total_fields.limit", limit.get("setting").asText());
        assertEquals(1000, limit.get("value").asLong());
        assertTrue(limit.get("crossed").asBoolean(), limit.toString());
        double seconds = file.get("projection").get("timeToLimit").get(0).get("seconds").asDouble();
        assertEquals(dev.cardinal.model.Durations.format(java.time.Duration.ofSeconds(Math.round(seconds))),
            limit.get("after").asText(), "the time to the limit --kind opensearch gives for the same documents");
        assertTrue(limit.get("source").asText().contains("MappingLookup.java"), limit.toString());
        assertEquals(0, dynamic.get("topPairs").size(), "no series, no pairs");

        JsonNode slotLimit = slots.get("limits").get(0);
        assertFalse(slotLimit.get("crossed").asBoolean(), "at most 50 slots: " + slotLimit);
        assertNull(slotLimit.get("after"));
        assertTrue(slots.get("notes").get(1).asText().startsWith("total-fields limit: never: the keys allow at most"),
            slots.get("notes").toString());
    }

    @Test
    void theTextPutsOpenSearchBesideTheSeriesEngines() {
        CliRun r = CliRun.of("analyze", "--workspace", METRICS, "--layout", "metric-names-as-field-keys", "--engines",
            "influxdb,prometheus,elasticsearch", "--horizon", "90d");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertTrue(lines[3].strip().startsWith("OpenSearch 2.19.6  mappingFields 383 -> 1,000  wantedFields 383 -> "), r.out());
        assertTrue(lines[3].contains("first limit: index.mapping.total_fields.limit after 40d"), r.out());

        CliRun one = CliRun.of("analyze", "--workspace", METRICS, "--layout", "fixed-slots", "--engines",
            "opensearch");
        assertEquals(0, one.code(), one.err());
        assertTrue(one.out().contains("OpenSearch 2.19.6  mappingFields 43 -> "), one.out());
    }

    @Test
    void anUnknownEngineListsOpenSearchAmongTheCountingOnes() {
        CliRun r = CliRun.of("analyze", "--workspace", METRICS, "--engines", "influxdb,solr");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("'solr' is not an engine that counts a sample of rows (") && r.err().contains("opensearch"),
            r.err());
    }

    /** The layout's documents, one per row, as an NDJSON file. */
    private static Path documents(Path dir, String layoutId) throws Exception {
        Path folder = Path.of(METRICS).getParent();
        Workspace ws = WorkspaceReader.read(Files.readAllBytes(Path.of(METRICS)), "custom-metrics").workspace();
        EventKindSample rows = SampleReader.read(List.of(new SampleReader.Source(folder.resolve("traffic.lp.gz"),
            ws.samples().get(0))), SampleLimits.defaults(), ReadMonitor.NONE).eventKinds().get(0);
        Path file = dir.resolve("custom_metric.ndjson");
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            new LayoutDocuments(ws.layout(layoutId).orElseThrow(), new SampleIndex(rows)).writeTo(d -> {
                try {
                    w.write(d.json().toString());
                    w.write('\n');
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        return file;
    }
}
