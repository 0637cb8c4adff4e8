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
import dev.cardinal.traffic.scenarios.Scenarios;
import java.io.ByteArrayInputStream;
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
 * Two ways: the workbench's interactive measurer once it has prepared the collapse of the layout's tags, and
 * counting over the rows (what the command line does, and a toggle to tags not prepared yet); plus what preparing
 * costs (done in the background). Each on one thread and on two (the count's partitions walked on both cores), on ad
 * marketplace traffic and on explosion-shaped traffic ({@code id-explosion}: every line a new series, issue 33's
 * targets of 10 ms at 1M rows and 100 ms at 10M for the toggle).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 10, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx6g"})
public class ReprojectionBenchmark {
    @Param({"1000000", "10000000"})
    public int rows;

    /** Walkers over the partitions of a count ({@code cardinal.projectionThreads}): one, or one per core. */
    @Param({"1", "2"})
    public int threads;

    /** The scenario the rows are of ({@link BenchData#scenario}). */
    @Param({"ad-marketplace", "id-explosion"})
    public String traffic;

    private SampleIndex index;
    private LayoutMeasurer measurer;
    private LayoutMeasurer rowsMeasurer;
    private IdColumn userIds;
    private Layout[] layouts;
    private int next;

    @Setup
    public void setUp() throws Exception {
        System.setProperty("cardinal.projectionThreads", String.valueOf(threads));
        byte[] lines = BenchData.scenario(traffic, rows);
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        new LineProtocolReader().read(new ByteArrayInputStream(lines), "bench.lp",
            SampleBinding.lineProtocol("t", "bench.lp", "ns"), b, ReadMonitor.NONE);
        index = new SampleIndex(b.build().eventKinds().get(0));
        measurer = LayoutMeasurer.interactive(index);
        rowsMeasurer = new LayoutMeasurer(index);
        Layout tags = WorkspaceFiles.load(BenchData.scenarioDir(traffic, rows).resolve(Scenarios.workspaceFileName(traffic)))
            .workspace().layout("ids-as-tags").orElseThrow();
        layouts = new Layout[]{tags, tags.withRole("user_id", Role.FIELD)};
        measurer.prepare(tags); // the workbench prepares in the background once a layout is shown
        userIds = index.ids(index.sample().attributeIndex("user_id"));
    }

    @Benchmark
    public LayoutMeasure reprojectAfterToggle() {
        return measurer.measure(layouts[next++ & 1]);
    }

    @Benchmark
    public void prepareCollapse() {
        LayoutMeasurer.interactive(index).prepare(layouts[0]);
    }

    @Benchmark
    public LayoutMeasure reprojectOverRows() {
        return rowsMeasurer.measure(layouts[next++ & 1]);
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
