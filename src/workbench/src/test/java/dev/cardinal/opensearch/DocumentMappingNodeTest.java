package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.projection.DocumentMapping;
import dev.cardinal.projection.MappingType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Every rule of {@link DocumentMapping} against a real OpenSearch 2.19.6 node: each case is a few documents sent one
 * by one to a fresh index; which ones the node accepts, and the mapping it then reports (paths, types, field
 * count), must be what DocumentMapping says.
 */
class DocumentMappingNodeTest extends WithOpenSearchNode {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicInteger INDEX = new AtomicInteger();

    @Test
    void typesFromTheFirstNonNullValue() throws Exception {
        agree("{\"a\":0}", "{\"a\":12.5}", "{\"a\":\"7\"}", "{\"a\":\"n/a\"}", "{\"a\":true}", "{\"a\":{\"x\":1}}");
        agree("{\"f\":1.5}", "{\"f\":3}", "{\"f\":\"2.5\"}", "{\"f\":\"x\"}", "{\"f\":1e39}");
        agree("{\"s\":\"12\"}", "{\"s\":5}", "{\"s\":true}", "{\"s\":1.5}", "{\"s\":{\"x\":1}}");
        agree("{\"b\":true}", "{\"b\":\"false\"}", "{\"b\":\"\"}", "{\"b\":\"yes\"}", "{\"b\":1}");
        agree("{\"n\":null}", "{\"e\":[]}", "{\"e2\":[null]}", "{\"n\":[null, 4]}", "{\"n\":\"x\"}");
        agree("{\"arr\":[1, 2.5, \"3\"]}", "{\"arr2\":[[\"a\"], [\"b\"]]}", "{\"objs\":[{\"x\":1}, {\"y\":\"z\"}]}");
        agree("{\"big\":9223372036854775807}", "{\"big\":1e19}", "{\"l\":1}", "{\"l\":-9.3e18}");
        agree("{\"o\":{}}", "{\"o\":{\"p\":{}}}", "{\"o\":\"\"}");
        agree("{\"es\":\"\"}", "{\"es\":3}", "{\"es\":\"\"}", "{\"es\":[\"\", 4]}", "{\"es\":\"\"}");
        agree("{\"el\":1}", "{\"el\":\"\"}", "{\"ef\":1.5}", "{\"ef\":\"\"}", "{\"eb\":false}", "{\"eb\":\"\"}");
        agree("{\"same\":[1, 2, 3]}", "{\"mix\":[\"a\", 1]}", "{\"mix2\":[\"2026-01-05\", \"x\"]}",
            "{\"m3\":1, \"m3x\":{\"m3\":2.5}}");
    }

    @Test
    void datesDetectedAsTheEngineDetectsThem() throws Exception {
        agree("{\"d1\":\"2026-01-05\"}", "{\"d2\":\"2026/01/05\"}", "{\"d3\":\"2026-01-05T10:00:00Z\"}",
            "{\"d4\":\"2026-01-05T10:00:00.123+01:00\"}", "{\"d5\":\"2026/01/05 10:00:00\"}", "{\"t1\":\"2026-13-05\"}",
            "{\"t2\":\"2026-02-30\"}", "{\"t3\":\"05-01-2026\"}", "{\"t4\":\"12:30:45\"}", "{\"t5\":\"2026-01\"}",
            "{\"t6\":\"1-2-3\"}", "{\"t7\":\"-5\"}", "{\"t8\":\"10:30\"}", "{\"t9\":\"2026\"}", "{\"d6\":\"2026-01-05T10:00\"}", "{\"d7\":\"2026-01-05T10:00:00,5Z\"}");
        agree("{\"d\":\"2026-01-05\"}", "{\"d\":\"2026/01/06\"}", "{\"d\":1767571200000}", "{\"d\":\"soon\"}",
            "{\"d\":true}", "{\"d\":\"2026-01-07T00:00:00Z\"}", "{\"d\":\"\"}", "{\"d\":\"2026\"}");
        agree("{\"sd\":\"2026/01/05\"}", "{\"sd\":\"2026-01-06\"}", "{\"sd\":1767571200000}",
            "{\"sd\":\"2026/01/05 10:00:00\"}", "{\"sd\":\"\"}", "{\"sd\":\"1767571200000\"}",
            "{\"sd\":\"2026\"}", "{\"d9\":\"2026-01-05\"}", "{\"d9\":\"1767571200000\"}", "{\"d9\":-5}");
    }

