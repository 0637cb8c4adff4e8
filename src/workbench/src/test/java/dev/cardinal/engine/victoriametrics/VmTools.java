package dev.cardinal.engine.victoriametrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The VictoriaMetrics binaries that load a generated file for real: {@code vmagent -dryRun} a relabelling config,
 * {@code vmalert -dryRun} recording rules. For the tests that check every generated file (the injection property).
 */
public final class VmTools {
    private VmTools() {
    }

    /** Whether {@code file} is one of the VictoriaMetrics engine's generated files (and not a Prometheus one). */
    public static boolean generated(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".vmagent-relabel.yml") || name.endsWith(".vmalert-rules.yml");
    }

    /** Loads {@code file} with the binary that reads it; fails with the binary's words when it refuses it. */
    public static void check(Path file) throws IOException, InterruptedException {
        boolean relabel = file.getFileName().toString().endsWith(".vmagent-relabel.yml");
        Path binary = Path.of(relabel ? "/usr/bin/vmagent" : "/usr/bin/vmalert");
        if (!Files.isExecutable(binary)) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(binary + " is missing; .ci/run should have installed the victoria-metrics package");
            }
            assumeTrue(false, binary + " is missing (install the victoria-metrics package)");
        }
        List<String> command = relabel
            ? List.of(binary.toString(), "-dryRun", "-promscrape.config=" + Files.writeString(
                Files.createTempFile(file.getParent(), "scrape", ".yml"), "scrape_configs: []\n"),
                "-remoteWrite.relabelConfig=" + file, "-loggerLevel=ERROR")
            : List.of(binary.toString(), "-dryRun", "-rule=" + file, "-loggerLevel=ERROR");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(command.get(0) + " -dryRun took over a minute");
        }
        assertEquals(0, p.exitValue(), command.get(0) + " -dryRun:\n" + output + "\n" + Files.readString(file));
    }
}
