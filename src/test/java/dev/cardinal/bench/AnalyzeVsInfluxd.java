package dev.cardinal.bench;

import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.push.InfluxV1Client;
import dev.cardinal.push.InfluxV1Push;
import dev.cardinal.push.InfluxV1Result;
import dev.cardinal.push.ScratchInfluxd;
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
 * Side by side, in one run: the whole {@code cardinal analyze FILE --format json} command in a fresh JVM (start-up,
 * read, every projection and growth fit, the report), and Cardinal's read-and-count alone in this JVM (the first
 * time, and again once compiled, as the workbench reads a second file), against
 * writing the same N-line ad marketplace file to a throwaway influxd and asking SHOW SERIES EXACT CARDINALITY.
 * Run: mvn -q -DskipTests -Pbench test-compile exec:exec -Dbench.main=dev.cardinal.bench.AnalyzeVsInfluxd -Dbench=1000000
 */
public final class AnalyzeVsInfluxd {
    private AnalyzeVsInfluxd() {
    }

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 && args[0].matches("\\d+") ? Long.parseLong(args[0]) : 1_000_000;
        byte[] text = BenchData.adMarketplace(rows);
        Path file = Files.write(Files.createTempFile("cardinal-bench", ".lp"), text);
        Layout layout = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"))
            .workspace().layout("ids-as-tags").orElseThrow();
        try {
            // first, while this JVM is idle: the child gets both cores, as it would from a shell
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
    private static double analyzeCommand(Path file) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"), "dev.cardinal.cli.Main",
            "analyze", file.toString(), "--format", "json")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        int code = p.waitFor();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (code != 0) {
            throw new IllegalStateException("cardinal analyze exited with " + code);
        }
        return seconds;
    }
}
