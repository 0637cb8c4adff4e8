package dev.cardinal.ui.push;

import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.influxdb1.InfluxQl;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Push;
import dev.cardinal.engine.influxdb1.SampleWrite;
import dev.cardinal.engine.influxdb1.ScratchInfluxd;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.MemoryModel;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.ui.common.Tasks;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The workbench's one-button push: a throwaway influxd (started once, stopped when the window closes), a fresh
 * database for the layout, the plan applied, the sample written through the layout, and the server's numbers set
 * beside the projection's.
 */
public final class ScratchPush implements AutoCloseable {
    private ScratchInfluxd server;

    /**
     * One line of the comparison: what, projected, measured ({@code -1} when the server does not say), and how the
     * two must compare: equal (counts), or the projection one edge of a range the measurement must be inside (memory).
     */
    public record Row(String what, long projected, long measured, Bound bound) {
        Row(String what, long projected, long measured) {
            this(what, projected, measured, Bound.EQUAL);
        }

        /** How a measurement must compare with the projection. */
        public enum Bound { EQUAL, AT_LEAST, AT_MOST }

        /** True when the server's number is not what the projection allows: the row is marked. */
        public boolean differs() {
            if (projected < 0 || measured < 0) {
                return false;
            }
            return switch (bound) {
                case EQUAL -> projected != measured;
                case AT_LEAST -> measured < projected;
                case AT_MOST -> measured > projected;
            };
        }
    }

    /** What a push did and found. */
    record Result(String summary, List<Row> rows, boolean matches) {
        Result {
            rows = List.copyOf(rows);
        }
    }

    static boolean available() {
        return ScratchInfluxd.available();
    }

    /** A plan made against a target, kept for Apply. */
    record Planned(InfluxV1Push push, Plan plan, Layout layout) {
        /** Where it was planned, for display: URL and database, never credentials. */
        String target() {
            return push.target();
        }
    }

    /** Runs on a background thread: a throwaway influxd, a fresh database, the plan applied, the sample written. */
    synchronized Result push(Workspace ws, Layout layout, EventKindSample sample, Tasks.Progress progress) throws Exception {
        if (server == null) {
            progress.update(-1, "Starting a scratch influxd…");
            server = ScratchInfluxd.start();
        }
        InfluxV1Client client = InfluxV1Client.of(server.url());
        String db = "cardinal_" + SchemaInference.slug(layout.id()).replace('-', '_');
        // the scratch server is ours: each push starts from an empty database
        client.query("DROP DATABASE " + InfluxQl.identifier(db), null);
        return apply(plan(client, db, ws, layout), sample, true, progress);
    }

    /** Reads the target's state and plans {@code layout} on it; nothing changes on the server. Background thread. */
    static Planned plan(InfluxV1Client client, String db, Workspace ws, Layout layout) throws Exception {
        client.ping();
        InfluxV1Push push = new InfluxV1Push(client, db);
        return new Planned(push, push.plan(ws, List.of(layout)), layout);
    }

    /**
     * Applies a plan's non-destructive steps (destructive ones stay blocked: the command line names them with
     * {@code --allow}), then optionally writes the sample through the layout, shifted to now by whole shard groups,
     * and compares the server's numbers with the projection. Background thread.
     */
    static Result apply(Planned planned, EventKindSample sample, boolean writeSample, Tasks.Progress progress) throws Exception {
        InfluxV1Push push = planned.push();
        Layout layout = planned.layout();
        progress.update(-1, "Applying " + layout.name() + " on " + push.target() + "…");
        var applied = push.apply(planned.plan(), Set.of(), PushMonitor.NONE);
        String blocked = blocked(applied);
        if (!writeSample) {
            return new Result(layout.name() + " applied on " + push.target() + ": " + applied.ran().size() + " step(s)" + blocked,
                List.of(), true);
        }
        LayoutMeasurer measurer = new LayoutMeasurer(new SampleIndex(sample));
        LayoutMeasure projected = measurer.measure(layout);
        SampleWrite write = new SampleWrite(push.client(), push.database(), layout.retention().name(), SampleWrite.timeShiftToNow(sample,
            layout.retention().effectiveShardGroupDuration(), System.currentTimeMillis() * 1_000_000L));
        InfluxV1Push.Comparison c = push.writeAndMeasure(layout, sample, projected, measurer.fieldValuesKept(layout), write, 0,
            writing(progress, "rows"));
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("points written", projected.points(), c.write().linesSent() - c.write().pointsDropped()));
        rows.add(new Row("series", projected.series(), c.measured().series()));
        rows.add(new Row("SHOW SERIES EXACT CARDINALITY on " + push.engine().product(), c.projectedReportedSeries(),
            c.measured().serverReportedSeries()));
        rows.add(new Row("measurements", projected.measurements(), c.measured().measurements()));
        rows.add(new Row("field keys", projected.fieldKeys(), c.measured().fieldKeys()));
        c.fieldCounts().forEach(f -> rows.add(new Row("count(" + f.field() + ")", f.projected(), f.measured())));
        Map<String, Long> keys = new TreeMap<>(projected.tags());
        c.measured().tags().forEach(keys::putIfAbsent);
        keys.keySet().forEach(k -> rows.add(new Row("values of tag " + k, projected.tags().getOrDefault(k, 0L),
            c.measured().tags().getOrDefault(k, 0L))));
        if (c.indexMemoryGrowth() >= 0) {
            var memory = MemoryModel.estimate(projected.footprint());
            rows.add(new Row("index memory growth, bytes (model: low)", memory.low(), c.indexMemoryGrowth(), Row.Bound.AT_LEAST));
            rows.add(new Row("index memory growth, bytes (model: high)", memory.high(), c.indexMemoryGrowth(), Row.Bound.AT_MOST));
        }
        boolean matches = c.matches() && c.write().pointsDropped() == 0 && c.projectedOverwritten() == 0;
        String summary = layout.name() + " on " + push.target() + " (" + push.engine().product() + "): "
            + (c.write().cancelled() ? "stopped after " + c.write().linesSent() + " lines"
            : matches ? "the server holds what was projected"
            : c.matches() && c.write().pointsDropped() == 0 ? "the server holds what was projected, but "
                + Quantities.count(c.projectedOverwritten()) + " point(s) shared a series and a timestamp and were overwritten"
            : "the server's numbers differ from the projection") + blocked;
        return new Result(summary, rows, matches);
    }

    /** What an apply left out: its destructive steps, named for {@code cardinal apply --allow}; empty when none. */
    static String blocked(dev.cardinal.engine.Applied applied) {
        return applied.blocked().isEmpty() ? "" : "; not applied (destructive, apply them with cardinal apply --allow): "
            + String.join(", ", applied.blocked().stream().map(st -> st.subject()).toList());
    }

    /** A sample's write as the task's progress ("Writing the sample: N of M rows…"), stopped when the task is. */
    static PushMonitor writing(Tasks.Progress progress, String things) {
        return new PushMonitor() {
            @Override
            public void progress(String what, long done, long total) {
                progress.update((double) done / total, "Writing the sample: " + done + " of " + total + " " + things + "…");
            }

            @Override
            public boolean cancelled() {
                return progress.cancelled();
            }
        };
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
