package dev.cardinal.engine.victoriametrics;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.MetricOrigin;
import dev.cardinal.engine.MetricPlan;
import dev.cardinal.engine.MetricTarget;
import dev.cardinal.engine.Plan;
import dev.cardinal.engine.PlanStep;
import dev.cardinal.engine.PushMonitor;
import dev.cardinal.engine.SampleCheck;
import dev.cardinal.engine.SampleComparison;
import dev.cardinal.engine.SampleWriteOptions;
import dev.cardinal.engine.SeriesApi;
import dev.cardinal.model.FieldSpec;
import dev.cardinal.model.Layout;
import dev.cardinal.model.TagSpec;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * A VictoriaMetrics as a push target. It has no schema to create: a metric exists once a sample of it is written.
 * So the plan reads what the server holds of each metric a layout writes ({@link MetricPlan}: its series, those under
 * the target's {@code db} label, and label names) and says what the sample write adds; apply runs nothing; the sample write
 * ({@link SampleCheck}) writes line protocol and reads the numbers back ({@link VmSampleCheck}).
 */
final class VmPush implements MetricTarget, SampleCheck {
    private final SeriesApi api;
    private final String database;
    private final LongSupplier clockMs;

    VmPush(Connection server, LongSupplier clockMs) {
        this.api = new SeriesApi(server, new VmHttp(server));
        this.database = server.database();
        this.clockMs = clockMs;
    }

    @Override
    public String target() {
        return "VictoriaMetrics at " + api.server().where() + " (the db label)";
    }

    @Override
    public Plan plan(Workspace ws, List<Layout> layouts) throws IOException, InterruptedException {
        MetricPlan metrics = MetricPlan.read(api, VmPushing.ALL_TIME_MS, clockMs.getAsLong() + VmTally.MAX_AHEAD_MS);
        List<PlanStep> steps = new ArrayList<>();
        for (Layout layout : layouts) {
            Set<String> written = new TreeSet<>(List.of("db"));
            layout.tags().stream().map(TagSpec::key).forEach(written::add);
            if (!MetricPlan.literal(layout)) {
                steps.add(MetricPlan.templated(layout, written));
                continue;
            }
            Optional<String> metric = ws.eventKind(layout.eventKind()).flatMap(k -> MetricOrigin.metric(layout, k));
            if (metric.isPresent()) {
                // a Prometheus metric kept as it came: written under its own name (/api/v1/import/prometheus)
                steps.add(metrics.metric(metric.get(), written, Map.entry("db", database)));
                continue;
            }
            for (FieldSpec f : layout.fields()) {
                String m = layout.measurement().literalText();
                steps.add(metrics.metric(m.isEmpty() ? f.key().literalText() : m + "_" + f.key().literalText(), written,
                    Map.entry("db", database)));
            }
        }
        return new Plan(target(), steps);
    }

    /** Moved by the engine's own rule, in its own batches: the options' shift and batch size are not its; never resumed. */
    @Override
    public SampleComparison writeSample(Workspace ws, Layout layout, EventKindSample sample, SampleWriteOptions options,
                                        PushMonitor monitor) throws IOException, InterruptedException {
        return new VmSampleCheck(api, database, clockMs.getAsLong()).run(ws, layout, sample, monitor);
    }
}
