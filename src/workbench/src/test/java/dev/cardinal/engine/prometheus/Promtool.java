package dev.cardinal.engine.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Debian's {@code promtool} on a generated file: {@code check rules} for {@code *.rules.yml}, else {@code check config}. */
public final class Promtool {
    static final Path BINARY = Path.of("/usr/bin/promtool");

    private Promtool() {
    }

    /** Fails unless promtool finds the file valid; skips where promtool is missing, except on CI. */
    public static void check(Path file) throws IOException, InterruptedException {
        if (!Files.isExecutable(BINARY)) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(BINARY + " is missing; .ci/run should have installed the prometheus package");
            }
            assumeTrue(false, BINARY + " is missing (install the prometheus package)");
        }
        String what = file.getFileName().toString().endsWith(".rules.yml") ? "rules" : "config";
        Process p = new ProcessBuilder(BINARY.toString(), "check", what, file.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("promtool check " + what + " took over a minute");
        }
        assertEquals(0, p.exitValue(), "promtool check " + what + ":\n" + output + "\n" + Files.readString(file));
    }
}
