package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Summary files: what is written is read back, and a file that is not a summary, or contradicts itself, says where. */
class TrafficSummaryFileTest {
    @TempDir
    Path dir;

    private static TrafficSummary summary(long series, long lastOf) {
        long[] cps = {2, 4};
        double[] secs = {10, 20};
        TrafficSummary.Attribute host = new TrafficSummary.Attribute("host \"a\"\n<b>", "string", true, 3, new long[]{2, 1},
            List.of(new TrafficSummary.Sketch(0, new byte[]{1, 2, 3})));
        TrafficSummary.CoveredLayout layout = new TrafficSummary.CoveredLayout("measurement m; tags host=host", "by-host", 4, series,
            40, cps, secs, new long[]{2, series - 2}, Map.of("host", 3L), Map.of("host", new long[]{2, 1}), 86_400,
            List.of(new TrafficSummary.ShardGroup(20_000, series, lastOf)), List.of());
        return new TrafficSummary("s3a://lake/traffic/*.lp.gz", List.of(new TrafficSummary.Kind("cpu", 4, 0, 20_000_000_000L,
            cps, secs, List.of(host), List.of(layout), 12, 86_400)));
    }

    @Test
    void whatIsWrittenIsReadBack() throws IOException {
        Path f = dir.resolve("t" + TrafficSummary.EXTENSION);
        TrafficSummaryFile.write(f, summary(3, 3));
        assertTrue(TrafficSummaryFile.isSummary(f));
        TrafficSummary back = TrafficSummaryFile.read(f);
        assertEquals("s3a://lake/traffic/*.lp.gz", back.source());
        TrafficSummary.Kind k = back.eventKind("cpu").orElseThrow();
        assertEquals("host \"a\"\n<b>", k.attributes().get(0).name());
        assertArrayEquals(new long[]{2, 1}, k.layouts().get(0).tagGrowth().get("host"));
        assertEquals(3, k.layouts().get(0).shardGroups().get(0).lastOf());
        assertArrayEquals(new byte[]{1, 2, 3}, k.attributes().get(0).sketches().get(0).hll());
    }

    /**
     * A covered layout's tags are written in key order, whatever order they came in: {@code Map.copyOf}'s order
     * changes from one JVM to the next, so two processes summarising the same traffic wrote different bytes.
     */
    @Test
    void theTagsOfACoveredLayoutAreInKeyOrder() {
        List<String> keys = List.of("user", "host", "zone", "app", "region", "device", "build", "rack");
        Map<String, Long> tags = new java.util.LinkedHashMap<>();
        Map<String, long[]> growth = new java.util.LinkedHashMap<>();
        keys.forEach(k -> {
            tags.put(k, 1L);
            growth.put(k, new long[]{1});
        });
        TrafficSummary.CoveredLayout layout = new TrafficSummary.CoveredLayout("m", "l", 1, 1, 0, new long[]{1}, new double[]{1},
            new long[]{1}, tags, growth, 86_400, List.of(), List.of());
        List<String> sorted = keys.stream().sorted().toList();
        assertEquals(sorted, List.copyOf(layout.tags().keySet()));
        assertEquals(sorted, List.copyOf(layout.tagGrowth().keySet()));
        String json = TrafficSummaryFile.toJson(new TrafficSummary("x", List.of(new TrafficSummary.Kind("k", 1, 0, 0,
            new long[]{1}, new double[]{1}, List.of(), List.of(layout), 1, 86_400))));
        int at = -1;
        for (String k : sorted) {
            int next = json.indexOf("\"" + k + "\"", at + 1);
            assertTrue(next > at, k + " after the keys before it in " + json);
            at = next;
        }
    }

    @Test
    void aFileThatIsNotASummaryIsRefused() throws IOException {
        Path f = dir.resolve("x" + TrafficSummary.EXTENSION);
        Files.writeString(f, "{\"eventKinds\": []}");
        assertTrue(assertThrows(IOException.class, () -> TrafficSummaryFile.read(f)).getMessage()
            .contains("not a traffic summary"));
        Files.writeString(f, "{\"format\": \"cardinal-traffic-summary\", \"version\": 1,\n \"eventKinds\": [ {\"name\": ");
        assertTrue(assertThrows(IOException.class, () -> TrafficSummaryFile.read(f)).getMessage().contains("line 2"));
    }

    @Test
    void aNewerVersionSaysToRerunTheJob() throws IOException {
        Path f = dir.resolve("v" + TrafficSummary.EXTENSION);
        Files.writeString(f, TrafficSummaryFile.toJson(summary(3, 3)).replace("\"version\" : 1", "\"version\" : 7"));
        String m = assertThrows(IOException.class, () -> TrafficSummaryFile.read(f)).getMessage();
        assertTrue(m.contains("version 7") && m.contains("rerun cardinal-summarize"), m);
    }

    @Test
    void countsThatContradictEachOtherSayWhere() throws IOException {
        Path f = dir.resolve("c" + TrafficSummary.EXTENSION);
        // 3 series, but only 2 are last seen in any shard group
        TrafficSummaryFile.write(f, summary(3, 2));
        String m = assertThrows(IOException.class, () -> TrafficSummaryFile.read(f)).getMessage();
        assertTrue(m.contains("event kind 'cpu'") && m.contains("layout 'by-host'") && m.contains("add up to 2"), m);

        Files.writeString(f, TrafficSummaryFile.toJson(summary(3, 3)).replace("\"rows\" : 4", "\"rows\" : \"four\""));
        m = assertThrows(IOException.class, () -> TrafficSummaryFile.read(f)).getMessage();
        assertTrue(m.contains("eventKinds[0].rows"), m);
    }
}
