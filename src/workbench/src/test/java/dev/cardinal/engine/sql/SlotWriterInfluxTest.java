package dev.cardinal.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.SqlDialect;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxdRequired;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.lineprotocol.WriterSnippets;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Template;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.DoubleColumn;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slot writer beside the InfluxDB writer of the same layout ({@link WriterSnippets#java}), both compiled, over the
 * custom-metrics sample on MariaDB: a Point given {@code slotOf}'s slot and a Point given {@code fields}' map are the
 * same line, and a scratch influxd 1.x that takes the lines holds exactly the slot keys, whose sums per tenant are
 * those of the names {@code nameOf} gives.
 */
class SlotWriterInfluxTest {
    private static final int ROWS = 3000;
    private static final int SLOTS = 8;

    @Test
    void theInfluxDbWriterAndTheSlotWriterMakeTheSameKeysAndInfluxdHoldsThem(@TempDir Path dir) throws Exception {
        InfluxdRequired.check();
        Path file = Path.of("sample-data/custom-metrics/custom-metrics.cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout fixed = ws.layout("fixed-slots").orElseThrow();
        Layout layout = new Layout("influx-slots-" + Long.toHexString(System.nanoTime()), fixed.name(), fixed.eventKind(),
            fixed.measurement(), fixed.tags(), List.of(new FieldSpec(Template.parse("slot_{slot(metric, tenant, max=" + SLOTS + ")}"),
                "value")), fixed.retention());
        EventKind kind = ws.eventKind(layout.eventKind()).orElseThrow();
        Path points = Files.createDirectories(dir.resolve("points"));
        Files.writeString(points.resolve("PointWriter.java"), WriterSnippets.java(kind, layout, "PointWriter"));
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", points.toString(), "-cp",
            System.getProperty("java.class.path"), points.resolve("PointWriter.java").toString()));
        DoubleColumn values = (DoubleColumn) sample.column("value");
        Map<String, Map<String, Double>> sums = new HashMap<>();
        StringBuilder lines = new StringBuilder();
        try (CompiledSlotWriter gen = CompiledSlotWriter.compile(kind, layout, sample, dir.resolve("slots"));
             Connection c = Engines.connect(SqlDialect.MARIADB);
             AutoCloseable tables = CompiledSlotWriter.tables(c, SqlDialect.MARIADB, kind, layout, sample);
             var loader = new java.net.URLClassLoader(new java.net.URL[] {points.toUri().toURL()}, getClass().getClassLoader());
             ScratchInfluxd influxd = ScratchInfluxd.start()) {
            Object slots = gen.open(c, 32);
            Method point = java.util.Arrays.stream(loader.loadClass("PointWriter").getMethods())
                .filter(m -> m.getName().equals("point")).findFirst().orElseThrow();
            int full = 0;
            for (int row = 0; row < ROWS; row++) {
                String tenant = sample.column("tenant").text(row);
                String metric = sample.column("metric").text(row);
                double value = values.get(row);
                long ns = sample.timestamp(row);
                Instant time = Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
                int slot;
                try {
                    slot = gen.slotOf(slots, tenant, metric);
                } catch (SQLException e) {
                    assertEquals("ScopeFullException", e.getClass().getSimpleName(), e.toString());
                    full++;
                    continue;
                }
                com.influxdb.client.write.Point bySlot = (com.influxdb.client.write.Point) point.invoke(null, tenant, metric, value, slot, time);
                com.influxdb.client.write.Point byFields = com.influxdb.client.write.Point.measurement("custom_metrics")
                    .addTag("tenant", tenant).addFields(new HashMap<String, Object>(gen.fields(slots, Map.of(metric, value), tenant)))
                    .time(time, com.influxdb.client.domain.WritePrecision.NS);
                String line = bySlot.toLineProtocol();
                assertEquals(line, byFields.toLineProtocol(), "row " + (row + 1));
                lines.append(line).append('\n');
                sums.computeIfAbsent(tenant, t -> new HashMap<>()).merge(metric, value, Double::sum);
            }
            assertTrue(full > 0, "some tenants used all their slots");
            InfluxV1Client client = InfluxV1Client.of(influxd.url());
            client.query("CREATE DATABASE \"slots\"", null);
            client.write("slots", null, "ns", lines.toString().getBytes(StandardCharsets.UTF_8));

            Set<String> keys = new TreeSet<>();
            client.query("SHOW FIELD KEYS FROM \"custom_metrics\"", "slots").series().get(0).values()
                .forEach(r -> keys.add((String) r.get(0)));
            Set<String> all = new TreeSet<>();
            for (int s = 1; s <= SLOTS; s++) {
                all.add("slot_" + s);
            }
            assertEquals(all, keys, "the slot keys and nothing else");
            for (String tenant : sums.keySet()) {
                var result = client.query("SELECT " + String.join(", ", all.stream().map(k -> "SUM(\"" + k + "\")").toList())
                    + " FROM \"custom_metrics\" WHERE \"tenant\" = '" + tenant + "'", "slots").series().get(0);
                for (int s = 1; s <= SLOTS; s++) {
                    Object sum = result.values().get(0).get(s);
                    var name = gen.nameOf(slots, s, tenant);
                    double expected = name.map(n -> sums.get(tenant).get(n)).orElse(0.0);
                    assertEquals(expected, sum == null ? 0.0 : ((Number) sum).doubleValue(), 1e-6 * Math.max(1, expected),
                        tenant + " slot " + s + ": " + name);
                }
            }
        }
    }
}
