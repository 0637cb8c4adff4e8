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
import dev.cardinal.engine.SampleWriteOptions;
import dev.cardinal.engine.SampleWriteStopped;
import dev.cardinal.engine.ShownComparison;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * OK when every layout measured as projected, FINDINGS when not, null on failure (said on stderr). Each engine
     * writes and compares its own way and renders the comparison ({@link ShownComparison}); a write stopped
     * part-way says how to resume it when its engine can.
     */
    private Integer writeSamples(PushTarget t, Workspace ws, List<Layout> layouts, boolean json, PrintWriter out,
                                 PrintWriter err, PushMonitor monitor, ObjectNode root) throws IOException, InterruptedException {
        if (!(t instanceof SampleCheck check)) {
            throw usage("--write-sample is not supported for " + t.target());
        }
        if (resumeAt != null && !check.resumes()) {
            throw usage("--resume-at resumes an InfluxDB 1.x write; " + t.target() + " is written again whole");
        }
        SampleWriteOptions options;
        try {
            options = new SampleWriteOptions(timeShift, batchSize, resumeAt == null ? 0 : resumeAt);
        } catch (IllegalArgumentException e) {
            throw usage("--resume-at, --time-shift, --batch-size: " + e.getMessage());
        }
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
            SampleComparison c;
            try {
                c = check.writeSample(ws, layout, k, options, monitor);
            } catch (SampleWriteStopped e) {
                err.println("cardinal apply: " + e.getMessage());
                err.println("  to resume: " + resume(layout, e.resume()));
                return null;
            }
            if (c.unwritable() != null) {
                err.println("cardinal apply: layout " + layout.id() + ": no row can be written, " + c.unwritable());
            }
            if (c.cancelled() && c.resume() != null) {
                err.println("cardinal apply: stopped after " + c.resume().resumeAt() + " lines; to resume: " + resume(layout, c.resume()));
                return FINDINGS;
            }
            allMatch &= c.matches();
            kinds.add(c.shown().json());
            if (!json) {
                c.shown().text().forEach(out::println);
            }
        }
        return allMatch ? OK : FINDINGS;
    }

    private static String resume(Layout layout, SampleComparison.Resume at) {
        return "--write-sample --layout " + layout.id() + " --resume-at " + at.resumeAt() + " --time-shift " + at.timeShiftNs();
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
