package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.opensearch.DocumentIndexPush;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.MappingProjection;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every layout of every sample workspace, its rows written as the documents the layout makes ({@link LayoutDocuments})
 * to a real index with {@code _bulk}: the mapping the node reports holds the projected number of fields, counted as the
 * total-fields limit counts them, and the node refuses the documents projected. A prefix of each sample keeps the
 * node's indexing time small; the custom-metrics one is long enough, with a limit of 80 fields, for the dynamic
 * layout to reach the limit while the slot layout stays under it.
 */
class LayoutMappingNodeTest extends WithOpenSearchNode {
    private static final int ROWS = 1_500;
    private static final long LIMIT = 80;

    @Test
    void everySampleLayoutsMappingIsTheNodes(@TempDir Path dir) throws Exception {
        DocumentIndexPush push = new DocumentIndexPush(node.uri(), null, Duration.ofSeconds(60));
        int layouts = 0;
        boolean dynamicReachedLimit = false;
        boolean slotsStayedUnder = false;
        for (String scenario : List.of("ad-marketplace", "weather", "custom-metrics")) {
            Path folder = Path.of("sample-data", scenario);
            Workspace ws = WorkspaceReader.read(Files.readAllBytes(folder.resolve(scenario + ".cardinal.json")), scenario).workspace();
            Path prefix = dir.resolve(scenario + ".lp");
            head(folder.resolve("traffic.lp.gz"), prefix, ROWS);
            Sample sample = SampleReader.read(List.of(new SampleReader.Source(prefix, ws.samples().get(0))), SampleLimits.defaults(), ReadMonitor.NONE);
            for (Layout layout : ws.layouts()) {
                EventKindSample rows = sample.eventKind(layout.eventKind()).orElseThrow();
                SampleIndex index = new SampleIndex(rows);
                MappingProjection projected = LayoutDocuments.project(layout, index, LIMIT);
                List<String> documents = new ArrayList<>();
                new LayoutDocuments(layout, index).writeTo(d -> documents.add(d.json().toString()));
                String name = (scenario + "-" + layout.id()).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
                node.ok("PUT", "/_index_template/" + name, "{\"index_patterns\":[\"" + name + "\"],\"template\":{\"settings\":"
                    + "{\"index.mapping.total_fields.limit\":" + LIMIT + "}}}");
                dev.cardinal.engine.DynamicIndex.Measured measured = push.writeSample(name, documents);
                String what = scenario + " / " + layout.name();
                assertEquals(projected.fields(), measured.fields(), what + ": fields in the node's mapping");
                assertEquals(projected.refused().getOrDefault(DocumentMapping.Refusal.TOTAL_FIELDS, 0L), measured.refusedByLimit(),
                    what + ": documents refused by the total-fields limit");
                assertEquals(projected.documents() - projected.refused().values().stream().mapToLong(Long::longValue).sum(),
                    measured.indexed(), what + ": documents indexed");
                if (projected.firstLimitRefusal() != null) {
                    assertEquals(projected.firstLimitRefusal().document(), measured.firstLimitRefusal(), what);
                    dynamicReachedLimit |= layout.id().equals("metric-names-as-field-keys");
                } else {
                    slotsStayedUnder |= layout.id().equals("fixed-slots");
                }
                node.deleteIndex(name);
                node.ok("DELETE", "/_index_template/" + name, null);
                layouts++;
            }
        }
        assertTrue(layouts >= 7, "layouts checked: " + layouts);
        assertTrue(dynamicReachedLimit, "metric names as field keys reach the limit within the prefix");
        assertTrue(slotsStayedUnder, "fixed slots stay under it");
    }

    private static void head(Path gz, Path out, int lines) throws Exception {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)),
            StandardCharsets.UTF_8)); Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            String line;
            for (int n = 0; n < lines && (line = r.readLine()) != null; n++) {
                w.write(line);
                w.write('\n');
            }
        }
    }
}
