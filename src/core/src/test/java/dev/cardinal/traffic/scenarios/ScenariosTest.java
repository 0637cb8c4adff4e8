package dev.cardinal.traffic.scenarios;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.model.Attribute;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ScenariosTest {
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    @TempDir
    static Path generated;

    /** The default-size files, written once: several tests read them. */
    @BeforeAll
    static void generateDefaults() throws IOException {
        for (String name : Scenarios.names()) {
            Scenarios.write(name, generated.resolve(name));
        }
    }

    static List<String> names() {
        return Scenarios.names();
    }

    private static Path traffic(String name) {
        return generated.resolve(name).resolve("traffic.lp.gz");
    }

    @Test
    void namesAreTheThreeScenarios() {
        assertEquals(List.of("ad-marketplace", "weather", "custom-metrics"), Scenarios.names());
    }

    @ParameterizedTest
    @MethodSource("names")
    void generatingTwiceGivesByteIdenticalFiles(String name, @TempDir Path a, @TempDir Path b) throws IOException {
        Scenarios.write(name, a, 3_000);
        Scenarios.write(name, b, 3_000);
        String ws = Scenarios.workspaceFileName(name);
        assertArrayEquals(Files.readAllBytes(a.resolve(ws)), Files.readAllBytes(b.resolve(ws)));
        byte[] gz = Files.readAllBytes(a.resolve("traffic.lp.gz"));
        assertArrayEquals(gz, Files.readAllBytes(b.resolve("traffic.lp.gz")));
        // the gzip header's MTIME (bytes 4..7) is zero, so the bytes do not depend on when they were written
        assertEquals(List.of(0x1f, 0x8b, 0, 0, 0, 0), List.of(gz[0] & 0xff, gz[1] & 0xff, (int) gz[4], (int) gz[5],
            (int) gz[6], (int) gz[7]));
    }

    @ParameterizedTest
    @MethodSource("names")
    void workspaceLoadsBackWithoutWarningsAndLayoutsUseOnlyTheirAttributes(String name) throws Exception {
        Path file = generated.resolve(name).resolve(name + ".cardinal.json");
        WorkspaceReader.Loaded loaded = WorkspaceFiles.load(file);
        assertEquals(List.of(), loaded.warnings());
        Workspace ws = loaded.workspace();
        assertEquals(Scenarios.workspace(name), ws);
        assertEquals(List.of(SampleBinding.lineProtocol("traffic", "traffic.lp.gz", "ns")), ws.samples());
        assertTrue(Files.exists(WorkspaceFiles.resolve(file, ws.samples().get(0).path())));
        for (Layout layout : ws.layouts()) {
            EventKind kind = ws.eventKind(layout.eventKind()).orElseThrow();
            Set<String> attributes = kind.attributes().stream().map(Attribute::name).collect(Collectors.toSet());
            assertTrue(attributes.containsAll(layout.attributesUsed()), layout.id() + " uses " + layout.attributesUsed());
            assertTrue(ws.canvas().containsKey(layout.id()), "canvas position for " + layout.id());
        }
        for (Rollup rollup : ws.rollups()) {
            Layout source = ws.layout(rollup.layout()).orElseThrow();
            EventKind kind = ws.eventKind(source.eventKind()).orElseThrow();
            rollup.groupBy().forEach(a -> assertTrue(kind.has(a), a));
            rollup.aggregates().forEach(a -> assertTrue(kind.has(a.attribute()), a.attribute()));
        }
    }

    @Test
    void adMarketplaceWorkspaceIsAsSpecified() {
        Workspace ws = Scenarios.workspace("ad-marketplace");
        assertEquals(List.of("ids-as-tags", "ids-as-fields"), ws.layouts().stream().map(Layout::id).toList());
        Layout asFields = ws.layout("ids-as-fields").orElseThrow();
        assertEquals("raw", asFields.retention().name());
        assertEquals(Duration.ofDays(30), asFields.retention().duration());
        assertEquals(Duration.ofDays(1), asFields.retention().shardGroupDuration());
        Rollup daily = ws.rollups().get(0);
        assertEquals(List.of("listing_id", "event"), daily.groupBy());
        assertEquals("listing_daily", daily.destination().name());
        assertEquals("cardinal_ads", ws.targets().get(0).database());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ad-marketplace|listing_event,event=view,listing_id=L000639,user_id=u0001,device=desktop,"
            + "session_id=6578fda1-98c1-485d-b280-2d5913f0be0a page_url=\"/listing/L000639?ref=category\",count=1i "
            + "1767571200000000000",
        "weather|weather,crop=blueberries,plot=1,region=north temp=-1.2 1767571211000000000",
        "custom-metrics|custom_metric,tenant=t06,metric=BF25\\ login\\ failures\\,\\ gross value=104.92 "
            + "1767571200000000000"})
    void firstLineIsTheEventAsWritten(String name, String expected) throws IOException {
        assertEquals(expected, LineProtocolLines.read(traffic(name)).get(0));
    }

    @ParameterizedTest
    @MethodSource("names")
    void rowCountTimeOrderAndSpanAreAsRequested(String name) throws IOException {
        List<String> lines = LineProtocolLines.read(traffic(name));
        assertEquals(Scenarios.defaultRows(name), lines.size());
        long first = LineProtocolLines.parse(lines.get(0)).time();
        long previous = Long.MIN_VALUE;
        for (String line : lines) {
            long t = LineProtocolLines.parse(line).time();
            assertTrue(t > previous, "not strictly after the previous line: " + line);
            previous = t;
        }
        assertTrue(first >= 1_767_571_200_000_000_000L, "starts on 2026-01-05");
        assertTrue(previous - first > 10 * NANOS_PER_DAY, "spans " + (previous - first) / (double) NANOS_PER_DAY + " days");
    }

    @ParameterizedTest
    @MethodSource("names")
    void anyRowCountIsWrittenExactly(String name, @TempDir Path dir) throws IOException {
        for (long rows : new long[] {0, 1, 73, 1_234}) {
            Scenarios.write(name, dir, rows);
            assertEquals(rows, LineProtocolLines.read(dir.resolve("traffic.lp.gz")).size());
        }
    }

    @Test
    void badArgumentsAreRefused(@TempDir Path dir) {
        assertThrows(IllegalArgumentException.class, () -> Scenarios.write("no-such", dir, 10));
        assertThrows(IllegalArgumentException.class, () -> Scenarios.write("weather", dir, -1));
    }

    @ParameterizedTest
    @MethodSource("names")
    void committedWorkspaceAndTrafficContentAreReproduced(String name) throws IOException {
        Path committed = committed(name);
        String ws = Scenarios.workspaceFileName(name);
        assertArrayEquals(Files.readAllBytes(committed.resolve(ws)), Files.readAllBytes(generated.resolve(name).resolve(ws)),
            "regenerate with: java -cp target/classes:<jackson> dev.cardinal.traffic.scenarios.Scenarios sample-data");
        assertArrayEquals(gunzip(committed.resolve("traffic.lp.gz")), gunzip(traffic(name)));
    }

    /**
     * Same content is checked above; this checks the compressed bytes too. Should it fail while the content test
     * passes, this JVM's zlib compresses differently from the one that wrote the committed file (zlib-ng does).
     */
    @ParameterizedTest
    @MethodSource("names")
    void committedTrafficIsReproducedByteForByte(String name) throws IOException {
        assertArrayEquals(Files.readAllBytes(committed(name).resolve("traffic.lp.gz")), Files.readAllBytes(traffic(name)));
    }

    private static Path committed(String name) {
        return Path.of("sample-data").resolve(name); // the tests run in the top folder
    }

    private static byte[] gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        }
    }
}