    @Test
    void dottedKeysAreObjects() throws Exception {
        agree("{\"a.b\":1}", "{\"a\":{\"c\":\"x\"}}", "{\"a.b.c\":2}", "{\"x\":1}", "{\"x.y\":2}",
            "{\"app 4.2 revenue\":3}");
    }

    @Test
    void hostileNames() throws Exception {
        agree("{\"\":1}", "{\" \":1}", "{\".a\":1}", "{\"a.\":1}", "{\"a..b\":1}", "{\"a. .b\":1}", "{\"_id\":\"x\"}",
            "{\"_source\":1}", "{\"_index\":1}", "{\"_routing\":\"r\"}", "{\"_meta\":1}", "{\"_x\":1}",
            "{\"o\":{\"_id\":1}}", "{\"<script>alert(1)</script>\":\"x\"}", "{\"drop table; --\":1}",
            "{\"\\u0000nul\":1}", "{\"emoji \uD83D\uDE00\":1}", "{\"tab\\tname\":1}", "{\"quote\\\"name\":1}",
            "{\"*\":1}", "{\"a,b=c d\":1}");
    }

    @Test
    void depthLimit() throws Exception {
        StringBuilder deep = new StringBuilder();
        StringBuilder close = new StringBuilder();
        for (int i = 0; i < 19; i++) {
            deep.append("{\"o").append(i).append("\":");
            close.append('}');
        }
        String at19 = deep + "1" + close;
        String at20 = deep + "{\"z\":1}" + close;
        agree(at19, at20);
    }

    @Test
    void totalFieldsLimitIsCheckedPerDocument() throws Exception {
        // limit 10: 7 fields, then a document bringing 4 (refused), then one bringing 3 (accepted, exactly 10)
        agreeWithLimit(10, "{\"a\":1,\"b\":2,\"c\":3,\"s\":\"t\",\"o\":{\"p\":1}}", "{\"d\":1,\"e\":2,\"f\":3,\"g\":4}",
            "{\"d\":1,\"t\":\"x\"}", "{\"h\":1}", "{\"a\":5}");
    }

    private static void agree(String... documents) throws Exception {
        agreeWithLimit(DocumentMapping.DEFAULT_TOTAL_FIELDS, documents);
    }

    private static void agreeWithLimit(long limit, String... documents) throws Exception {
        String index = "case-" + INDEX.incrementAndGet();
        node.ok("PUT", "/" + index, "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0,"
            + "\"index.mapping.total_fields.limit\":" + limit + "}}");
        DocumentMapping mapping = new DocumentMapping(limit, DocumentMapping.DEFAULT_DEPTH);
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        for (String doc : documents) {
            JsonNode json = JSON.readTree(doc);
            DocumentMapping.Outcome o = mapping.index(json);
            expected.add(doc + " -> " + (o.accepted() ? "accepted" : "refused"));
            OpenSearchNode.Response r = node.call("POST", "/" + index + "/_doc", doc);
            actual.add(doc + " -> " + (r.status() == 201 ? "accepted" : "refused") + (r.status() == 201 ? ""
                : " (" + r.status() + " " + r.body().substring(0, Math.min(300, r.body().length())) + ")"));
        }
        EngineMapping engine = EngineMapping.of(node, index);
        Map<String, String> projected = new TreeMap<>();
        for (Map.Entry<String, MappingType> e : mapping.fields().entrySet()) {
            projected.put(e.getKey(), e.getValue().engineName());
        }
        assertEquals(String.join("\n", actual).replaceAll(" \\(.*", ""), String.join("\n", expected), String.join("\n", actual));
        assertEquals(engine.types(), projected);
        assertEquals(engine.fields(), mapping.totalFields(), "fields counted");
        node.deleteIndex(index);
    }
}
