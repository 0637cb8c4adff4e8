package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * End to end: the weather sample rendered through two layouts, written to a real scratch influxd, and the
 * server's cardinality compared with numbers computed here from the sample alone.
 */
class SamplePushTest extends ScratchServerTest {
    private static final long WEEK_NS = 7L * 24 * 3600 * 1_000_000_000L;
    /** 1.x shard groups are aligned to Go's zero time (a Monday); the Unix epoch is a Thursday, 3 days later. */
    private static final long EPOCH_AFTER_MONDAY_NS = 3L * 24 * 3600 * 1_000_000_000L;

    @Test
    void theWeatherLayoutsHaveTheCardinalityTheSamplePredicts() throws Exception {
        Path file = Path.of("sample-data/weather/weather.cardinal.json");
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample weather = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(),
            ReadMonitor.NONE).eventKinds().get(0);

        // Independent numbers: distinct crops, distinct sensors, and sensor-weeks (series summed per shard group).
        Set<String> crops = new HashSet<>();
        Set<String> sensors = new HashSet<>();
        Set<String> sensorWeeks = new HashSet<>();
        Map<String, Set<String>> sensorWeeksByMeasurement = new HashMap<>();
        for (int r = 0; r < weather.rows(); r++) {
            String crop = weather.column("crop").text(r);
            String sensor = crop + "." + "plot-" + weather.column("plot").text(r) + "." + weather.column("region").text(r);
            long week = Math.floorDiv(weather.timestamp(r) + EPOCH_AFTER_MONDAY_NS, WEEK_NS);
            crops.add(crop);
            sensors.add(sensor);
            sensorWeeks.add(sensor + "@" + week);
            sensorWeeksByMeasurement.computeIfAbsent(sensor, k -> new HashSet<>()).add(sensor + "@" + week);
        }
        assertEquals(72, sensors.size());
        assertEquals(144, sensorWeeks.size(), "11 days over two Monday-aligned weeks");

        push(ws.layout("three-tags").orElseThrow(), weather, "three_tags");
        assertEquals(1L, single("SHOW MEASUREMENT EXACT CARDINALITY", "three_tags"));
        assertEquals(1L, single("SHOW FIELD KEY EXACT CARDINALITY", "three_tags"));
        assertEquals((long) crops.size(), single("SHOW TAG VALUES EXACT CARDINALITY WITH KEY = \"crop\"", "three_tags"));
        assertEquals((long) sensors.size(), single("SHOW SERIES CARDINALITY", "three_tags"));
        // 1.6.7 sums SHOW SERIES EXACT CARDINALITY over shard groups (spec §9): each sensor counts once per week.
        assertEquals((long) sensorWeeks.size(), single("SHOW SERIES EXACT CARDINALITY", "three_tags"));

        push(ws.layout("data-in-measurement").orElseThrow(), weather, "data_in_measurement");
        assertEquals((long) sensors.size(), single("SHOW MEASUREMENT EXACT CARDINALITY", "data_in_measurement"));
        List<InfluxV1Result.Series> fieldKeys = client.query("SHOW FIELD KEY EXACT CARDINALITY", "data_in_measurement").series();
        assertEquals(sensors.size(), fieldKeys.size(), "one row per measurement");
        fieldKeys.forEach(s -> assertEquals(1L, s.value(0, "count"), s.name()));
        assertEquals(List.of(), client.query("SHOW TAG VALUES EXACT CARDINALITY WITH KEY = \"crop\"", "data_in_measurement").series());
        for (InfluxV1Result.Series s : client.query("SHOW SERIES EXACT CARDINALITY", "data_in_measurement").series()) {
            assertEquals((long) sensorWeeksByMeasurement.get(s.name()).size(), s.value(0, "count"), s.name());
        }
    }

    private static void push(Layout layout, EventKindSample sample, String db) throws Exception {
        client.query("CREATE DATABASE " + db, null);
        SampleLineProtocol lp = new SampleLineProtocol(layout, sample);
        long sent = client.writeBatched(db, null, "ns", lp.lines(), InfluxV1Client.DEFAULT_BATCH);
        assertEquals(sample.rows(), sent);
        assertEquals(0, lp.counts().rowsSkipped());
        assertEquals(sample.rows(), sumCounts(db), "every point stored");
    }

    private static long sumCounts(String db) throws Exception {
        long n = 0;
        for (InfluxV1Result.Series s : client.query("SELECT count(temp) FROM /.*/", db).series()) {
            n += (Long) s.value(0, "count");
        }
        return n;
    }

    /** The one number a cardinality statement returns, summed when it answers per measurement. */
    private static Long single(String influxql, String db) throws Exception {
        List<InfluxV1Result.Series> series = client.query(influxql, db).series();
        if (series.isEmpty()) {
            return null;
        }
        long sum = 0;
        for (InfluxV1Result.Series s : series) {
            sum += ((Number) s.values().get(0).get(0)).longValue();
        }
        return sum;
    }
}
