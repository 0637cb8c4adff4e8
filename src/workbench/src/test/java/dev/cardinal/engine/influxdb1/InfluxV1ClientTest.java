package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.influxdb1.InfluxV1Exception.Kind;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The client against one real scratch influxd; every failure here is one the server really produced. */
class InfluxV1ClientTest extends ScratchServerTest {
    private static final AtomicInteger DB = new AtomicInteger();

    /** A fresh database per test, so tests do not see each other's points. */
    private static String newDatabase() throws Exception {
        String db = "db" + DB.incrementAndGet();
        client.query("CREATE DATABASE \"" + db + "\"", null);
        return db;
    }

    private static byte[] lp(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void writesAndReadsBackTypedValues() throws Exception {
        String db = newDatabase();
        client.write(db, "autogen", "s", lp("cpu,host=a\\ b,region=eu f=1.5,i=7i,s=\"x \\\"y\\\"\",b=true 1\n"
            + "cpu,host=c,region=eu f=2.5,i=8i,s=\"z\",b=false 2\n"));
        InfluxV1Result r = client.query("SELECT * FROM cpu ORDER BY time", db);
        InfluxV1Result.Series s = r.series("cpu").orElseThrow();
        assertEquals(List.of("time", "b", "f", "host", "i", "region", "s"), s.columns());
        assertEquals(2, s.values().size());
        assertEquals(1_000_000_000L, s.value(0, "time"));
        assertEquals("a b", s.value(0, "host"));
        assertEquals(1.5, s.value(0, "f"));
        assertEquals(7L, s.value(0, "i"));
        assertEquals("x \"y\"", s.value(0, "s"));
        assertEquals(true, s.value(0, "b"));
        assertEquals(false, s.value(1, "b"));

        InfluxV1Result grouped = client.query("SELECT count(f) FROM cpu GROUP BY host; SHOW MEASUREMENTS", db);
        assertEquals(2, grouped.statements().size());
        assertEquals(Map.of("host", "a b"), grouped.statements().get(0).series().get(0).tags());
        assertEquals("cpu", grouped.statements().get(1).series().get(0).values().get(0).get(0));
    }

    @Test
    void aBadLineIsAParseErrorWithTheServersReason() throws Exception {
        String db = newDatabase();
        InfluxV1Exception e = assertThrows(InfluxV1Exception.class, () -> client.write(db, null, null, lp("cpu f=1u 1")));
        assertEquals(Kind.PARSE_ERROR, e.kind());
        assertEquals(400, e.status());
        assertEquals("unable to parse 'cpu f=1u 1': invalid number", e.serverMessage());
        assertTrue(e.getMessage().contains("invalid number"), e.getMessage());
    }

    @Test
    void aTypeConflictAcrossBatchesIsAPartialWriteWithTheDroppedCount() throws Exception {
        String db = newDatabase();
        client.write(db, null, null, lp("cpu,h=a f=1 1"));
        InfluxV1Exception e = assertThrows(InfluxV1Exception.class,
            () -> client.write(db, null, null, lp("cpu,h=b f=\"x\" 2\ncpu,h=c f=3 3\ncpu,h=d f=4i 4")));
        assertEquals(Kind.PARTIAL_WRITE, e.kind());
        assertEquals(2, e.dropped());
        assertTrue(e.serverMessage().startsWith("partial write: field type conflict: input field \"f\" on measurement \"cpu\""),
            e.serverMessage());
        assertEquals(2L, client.query("SELECT count(f) FROM cpu", db).series().get(0).value(0, "count"));
    }

    @Test
    void aTypeConflictInsideOneBatchWritesNothing() throws Exception {
        String db = newDatabase();
        InfluxV1Exception e = assertThrows(InfluxV1Exception.class,
            () -> client.write(db, null, null, lp("cpu,h=a f=1 1\ncpu,h=b f=\"x\" 2")));
        assertEquals(Kind.FIELD_TYPE_CONFLICT, e.kind());
        assertTrue(client.query("SELECT * FROM cpu", db).series().isEmpty());
    }

    @Test
    void aTimeTagDropsThePoint() throws Exception {
        String db = newDatabase();
        InfluxV1Exception e = assertThrows(InfluxV1Exception.class,
            () -> client.write(db, null, null, lp("cpu,time=x f=1 1\ncpu f=2 2")));
        assertEquals(Kind.PARTIAL_WRITE, e.kind());
        assertEquals(1, e.dropped());
    }

    @Test
    void anUnknownDatabaseIsNamed() {
        InfluxV1Exception e = assertThrows(InfluxV1Exception.class, () -> client.write("nope", null, null, lp("m f=1")));
        assertEquals(Kind.DATABASE_NOT_FOUND, e.kind());
        assertEquals(404, e.status());
        assertTrue(e.getMessage().contains("database not found: \"nope\""), e.getMessage());
    }

    @Test
    void queryErrorsCarryTheServersMessage() {
        InfluxV1Exception syntax = assertThrows(InfluxV1Exception.class, () -> client.query("SELEKT 1", null));
        assertEquals(Kind.QUERY_ERROR, syntax.kind());
        assertTrue(syntax.serverMessage().startsWith("error parsing query"), syntax.serverMessage());
        InfluxV1Exception noDb = assertThrows(InfluxV1Exception.class, () -> client.query("SELECT * FROM m", "nope"));
        assertEquals(Kind.QUERY_ERROR, noDb.kind());
        assertEquals("database not found: nope", noDb.serverMessage());
    }

    @Test
    void aClosedPortIsConnectionRefused() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        InfluxV1Client nowhere = InfluxV1Client.of(URI.create("http://127.0.0.1:" + port))
            .withTimeout(Duration.ofSeconds(2)).withBasicAuth("u", "pw-never-shown".toCharArray());
        InfluxV1Exception e = assertThrows(InfluxV1Exception.class, () -> nowhere.write("d", null, null, lp("m f=1")));
        assertEquals(Kind.CONNECTION_REFUSED, e.kind());
        assertTrue(e.getMessage().contains("connection refused"), e.getMessage());
        assertTrue(!e.getMessage().contains("pw-never-shown"));
    }

