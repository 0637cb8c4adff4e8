package dev.cardinal.bench;

import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Push;
import dev.cardinal.engine.influxdb1.InfluxV1Result;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Side by side, in one run, on the same N-line ad marketplace file, every one counting the exact distinct series and
 * the sum over shard groups: the whole {@code cardinal analyze FILE --format json} command in a fresh JVM (start-up,
 * read, every projection and growth fit, the report); Cardinal's read-and-count alone in this JVM (the first time,
 * and again once compiled, as the workbench reads a second file); InfluxDB 1.6.7's own line-protocol parser
 * ({@code models.ParsePointsWithPrecision} in batches of 5,000, as influxd's /write handler calls it) with a Go map of
 * series keys; a naive Python set of keys; and writing the file to a throwaway influxd and asking
 * {@code SHOW SERIES EXACT CARDINALITY}. Prints each time, each count and the ratios.
 * <p>
 * The two peers are in {@code ../shared/peers} (or {@code -Dpeers=DIR}); the Go one is built into
 * {@code target/peers} from Debian's InfluxDB sources ({@code apt-get install golang-go
 * golang-github-influxdb-influxdb-dev}); a peer that cannot run is said so, not left out silently.
 * Run: mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.AnalyzeVsInfluxd -Dbench=1000000
 * ({@code -Dbench=10000000,noinfluxd} leaves out the server, which takes minutes and gigabytes at 10M; {@code
 * -Dbench=1000000,id-explosion,noinfluxd} reads the explosion-shaped traffic, where every line is a new series, instead
 * of the ad marketplace, and any scenario's name ({@code weather}, {@code custom-metrics}) that scenario, each counted
 * under its workspace's first layout (ids-as-tags for the two with ids); {@code nosettle} does not wait for the load
 * to fall).
 */
public final class AnalyzeVsInfluxd {
    private AnalyzeVsInfluxd() {
    }

    /**
     * Waits, at most 90 s, for the load average over the last minute to fall under 1: the targets are set on a quiet
     * machine, and making a file of 10M lines on both cores leaves a load of 2 that would make the command read it on
     * one thread. Prints the load it ran at.
     */
    private static void settle() throws Exception {
        var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long start = System.nanoTime();
        while (os.getSystemLoadAverage() >= 1 && System.nanoTime() - start < 90e9) {
            Thread.sleep(1000);
        }
        System.out.printf(Locale.ROOT, "load average %.2f after %.0f s waiting for it to fall under 1%n",
            os.getSystemLoadAverage(), (System.nanoTime() - start) / 1e9);
    }

