package dev.cardinal.bench;

import dev.cardinal.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What the installed package's start-up archive (AppCDS) gains, in fresh processes of {@code /usr/bin/cardinal}, with
 * the archive (as installed) and without it ({@code -Xshare:off}: Java 17's jlink makes no archive of its own, so a
 * runtime without the package's has none), runs alternated:
 * <ol>
 * <li>{@code cardinal analyze} on N lines of the ad marketplace scenario, wall time to exit;</li>
 * <li>{@code cardinal gui} to its window: from the process's start to its top-level window titled Cardinal existing
 * on the display (polled with {@code xwininfo}).</li>
 * </ol>
 * Needs the package installed ({@code mvn -Pdeb package}, {@code apt install ./target/package/deb/cardinal_*.deb})
 * and a display. Run: xvfb-run -a mvn -q -DskipTests -Pbench test-compile exec:exec
 * -Dbench.main=dev.cardinal.bench.InstalledStartup -Dbench=1000000
 */
public final class InstalledStartup {
    private static final String CARDINAL = "/usr/bin/cardinal";
    private static final int RUNS = 7;

    private InstalledStartup() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 && args[0].matches("\\d+") ? Long.parseLong(args[0]) : 1_000_000;
        if (!Files.isExecutable(Path.of(CARDINAL))) {
            throw new IllegalStateException(CARDINAL + " is not installed: mvn -Pdeb package, then apt install ./target/package/deb/cardinal_*.deb");
        }
        if (System.getenv("DISPLAY") == null) {
            throw new IllegalStateException("no display: run under xvfb-run -a");
        }
        Path dir = Path.of("target/bench-installed");
        Path traffic = dir.resolve("ad-marketplace/traffic.lp.gz");
        if (!Files.isRegularFile(traffic)) {
            int code = Main.run("sample-data", "ad-marketplace", "--rows", Long.toString(rows), "-o", dir.toString());
            if (code != 0) {
                throw new IllegalStateException("cardinal sample-data failed: " + code);
            }
        }
        Path home = Files.createDirectories(dir.resolve("home"));

        List<Double> analyzeWith = new ArrayList<>();
        List<Double> analyzeWithout = new ArrayList<>();
        List<Double> windowWith = new ArrayList<>();
        List<Double> windowWithout = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            boolean withFirst = i % 2 == 0; // alternate which goes first, so neither always runs warmer
            for (boolean with : withFirst ? new boolean[] {true, false} : new boolean[] {false, true}) {
                (with ? analyzeWith : analyzeWithout).add(analyze(traffic, with, home));
                (with ? windowWith : windowWithout).add(window(with, home));
            }
        }
        System.out.printf(Locale.ROOT, "analyze %,d lines, fresh process: with the archive %s; without %s%n", rows,
            summary(analyzeWith), summary(analyzeWithout));
        System.out.printf(Locale.ROOT, "gui, process start to window: with the archive %s; without %s%n",
            summary(windowWith), summary(windowWithout));
    }

    private static double analyze(Path traffic, boolean archive, Path home) throws Exception {
        ProcessBuilder pb = command(archive, home, CARDINAL, "analyze", traffic.toString(), "--format", "json");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        long start = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("cardinal analyze failed: " + new String(p.getErrorStream().readAllBytes()));
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static double window(boolean archive, Path home) throws Exception {
        ProcessBuilder pb = command(archive, home, CARDINAL, "gui");
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        long start = System.nanoTime();
        Process p = pb.start();
        try {
            while (System.nanoTime() - start < TimeUnit.SECONDS.toNanos(60)) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("cardinal gui ended before its window showed");
                }
                if (windowShown()) {
                    return (System.nanoTime() - start) / 1e9;
                }
                Thread.sleep(10);
            }
            throw new IllegalStateException("no window after 60 s");
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** A top-level window named Cardinal (the frame's title before the workbench is built into it). */
    private static boolean windowShown() throws IOException, InterruptedException {
        Process x = new ProcessBuilder("xwininfo", "-root", "-children").redirectErrorStream(true).start();
        String out = new String(x.getInputStream().readAllBytes());
        x.waitFor();
        return out.contains("\"Cardinal\"");
    }

    private static ProcessBuilder command(boolean archive, Path home, String... command) {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("HOME", home.toAbsolutePath().toString());
        pb.environment().remove("XDG_CONFIG_HOME");
        if (archive) {
            pb.environment().remove("_JAVA_OPTIONS");
        } else {
            pb.environment().put("_JAVA_OPTIONS", "-Xshare:off"); // after the launcher's own options, unlike JAVA_TOOL_OPTIONS
        }
        return pb;
    }

    private static String summary(List<Double> seconds) {
        List<Double> s = new ArrayList<>(seconds);
        Collections.sort(s);
        return String.format(Locale.ROOT, "median %.2f s (%.2f to %.2f, %d runs)", s.get(s.size() / 2), s.get(0), s.get(s.size() - 1), s.size());
    }
}
