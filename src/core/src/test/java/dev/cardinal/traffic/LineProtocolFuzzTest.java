package dev.cardinal.traffic;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Arbitrary bytes, and bytes biased towards line protocol's special characters, never escape the reader as
 * anything but its own outcome (rows and problems), and never hang: each read must end within five seconds.
 */
class LineProtocolFuzzTest {
    private static final ExecutorService EXECUTOR = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fuzz");
        t.setDaemon(true);
        return t;
    });

    @AfterContainer
    static void stop() {
        EXECUTOR.shutdownNow();
    }

    @Property(tries = 2000)
    void randomBytesNeverCrashOrHang(@ForAll("anyBytes") byte[] input) throws Exception {
        check(input);
    }

    @Property(tries = 3000)
    void lineProtocolShapedNoiseNeverCrashesOrHangs(@ForAll("lineProtocolish") String input) throws Exception {
        check(input.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static void check(byte[] input) throws Exception {
        Future<Sample> f = EXECUTOR.submit(() -> LpFixture.readBytes(input, "ns", SampleLimits.defaults()));
        Sample s = f.get(5, TimeUnit.SECONDS);
        assertTrue(s.report().points() + s.report().badLines() <= s.report().lines() + 1,
            "every point and every bad line comes from a line read");
        for (ReadProblem p : s.report().problems()) {
            assertTrue(p.line() >= 0 && p.column() >= 0 && !p.message().isBlank(), p::toString);
        }
    }

    @Provide
    Arbitrary<byte[]> anyBytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(600);
    }

    @Provide
    Arbitrary<String> lineProtocolish() {
        Arbitrary<String> atoms = Arbitraries.of("m", "cpu", ",", " ", "=", "\\", "\"", "\n", "\r\n", "t", "f", "1", "-",
            ".", "e", "i", "u", "true", "FALSE", "#", "\t", "time", "9223372036854775807", "1e400", "ü", "{", "a=b");
        return atoms.list().ofMaxSize(80).map(l -> String.join("", l));
    }
}
