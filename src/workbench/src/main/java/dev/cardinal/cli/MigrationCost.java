package dev.cardinal.cli;

import dev.cardinal.engine.influxdb1.MigrationProbe;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import java.io.PrintWriter;

/**
 * What a migration costs, said before it runs: the points and bytes to rewrite (counted on the server; bytes at the
 * new layout's line-protocol size per point in the workspace's sample), the series before and after (each layout
 * projected over the sample through the one projection entry), the time at the pace the probe measured on the target,
 * the disk the copy needs while the old data stays, and the index memory the new layout frees.
 *
 * @param before the old layout's projection, or null when the workspace binds no sample
 * @param after  the new layout's projection, or null
 * @param bytesPerPoint the new layout's mean line-protocol bytes per point in the sample (0 without one)
 */
record MigrationCost(long points, int windows, Projection before, Projection after, double bytesPerPoint, MigrationProbe probe) {

    static MigrationCost of(Workspace ws, Sample sample, Layout from, Layout to, long points, int windows, MigrationProbe probe) {
        Projection before = null;
        Projection after = null;
        double bytesPerPoint = 0;
        if (sample != null && sample.eventKind(from.eventKind()).isPresent()) {
            ProjectionInput.Rows rows = ProjectionInput.rows(sample);
            before = project(ws, from, rows);
            after = project(ws, to, rows);
            EventKindSample kind = sample.eventKind(from.eventKind()).get();
            SampleLineProtocol lp = new SampleLineProtocol(to, kind);
            long bytes = 0;
            long lines = 0;
            for (String line = lp.nextLine(); line != null; line = lp.nextLine()) {
                bytes += line.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 1;
                lines++;
            }
            bytesPerPoint = lines == 0 ? 0 : (double) bytes / lines;
        }
        return new MigrationCost(points, windows, before, after, bytesPerPoint, probe);
    }

    private static Projection project(Workspace ws, Layout l, ProjectionInput.Rows rows) {
        return Projections.project(ws, l, rows, dev.cardinal.engines.ServerFor.defaults()) instanceof Projected.Rows r ? r.projection() : null;
    }

    long bytes() {
        return Math.round(points * bytesPerPoint);
    }

    void print(PrintWriter out) {
        out.println("cost:");
        out.println("  points to rewrite:   " + Quantities.count(points) + " in " + windows + " shard-group window(s)");
        if (before != null && after != null) {
            out.println("  bytes to rewrite:    " + Quantities.bytes(bytes()) + " (the new layout's line protocol, "
                + String.format(java.util.Locale.ROOT, "%.1f", bytesPerPoint) + " bytes a point in the sample)");
            out.println("  series (sample):     " + Quantities.count(before.seriesNow()) + " before, " + Quantities.count(after.seriesNow())
                + " after");
            out.println("  " + before.reported().label() + ": " + before.reported().text() + " before, " + after.reported().text() + " after");
            out.println("  disk while both copies exist: at most " + Quantities.bytes(bytes())
                + " more (the rewritten points as line protocol; TSM stores them compressed)");
            out.println("  index memory freed:  " + freed());
        } else {
            out.println("  series, bytes, memory: not projected (the workspace binds no sample of this event kind)");
        }
        out.println("  time:                " + String.format(java.util.Locale.ROOT, "%.2f s", probe.secondsFor(points, windows)) + " at the target's measured pace (probe: "
            + Quantities.count(probe.points()) + " points rewritten and checked in "
            + String.format(java.util.Locale.ROOT, "%.2f s; %.1f ms a window and %.1f µs a point)", probe.seconds(),
            probe.secondsPerWindow() * 1e3, probe.secondsPerPoint() * 1e6));
    }

    private String freed() {
        long low = before.memoryNow().low() - after.memoryNow().high();
        long high = before.memoryNow().high() - after.memoryNow().low();
        return low >= 0 ? Quantities.bytes(low) + " to " + Quantities.bytes(high)
            : "none for certain (" + Quantities.bytes(low) + " to " + Quantities.bytes(high) + ")";
    }
}
