package dev.cardinal.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.Applied;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.PushTarget;
import dev.cardinal.engine.RollupUpsert;
import dev.cardinal.engine.SampleCheck;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.influxdb1.InfluxV1Push;
import dev.cardinal.engine.influxdb1.SampleWrite;
import dev.cardinal.engine.influxdb1.SampleWriteException;
import dev.cardinal.engine.influxdb1.ServerNumbers;
import dev.cardinal.engine.influxdb2.InfluxV2Push;
import dev.cardinal.engine.opensearch.DocumentPush;
import dev.cardinal.engine.opensearch.IndexComparison;
import dev.cardinal.lineprotocol.SampleLineProtocol;
import dev.cardinal.lint.PointsOverwritten;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.LayoutMeasure;
import dev.cardinal.projection.LayoutMeasurer;
import dev.cardinal.projection.MemoryModel;
import dev.cardinal.projection.Quantities;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cardinal apply W.cardinal.json --url URL --database DB [--write-sample]}: the plan run, then optionally
 * the sample written through the layout and the server's own numbers set beside the projection.
 */
@Command(name = "apply", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Apply the plan (see cardinal plan), then optionally write the sample through each layout and "
        + "compare what the server reports with what Cardinal projected. Destructive steps run only when allowed by "
        + "name. Ctrl-C stops between batches and prints how to resume."
        + "%nExit codes: 0 applied (and measured as projected), 1 findings (conflicts, steps left out, numbers that "
        + "differ, points the server dropped), 2 bad usage, 3 failure.")
final class ApplyCommand extends PushCommand {

    @Option(names = "--write-sample", description = "InfluxDB, VictoriaMetrics, Prometheus: write the workspace's sample through "
        + "each layout (moved to now) and read back the server's numbers. OpenSearch, Elasticsearch: write the layout's documents with _bulk and read back the "
        + "mapping and document count. Relational: upsert the sample's rollup rows into the summary tables.")
    boolean writeSample;

    @Option(names = "--yes", description = "Apply without asking (needed when not run in a terminal).")
    boolean yes;

    @Option(names = "--allow", paramLabel = "SUBJECT", description = "Allow this destructive step, by its subject as the plan"
        + " prints it, e.g. --allow 'retention-policy raw'. Repeatable.")
    List<String> allowed = new ArrayList<>();

    @Option(names = "--batch-size", defaultValue = "5000", paramLabel = "LINES", description = "Lines per write (default: ${DEFAULT-VALUE}).")
    int batchSize;

    @Option(names = "--resume-at", paramLabel = "LINE", description = "Resume a stopped sample write after this many lines (with --time-shift).")
    Long resumeAt;

    @Option(names = "--time-shift", paramLabel = "NS", description = "The stopped write's time shift, as it printed it.")
    Long timeShift;

    @Override
    String name() {
        return "apply";
    }

    @Override
    boolean readsSamples(Resolved r) {
        return writeSample || super.readsSamples(r);
    }

