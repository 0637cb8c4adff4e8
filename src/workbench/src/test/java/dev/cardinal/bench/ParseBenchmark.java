package dev.cardinal.bench;

import dev.cardinal.model.SampleBinding;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import java.io.ByteArrayInputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parse and dictionary-encode 1,000,000 lines of line protocol from memory, on one thread (the file's bytes are in
 * memory: this measures the reader, not the disk or gzip): the ad marketplace scenario, host metrics with three
 * measurements interleaved, and sensors encoded in 20,000 measurement names. Lines per second = 1e6 / (seconds per op).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgs = {"-Xmx3g"})
public class ParseBenchmark {
    private byte[] lines;
    private byte[] hostMetrics;
    private byte[] sensors;
    private final SampleBinding binding = SampleBinding.lineProtocol("t", "bench.lp", "ns");

    @Setup
    public void setUp() throws Exception {
        lines = BenchData.adMarketplace(1_000_000);
        hostMetrics = BenchData.interleavedHostMetrics(1_000_000);
        sensors = BenchData.sensorPerMeasurement(1_000_000);
    }

    @Benchmark
    public Sample parseAndEncodeOneMillionLines() throws Exception {
        return read(lines);
    }

    /** Three measurements interleaved line by line (cpu, mem, disk), as an agent's batches are. */
    @Benchmark
    public Sample parseOneMillionInterleavedHostMetrics() throws Exception {
        return read(hostMetrics);
    }

    /** Data encoded in measurement names: 20,000 event kinds. */
    @Benchmark
    public Sample parseOneMillionLinesOf20000Measurements() throws Exception {
        return read(sensors);
    }

    private Sample read(byte[] text) throws Exception {
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        b.expectInput(text.length); // as SampleReader does for a file of known size
        new LineProtocolReader().read(new ByteArrayInputStream(text), "bench.lp", binding, b, ReadMonitor.NONE);
        return b.build();
    }
}