    public static void main(String[] args) throws Exception {
        String[] options = args.length > 0 ? args[0].split(",") : new String[0];
        long rows = options.length > 0 && options[0].matches("\\d+") ? Long.parseLong(options[0]) : 1_000_000;
        List<String> given = java.util.Arrays.asList(options);
        boolean influxd = !given.contains("noinfluxd");
        String scenario = given.stream().filter(dev.cardinal.traffic.scenarios.Scenarios.writable()::contains).findFirst()
            .orElse("ad-marketplace");
        byte[] text = BenchData.scenario(scenario, rows);
        System.out.printf(Locale.ROOT, "%s, %,d lines, %,d bytes%n", scenario, rows, text.length);
        Path file = Files.write(Files.createTempFile("cardinal-bench", ".lp"), text);
        // on disk before anything is timed: else the kernel writes the file back while the command reads it
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Layout layout = WorkspaceFiles.load(BenchData.scenarioDir(scenario, rows).resolve(scenario + WorkspaceFiles.EXTENSION))
            .workspace().layouts().get(0);
        System.out.println("layout " + layout.id() + " (the scenario's first)");
        try {
            // first, while this JVM is idle: the child gets both cores, as it would from a shell; and once the load of
            // making the file has passed (the command decides on a second reading thread by the load average)
            if (!given.contains("nosettle")) {
                settle();
            }
            System.out.println("uptime: " + new String(new ProcessBuilder("uptime").start().getInputStream().readAllBytes()).trim());
            double commandSeconds = analyzeCommand(file);
            long t0 = System.nanoTime();
            LayoutMeasure m = readAndCount(file, layout);
            double cardinalSeconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "cardinal: %,d lines read and counted in %.2f s (the first time in this JVM): %,d series,"
                + " %,d per shard group (up to 1.7.7)%n", m.points(), cardinalSeconds, m.series(), m.shardGroupSeries());
            // as the workbench reads its second file: the same work once the JIT has compiled it
            double warmSeconds = Double.MAX_VALUE;
            for (int i = 0; i < 4; i++) {
                long w = System.nanoTime();
                readAndCount(file, layout);
                warmSeconds = Math.min(warmSeconds, (System.nanoTime() - w) / 1e9);
            }
            System.out.printf(Locale.ROOT, "cardinal: read and counted again, compiled: %.2f s (best of 4)%n", warmSeconds);
            System.out.printf(Locale.ROOT, "cardinal analyze FILE --format json, a fresh JVM: %.2f s%n", commandSeconds);
            Peer go = Peer.go(file);
            Peer python = Peer.python(file);
            for (Peer peer : List.of(go, python)) {
                System.out.println(peer.describe(commandSeconds, m.series(), m.shardGroupSeries()));
            }
            if (!influxd) {
                return;
            }

            try (ScratchInfluxd server = ScratchInfluxd.start()) {
                InfluxV1Client client = InfluxV1Client.of(server.url());
                client.query("CREATE DATABASE bench", null);
                List<byte[]> lines = new ArrayList<>();
                int start = 0;
                for (int i = 0; i < text.length; i++) {
                    if (text[i] == '\n') {
                        lines.add(java.util.Arrays.copyOfRange(text, start, i));
                        start = i + 1;
                    }
                }
                long w0 = System.nanoTime();
                Iterator<byte[]> it = lines.iterator();
                client.writeBatched("bench", "autogen", "ns", it, 5000);
                double writeSeconds = (System.nanoTime() - w0) / 1e9;
                long q0 = System.nanoTime();
                InfluxV1Result r = client.query("SHOW SERIES EXACT CARDINALITY", "bench");
                double querySeconds = (System.nanoTime() - q0) / 1e9;
                long reported = r.series().stream().mapToLong(s -> ((Number) s.values().get(0).get(0)).longValue()).sum();
                // what the server's own version counts (its X-Influxdb-Version header)
                long projected = new InfluxV1Push(client, "bench").engine().reportedSeries(m, () -> -1);
                System.out.printf(Locale.ROOT, "influxd:  %,d lines written in %.1f s, SHOW SERIES EXACT CARDINALITY in %.1f s: %,d%n",
                    lines.size(), writeSeconds, querySeconds, reported);
                System.out.printf(Locale.ROOT, "the analyze command is %.0fx faster, the read-and-count %.0fx (%.0fx compiled); counts %s%n",
                    (writeSeconds + querySeconds) / commandSeconds, (writeSeconds + querySeconds) / cardinalSeconds,
                    (writeSeconds + querySeconds) / warmSeconds,
                    reported == projected ? "equal" : "DIFFER (" + reported + " vs " + projected + ")");
                double serverSeconds = writeSeconds + querySeconds;
                System.out.printf(Locale.ROOT, "ratios to the server (its time / theirs): cardinal analyze %.1fx, Go parser %s, Python %s%n",
                    serverSeconds / commandSeconds, go.ratioOf(serverSeconds), python.ratioOf(serverSeconds));
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static LayoutMeasure readAndCount(Path file, Layout layout) {
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(file,
            SampleBinding.lineProtocol("t", file.toString(), "ns"))), SampleLimits.defaults(), ReadMonitor.NONE);
        return new LayoutMeasurer(new SampleIndex(sample.eventKinds().get(0))).measure(layout);
    }

