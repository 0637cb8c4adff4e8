package dev.cardinal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cardinal compare --engines}: two layouts side by side on every engine asked, with the numbers {@code analyze
 * --engines} gives each layout, the same lines in the Markdown, the HTML and the JSON, and hostile names inert in each.
 */
class CompareOnEnginesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADS = "sample-data/ad-marketplace/ad-marketplace.cardinal.json";

    private static JsonNode json(String... args) throws Exception {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.code(), r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void bothLayoutsOnEachEngineCarryAnalyzesNumbersInEveryExport() throws Exception {
        JsonNode review = json("compare", ADS, "--a", "ids-as-tags", "--b", "ids-as-fields", "--engines",
            "victoriametrics,prometheus,influxdb", "--format", "json");
        JsonNode engines = review.get("engines");
        assertEquals(3, engines.size(), engines.toString());
        for (JsonNode e : engines) {
            for (String side : new String[] {"a", "b"}) {
                String layout = side.equals("a") ? "ids-as-tags" : "ids-as-fields";
                String name = e.get("engine").asText().startsWith("VictoriaMetrics") ? "victoriametrics"
                    : e.get("engine").asText().startsWith("Prometheus") ? "prometheus" : "influxdb";
                JsonNode analyzed = json("analyze", "--workspace", ADS, "--layout", layout, "--engines", name, "--format", "json")
                    .get("counts").get(0);
                assertEquals(analyzed.get("figures").get("series"), e.get(side).get("figures").get("series"), name + " " + layout);
                assertEquals(analyzed.get("churn"), e.get(side).get("churn"), name + " " + layout);
            }
        }
        assertEquals("12,934", line(review, "InfluxDB 1.8.10", "series in the index, now").get("a").asText());
        assertEquals("session_id +1,706.3/1d -1,840.3/1d", line(review, "VictoriaMetrics 1.79.5", "most churn").get("a").asText());

        String md = CliRun.of("compare", ADS, "--a", "ids-as-tags", "--b", "ids-as-fields", "--engines",
            "victoriametrics,prometheus,influxdb").out();
        String html = CliRun.of("compare", ADS, "--a", "ids-as-tags", "--b", "ids-as-fields", "--engines",
            "victoriametrics,prometheus,influxdb", "--format", "html").out();
        assertTrue(md.contains("## On every engine"), md);
        for (JsonNode l : review.get("onEveryEngine")) {
            assertTrue(md.contains("| " + l.get("engine").asText() + " | " + l.get("what").asText() + " | " + l.get("a").asText()
                + " | " + l.get("b").asText() + " |"), l + " in the Markdown");
            assertTrue(html.contains("<td>" + l.get("what").asText() + "</td><td class=\"n\">" + l.get("a").asText()
                + "</td><td class=\"n\">" + l.get("b").asText() + "</td>"), l + " in the HTML");
        }
        CliRun unknown = CliRun.of("compare", ADS, "--a", "ids-as-tags", "--b", "ids-as-fields", "--engines", "graphite");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("'graphite' is not an engine that counts a sample of rows"), unknown.err());
    }

    @Test
    void hostileNamesStayTextInEveryExport(@TempDir Path dir) throws Exception {
        // a tag whose new values churn from day to day, under a key and with values that are markup and table syntax
        StringBuilder lp = new StringBuilder();
        long day = 86_400_000_000_000L;
        long start = 1_700_000_000_000_000_000L / day * day;
        for (int d = 0; d < 3; d++) {
            for (int i = 0; i < 4; i++) {
                lp.append("m,k<img\\ src\\=x\\ onerror\\=alert(1)>|=<script>alert(").append(d * 4 + i).append(")</script>|x,")
                    .append("region=eu v=").append(i).append(' ').append(start + d * day + i).append('\n');
            }
        }
        Path sample = Files.writeString(dir.resolve("hostile.lp"), lp);
        Path ws = dir.resolve("hostile.cardinal.json");
        CliRun inferred = CliRun.of("infer", sample.toString(), "-o", ws.toString());
        assertEquals(0, inferred.code(), inferred.err());
        ObjectNode root = (ObjectNode) JSON.readTree(ws.toFile());
        ArrayNode layouts = (ArrayNode) root.get("layouts");
        ObjectNode other = layouts.get(0).deepCopy();
        other.put("id", "other").put("name", "<b>b|c</b>\n| injected | row |");
        layouts.add(other);
        Files.writeString(ws, JSON.writeValueAsString(root));
        String a = layouts.get(0).get("id").asText();

        JsonNode review = json("compare", ws.toString(), "--a", a, "--b", "other", "--engines", "victoriametrics",
            "--format", "json");
        JsonNode churn = line(review, "VictoriaMetrics 1.79.5", "most churn");
        assertTrue(churn.get("a").asText().startsWith("k<img src=x onerror=alert(1)>| +4/1d -4/1d"), churn.toString());
        String md = CliRun.of("compare", ws.toString(), "--a", a, "--b", "other", "--engines", "victoriametrics").out();
        String html = CliRun.of("compare", ws.toString(), "--a", a, "--b", "other", "--engines", "victoriametrics",
            "--format", "html").out();
        String table = md.substring(md.indexOf("## On every engine"));
        table = table.substring(0, table.indexOf("\n\n", table.indexOf("|---")));
        for (String row : table.split("\n")) {
            if (row.startsWith("|")) {
                assertEquals(6, row.split("(?<!\\\\)\\|", -1).length, "four cells (five unescaped bars), no more: " + row);
            }
        }
        assertFalse(table.contains("<img") || table.contains("<script") || table.contains("<b>"), "no markup in the table: " + table);
        for (String markup : new String[] {"<img", "<script", "<b>b"}) {
            int at = html.indexOf(markup);
            assertEquals(-1, at, "no markup in the HTML: " + (at < 0 ? "" : html.substring(Math.max(0, at - 300), at + 100)));
        }
        assertTrue(html.contains("k&lt;img src=x onerror=alert(1)&gt;| +4/1d -4/1d"), "the churn, as text");
    }

    private static JsonNode line(JsonNode review, String engine, String what) {
        for (JsonNode l : review.get("onEveryEngine")) {
            if (l.get("engine").asText().equals(engine) && l.get("what").asText().equals(what)) {
                return l;
            }
        }
        throw new AssertionError("no line " + engine + " / " + what + " in " + review.get("onEveryEngine"));
    }
}
