package dev.cardinal.opensearch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code cardinal analyze --kind opensearch --push-to}: the documents written to a new index of a real node, the
 * engine's numbers beside the projection and equal to it; an existing index is refused, never written.
 */
class AnalyzePushNodeTest extends WithOpenSearchNode {

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new CommandLine(new Main()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void measuredBesideProjected(@TempDir Path dir) throws Exception {
        // 1,100 documents, each bringing a key of its own: the 1,000-field limit refuses the last ones
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 1_100; i++) {
            sb.append(String.format("{\"@timestamp\":\"2026-01-05T00:%02d:%02dZ\",\"n\":%s,\"k %d.x\":%d}%n",
                i / 60 % 60, i % 60, i == 7 ? "\"n/a\"" : Integer.toString(i), i, i));
        }
        Path file = dir.resolve("keys.ndjson");
        Files.writeString(file, sb);
        Run r = run("analyze", file.toString(), "--kind", "opensearch", "--format", "json", "--push-to",
            node.uri().toString(), "--index", "keys");
        assertEquals(0, r.code(), r.err());
        JsonNode k = new ObjectMapper().readTree(r.out()).get("eventKinds").get(0);
        JsonNode measured = k.get("measured");
        assertEquals(k.at("/mapping/fields").asLong(), measured.get("fields").asLong());
        assertEquals(k.at("/refused/total-fields").asLong(), measured.get("refusedByLimit").asLong());
        assertEquals(k.at("/projection/timeToLimit/0/document").asLong(), measured.get("firstLimitRefusal").asLong());
        assertEquals(1, measured.get("refusedOther").asLong(), "'n/a' into the long n; the first other refusal: " + measured);
        assertEquals(1, k.at("/refused/type").asLong());
        assertTrue(measured.get("refusedByLimit").asLong() > 0);

        Run again = run("analyze", file.toString(), "--kind", "opensearch", "--push-to", node.uri().toString(),
            "--index", "keys");
        assertEquals(1, again.code());
        assertTrue(again.err().contains("the index 'keys' exists"), again.err());
    }

    @Test
    void credentialsComeFromTheEnvironmentOnly(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("one.ndjson");
        Files.writeString(file, "{\"a\":1}\n");
        Run noVar = run("analyze", file.toString(), "--kind", "opensearch", "--push-to", node.uri().toString(),
            "--index", "one", "--api-key-env", "CARDINAL_TEST_UNSET_VARIABLE");
        assertEquals(1, noVar.code());
        assertTrue(noVar.err().contains("$CARDINAL_TEST_UNSET_VARIABLE is not set"), noVar.err());
        Run userOnly = run("analyze", file.toString(), "--kind", "opensearch", "--push-to", node.uri().toString(),
            "--index", "one", "--user", "admin");
        assertEquals(2, userOnly.code());
        assertTrue(userOnly.err().contains("--user needs --password-env"), userOnly.err());
    }
}
