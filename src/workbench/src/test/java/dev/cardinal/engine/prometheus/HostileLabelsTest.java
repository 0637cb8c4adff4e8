package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.RetentionPlan;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Template;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile names and values through the real Prometheus: label values with quotes, backslashes, braces, newlines,
 * NULs and non-ASCII text reach it byte for byte; tag keys, measurements and field keys with such characters become
 * the names {@link MetricNames} says, and Prometheus holds exactly the projected series.
 */
class HostileLabelsTest {
    static final List<String> VALUES = List.of("plain", "quote\"d", "back\\slash", "trailing\\", "new\nline", "cr\rlf\n",
        "{brace}=\"x\"", "nul\u0000byte", "ünïcödé ✓", "😀 emoji", "tab\there", "comma,space =", "'single'", "$(rm -rf /)",
        "<script>alert(1)</script>", " ");

    @Test
    void hostileValuesAndNamesAreHeldAsProjected(@TempDir Path dir) throws Exception {
        ScratchPrometheus.required();
        ObjectMapper json = new ObjectMapper();
        StringBuilder ndjson = new StringBuilder();
        long t = 1_700_000_000_000L;
        for (int i = 0; i < VALUES.size() * 3; i++) {
            ObjectNode row = json.createObjectNode().put("t", t + i * 1000L)
                .put("host", VALUES.get(i % VALUES.size())).put("weird", VALUES.get((i * 7) % VALUES.size()))
                .put("value", i * 1.5).put("note", "text \"not\" a sample").put("ok", i % 2 == 0);
            ndjson.append(json.writeValueAsString(row)).append('\n');
        }
        Path file = dir.resolve("hostile.ndjson");
        Files.writeString(file, ndjson);
        SampleBinding binding = new SampleBinding("s", file.toString(), SampleFormat.NDJSON, "hostile", "ms", "t", "epoch",
            List.of("host", "weird"));
        EventKindSample sample = SampleReader.read(List.of(new SampleReader.Source(file, binding)), SampleLimits.defaults(),
            ReadMonitor.NONE).eventKinds().get(0);
        Layout layout = new Layout("hostile", "hostile", "hostile", Template.literal("cpu \"load\"{x}\n.ü"),
            List.of(TagSpec.of("host"), new TagSpec("weird key-ü\"\\", Template.ref("weird")),
                new TagSpec("9lives", Template.ref("host"))),
            List.of(FieldSpec.of("value"), FieldSpec.of("note"), FieldSpec.of("ok"),
                new FieldSpec(Template.literal("fïeld \"q\"\n"), "value")),
            RetentionPlan.AUTOGEN);

        Set<String> projected = new HashSet<>();
        Set<String> metricNames = new HashSet<>();
        new SampleSeries(layout, sample).forEach((row, labels, value, ns) -> {
            projected.add(SeriesTally.key(labels));
            metricNames.add(labels.get("__name__"));
        });
        assertEquals(Set.of("cpu__load__x_____value", "cpu__load__x_____ok", "cpu__load__x_____f_eld__q__"), metricNames);
        EngineCount count = new Prometheus().counting().orElseThrow().count(
            new SeriesEngine.Request(null, sample, layout, dev.cardinal.engines.ServerFor.defaults(), Optional.empty()));
        assertTrue(count.notes().stream().anyMatch(n -> n.contains("string field values")), count.notes().toString());

        try (ScratchPrometheus server = ScratchPrometheus.start()) {
            new SampleRemoteWrite(server.client()).write(layout, sample, System.currentTimeMillis());
            ServerSeries measured = ServerSeries.read(server);
            assertEquals(count.figure("series").orElseThrow().now(), measured.headSeries());
            assertEquals(projected, measured.series(), "label sets byte for byte");
            assertEquals(Set.of("__name__", "host", "weird_key____", "_9lives"), measured.valuesByLabel().keySet());
            // every hostile value (but " ", which is no empty value) comes back from the server unchanged
            List<String> hosts = new ArrayList<>();
            server.api("/api/v1/label/host/values").forEach(v -> hosts.add(v.asText()));
            assertEquals(new TreeMap<>(Map.of("n", new HashSet<>(VALUES))), new TreeMap<>(Map.of("n", new HashSet<>(hosts))));
        }
    }

    @Test
    void aTagKeyPrometheusReservesIsRefusedWithItsReason() {
        Layout layout = new Layout("l", "l", "k", Template.literal("m"), List.of(TagSpec.of("__name__")),
            List.of(FieldSpec.of("v")), RetentionPlan.AUTOGEN);
        assertTrue(MetricNames.whyNotLabel("__name__").orElseThrow().contains("reserves"));
        assertEquals(Optional.empty(), MetricNames.whyNotLabel("_x"));
        assertEquals("_9a_b__", MetricNames.label("9a-b\n\u00e9"));
        assertEquals("a:b_", MetricNames.metric("a:b\uD83D\uDE00"), "one _ per code point, as Go's regexp replaces runes");
        assertTrue(layout.tags().stream().allMatch(tg -> MetricNames.whyNotLabel(tg.key()).isPresent()));
    }
}
