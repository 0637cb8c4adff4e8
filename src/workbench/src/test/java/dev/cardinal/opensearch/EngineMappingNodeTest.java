package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.engine.DynamicIndex;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.Figure;
import dev.cardinal.engine.LimitCheck;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.engine.opensearch.DocumentIndexPush;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceReader;
import dev.cardinal.projection.LayoutDocuments;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenSearch engine of {@code --engines} and of the Engines tab, against a real OpenSearch 2.19.6 node: a layout's
 * rows written as its documents to an index with the node's default settings hold the mapping the engine's count
 * says (fields as the total-fields limit counts them, each dynamic type, the deepest object), and the node refuses
 * the documents the count says, hostile keys included.
 */
class EngineMappingNodeTest extends WithOpenSearchNode {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SeriesEngine OPENSEARCH = Engines.named("opensearch").flatMap(e -> e.counting()).orElseThrow();

    @Test
    void aLayoutsRowsAsDocumentsMapAsTheEngineCountsThem() throws Exception {
        // a plain layout, and one whose field key takes the metric's name: its keys render per row
        check("ad-marketplace", "ids-as-tags", 6, 0);
        check("custom-metrics", "metric-names-as-field-keys", 300, 0);
    }

    @Test
    void anIdInAFieldKeyReachesTheDefaultLimitAtTheDocumentTheNodeRefuses(@TempDir Path dir) throws Exception {
        // explosion-shaped: every row a new device, whose id the layout writes into a field key
        StringBuilder lp = new StringBuilder();
        for (int i = 0; i < 1_010; i++) {
            lp.append(String.format(java.util.Locale.ROOT, "seen,device=d%05d count=1i %d%n", i, 1767571200000000000L
                + i * 60_000_000_000L));
        }
        Path file = Files.writeString(dir.resolve("traffic.lp"), lp.toString());
        Path wsFile = Files.writeString(dir.resolve("ids.cardinal.json"), """
            {"formatVersion": 1, "name": "ids",
             "eventKinds": [{"name": "seen", "attributes": [{"name": "device", "type": "string"},
                                                            {"name": "count", "type": "integer"}]}],
             "layouts": [{"id": "ids-in-keys", "name": "ids-in-keys", "eventKind": "seen", "measurement": "seen",
                          "tags": [], "fields": [{"key": "seen.{device}", "attribute": "count"}]}],
             "samples": [{"id": "traffic", "path": "traffic.lp", "format": "line-protocol", "precision": "ns"}]}
            """);
        Workspace ws = WorkspaceReader.read(Files.readAllBytes(wsFile), "ids").workspace();
        EventKindSample rows = SampleReader.read(List.of(new SampleReader.Source(file, ws.samples().get(0))),
            SampleLimits.defaults(), ReadMonitor.NONE).eventKind("seen").orElseThrow();
        EngineCount c = write(ws, rows, ws.layout("ids-in-keys").orElseThrow(), "ids-in-keys");
        assertEquals(1_000, c.figure("mappingFields").orElseThrow().now());
        assertEquals(1_010 - 998, c.figure("refusedDocuments").orElseThrow().now(), "@timestamp, seen and 998 ids fit");
        assertTrue(c.limits().get(0).crossed() && c.limits().get(0).after() != null, c.limits().get(0).toString());
    }

