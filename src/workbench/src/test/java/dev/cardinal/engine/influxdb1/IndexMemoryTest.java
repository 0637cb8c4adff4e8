package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.PushMonitor;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.MemoryEstimate;
import dev.cardinal.projection.MemoryModel;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The index memory model against the figure influxd 1.6.7 reports ({@code SHOW STATS FOR 'indexes'} memoryBytes):
 * a hand-computed index of two series to the byte, every sample scenario's layouts and id-heavy traffic inside the
 * projected range, and the range tight. Each case prints a row of the table in the documentation.
 */
class IndexMemoryTest extends ScratchServerTest {
    /** How wide the range may be, as a share of the measured figure, for every case of more than a few series. */
    static final double TIGHT = 0.10;

    @TempDir
    static Path dir;

    /**
     * One measurement, two series: every byte of {@code Index.Bytes()} by hand. cpu,host=a,region=us and
     * cpu,host=b,region=us, field v, in database tiny:
     * <pre>
     * index             136 + 4 (database name)                                          140
     * sketches          2 tombstone sketches 65,648 each, measurements 65,648 + 4 x 1,
     *                   series 65,648 + 4 x 2                                        262,604
     * measurement cpu   153 + 4 (database) + 3 x 3                                       166
     * series            2 x (97 + 16 + 2 x 20 (key) + 2 x (48 + 8) + 13 (tag bytes))     556
     * tag keys          host 56 + 4, region 56 + 6                                       122
     * tag values        a, b: 2 x (56 + 1); us: 56 + 2                                   172
     * field names       16 + 1                                                            17
     * field set         56 + path + cpu (56 + 3) + v (56 + 2 x 1)                 173 + path
     *                                                                        263,950 + path
     * sortedSeriesIDs   8 (first id) or 16 (second id larger), 16 once SHOW SERIES has run
     * entry.a           0 before any query, 4 x 8 = 32 once SHOW TAG VALUES has run
     * </pre>
     */
    @Test
    void twoSeriesAreCountedToTheByte() throws Exception {
        String db = "tiny";
        client.query("CREATE DATABASE " + db, null);
        long before = ServerNumbers.indexMemory(client);
        client.write(db, "autogen", "ns", "cpu,host=a,region=us v=1 1\ncpu,host=b,region=us v=2 1\n"
            .getBytes(StandardCharsets.UTF_8));
        long written = ServerNumbers.indexMemory(client) - before;
        Path shard;
        try (Stream<Path> s = Files.list(server.directory().resolve("data").resolve(db).resolve("autogen"))) {
            shard = s.findFirst().orElseThrow();
        }
        long path = shard.toAbsolutePath().resolve("fields.idx").toString().getBytes(StandardCharsets.UTF_8).length;
        long exact = 263_950 + path;
        assertTrue(written == exact + 8 || written == exact + 16, "written: " + written + ", exact part " + exact);
        ServerNumbers.read(client, db, null);
        long read = ServerNumbers.indexMemory(client) - before;
        assertEquals(exact + 16 + 32, read, "SHOW SERIES and SHOW TAG VALUES sort every id list");

        MemoryEstimate model = MemoryModel.estimate(new dev.cardinal.projection.IndexFootprint(2, 40, 4, 26, 3, 4,
            1, 3, 2, 10, 1, 1, 117, 117));
        assertTrue(model.contains(written) && model.contains(read), model + " " + written + " " + read);
        // the model's range: database name 1-64 bytes (twice), path 17-512, sortedSeriesIDs 8-16, entry.a 0-32
        assertEquals(263_950 - 4 - 4 + 2 + 17 + 8, model.low());
        assertEquals(263_950 - 4 - 4 + 128 + 512 + 16 + 32, model.high());
    }

    /** Every layout of every sample scenario, the same list {@link ProjectionAccuracyTest} writes. */
    @ParameterizedTest(name = "{0} / {1}")
    @MethodSource("dev.cardinal.engine.influxdb1.ProjectionAccuracyTest#layouts")
    void everyScenarioLiesInsideItsRange(String scenario, String layoutId) throws Exception {
        check(Path.of("sample-data", scenario, scenario + WorkspaceFiles.EXTENSION), scenario, layoutId);
    }

    /** The case of issue 36: 50,000 ad events the sample did not hold, written through ids-as-tags. */
    @Test
    void fiftyThousandHeldOutAdEvents() throws Exception {
        Path ws = dev.cardinal.traffic.scenarios.Scenarios.write("ad-marketplace", dir.resolve("ads50k"), 50_000);
        check(ws, "ad-marketplace 50k", "ids-as-tags");
    }

    @Test
    void idHeavyTrafficAt10kSeries() throws Exception {
        check(idHeavy(10_000), "id-heavy 10k", "ids");
    }

    @Test
    void idHeavyTrafficAt100kSeries() throws Exception {
        check(idHeavy(100_000), "id-heavy 100k", "ids");
    }

    /** A million series takes minutes: run by hand with {@code CARDINAL_MEMORY_MILLION=1} in the environment. */
    @Test
    void idHeavyTrafficAtOneMillionSeries() throws Exception {
        Assumptions.assumeTrue(System.getenv("CARDINAL_MEMORY_MILLION") != null, "CARDINAL_MEMORY_MILLION=1");
        check(idHeavy(1_000_000), "id-heavy 1M", "ids");
    }

