package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.cli.CliRun;
import dev.cardinal.engine.opensearch.DocumentIndexPush;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal lint FILE.ndjson --kind opensearch}: each document rule's claim checked on a real 2.19.6 node with
 * the same documents: the truncation it warns of is what an aggregation returns, the documents it says are refused
 * are refused, keyword alone answers what text + .keyword answered with one field less, and the fix it offers for
 * user-named keys (flat_object) takes every document the dynamic mapping refused.
 */
class DocumentLintNodeTest extends WithOpenSearchNode {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode lint(Path file, int expectedCode, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("lint", file.toString(), "--kind", "opensearch", "--format", "json"));
        args.addAll(List.of(more));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(expectedCode, r.code(), r.err() + r.out());
        return JSON.readTree(r.out());
    }

    private static JsonNode finding(JsonNode report, String rule, String subject, String severity) {
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals(rule) && f.get("subject").asText().equals(subject)
                && f.get("severity").asText().equals(severity)) {
                return f;
            }
        }
        throw new AssertionError("no " + rule + " on " + subject + " in " + report.get("findings"));
    }

    private static dev.cardinal.engine.DynamicIndex.Measured write(String index, List<String> documents) throws Exception {
        dev.cardinal.engine.DynamicIndex.Measured m = new DocumentIndexPush(node.uri(), null, Duration.ofMinutes(3))
            .writeSample(index, documents);
        node.ok("POST", "/" + index + "/_refresh", null);
        return m;
    }

    private static JsonNode search(String index, String body) throws Exception {
        return JSON.readTree(node.ok("POST", "/" + index + "/_search", body));
    }

    private static Path file(Path dir, String name, List<String> documents) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, String.join("\n", documents) + "\n");
        return f;
    }

    @Test
    void mixedNumbersTruncatedAndRefusedAsLintSays(@TempDir Path dir) throws Exception {
        List<String> docs = List.of(
            "{\"@timestamp\":\"2026-01-05T00:00:00Z\",\"price\":12,\"paid\":true}",
            "{\"@timestamp\":\"2026-01-05T00:00:01Z\",\"price\":12.5,\"paid\":false}",
            "{\"@timestamp\":\"2026-01-05T00:00:02Z\",\"price\":\"n/a\",\"paid\":true}",
            "{\"@timestamp\":\"2026-01-05T00:00:03Z\",\"price\":7.75,\"paid\":\"maybe\"}");
        JsonNode report = lint(file(dir, "prices.ndjson", docs), 1);
        JsonNode truncated = finding(report, "opensearch-mixed-numeric-types", "price", "warning");
        assertEquals("1", truncated.at("/evidence/0/value").asText(), "12.5 (7.75 is in a document refused for maybe)");
        JsonNode refused = finding(report, "opensearch-mixed-numeric-types", "price", "error");
        assertTrue(refused.at("/evidence/1/value").asText().startsWith("document 3 "), refused.toString());
        JsonNode badBoolean = finding(report, "opensearch-value-refused", "paid", "error");
        assertEquals("1", badBoolean.at("/evidence/0/value").asText());

        dev.cardinal.engine.DynamicIndex.Measured m = write("prices", docs);
        assertEquals(2, m.indexed(), "the string price and the string boolean are refused whole");
        assertEquals(2, m.refusedOther());
        assertTrue(m.firstOtherReason().startsWith("mapper_parsing_exception"), m.firstOtherReason());
        JsonNode sum = search("prices", "{\"size\":0,\"aggs\":{\"s\":{\"sum\":{\"field\":\"price\"}},"
            + "\"a\":{\"avg\":{\"field\":\"price\"}}}}");
        assertEquals(24.0, sum.at("/aggregations/s/value").asDouble(), "12 + 12.5 sums as 12 + 12: the fraction is gone");
        assertEquals(12.0, sum.at("/aggregations/a/value").asDouble());
        assertEquals("long", EngineMapping.of(node, "prices").types().get("price"));
    }

    @Test
    void keywordAnswersWhatTextAndKeywordDid(@TempDir Path dir) throws Exception {
        List<String> docs = new ArrayList<>();
        String[] codes = {"OK", "FAIL", "RETRY"};
        for (int i = 0; i < 30; i++) {
            docs.add(String.format("{\"status\":\"%s\",\"note\":\"the job number %d ran\"}", codes[i % 3], i));
        }
        JsonNode report = lint(file(dir, "jobs.ndjson", docs), 0);
        JsonNode status = finding(report, "opensearch-text-where-keyword-suffices", "status", "info");
        assertTrue(status.get("message").asText().contains("single tokens"), status.toString());
        for (JsonNode f : report.get("findings")) {
            assertTrue(!f.get("subject").asText().equals("note"), "words are searched as words: " + f);
        }

        write("jobs-dynamic", docs);
        EngineMapping dynamic = EngineMapping.of(node, "jobs-dynamic");
        assertEquals("text", dynamic.types().get("status"));
        node.createIndex("jobs-keyword", "{\"properties\":{\"status\":{\"type\":\"keyword\"},\"note\":{\"type\":\"text\","
            + "\"fields\":{\"keyword\":{\"type\":\"keyword\",\"ignore_above\":256}}}}}");
        StringBuilder bulk = new StringBuilder();
        docs.forEach(d -> bulk.append("{\"index\":{}}\n").append(d).append('\n'));
        node.ok("POST", "/jobs-keyword/_bulk?refresh=true", bulk.toString());
        EngineMapping keyword = EngineMapping.of(node, "jobs-keyword");
        assertEquals(dynamic.fields() - 1, keyword.fields(), "the fix saves the one field the finding says");

        String byDynamic = "{\"size\":0,\"query\":{\"term\":{\"status.keyword\":\"FAIL\"}},"
            + "\"aggs\":{\"t\":{\"terms\":{\"field\":\"status.keyword\"}}}}";
        String byKeyword = byDynamic.replace("status.keyword", "status");
        JsonNode a = search("jobs-dynamic", byDynamic);
        JsonNode b = search("jobs-keyword", byKeyword);
        assertEquals(10, a.at("/hits/total/value").asInt());
        assertEquals(a.at("/hits/total/value"), b.at("/hits/total/value"));
        assertEquals(a.at("/aggregations/t/buckets"), b.at("/aggregations/t/buckets"));
    }

    @Test
    void userNamedKeysOutgrowTheLimitAndFlatObjectTakesThem(@TempDir Path dir) throws Exception {
        // 100 tenants, one after the other, each writing its 12 metrics (named by the tenant) three times: 1,200 names
        List<String> docs = new ArrayList<>();
        int second = 0;
        for (int t = 0; t < 100; t++) {
            for (int round = 0; round < 3; round++) {
                StringBuilder metrics = new StringBuilder();
                for (int m = 0; m < 12; m++) {
                    metrics.append(m == 0 ? "" : ",").append(String.format("\"t%d_m%d\":%d.5", t, m, m));
                }
                docs.add(String.format("{\"@timestamp\":\"2026-01-05T%02d:%02d:%02dZ\",\"tenant\":\"t%d\","
                    + "\"metrics\":{%s}}", second / 3600, second / 60 % 60, second % 60, t, metrics));
                second += 7;
            }
        }
        Path f = file(dir, "usage.ndjson", docs);
        JsonNode report = lint(f, 1, "--tenant", "tenant");
        // the sample itself reaches the default limit of 1,000: an error
        JsonNode named = finding(report, "opensearch-dynamic-user-named-keys", "metrics", "error");
        assertTrue(named.at("/fix/title").asText().startsWith("12 slots per tenant under metrics"), named.toString());
        assertTrue(named.at("/fix/title").asText().contains("flat_object"), named.toString());
        String limitEvidence = null;
        for (JsonNode e : named.get("evidence")) {
            if (e.get("label").asText().equals("total-fields limit")) {
                limitEvidence = e.get("value").asText();
            }
        }
        assertTrue(limitEvidence != null && limitEvidence.startsWith("refuses document "), named.toString());
        long firstRefused = Long.parseLong(limitEvidence.substring("refuses document ".length(),
            limitEvidence.indexOf(',')).replace(",", ""));

        dev.cardinal.engine.DynamicIndex.Measured dynamic = new DocumentIndexPush(node.uri(), null, Duration.ofMinutes(3))
            .writeSample("usage-dynamic", docs);
        assertEquals(firstRefused, dynamic.firstLimitRefusal(), "the document lint names is the first the node refuses");
        assertTrue(dynamic.refusedByLimit() > 0);

        node.createIndex("usage-flat", "{\"properties\":{\"@timestamp\":{\"type\":\"date\"},\"tenant\":{\"type\":"
            + "\"keyword\"},\"metrics\":{\"type\":\"flat_object\"}}}");
        StringBuilder bulk = new StringBuilder();
        docs.forEach(d -> bulk.append("{\"index\":{}}\n").append(d).append('\n'));
        JsonNode answer = JSON.readTree(node.ok("POST", "/usage-flat/_bulk?refresh=true", bulk.toString()));
        assertEquals(false, answer.get("errors").asBoolean(), "flat_object takes every name: " + answer);
        assertEquals(docs.size(), search("usage-flat", "{\"size\":0,\"track_total_hits\":true}")
            .at("/hits/total/value").asInt());
        assertEquals(3, EngineMapping.of(node, "usage-flat").fields(), "one field for all the names");
        JsonNode one = search("usage-flat", "{\"query\":{\"term\":{\"metrics.t99_m11\":\"11.5\"}}}");
        assertEquals(3, one.at("/hits/total/value").asInt(), "a named value is still found by its name (t99 wrote it 3 times)");
    }
}
