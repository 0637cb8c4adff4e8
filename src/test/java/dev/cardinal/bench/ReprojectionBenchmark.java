package dev.cardinal.bench;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.IdColumn;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Exact re-projection after a role toggle (user_id from tag to field in ids-as-tags, alternating), next to a plain
 * scan of one id column in the same run: the ratio says how far the projection is from touching each row once.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgs = {"-Xmx6g"})
public class ReprojectionBenchmark {
    @Param({"1000000", "10000000"})
    public int rows;

    private LayoutMeasurer measurer;
    private IdColumn userIds;
    private Layout[] layouts;
    private int next;

    @Setup
    public void setUp() throws Exception {
        byte[] lines = BenchData.adMarketplace(rows);
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        new LineProtocolReader().read(new ByteArrayInputStream(lines), "bench.lp",
            SampleBinding.lineProtocol("t", "bench.lp", "ns"), b, ReadMonitor.NONE);
        SampleIndex index = new SampleIndex(b.build().eventKinds().get(0));
        measurer = new LayoutMeasurer(index);
        Layout tags = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"))
            .workspace().layout("ids-as-tags").orElseThrow();
        layouts = new Layout[]{tags, tags.withRole("user_id", Role.FIELD)};
        userIds = index.ids(index.sample().attributeIndex("user_id"));
    }

    @Benchmark
    public LayoutMeasure reprojectAfterToggle() {
        return measurer.measure(layouts[next++ & 1]);
    }

    @Benchmark
    public long plainColumnScan() {
        long sum = 0;
        for (int r = 0; r < rows; r++) {
            sum += userIds.get(r);
        }
        return sum;
    }
}