    @Override
    int run(Workspace ws, List<Layout> layouts, Resolved where, boolean json) throws IOException, InterruptedException {
        if ((resumeAt == null) != (timeShift == null) || resumeAt != null && (!writeSample || layouts.size() != 1)) {
            throw usage("--resume-at and --time-shift go together, with --write-sample and one --layout");
        }
        if (batchSize < 1) {
            throw usage("--batch-size must be positive");
        }
        PrintWriter out = out();
        PrintWriter err = err();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.set(true);
            try {
                finished.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "cardinal-apply-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try (PushTarget t = connect(where, ws)) {
            return applyAndWrite(t, ws, layouts, where, json, out, err, stop);
        } catch (IOException | IllegalArgumentException e) {
            err.println("cardinal apply: " + e.getMessage());
            return FAILED;
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it has what it waited for
            }
        }
    }

    private int applyAndWrite(PushTarget t, Workspace ws, List<Layout> layouts, Resolved where, boolean json, PrintWriter out,
                              PrintWriter err, AtomicBoolean stop) throws IOException, InterruptedException {
        PushMonitor monitor = new Progress(json ? null : err, stop);
        ObjectNode root = F.objectNode();
        ObjectNode server = server(t, where, json);
        if (server != null) {
            root.set("server", server);
        }
        Plan plan = t.plan(ws, layouts);
        root.set("plan", json(plan));
        if (!json) {
            out.print(plan.text());
            out.flush();
        }
        if (!plan.noOp() && !yes && !secrets.confirm("apply " + plan.steps().stream().filter(PlanStep::changes).count()
            + " step(s) to " + t.target() + "?")) {
            err.println("cardinal apply: nothing applied" + (secrets.interactive() ? "" : " (not a terminal: pass --yes to apply)"));
            return FINDINGS;
        }
        Applied applied = t.apply(plan, allowed, monitor);
        ArrayNode ran = root.putArray("applied");
        applied.ran().forEach(s -> ran.add(s.subject()));
        ArrayNode blocked = root.putArray("blocked");
        applied.blocked().forEach(s -> blocked.add(s.subject()));
        if (!json) {
            out.println("applied " + applied.ran().size() + " step(s)" + (applied.cancelled() ? ", then stopped as asked" : ""));
            applied.blocked().forEach(s -> out.println("left out (destructive): " + s.subject() + ": " + s.reason()
                + "\n  to run it: --allow '" + s.subject() + "'"));
        }
        boolean findings = !applied.blocked().isEmpty() || !plan.conflicts().isEmpty() || applied.cancelled();
        if (writeSample && !applied.cancelled() && t instanceof RollupUpsert sql) {
            ArrayNode tables = root.putArray("tables");
            for (RollupUpsert.Upserted u : sql.upsertRollups(ws, layouts, monitor)) {
                tables.addObject().put("table", u.table()).put("rowsComputed", u.computed())
                    .put("rowsWithoutKey", u.rowsWithoutKey()).put("rowsInTable", u.inTable());
                if (!json) {
                    out.printf("%s: the sample's rollup is %,d row(s), upserted; the table holds %,d%s%n", u.table(),
                        u.computed(), u.inTable(), u.rowsWithoutKey() == 0 ? ""
                            : " (" + u.rowsWithoutKey() + " sample rows lack a group-by value and are left out)");
                }
            }
        } else if (writeSample && !applied.cancelled()) {
            Integer result = writeSamples(t, ws, layouts, json, out, err, monitor, root);
            if (result == null) {
                return FAILED;
            }
            findings |= result != OK;
        }
        if (json) {
            out.println(text(root));
        }
        return findings ? FINDINGS : OK;
    }

    /** OK when every layout measured as projected, FINDINGS when not, null on failure (said on stderr). */
    private Integer writeSamples(PushTarget t, Workspace ws, List<Layout> layouts, boolean json, PrintWriter out,
                                 PrintWriter err, PushMonitor monitor, ObjectNode root) throws IOException, InterruptedException {
        if (ws.samples().isEmpty()) {
            err.println("cardinal apply: " + workspace + " binds no sample to write");
            return null;
        }
        Sample sample = TerminalProgress.read(SampleReader.sources(workspace, ws), spec);
        ArrayNode kinds = root.putArray("eventKinds");
        boolean allMatch = true;
        for (Layout layout : layouts) {
            EventKindSample k = sample.eventKind(layout.eventKind()).orElse(null);
            if (k == null) {
                err.println("cardinal apply: the sample has no " + layout.eventKind() + " traffic for layout " + layout.id());
                return null;
            }
            if (t instanceof SampleCheck check) {
                if (resumeAt != null) {
                    throw usage("--resume-at resumes an InfluxDB write; " + t.target() + " is written again whole");
                }
                SampleComparison c = check.writeSample(ws, layout, k, monitor);
                allMatch &= c.matches();
                kinds.add(comparison(c));
                if (!json) {
                    text(c, out);
                }
                continue;
            }
            if (t instanceof DocumentPush index) {
                IndexComparison c = index.writeSample(ws, layout, k, monitor);
                allMatch &= c.matches();
                kinds.add(comparison(k.name(), c));
                if (!json) {
                    text(k.name(), c, out);
                }
                continue;
            }
            LayoutMeasurer measurer = new LayoutMeasurer(new SampleIndex(k));
            LayoutMeasure projected = measurer.measure(layout);
            long shift = timeShift != null ? timeShift : SampleWrite.timeShiftToNow(k,
                layout.retention().effectiveShardGroupDuration(), System.currentTimeMillis() * 1_000_000L);
            if (t instanceof InfluxV2Push v2) {
                long lines = v2.writeSample(layout, k, shift, batchSize, monitor);
                InfluxV2Push.Measured m = v2.measure(layout);
                // 2.x counts a series per field key (Engine): projected the same way, from the sample
                long perFieldKey = measurer.seriesPerFieldKey(layout);
                boolean matches = m.tags().equals(projected.tags()) && m.fieldKeys() == projected.fieldKeys()
                    && m.seriesPerField() == perFieldKey;
                allMatch &= matches;
                ObjectNode n = kinds.addObject().put("name", k.name()).put("layout", layout.id()).put("matches", matches);
                projected(n, projected, perFieldKey);
                ObjectNode measured = n.putObject("measured").put("serverReportedSeries", m.seriesPerField())
                    .put("serverCountsSeriesPerFieldKey", true).put("fieldKeys", m.fieldKeys());
                ObjectNode mt = measured.putObject("tags");
                m.tags().forEach(mt::put);
                n.putObject("write").put("linesSent", lines).put("timeShiftNs", shift);
                if (!json) {
                    out.printf("%n%s, layout %s: %,d lines written%n  %-28s %14s %14s%n", k.name(), layout.id(), lines, "",
                        "projected", "measured");
                    row(out, "influxdb.cardinality()", perFieldKey, m.seriesPerField());
                    row(out, "field keys", projected.fieldKeys(), m.fieldKeys());
                    projected.tags().forEach((key, v) -> row(out, "values of tag " + key, v, m.tags().getOrDefault(key, 0L)));
                    out.println("  (2.x counts a series per field key: measurement, tag set and field)");
                }
                continue;
            }
            if (!(t instanceof InfluxV1Push v1)) {
                throw usage("--write-sample is not supported for " + t.target());
            }
            var unwritable = SampleLineProtocol.unwritable(layout);
            if (unwritable.isPresent()) {
                err.println("cardinal apply: layout " + layout.id() + ": no row can be written, " + unwritable.get());
                kinds.addObject().put("name", k.name()).put("layout", layout.id()).put("matches", false)
                    .put("unwritable", unwritable.get());
                allMatch = false;
                continue;
            }
            SampleWrite write = new SampleWrite(v1.client(), v1.database(), layout.retention().name(), shift).batchSize(batchSize);
            InfluxV1Push.Comparison c;
            try {
                c = v1.writeAndMeasure(layout, k, projected, measurer.fieldValuesKept(layout), write,
                    resumeAt == null ? 0 : resumeAt, monitor);
            } catch (SampleWriteException e) {
                err.println("cardinal apply: " + e.getMessage());
                err.println("  to resume: --write-sample --layout " + layout.id() + " --resume-at " + e.resumeAt()
                    + " --time-shift " + e.timeShiftNs());
                return null;
            }
            if (c.write().cancelled()) {
                err.println("cardinal apply: stopped after " + c.write().resumeAt() + " lines; to resume: --write-sample --layout "
                    + layout.id() + " --resume-at " + c.write().resumeAt() + " --time-shift " + c.write().timeShiftNs());
                return FINDINGS;
            }
            // points merged into others are gone even when projected: the lint rule says how to keep them
            allMatch &= c.matches() && c.write().pointsDropped() == 0 && c.projectedOverwritten() == 0;
            kinds.add(comparison(k.name(), c));
            if (!json) {
                text(k.name(), c, out);
            }
        }
        return allMatch ? OK : FINDINGS;
    }

    private static ObjectNode comparison(String kind, InfluxV1Push.Comparison c) {
        ObjectNode n = F.objectNode().put("name", kind).put("layout", c.layout().id()).put("matches", c.matches());
        projected(n, c.projected(), c.projectedReportedSeries());
        ServerNumbers m = c.measured();
        ObjectNode measured = n.putObject("measured").put("measurements", m.measurements()).put("series", m.series())
            .put("serverReportedSeries", m.serverReportedSeries()).put("fieldKeys", m.fieldKeys())
            .put("indexMemoryBytes", m.indexMemoryBytes()).put("indexMemoryGrowthBytes", c.indexMemoryGrowth());
        ObjectNode mt = measured.putObject("tags");
        m.tags().forEach(mt::put);
        ObjectNode projected = (ObjectNode) n.get("projected");
        if (c.projected().pointsKept() != null) {
            projected.put("pointsKept", c.projected().pointsKept().kept())
                .put("pointsOverwritten", c.projected().pointsKept().overwritten());
        }
        ObjectNode pc = projected.putObject("fieldValues");
        ObjectNode mc = measured.putObject("fieldValues");
        c.fieldCounts().forEach(f -> {
            pc.put(f.field(), f.projected());
            mc.put(f.field(), f.measured());
        });
        ObjectNode w = n.putObject("write").put("linesSent", c.write().linesSent()).put("batches", c.write().batches())
            .put("pointsDropped", c.write().pointsDropped()).put("rowsSkipped", c.write().rowsSkipped())
            .put("timeShiftNs", c.write().timeShiftNs());
        ObjectNode skipped = w.putObject("skipped");
        c.write().skipped().skips().forEach((why, n1) -> skipped.put(why.name().toLowerCase(java.util.Locale.ROOT), n1));
        ArrayNode reasons = w.putArray("serverReasons");
        c.write().serverReasons().forEach(reasons::add);
        return n;
    }

    private static ObjectNode comparison(String kind, IndexComparison c) {
        ObjectNode n = F.objectNode().put("name", kind).put("layout", c.layout().id()).put("index", c.index())
            .put("matches", c.matches());
        ArrayNode rows = n.putArray("rows");
        c.rows().forEach(r -> rows.addObject().put("what", r.what()).put("projected", r.projected()).put("measured", r.measured()));
        ArrayNode refusals = n.putArray("refusals");
        c.refusals().forEach(refusals::add);
        return n;
    }

    private static ObjectNode comparison(SampleComparison c) {
        ObjectNode n = F.objectNode().put("name", c.eventKind()).put("layout", c.layout()).put("matches", c.matches())
            .put("written", c.written()).put("cancelled", c.cancelled());
        ArrayNode rows = n.putArray("rows");
        c.rows().forEach(r -> rows.addObject().put("what", r.what()).put("projected", r.projected()).put("measured", r.measured())
            .put("estimate", r.estimate()).put("differs", r.differs()));
        ArrayNode notes = n.putArray("notes");
        c.notes().forEach(notes::add);
        return n;
    }

    private static void text(SampleComparison c, PrintWriter out) {
        out.printf("%n%s, layout %s: %s%n  %-64s %14s %14s%n", c.eventKind(), c.layout(), c.written(), "", "projected",
            "measured");
        c.rows().forEach(r -> out.printf("  %-64s %,14d %,14d%s%n", r.what(), r.projected(), r.measured(),
            r.measured() == r.projected() ? "" : "   <- " + r.difference()));
        c.notes().forEach(note -> out.println("  note: " + note));
        out.println(c.cancelled() ? "  stopped as asked: nothing was read back"
            : c.matches() ? "  the server holds what was projected" : "  the server's numbers DIFFER from the projection");
    }

    private static void text(String kind, IndexComparison c, PrintWriter out) {
        out.printf("%n%s, layout %s: the sample written to index %s with _bulk%n  %-48s %14s %14s%n", kind, c.layout().id(),
            c.index(), "", "projected", "measured");
        c.rows().forEach(r -> out.printf("  %-48s %,14d %,14d%s%n", r.what(), r.projected(), r.measured(),
            r.differs() ? "   <- differs" : ""));
        c.refusals().forEach(r -> out.println("  refused: " + r));
        out.println(c.matches() ? "  the index holds what was projected" : "  the index's numbers DIFFER from the projection");
    }

    /** @param reported what the server's series query reports on its version, as projected (-1: not counted) */
    private static void projected(ObjectNode n, LayoutMeasure p, long reported) {
        ObjectNode projected = n.putObject("projected").put("points", p.points()).put("measurements", p.measurements())
            .put("series", p.series());
        if (reported < 0) {
            projected.putNull("serverReportedSeries");
        } else {
            projected.put("serverReportedSeries", reported);
        }
        projected.put("fieldKeys", p.fieldKeys());
        ObjectNode pt = projected.putObject("tags");
        p.tags().forEach(pt::put);
        MemoryModel.Estimate memory = MemoryModel.estimate(p.footprint());
        projected.putObject("indexMemoryBytes").put("low", memory.low()).put("high", memory.high());
    }

    private static void text(String kind, InfluxV1Push.Comparison c, PrintWriter out) {
        LayoutMeasure p = c.projected();
        ServerNumbers m = c.measured();
        out.printf("%n%s, layout %s: %,d lines written in %,d batches, timestamps moved by %s%n", kind, c.layout().id(),
            c.write().linesSent(), c.write().batches(), Quantities.span(Duration.ofNanos(c.write().timeShiftNs())));
        c.write().skipped().skips().forEach((why, n) -> out.printf("  not written: %,d %s: %s%n", n,
            why.wholeRow() ? "row(s)" : "field value(s)", why.reason()));
        if (c.write().pointsDropped() > 0) {
            out.printf("  the server dropped %,d point(s): %s%n", c.write().pointsDropped(), String.join("; ", c.write().serverReasons()));
        }
        out.printf("  server: %s%s; SHOW SERIES EXACT CARDINALITY %s%n", c.engine().product(),
            c.engine().assumed() ? " (assumed: it sent no version)" : " (its X-Influxdb-Version)", c.engine().seriesMeaning());
        out.printf("  %-28s %14s %14s%n", "", "projected", "measured");
        row(out, "series", p.series(), m.series());
        if (c.projectedReportedSeries() >= 0) {
            row(out, "SHOW SERIES EXACT CARDINALITY", c.projectedReportedSeries(), m.serverReportedSeries());
        }
        row(out, "measurements", p.measurements(), m.measurements());
        row(out, "field keys", p.fieldKeys(), m.fieldKeys());
        c.fieldCounts().forEach(f -> row(out, "count(" + f.field() + ")", f.projected(), f.measured()));
        Map<String, Long> keys = new TreeMap<>(p.tags());
        m.tags().forEach(keys::putIfAbsent);
        for (String key : keys.keySet()) {
            row(out, "values of tag " + key, p.tags().getOrDefault(key, 0L), m.tags().getOrDefault(key, 0L));
        }
        if (c.indexMemoryGrowth() >= 0) {
            MemoryModel.Estimate memory = MemoryModel.estimate(p.footprint());
            out.printf("  %-28s %14s %14s  (model; measured: growth of SHOW STATS 'indexes' during the write)%n",
                "index memory", Quantities.bytes(memory.low()) + "-" + Quantities.bytes(memory.high()),
                Quantities.bytes(c.indexMemoryGrowth()));
        }
        if (c.projectedOverwritten() > 0) {
            out.printf("  %,d of %,d point(s) shared a series and a timestamp with an earlier one and were overwritten"
                + " (lint rule %s says how to keep them)%n", c.projectedOverwritten(), p.points(), PointsOverwritten.ID);
        }
        out.println(c.matches() ? "  the server holds what was projected" : "  the server's numbers DIFFER from the projection");
    }

    private static void row(PrintWriter out, String what, long projected, long measured) {
        out.printf("  %-28s %,14d %,14d%s%n", what, projected, measured, projected == measured ? "" : "   <- differs");
    }

    /** Progress on stderr (text mode), about every tenth; cancelled when the user pressed Ctrl-C. */
    private static final class Progress implements PushMonitor {
        private final PrintWriter err;
        private final AtomicBoolean stop;
        private long lastTenth = -1;

        Progress(PrintWriter err, AtomicBoolean stop) {
            this.err = err;
            this.stop = stop;
        }

        @Override
        public void progress(String what, long done, long total) {
            long tenth = total > 0 ? done * 10 / total : -1;
            if (err != null && tenth != lastTenth) {
                lastTenth = tenth;
                err.printf("%s: %,d of %,d%n", what, done, total);
                err.flush();
            }
        }

        @Override
        public boolean cancelled() {
            return stop.get();
        }
    }
}