    /**
     * Values and a measurement name with characters line protocol escapes: the series key keeps the backslashes (a
     * byte each, counted twice), the index's tags and names do not.
     */
    @Test
    void escapedNamesAndValuesCountTheirBackslashesInTheKey() throws Exception {
        Path d = Files.createDirectories(dir.resolve("escaped"));
        StringBuilder lp = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            lp.append("city\\ weather,place=New\\ York\\,\\ NY\\ ").append(i).append(",station\\ id=a\\=").append(i % 7)
                .append(" temp=").append(i % 30).append("i ").append(1_767_571_200_000_000_000L + i * 1_000_000L).append('\n');
        }
        Files.writeString(d.resolve("w.lp"), lp, StandardCharsets.UTF_8);
        Files.writeString(d.resolve("w.cardinal.json"), """
            {"formatVersion": 1, "name": "w",
             "eventKinds": [{"name": "city weather", "attributes": [{"name": "place", "type": "string"},
               {"name": "station id", "type": "string"}, {"name": "temp", "type": "integer"}]}],
             "layouts": [{"id": "w", "name": "w", "eventKind": "city weather", "measurement": "city weather",
               "tags": ["place", "station id"], "fields": ["temp"],
               "retention": {"name": "autogen", "duration": "INF", "replication": 1}}],
             "samples": [{"id": "w", "path": "w.lp", "format": "line-protocol", "precision": "ns"}]}
            """, StandardCharsets.UTF_8);
        check(d.resolve("w.cardinal.json"), "escaped", "w");
    }

    /**
     * Ad events keyed by ids, each a tag: a listing of 5,000, a user and a device as uuids, a country of 40; one
     * series per event, and a fifth of them again, later, so that series repeat.
     */
    static Path idHeavy(int series) throws Exception {
        Path d = Files.createDirectories(dir.resolve("ids" + series));
        long t0 = 1_767_571_200_000_000_000L;
        try (var out = Files.newBufferedWriter(d.resolve("events.lp"), StandardCharsets.UTF_8)) {
            int rows = series + series / 5;
            for (int r = 0; r < rows; r++) {
                int i = r < series ? r : (int) ((r * 2_654_435_761L) % series);
                out.append("event,listing=L").append(Integer.toString(i % 5_000)).append(",user=").append(uuid(i, 17))
                    .append(",device=").append(uuid(i / 3, 91)).append(",country=C").append(Integer.toString(i % 40))
                    .append(" price=").append(Integer.toString(i % 997)).append("i,clicks=1i ")
                    .append(Long.toString(t0 + r * 1_000_000L)).append('\n');
            }
        }
        Files.writeString(d.resolve("ids.cardinal.json"), """
            {"formatVersion": 1, "name": "ids",
             "eventKinds": [{"name": "event", "attributes": [{"name": "listing", "type": "string"},
               {"name": "user", "type": "string"}, {"name": "device", "type": "string"},
               {"name": "country", "type": "string"}, {"name": "price", "type": "integer"},
               {"name": "clicks", "type": "integer"}]}],
             "layouts": [{"id": "ids", "name": "ids", "eventKind": "event", "measurement": "event",
               "tags": ["listing", "user", "device", "country"], "fields": ["price", "clicks"],
               "retention": {"name": "autogen", "duration": "INF", "replication": 1}}],
             "samples": [{"id": "events", "path": "events.lp", "format": "line-protocol", "precision": "ns"}]}
            """, StandardCharsets.UTF_8);
        return d.resolve("ids.cardinal.json");
    }

    private static String uuid(long i, long salt) {
        long h = (i + 1) * 0x9E3779B97F4A7C15L ^ salt * 0xC2B2AE3D27D4EB4FL;
        long l = Long.rotateLeft(h, 29) * 0xBF58476D1CE4E5B9L;
        String hex = String.format(Locale.ROOT, "%016x%016x", h, l);
        return hex.substring(0, 8) + "-" + hex.substring(8, 12) + "-" + hex.substring(12, 16) + "-" + hex.substring(16, 20)
            + "-" + hex.substring(20, 32);
    }

    /** Writes the sample through the layout as {@code apply --write-sample} does; the growth lies in the range. */
    private static void check(Path file, String scenario, String layoutId) throws Exception {
        Workspace ws = WorkspaceFiles.load(file).workspace();
        EventKindSample sample = SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE)
            .eventKinds().get(0);
        Layout layout = ws.layout(layoutId).orElseThrow();
        LayoutMeasurer measurer = new LayoutMeasurer(new SampleIndex(sample));
        LayoutMeasure projected = measurer.measure(layout);
        String db = ("m_" + scenario + "_" + layoutId).replaceAll("[^A-Za-z0-9]", "_");
        InfluxV1Push push = new InfluxV1Push(client, db);
        assertEquals(List.of(), push.apply(push.plan(ws, List.of(layout)), Set.of(), PushMonitor.NONE).blocked());
        SampleWrite write = new SampleWrite(client, db, layout.retention().name(), SampleWrite.timeShiftToNow(sample,
            layout.retention().effectiveShardGroupDuration(), System.currentTimeMillis() * 1_000_000L));
        InfluxV1Comparison c = push.writeAndMeasure(layout, sample, projected, measurer.fieldValuesKept(layout),
            write, 0, PushMonitor.NONE);
        MemoryEstimate model = MemoryModel.estimate(projected.footprint());
        long measured = c.indexMemoryGrowth();
        double width = (double) (model.high() - model.low()) / measured;
        System.out.printf(Locale.ROOT, "| %s | %s | %,d | %,d | %,d | %,d | %.1f%% | %+.2f%% |%n", scenario, layoutId,
            projected.series(), measured, model.low(), model.high(), 100 * width,
            100.0 * (measured - model.high()) / measured);
        assertTrue(model.contains(measured), scenario + "/" + layoutId + ": measured " + measured + " outside " + model);
        assertTrue(c.memoryMatches());
        if (projected.series() > 1_000) {
            assertTrue(width <= TIGHT, "range " + model + " is " + width + " of " + measured);
        }
    }
}