    @Test
    void hostileKeysAreTakenOrRefusedAsTheNodeDoes(@TempDir Path dir) throws Exception {
        String deep = String.join(".", java.util.Collections.nCopies(21, "d")); // an object at depth 21
        String deepest = String.join(".", java.util.Collections.nCopies(20, "e")); // objects down to depth 20
        String longName = "k".repeat(5_000);
        List<String> lines = List.of(
            "m,a.b=x v=1 1767571200000000000",
            "m,_x=y v=2 1767571201000000000",
            "m,_id=z v=3 1767571202000000000",
            "m,_source=z v=4 1767571203000000000",
            "m," + longName + "=w v=5 1767571204000000000",
            "m,a.=q v=6 1767571205000000000",
            "m,a..b=q v=7 1767571206000000000",
            "m," + deep + "=q v=8 1767571207000000000",
            "m," + deepest + "=q v=9 1767571208000000000",
            "m,<script>alert(1)</script>=q v=10 1767571209000000000",
            "m,a.b.c=q v=11 1767571210000000000");
        Path lp = dir.resolve("hostile.lp");
        Files.writeString(lp, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(lp, dev.cardinal.model.SampleBinding.lineProtocol("hostile", lp.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE);
        assertTrue(sample.report().problems().isEmpty(), "every hostile line read: " + sample.report().problems());
        EventKindSample rows = sample.eventKind("m").orElseThrow();
        Layout asWritten = SchemaInference.asWritten(rows, "as-written");
        EngineCount c = write(null, rows, asWritten, "hostile");
        // a.b.c makes a.b an object where a.b already is text: refused too
        assertTrue(c.figure("refusedDocuments").orElseThrow().now() >= 5, c.notes().toString());
        assertEquals(20, c.figure("depth").orElseThrow().now(), "the deepest object the node took");
        assertTrue(c.limits().get(1).crossed(), "the depth limit is crossed by the key of 21 parts: " + c.limits().get(1));
        assertTrue(c.notes().contains("'_id': 1 document refused, first at line 3: field [_id] is a metadata field and cannot"
            + " be added inside a document"), c.notes().toString());
        assertTrue(c.notes().stream().noneMatch(n -> n.contains(longName) || n.contains("\n")), "a key is shown short, inert");
    }

    private void check(String scenario, String layoutId, long atLeastFields, long refused) throws Exception {
        Path folder = Path.of("sample-data", scenario);
        Workspace ws = WorkspaceReader.read(Files.readAllBytes(folder.resolve(scenario + ".cardinal.json")), scenario).workspace();
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(folder.resolve("traffic.lp.gz"), ws.samples().get(0))),
            SampleLimits.defaults(), ReadMonitor.NONE);
        Layout layout = ws.layout(layoutId).orElseThrow();
        EngineCount c = write(ws, sample.eventKind(layout.eventKind()).orElseThrow(), layout, scenario);
        assertTrue(c.figure("mappingFields").orElseThrow().now() >= atLeastFields, scenario + ": " + c.figures());
        assertEquals(refused, c.figure("refusedDocuments").orElseThrow().now(), scenario);
    }

    /**
     * Counts the layout on the engine, writes its documents to a new index with the node's defaults, and checks that
     * the node holds and refuses what the count says; the count, for more checks.
     */
    private EngineCount write(Workspace ws, EventKindSample rows, Layout layout, String index) throws Exception {
        EngineCount c = OPENSEARCH.count(new SeriesEngine.Request(ws, rows, layout, dev.cardinal.engines.ServerFor.defaults(), Optional.empty()));
        assertEquals("OpenSearch 2.19.6", c.engine());
        List<String> documents = new ArrayList<>();
        new LayoutDocuments(layout, new SampleIndex(rows)).writeTo(d -> documents.add(d.json().toString()));
        DynamicIndex.Measured measured = new DocumentIndexPush(node.uri(), null, Duration.ofSeconds(600))
            .writeSample(index, documents);
        try {
            String what = index + " / " + layout.id();
            EngineMapping mapping = EngineMapping.of(node, index);
            assertEquals(c.figure("mappingFields").orElseThrow().now(), mapping.fields(), what + ": fields in the node's _mapping");
            assertEquals(mapping.fields(), measured.fields(), what);
            for (String type : List.of("long", "float", "boolean", "date", "text")) {
                long onNode = mapping.types().values().stream().filter(type::equals).count();
                assertEquals(onNode, c.figure("type." + type).map(Figure::now).orElse(0L), what + ": " + type + " fields");
            }
            assertEquals(mapping.types().values().stream().filter("object"::equals).count(),
                c.figure("objects").orElseThrow().now(), what + ": objects");
            assertEquals(depth(mapping.types()), c.figure("depth").orElseThrow().now(), what + ": deepest object");
            assertEquals(c.figure("refusedDocuments").orElseThrow().now(), measured.refusedByLimit() + measured.refusedOther(),
                what + ": documents refused (" + measured.firstOtherReason() + ")");
            assertEquals(c.figure("documents").orElseThrow().now() - c.figure("refusedDocuments").orElseThrow().now(),
                measured.indexed(), what + ": documents indexed");
            // the limits the count checks are the node's defaults for a new index
            JsonNode defaults = JSON.readTree(node.ok("GET", "/" + index + "/_settings?include_defaults=true&flat_settings=true",
                null)).path(index).path("defaults");
            for (LimitCheck l : c.limits()) {
                assertEquals(String.valueOf(l.value()), defaults.path(l.setting()).asText(), l.setting());
            }
            return c;
        } finally {
            node.deleteIndex(index);
        }
    }

    /** The deepest object of the node's mapping, the document counted as 1 (as index.mapping.depth.limit counts). */
    private static long depth(Map<String, String> types) {
        return types.entrySet().stream().filter(e -> e.getValue().equals("object"))
            .mapToLong(e -> e.getKey().chars().filter(ch -> ch == '.').count() + 2).max().orElse(1);
    }
}
