package dev.cardinal.engine;

import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.Quantities;
import dev.cardinal.traffic.Sample;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a rewrite of live data costs, said before it runs, whatever the engine: the points and bytes to rewrite
 * (counted on the server; bytes at the new layout's line-protocol size per point in the workspace's sample), the
 * series before and after (each layout projected over the sample through the one projection entry, as the engine's
 * server counts them), the time at the pace the probe measured on the target, the disk the copy needs while the old
 * data stays, and the index memory the new layout frees.
 *
 * @param before        the old layout's projection, or null when the workspace binds no sample
 * @param after         the new layout's projection, or null
 * @param bytesPerPoint the new layout's mean line-protocol bytes per point in the sample (0 without one)
 * @param stores        how the engine stores the copy, for the disk line ({@code TSM}, {@code Parquet})
 */
public record MigrationCost(long points, int windows, Projection before, Projection after, double bytesPerPoint, MigrationPace probe,
                            String stores) {

    /** One line of the cost: what, and its figure with what it rests on. */
    public record Row(String what, String value) {
    }

    /** How an engine gives the new layout's line-protocol bytes per point in the sample (0 when it has no rows). */
    public interface LineBytes {
        double perPoint(Layout to, Sample sample);
    }

    /**
     * The cost of rewriting {@code points} in {@code windows}, the layouts projected over {@code sample} (null: not
     * projected) with {@code settings}, the engine's server.
     */
    public static MigrationCost of(Workspace ws, Sample sample, Layout from, Layout to, long points, int windows, MigrationPace probe,
                                   ProjectionSettings settings, LineBytes bytes, String stores) {
        Projection before = null;
        Projection after = null;
        double bytesPerPoint = 0;
        if (sample != null && sample.eventKind(from.eventKind()).isPresent()) {
            ProjectionInput.Rows rows = ProjectionInput.rows(sample);
            before = project(ws, from, rows, settings);
            after = project(ws, to, rows, settings);
            bytesPerPoint = bytes.perPoint(to, sample);
        }
        return new MigrationCost(points, windows, before, after, bytesPerPoint, probe, stores);
    }

    private static Projection project(Workspace ws, Layout l, ProjectionInput.Rows rows, ProjectionSettings settings) {
        return Projections.project(ws, l, rows, settings) instanceof Projected.Rows r ? r.projection() : null;
    }

    public long bytes() {
        return Math.round(points * bytesPerPoint);
    }

    /** The cost line by line, as the command prints it and the workbench shows it. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("points to rewrite", Quantities.count(points) + " in " + windows + " shard-group window(s)"));
        if (before != null && after != null) {
            rows.add(new Row("bytes to rewrite", Quantities.bytes(bytes()) + " (the new layout's line protocol, "
                + String.format(Locale.ROOT, "%.1f", bytesPerPoint) + " bytes a point in the sample)"));
            rows.add(new Row("series (sample)", Quantities.count(before.seriesNow()) + " before, " + Quantities.count(after.seriesNow())
                + " after"));
            rows.add(new Row(before.reported().label(), before.reported().text() + " before, " + after.reported().text() + " after"));
            rows.add(new Row("disk while both copies exist", "at most " + Quantities.bytes(bytes())
                + " more (the rewritten points as line protocol; " + stores + " stores them compressed)"));
            rows.add(new Row("index memory freed", freed()));
        } else {
            rows.add(new Row("series, bytes, memory", "not projected (the workspace binds no sample of this event kind)"));
        }
        rows.add(new Row("time", String.format(Locale.ROOT, "%.2f s", seconds()) + " at the target's measured pace"));
        rows.add(new Row("probe", Quantities.count(probe.points()) + " points rewritten and checked in "
            + String.format(Locale.ROOT, "%.2f s; %.1f ms a window and %.1f µs a point", probe.seconds(),
            probe.secondsPerWindow() * 1e3, probe.secondsPerPoint() * 1e6)
            + (probe.untimed() > 0 ? "; first " + Quantities.count(probe.untimed()) + " points rewritten untimed (a server's first"
                + " rewrite runs slow)" : "")));
        return rows;
    }

    /** The time the run should take at the probed pace. */
    public double seconds() {
        return probe.secondsFor(points, windows);
    }

    public static void print(List<Row> rows, PrintWriter out) {
        out.println("cost:");
        for (Row r : rows) {
            out.println(String.format(Locale.ROOT, "  %-20s %s", r.what() + ":", r.value()));
        }
    }

    private String freed() {
        long low = before.memoryNow().low() - after.memoryNow().high();
        long high = before.memoryNow().high() - after.memoryNow().low();
        return low >= 0 ? Quantities.bytes(low) + " to " + Quantities.bytes(high)
            : "none for certain (" + Quantities.bytes(low) + " to " + Quantities.bytes(high) + ")";
    }
}
