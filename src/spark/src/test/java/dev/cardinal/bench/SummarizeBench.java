package dev.cardinal.bench;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.spark.ReportComparison;
import dev.cardinal.spark.SummarizeBenchAccess;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.scenarios.Scenarios;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * Rows per second of the summary job on {@code local[2]} beside Cardinal's own reader, on a scenario with N rows (the
 * argument {@code N[,SCENARIO]}: default 1,000,000 rows of {@code ad-marketplace}; {@code id-explosion} is traffic
 * whose every id is near-distinct, the shape the job is slowest on): wall time, the process's CPU time (rows per CPU-second
 * says more than wall time on a shared machine, and the load average is printed beside it) and the heap each used; then the summary's figures are
 * checked against the rows' ({@link ReportComparison}), as the tests check them on small samples.
 *
 * <pre>mvn -q -DskipTests -Pspark-bench test-compile exec:exec -Dbench.main=dev.cardinal.bench.SummarizeBench -Dbench=1000000
 * mvn -q -DskipTests -Pspark-bench test-compile exec:exec -Dbench.main=dev.cardinal.bench.SummarizeBench -Dbench=1000000,id-explosion</pre>
 */
public final class SummarizeBench {
    private SummarizeBench() {
    }

    public static void main(String[] args) throws Exception {
        String[] given = args.length > 0 ? args[0].split(",", 2) : new String[0];
        long rows = given.length > 0 ? Long.parseLong(given[0].replace("_", "")) : 1_000_000;
        String scenario = given.length > 1 ? given[1] : "ad-marketplace";
        Path dir = Files.createTempDirectory("cardinal-summarize-bench");
        Path ws = Scenarios.write(scenario, dir, rows);
        Path traffic = dir.resolve("traffic.lp.gz");
        System.out.printf(scenario + ", %,d rows (%,d bytes gzipped), %d cores%n", rows, Files.size(traffic),
            Runtime.getRuntime().availableProcessors());

        resetPeaks();
        double load = load();
        long cpu0 = cpu();
        long t0 = System.nanoTime();
        Sample sample = SampleReader.read(List.of(new SampleReader.Source(traffic, new SampleBinding("traffic",
            traffic.toString(), SampleFormat.LINE_PROTOCOL, null, "ns", null, null, List.of()))), SampleLimits.defaults(),
            ReadMonitor.NONE);
        double readerSeconds = (System.nanoTime() - t0) / 1e9;
        double readerCpu = (cpu() - cpu0) / 1e9;
        long readerHeap = peakHeap();
        System.out.printf("Cardinal's reader: %,d rows in %.1f s = %,.0f rows/s; %.1f s CPU = %,.0f rows per CPU-second; "
            + "peak heap %,d MiB; load average %.1f to %.1f%n", sample.rows(), readerSeconds, sample.rows() / readerSeconds,
            readerCpu, sample.rows() / readerCpu, readerHeap >> 20, load, load());
        sample = null;
        System.gc();

        SparkSession spark = SummarizeBenchAccess.tuned(SparkSession.builder()).appName("summarize-bench").master("local[2]")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        Path summary = dir.resolve("traffic" + TrafficSummary.EXTENSION);
        resetPeaks();
        load = load();
        cpu0 = cpu();
        t0 = System.nanoTime();
        SummarizeBenchAccess.run(spark, ws, traffic, summary);
        double sparkSeconds = (System.nanoTime() - t0) / 1e9;
        double sparkCpu = (cpu() - cpu0) / 1e9;
        long sparkHeap = peakHeap();
        spark.stop();
        System.out.printf("summary job, local[2]: %,d rows in %.1f s = %,.0f rows/s; %.1f s CPU = %,.0f rows per CPU-second; "
            + "peak heap %,d MiB; load average %.1f to %.1f; summary %,d bytes%n", rows, sparkSeconds, rows / sparkSeconds,
            sparkCpu, rows / sparkCpu, sparkHeap >> 20, load, load(), Files.size(summary));

        t0 = System.nanoTime();
        ReportComparison.compare(scenario + " " + rows, ws, traffic, summary);
        System.out.printf("every figure of analyze --format json from the summary equals the rows' (checked in %.1f s)%n",
            (System.nanoTime() - t0) / 1e9);
    }

    /** CPU time of the whole process (every thread, the GC's included), in nanoseconds. */
    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** The machine's load average over the last minute: on a shared machine, wall time says little without it. */
    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void resetPeaks() {
        System.gc();
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    /** The sum of the heap pools' peaks since the last reset (an upper bound of the heap in use at once). */
    private static long peakHeap() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
            .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }
}
