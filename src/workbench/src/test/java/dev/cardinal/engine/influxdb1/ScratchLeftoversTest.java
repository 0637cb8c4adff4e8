package dev.cardinal.engine.influxdb1;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scratch influxd goes with the process that started it, however that process goes: after a kill -9 of its owner
 * the server stops (its watchdog sees the owner gone), and the next start removes what the dead run left, stopping a
 * server still running from it.
 */
class ScratchLeftoversTest {
    @BeforeAll
    static void influxd() {
        InfluxdRequired.check();
    }

    @Test
    void theServerStopsWhenItsOwnerIsKilledAndTheNextStartRemovesItsDirectory() throws Exception {
        Process owner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), ScratchOwner.class.getName())
            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String[] said;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8))) {
            said = out.readLine().split(" ");
        } catch (RuntimeException e) {
            owner.destroyForcibly();
            throw e;
        }
        URI url = URI.create(said[0]);
        Path dir = Path.of(said[1]);
        List<ProcessHandle> servers = owner.descendants().filter(p -> p.info().command().orElse("").endsWith("influxd")).toList();
        assertEquals(1, servers.size(), "the owner's influxd, under its watchdog");
        InfluxV1Client.of(url).withTimeout(Duration.ofSeconds(2)).ping();

        owner.destroyForcibly(); // SIGKILL: no shutdown hook runs
        owner.waitFor(10, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (servers.get(0).isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertFalse(servers.get(0).isAlive(), "influxd outlived the process that started it");
        assertTrue(Files.isDirectory(dir), "a kill -9 leaves the directory (nothing ran to delete it)");

        try (ScratchInfluxd next = ScratchInfluxd.start()) {
            assertFalse(Files.exists(dir), "the next start removes what the dead run left");
            assertTrue(Files.isDirectory(next.directory()));
        }
    }

    @Test
    void aServerLeftRunningByADeadOwnerIsStoppedAndItsDirectoryRemoved(@TempDir Path tmp) throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path dir = Files.createDirectory(tmp.resolve(ScratchLeftovers.PREFIX + "left"));
        Files.writeString(dir.resolve(ScratchLeftovers.OWNER), Long.toString(gone.pid()));
        Path live = Files.createDirectory(tmp.resolve(ScratchLeftovers.PREFIX + "live"));
        ScratchLeftovers.claim(live);
        Path config = dir.resolve("influxdb.conf");
        Files.writeString(config, InfluxdConf.text(ScratchInfluxdSettings.defaults(), dir, freePort(), freePort()));
        // started without a watchdog, as an older Cardinal did: it would run on forever
        Process server = new ProcessBuilder(ScratchInfluxd.findOnPath().orElseThrow().toString(), "-config", config.toString())
            .redirectErrorStream(true).redirectOutput(dir.resolve("influxd.log").toFile()).start();
        try {
            assertEquals(List.of(dir), ScratchLeftovers.sweep(tmp));
            assertTrue(server.waitFor(10, TimeUnit.SECONDS), "the server a dead owner left is stopped");
            assertFalse(Files.exists(dir));
            assertTrue(Files.isDirectory(live), "a directory whose owner runs (this test) is left alone");
        } finally {
            server.destroyForcibly();
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
