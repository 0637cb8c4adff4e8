package dev.cardinal.bench;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.LineProtocolReader;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.SampleBuilder;
import dev.cardinal.traffic.SampleLimits;
import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The interactive toggle (ids-as-tags, user_id tag and field in turn, prepared as the workbench prepares it) on one
 * walker thread and on two, alternating in one JVM so both see the same machine: median and tenth percentile of the
 * wall time and of the calling thread's CPU time per toggle. Where other processes hold a core, the CPU time of one
 * thread still says what the work costs; the wall time on two says what the second core gives when it is free.
 * Arguments: {@code ROWS[,TOGGLES]}.
 */
public final class ToggleOnCores {
    private ToggleOnCores() {
    }

    public static void main(String[] args) throws Exception {
        String[] a = args[0].split(",");
        int rows = Integer.parseInt(a[0]);
        int n = a.length > 1 ? Integer.parseInt(a[1]) : 200;
        SampleBuilder b = new SampleBuilder(SampleLimits.defaults());
        new LineProtocolReader().read(new ByteArrayInputStream(BenchData.adMarketplace(rows)), "bench.lp",
            SampleBinding.lineProtocol("t", "bench.lp", "ns"), b, ReadMonitor.NONE);
        SampleIndex index = new SampleIndex(b.build().eventKinds().get(0));
        LayoutMeasurer measurer = LayoutMeasurer.interactive(index);
        Layout tags = WorkspaceFiles.load(Path.of("sample-data/ad-marketplace/ad-marketplace.cardinal.json"))
            .workspace().layout("ids-as-tags").orElseThrow();
        Layout[] layouts = {tags, tags.withRole("user_id", Role.FIELD)};
        measurer.prepare(tags);
        var threadMx = ManagementFactory.getThreadMXBean();
        long series = 0;
        for (int round = 0; round < 4; round++) {
            int threads = 1 + (round & 1);
            System.setProperty("cardinal.projectionThreads", String.valueOf(threads));
            long[] cpu = new long[n];
            long[] wall = new long[n];
            for (int w = 0; w < n / 2; w++) {
                series += measurer.measure(layouts[w & 1]).series();
            }
            for (int i = 0; i < n; i++) {
                long c0 = threadMx.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                series += measurer.measure(layouts[i & 1]).series();
                cpu[i] = threadMx.getCurrentThreadCpuTime() - c0;
                wall[i] = System.nanoTime() - t0;
            }
            Arrays.sort(cpu);
            Arrays.sort(wall);
            System.out.printf(Locale.ROOT, "%,d rows, %d thread(s): wall median %.2f ms (p10 %.2f), calling thread's CPU median %.2f ms (p10 %.2f) over %d toggles%n",
                rows, threads, wall[n / 2] / 1e6, wall[n / 10] / 1e6, cpu[n / 2] / 1e6, cpu[n / 10] / 1e6, n);
        }
        System.out.println("(series counted, to keep the work: " + series + ")");
    }
}
