package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.influxdb1.InfluxV1Exception.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/** One real scratch server, started with auth on so that 401 and 403 can be seen for real. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ScratchInfluxdTest {
    private static ScratchInfluxd server;

    @BeforeAll
    static void start() throws IOException {
        InfluxdRequired.check();
        server = ScratchInfluxd.start(ScratchInfluxdSettings.defaults().withAuthEnabled(true));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(1)
    void answersPingOnLoopbackAndKeepsItsFilesInItsOwnDirectory() throws Exception {
        assertEquals("127.0.0.1", server.url().getHost());
        assertTrue(InfluxV1Client.of(server.url()).ping().startsWith("1."), "version header");
        assertTrue(Files.isRegularFile(server.logFile()));
        assertTrue(server.logFile().startsWith(server.directory()));
        String config = Files.readString(server.directory().resolve("influxdb.conf"));
        for (String key : new String[] {"reporting-disabled = true", "reporting-enabled = false", "store-enabled = false",
            "max-series-per-database = 0", "max-values-per-tag = 0", "index-version = \"inmem\"", "log-enabled = false",
            "query-log-enabled = false"}) {
            assertTrue(config.contains(key), key);
        }
        assertTrue(Files.isDirectory(server.directory().resolve("meta")));
    }

    @Test
    @Order(2)
    void authenticationFailuresAreTheirOwnKindsAndNeverShowTheSecret() throws Exception {
        InfluxV1Client anonymous = InfluxV1Client.of(server.url());
        // 1.x lets the first admin be created without credentials while no admin exists.
        anonymous.query("CREATE USER admin WITH PASSWORD 's3cret-pw' WITH ALL PRIVILEGES", null);
        InfluxV1Exception noAuth = assertThrows(InfluxV1Exception.class, () -> anonymous.query("SHOW DATABASES", null));
        assertEquals(Kind.UNAUTHORIZED, noAuth.kind());

        InfluxV1Client admin = InfluxV1Client.of(server.url()).withBasicAuth("admin", "s3cret-pw".toCharArray());
        admin.query("CREATE DATABASE d", null);
        admin.query("CREATE USER reader WITH PASSWORD 'reader-pw'", null);
        admin.write("d", null, null, "m f=1 1\n".getBytes());
        assertFalse(admin.toString().contains("s3cret"), admin.toString());

        char[] wrong = "wrong-pw-123".toCharArray();
        InfluxV1Exception bad = assertThrows(InfluxV1Exception.class,
            () -> InfluxV1Client.of(server.url()).withBasicAuth("admin", wrong).write("d", null, null, "m f=1 1".getBytes()));
        assertEquals(Kind.UNAUTHORIZED, bad.kind());
        assertEquals(401, bad.status());
        assertFalse(bad.getMessage().contains("wrong-pw-123"), bad.getMessage());

        InfluxV1Exception forbidden = assertThrows(InfluxV1Exception.class, () -> InfluxV1Client.of(server.url())
            .withBasicAuth("reader", "reader-pw".toCharArray()).write("d", null, null, "m f=1 1".getBytes()));
        assertEquals(Kind.FORBIDDEN, forbidden.kind(), forbidden.getMessage());
        assertFalse(forbidden.getMessage().contains("reader-pw"));

        InfluxV1Client token = InfluxV1Client.of(server.url()).withToken("tok-abc-123".toCharArray());
        InfluxV1Exception tokenFailure = assertThrows(InfluxV1Exception.class, () -> token.query("SHOW DATABASES", null));
        assertFalse(tokenFailure.getMessage().contains("tok-abc-123"), tokenFailure.getMessage());
        assertFalse(token.toString().contains("tok-abc-123"));
    }

    @Test
    void aServerThatDiesAtOnceIsReportedWithItsOutput(@TempDir Path dir) throws IOException {
        Path fake = script(dir, "echo 'fatal: cannot open meta dir' >&2; exit 3");
        IOException e = assertThrows(IOException.class, () -> ScratchInfluxd.start(
            ScratchInfluxdSettings.defaults().withBinary(fake)));
        assertTrue(e.getMessage().contains("exited with code 3"), e.getMessage());
        assertTrue(e.getMessage().contains("fatal: cannot open meta dir"), e.getMessage());
    }

    @Test
    void aServerThatNeverAnswersTimesOutWithItsOutput(@TempDir Path dir) throws IOException {
        Path fake = script(dir, "echo 'still starting up' >&2; exec sleep 60");
        IOException e = assertThrows(IOException.class, () -> ScratchInfluxd.start(
            ScratchInfluxdSettings.defaults().withBinary(fake).withStartTimeout(Duration.ofMillis(700))));
        assertTrue(e.getMessage().contains("did not answer"), e.getMessage());
        assertTrue(e.getMessage().contains("still starting up"), e.getMessage());
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void closeStopsTheServerAndDeletesItsDirectory() throws Exception {
        Path dir = server.directory();
        server.close();
        server.close();
        assertFalse(server.isRunning());
        assertFalse(Files.exists(dir));
        InfluxV1Exception gone = assertThrows(InfluxV1Exception.class,
            () -> InfluxV1Client.of(server.url()).withTimeout(Duration.ofSeconds(2)).ping());
        assertEquals(Kind.CONNECTION_REFUSED, gone.kind());
    }

    private static Path script(Path dir, String body) throws IOException {
        Path p = dir.resolve("fake-influxd");
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }
}
