package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.MappingProjector;
import dev.cardinal.traffic.NdjsonDocuments;
import dev.cardinal.traffic.scenarios.CustomMetricsDocuments;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The custom-metrics documents written with {@code _bulk} to a real index with the default limit: the mapping the
 * node reports afterwards has the projected field count and paths, it refuses the documents projected, for the
 * reasons projected, and the first one the total-fields limit refuses is the projected one.
 */
class ScenarioMappingNodeTest extends WithOpenSearchNode {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int BATCH = 2_000;

    @Test
    void projectedMappingAndRefusalsAreTheNodes() throws Exception {
        StringWriter out = new StringWriter();
        CustomMetricsDocuments.write(out, CustomMetricsDocuments.defaultRows());
        List<String> lines = out.toString().lines().toList();
        List<NdjsonDocuments.Document> docs = new ArrayList<>();
        NdjsonDocuments.read(new ByteArrayInputStream(out.toString().getBytes(StandardCharsets.UTF_8)), "docs", docs::add);
        MappingProjector projector = new MappingProjector();
        docs.forEach(projector::accept);
        MappingProjection projected = projector.result();

        node.createIndex("custom-metrics", null);
        long firstLimitRefusal = 0;
        Map<DocumentMapping.Refusal, Long> refused = new EnumMap<>(DocumentMapping.Refusal.class);
        for (int from = 0; from < lines.size(); from += BATCH) {
            StringBuilder bulk = new StringBuilder();
            for (String line : lines.subList(from, Math.min(lines.size(), from + BATCH))) {
                bulk.append("{\"index\":{}}\n").append(line).append('\n');
            }
            JsonNode items = JSON.readTree(node.ok("POST", "/custom-metrics/_bulk", bulk.toString())).get("items");
            for (int i = 0; i < items.size(); i++) {
                JsonNode error = items.get(i).path("index").path("error");
                if (error.isMissingNode()) {
                    continue;
                }
                String reason = error.path("reason").asText();
                boolean limit = reason.startsWith("Limit of total fields [1000] has been exceeded");
                refused.merge(limit ? DocumentMapping.Refusal.TOTAL_FIELDS : DocumentMapping.Refusal.TYPE, 1L, Long::sum);
                if (limit && firstLimitRefusal == 0) {
                    firstLimitRefusal = from + i + 1;
                }
            }
        }
        EngineMapping engine = EngineMapping.of(node, "custom-metrics");
        assertNotNull(projected.firstLimitRefusal());
        assertEquals(projected.firstLimitRefusal().document(), firstLimitRefusal, "the first document refused by the limit");
        assertEquals(engine.fields(), projected.fields(), "fields counted toward the limit");
        assertEquals(engine.types().keySet(), projected.mapping().keySet());
        assertEquals(refused, projected.refused());
        node.deleteIndex("custom-metrics");
    }
}