    /** Wall time of {@code cardinal analyze FILE --format json} in a new JVM with this one's class path. */
    /**
     * The command as the README runs it: the built jar from its start-up archive ({@code mvn package} makes both), else
     * this build's classes from the class path (then said so).
     */
    private static double analyzeCommand(Path file) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path jar = Path.of("target", "cardinal.jar");
        Path archive = Path.of("target", "cardinal.jsa");
        List<String> command = new ArrayList<>(List.of(java.toString()));
        if (Files.isRegularFile(jar) && Files.isRegularFile(archive)
            && Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(Path.of("target", "classes"))) >= 0) {
            command.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-jar", jar.toString()));
            System.out.println("cardinal analyze: java -XX:SharedArchiveFile=" + archive + " -jar " + jar);
        } else {
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.cardinal.cli.Main"));
            System.out.println("cardinal analyze: from the class path, without a start-up archive (mvn package makes the jar"
                + " and target/cardinal.jsa)");
        }
        command.addAll(List.of("analyze", file.toString(), "--format", "json"));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        int code = p.waitFor();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (code != 0) {
            throw new IllegalStateException("cardinal analyze exited with " + code);
        }
        return seconds;
    }

    /** A peer run on the same file: its wall time and the counts it printed, or why it could not run. */
    private record Peer(String name, double seconds, long series, long shardGroupSeries, long peakKib, String unavailable) {
        static Peer go(Path file) throws Exception {
            Path source = peers().resolve("influxparse");
            Path built = Path.of("target", "peers", "influxparse");
            if (!Files.isExecutable(built.resolve("influxparse"))) {
                if (!Files.isDirectory(source)) {
                    return absent("InfluxDB 1.6.7's parser", "no " + source);
                }
                Files.createDirectories(built);
                try (var files = Files.list(source)) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        Files.copy(f, built.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                Process b = new ProcessBuilder("sh", built.resolve("build.sh").toString()).inheritIO().start();
                if (b.waitFor() != 0) {
                    return absent("InfluxDB 1.6.7's parser", "its build failed (apt-get install golang-go golang-github-influxdb-influxdb-dev)");
                }
            }
            return run("InfluxDB 1.6.7's parser (Go, batches of 5,000) + a map", built.resolve("influxparse").toString(),
                "-batch", "5000", file.toString());
        }

        static Peer python(Path file) throws Exception {
            Path script = peers().resolve("naive_series.py");
            if (!Files.exists(script)) {
                return absent("a naive Python set", "no " + script);
            }
            return run("a naive Python set of keys", "python3", script.toString(), file.toString());
        }

        private static Path peers() {
            return Path.of(System.getProperty("peers", "../shared/peers"));
        }

        private static Peer absent(String name, String why) {
            return new Peer(name, Double.NaN, -1, -1, -1, why);
        }

        /** Runs under /usr/bin/time for the peak resident size; the peer prints its counts as JSON. */
        private static Peer run(String name, String... command) throws Exception {
            Path timing = Files.createTempFile("cardinal-peer", ".time");
            try {
                List<String> argv = new ArrayList<>(List.of("/usr/bin/time", "-f", "%M", "-o", timing.toString()));
                argv.addAll(List.of(command));
                long t0 = System.nanoTime();
                Process p = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.INHERIT).start();
                byte[] out = p.getInputStream().readAllBytes();
                int code = p.waitFor();
                double seconds = (System.nanoTime() - t0) / 1e9;
                if (code != 0) {
                    return absent(name, "exited with " + code);
                }
                var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out);
                String kib = Files.readString(timing).trim();
                return new Peer(name, seconds, json.get("series").asLong(), json.get("series_summed_over_shard_groups").asLong(),
                    kib.matches("\\d+") ? Long.parseLong(kib) : -1, null);
            } finally {
                Files.deleteIfExists(timing);
            }
        }

        String describe(double cardinalSeconds, long series, long shardGroupSeries) {
            if (unavailable != null) {
                return name + ": not run, " + unavailable;
            }
            boolean equal = this.series == series && this.shardGroupSeries == shardGroupSeries;
            return String.format(Locale.ROOT, "%s: %.2f s, %,d MiB peak; %,d series, %,d summed over shard groups (%s); "
                    + "cardinal analyze takes %.2fx its time", name, seconds, peakKib / 1024, this.series, this.shardGroupSeries,
                equal ? "equal to Cardinal's" : "DIFFER from Cardinal's " + series + " / " + shardGroupSeries, cardinalSeconds / seconds);
        }

        String ratioOf(double serverSeconds) {
            return unavailable != null ? "not run" : String.format(Locale.ROOT, "%.1fx", serverSeconds / seconds);
        }
    }
}
