package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal lint} over documents without a node: a workspace with an OpenSearch target checks its NDJSON
 * samples with the target's limit and the tenant its slots are allocated per; hostile keys stay one line of text.
 * (What each rule claims about the engine is checked on a real node in DocumentLintNodeTest.)
 */
class LintDocumentsTest {

    @Test
    void aWorkspaceWithADocumentTargetLintsItsDocuments(@TempDir Path dir) throws Exception {
        Path ws = DocumentWorkspace.write(dir);
        CliRun r = CliRun.of("lint", ws.toString(), "--format", "json");
        assertEquals(LintCommand.FINDINGS, r.code(), "5 documents give a long 'n/a': " + r.err() + r.out());
        JsonNode report = new ObjectMapper().readTree(r.out());
        assertEquals("custom_metric", report.at("/eventKinds/0/name").asText());
        assertEquals("OpenSearch", report.get("engine").asText());
        assertEquals(5000, report.at("/eventKinds/0/limit").asLong(), "the target's limit, not the default");
        JsonNode named = null;
        for (JsonNode f : report.get("findings")) {
            if (f.get("rule").asText().equals("opensearch-dynamic-user-named-keys")) {
                named = f;
            }
        }
        assertTrue(named != null && named.get("severity").asText().equals("warning"),
            "1,914 fields stay under 5,000: a warning, not an error: " + report);
        assertTrue(named.at("/fix/title").asText().startsWith("16 slots per tenant under metrics"),
            "the tenant is the scope of the fixed-slots layout: " + named);
    }

    @Test
    void hostileKeysStayOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("hostile.ndjson");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            sb.append("{\"code\\nERROR   forged-rule\":\"A").append(i).append("\",\"n\\u001b[31m\":").append(i == 4 ? "1.5" : "1")
                .append("}\n");
        }
        Files.writeString(f, sb);
        CliRun r = CliRun.of("lint", f.toString(), "--kind", "elasticsearch");
        assertEquals(0, r.code(), r.err() + r.out());
        assertTrue(r.out().contains("opensearch-text-where-keyword-suffices"), r.out());
        assertTrue(r.out().contains("opensearch-mixed-numeric-types"), r.out());
        for (String line : r.out().split("\n")) {
            assertTrue(!line.startsWith("ERROR   forged-rule"), "a key's line break starts no line: " + r.out());
            assertTrue(line.indexOf('\u001b') < 0, "no escape reaches the terminal: " + r.out());
        }
        assertTrue(r.out().startsWith("engine: Elasticsearch"), r.out());
    }
}
