package dev.cardinal.engine.influxdb3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardinal.engine.sql.Engines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Checks of InfluxDB 3's generated files that other tests share: the script parsed by {@code bash -n} and run by
 * {@code sh} with an {@code influxdb3} first on the path that records its arguments ({@link Engines#sh}: the shell
 * itself is the argument parser), and every quoted identifier of the example queries read back as one of the
 * layout's names.
 */
public final class InfluxDb3Artefacts {
    private InfluxDb3Artefacts() {
    }

    /** The arguments of each {@code influxdb3} call the script makes, in order; nothing else runs in {@code cwd}. */
    public static List<List<String>> calls(Path script, Path scratch) throws IOException, InterruptedException {
        assertEquals(0, run(new ProcessBuilder("bash", "-n", script.toAbsolutePath().toString()), scratch), "bash -n " + script);
        Path cwd = Files.createDirectories(scratch.resolve("cwd"));
        Engines.ShellRun run = Engines.sh(script, cwd, scratch, "influxdb3");
        assertEquals(0, run.exit(), run.err() + Files.readString(script));
        try (Stream<Path> leftovers = Files.list(cwd)) {
            assertEquals(List.of(), leftovers.toList(), "the script made files: " + Files.readString(script));
        }
        return run.influxCalls();
    }

    /**
     * Every double-quoted identifier in SQL text, decoded (a doubled quote is one), outside comments and strings; each
     * must be one of {@code names}.
     */
    public static void sqlIdentifiersAre(String sql, Set<String> names) {
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '-' && sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? sql.length() : end + 1;
            } else if (c == '\'' || c == '"') {
                StringBuilder v = new StringBuilder();
                int j = i + 1;
                while (true) {
                    assertTrue(j < sql.length(), "unterminated " + c + " in: " + sql);
                    if (sql.charAt(j) == c) {
                        if (j + 1 < sql.length() && sql.charAt(j + 1) == c) {
                            v.append(c);
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    v.append(sql.charAt(j++));
                }
                if (c == '"') {
                    assertTrue(names.contains(v.toString()), "identifier " + v + " is none of " + names + " in: " + sql);
                }
                i = j + 1;
            } else {
                i++;
            }
        }
    }

    private static int run(ProcessBuilder pb, Path scratch) throws IOException, InterruptedException {
        pb.redirectErrorStream(true).redirectOutput(scratch.resolve("out-" + System.nanoTime()).toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return p.exitValue();
    }
}
