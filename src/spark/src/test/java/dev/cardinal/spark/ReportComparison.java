package dev.cardinal.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardinal.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;

/**
 * {@code cardinal analyze --format json} over the rows and over their summary, compared: every figure of the
 * summary's report equals the rows' at the same place, and every figure of the rows' report is in the summary's or
 * named in its {@code notInSummary}. Used by the tests and by the bench.
 */
public final class ReportComparison {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportComparison() {
    }

    /**
     * Compares the reports; {@code traffic} null reads the rows from the workspace's bound samples, which are analyzed
     * with {@code rowsOptions} too (e.g. {@code --exact}).
     */
    public static void compare(String name, Path ws, Path traffic, Path summary, String... rowsOptions) throws Exception {
        List<String> rowsArgs = new ArrayList<>(List.of("analyze"));
        if (traffic != null) {
            rowsArgs.add(traffic.toString());
        }
        rowsArgs.addAll(List.of("--workspace", ws.toString(), "--format", "json"));
        rowsArgs.addAll(List.of(rowsOptions));
        Run fromRows = cardinal(rowsArgs.toArray(String[]::new));
        Run fromSummary = cardinal("analyze", summary.toString(), "--workspace", ws.toString(), "--format", "json");
        assertEquals(0, fromRows.code, fromRows.err);
        assertEquals(0, fromSummary.code, fromSummary.err);
        JsonNode rows = JSON.readTree(fromRows.out);
        JsonNode sum = JSON.readTree(fromSummary.out);
        Set<String> notInSummary = new java.util.HashSet<>();
        sum.get("notInSummary").forEach(n -> notInSummary.add(n.asText()));
        assertEquals(rows.get("eventKinds").size(), sum.get("eventKinds").size(), name + ": layouts projected");
        assertFalse(sum.get("eventKinds").isEmpty(), name + ": nothing projected");
        for (JsonNode s : sum.get("eventKinds")) {
            JsonNode r = find(rows.get("eventKinds"), s.get("name").asText(), s.get("layout").asText());
            String at = name + " " + s.get("name").asText() + "/" + s.get("layout").asText();
            contained(at, s, r);
            for (Iterator<String> it = r.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                assertTrue(s.has(field) || notInSummary.contains(field) || field.equals("counting"),
                    at + ": '" + field + "' is neither in the summary's report nor named in notInSummary");
            }
        }
    }

    /** Every field of the summary's report, at any depth, equals the rows' report's field at that place. */
    private static void contained(String at, JsonNode summary, JsonNode rows) {
        if (summary.isObject()) {
            for (Iterator<String> it = summary.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                if (!rows.has(field)) {
                    fail(at + "." + field + ": in the summary's report only");
                }
                contained(at + "." + field, summary.get(field), rows.get(field));
            }
        } else {
            assertEquals(rows, summary, at);
        }
    }

    private static JsonNode find(JsonNode kinds, String name, String layout) {
        List<JsonNode> found = new ArrayList<>();
        kinds.forEach(k -> {
            if (k.get("name").asText().equals(name) && k.get("layout").asText().equals(layout)) {
                found.add(k);
            }
        });
        assertEquals(1, found.size(), name + "/" + layout + " in the rows' report");
        return found.get(0);
    }

    public record Run(int code, String out, String err) {
    }

    public static Run cardinal(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }
}