    @Test
    void aServerThatDoesNotAnswerTimesOut() throws Exception {
        // Accepts connections (backlog) but never answers.
        try (ServerSocket silent = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            InfluxV1Client c = InfluxV1Client.of(URI.create("http://127.0.0.1:" + silent.getLocalPort()))
                .withTimeout(Duration.ofMillis(500));
            InfluxV1Exception e = assertThrows(InfluxV1Exception.class, c::ping);
            assertEquals(Kind.TIMEOUT, e.kind());
        }
    }

    @Test
    void largeBodiesAreGzippedAndBatchesAreCounted() throws Exception {
        String db = newDatabase();
        List<byte[]> lines = new ArrayList<>();
        for (int i = 0; i < 12_345; i++) {
            lines.add(lp("load,host=h" + (i % 50) + " value=" + i + "i " + (1_000_000_000L + i)));
        }
        assertTrue(lines.size() * 30 > InfluxV1Client.GZIP_THRESHOLD);
        long sent = client.writeBatched(db, null, "ns", lines.iterator(), InfluxV1Client.DEFAULT_BATCH);
        assertEquals(12_345, sent);
        InfluxV1Result.Series count = client.query("SELECT count(value) FROM load", db).series().get(0);
        assertEquals(12_345L, count.value(0, "count"));
        assertEquals(50L, client.query("SHOW SERIES EXACT CARDINALITY", db).series().get(0).value(0, "count"));
    }

    @Test
    void aFailingBatchSaysWhichLinesItHeld() throws Exception {
        String db = newDatabase();
        List<byte[]> lines = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            lines.add(lp(i == 5 ? "bad line" : "m f=" + i + " " + (i + 1)));
        }
        InfluxV1Exception e = assertThrows(InfluxV1Exception.class,
            () -> client.writeBatched(db, null, null, lines.iterator(), 3));
        assertEquals(Kind.PARTIAL_WRITE, e.kind());
        assertTrue(e.getMessage().contains("lines 4 to 6"), e.getMessage());
    }
}
