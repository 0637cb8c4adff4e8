package dev.cardinal.bench;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Lines per second to read, parse and dictionary-encode one plain line protocol file (ad marketplace, in the page
 * cache) with {@code cardinal.readThreads} 1, 2 (chunks) and {@code pipeline} (lines found and parsed on a second
 * thread, taken on the first), alternated run by run so that the machine's load falls on both
 * alike; each run's sample is checked to hold as many rows as the file has lines. Beside the wall time, the CPU time
 * the process spent (what the parallel read costs in work, which a loaded machine does not blur as it blurs the wall
 * time). Then the same lines as one {@code .gz} (read as any .gz: inflated on a second thread while the first parses),
 * for what a compressed file costs beside, and the .gz pipelined (a third thread finding the lines). Argument: {@code LINES[,RUNS]}, or {@code FILE[,RUNS]} for a file of
 * ad marketplace lines already written (one thread against the pipeline only).
 */
public final class ParallelParse {
    private ParallelParse() {
    }

    public static void main(String[] args) throws Exception {
        String[] a = (args.length == 0 || args[0].isBlank() ? "1000000" : args[0]).split(",");
        int runs = a.length > 1 ? Integer.parseInt(a[1]) : 7;
        boolean generated = a[0].chars().allMatch(Character::isDigit);
        Path file = generated ? Files.createTempFile("parallel-parse", ".lp") : Path.of(a[0]);
        Path gz = Files.createTempFile("parallel-parse", ".lp.gz");
        try {
            long lines = generated ? Long.parseLong(a[0]) : -1;
            if (generated) {
                byte[] text = BenchData.adMarketplace((int) lines);
                Files.write(file, text);
                try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz), 1 << 16)) {
                    out.write(text);
                }
            }
            var binding = SampleBinding.lineProtocol("t", "t.lp", "ns");
            var plain = List.of(new SampleReader.Source(file, binding));
            // a file given (10M lines, 1.9 GB) is not read in chunks (its size is more than half the budget) nor gzipped
            List<List<SampleReader.Source>> read = generated
                ? List.of(plain, plain, plain, List.of(new SampleReader.Source(gz, binding)),
                    List.of(new SampleReader.Source(gz, binding)))
                : List.of(plain, plain);
            String[] threads = generated ? new String[] {"1", "2", "pipeline", "1", "pipeline"}
                : new String[] {"1", "pipeline"};
            String[] what = generated ? new String[] {"1 thread", "2 threads (chunks)", "pipeline (lines found on a 2nd"
                + " thread)", ".gz (inflating thread + 1 parsing)", ".gz pipelined (inflating, finding lines, taking them)"}
                : new String[] {"1 thread", "pipeline"};
            System.out.printf(Locale.ROOT, "%s, %,d bytes, %d processors, load %s%n", file, Files.size(file),
                Runtime.getRuntime().availableProcessors(), Files.readString(Path.of("/proc/loadavg")).trim());
            double[][] seconds = new double[threads.length][runs + 2];
            double[][] cpu = new double[threads.length][runs + 2];
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            for (int run = 0; run < runs + 2; run++) {
                for (int t = 0; t < threads.length; t++) {
                    System.setProperty("cardinal.readThreads", threads[t]);
                    long start = System.nanoTime();
                    long cpuStart = os.getProcessCpuTime();
                    Sample s = SampleReader.read(read.get(t), SampleLimits.defaults(), ReadMonitor.NONE);
                    seconds[t][run] = (System.nanoTime() - start) / 1e9;
                    cpu[t][run] = (os.getProcessCpuTime() - cpuStart) / 1e9;
                    long rows = s.eventKinds().stream().mapToLong(k -> k.rows()).sum();
                    if (lines < 0) {
                        lines = rows;
                    }
                    if (rows != lines) {
                        throw new IllegalStateException(what[t] + " read " + rows + " rows of " + lines);
                    }
                    System.out.printf(Locale.ROOT, "run %d %s: %.3f s, CPU %.3f s, load %s%n", run, what[t],
                        seconds[t][run], cpu[t][run], Files.readString(Path.of("/proc/loadavg")).trim());
                }
            }
            for (int t = 0; t < threads.length; t++) {
                // the first two runs of each are warm-up (the JIT compiling the reader)
                double[] measured = Arrays.copyOfRange(seconds[t], 2, runs + 2);
                double[] cpuSeconds = Arrays.copyOfRange(cpu[t], 2, runs + 2);
                Arrays.sort(measured);
                Arrays.sort(cpuSeconds);
                double median = measured[measured.length / 2];
                System.out.printf(Locale.ROOT, "%s: median %.3f s (%.2fM lines/s), best %.3f s, worst %.3f s;"
                    + " CPU time of the process (all threads, GC included) median %.3f s%n", what[t], median,
                    lines / median / 1e6, measured[0], measured[measured.length - 1], cpuSeconds[cpuSeconds.length / 2]);
            }
            System.out.printf(Locale.ROOT, "load after: %s%n", Files.readString(Path.of("/proc/loadavg")).trim());
        } finally {
            if (generated) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(gz);
        }
    }
}
