package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cardinal analyze --kind opensearch} on the custom-metrics documents, end to end. */
class AnalyzeDocumentsTest {

    @Test
    void jsonCarriesTheMappingAndTheTimeToTheLimit(@TempDir Path dir) throws Exception {
        CliRun written = CliRun.of("sample-data", "custom-metrics", "--documents", "-o", dir.toString());
        assertEquals(0, written.code(), written.err());
        Path docs = dir.resolve("custom-metrics/documents.ndjson.gz");
        assertTrue(Files.size(docs) > 0);
        CliRun r = CliRun.of("analyze", docs.toString(), "--kind", "opensearch", "--format", "json");
        assertEquals(0, r.code(), r.err());
        JsonNode k = new ObjectMapper().readTree(r.out()).get("eventKinds").get(0);
        assertEquals(40_000, k.get("documents").asLong());
        assertEquals(1000, k.at("/mapping/fields").asLong());
        assertEquals("long", k.at("/mapping/paths/metrics.views").asText());
        assertEquals("date", k.at("/mapping/paths/@timestamp").asText());
        assertEquals("text", k.at("/mapping/paths/tenant").asText());
        JsonNode limit = k.at("/projection/timeToLimit/0");
        assertEquals("elasticsearch-total-fields", limit.get("id").asText());
        assertTrue(limit.get("observed").asBoolean());
        // the first document the limit refuses comes about 7.5 days into the 14
        assertEquals(646_831, limit.get("seconds").asDouble(), 1);
        assertEquals("metrics", limit.get("subject").asText());
        assertTrue(k.get("findings").size() > 0);
        JsonNode truncated = finding(k, "opensearch-mixed-numeric-types", "warning");
        assertEquals("documents affected", truncated.at("/evidence/0/label").asText());
        assertTrue(truncated.at("/evidence/1/value").asText().startsWith("document "), truncated.toString());
        assertEquals("error", finding(k, "opensearch-mixed-numeric-types", "error").get("severity").asText());
        assertTrue(k.at("/refused/type").asLong() > 0, "'n/a' into a long refuses its document");
        assertTrue(k.get("slots") == null, "no slots without --tenant");

        CliRun withTenant = CliRun.of("analyze", docs.toString(), "--kind", "opensearch", "--tenant", "tenant",
            "--format", "json");
        assertEquals(0, withTenant.code(), withTenant.err());
        JsonNode t = new ObjectMapper().readTree(withTenant.out()).get("eventKinds").get(0);
        assertEquals("metrics", t.at("/slots/object").asText());
        assertEquals(200, t.at("/slots/tenants").asInt());
        // at most 13 names of its own and the 3 standard metrics per customer
        assertEquals(16, t.at("/slots/mostNamesOneTenant").asInt());
        assertEquals("closed", t.at("/slots/growth").asText());
        assertEquals(16, t.at("/slots/slotsToProvision").asInt());
        JsonNode named = finding(t, "opensearch-dynamic-user-named-keys", "error");
        assertEquals("metrics", named.get("subject").asText());
        assertTrue(named.at("/fix/title").asText().startsWith("16 slots per tenant under metrics"), named.toString());
        assertTrue(named.at("/fix/title").asText().contains("flat_object"), named.toString());
    }

    private static JsonNode finding(JsonNode kind, String rule, String severity) {
        for (JsonNode f : kind.get("findings")) {
            if (f.get("rule").asText().equals(rule) && f.get("severity").asText().equals(severity)) {
                return f;
            }
        }
        throw new AssertionError("no " + severity + " " + rule + " in " + kind.get("findings"));
    }

    @Test
    void refusesAnUnknownKindAndMissingFiles(@TempDir Path dir) {
        CliRun bad = CliRun.of("analyze", "x.ndjson", "--kind", "mongodb");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--kind must be influxdb, opensearch or an engine that counts a sample of rows (influxdb, "
            + "influxdb2, influxdb3, opensearch, prometheus, victoriametrics"), bad.err());
        assertTrue(bad.err().contains("not 'mongodb'"), bad.err());
        CliRun missing = CliRun.of("analyze", dir.resolve("none.ndjson").toString(), "--kind", "opensearch");
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }
    /** --push-to takes the cluster's http(s) URL: anything else is refused before a document is read or sent. */
    @Test
    void pushesToAClusterOverHttpOnly(@TempDir Path dir) throws Exception {
        Path docs = Files.writeString(dir.resolve("one.ndjson"), "{\"a\":1}\n");
        for (String url : new String[] {"jdbc:mysql://127.0.0.1:3306/x", "ftp://127.0.0.1/"}) {
            CliRun r = CliRun.of("analyze", docs.toString(), "--kind", "opensearch", "--push-to", url, "--index", "one");
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("--push-to: '" + url + "' is not an http(s) URL"), r.err());
            assertTrue(!r.err().contains("Exception"), "said, not thrown: " + r.err());
        }
    }
}
