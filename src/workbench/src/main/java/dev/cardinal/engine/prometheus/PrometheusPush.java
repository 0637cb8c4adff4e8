package dev.cardinal.engine.prometheus;

import dev.cardinal.engine.CommentText;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * A Prometheus as a push target. It has no schema to create: a series exists once a sample of it is written. The plan
 * checks that the server takes remote write (an empty request, which adds nothing), refuses what Prometheus refuses (a
 * tag whose label name begins with {@code __}, two tags under one label name), and reads what the server holds of
 * each metric a layout writes; apply runs nothing; the sample write ({@link PrometheusSampleCheck}) sends remote
 * write and reads the numbers back.
 */
final class PrometheusPush implements MetricTarget, SampleCheck {
    private final SeriesApi api;
    private final RemoteWriteClient client;
    private final LongSupplier clockMs;

    PrometheusPush(Connection server, LongSupplier clockMs) {
        this.client = new RemoteWriteClient(server.url(), server.timeout(), server.authorization());
        this.api = new SeriesApi(server, client);
        this.clockMs = clockMs;
    }

    @Override
    public String target() {
        return "Prometheus at " + api.server().where();
    }

    @Override
    public Plan plan(Workspace ws, List<Layout> layouts) throws IOException, InterruptedException {
        List<PlanStep> steps = new ArrayList<>();
        try {
            client.send(List.of());
            steps.add(PlanStep.unchanged("remote write", "the server takes remote write at /api/v1/write"));
        } catch (IOException e) {
            steps.add(PlanStep.conflict("remote write", "the server does not take remote write (start it with"
                + " --web.enable-remote-write-receiver): " + e.getMessage()));
        }
        MetricPlan metrics = MetricPlan.read(api, PrometheusPushing.ALL_TIME_MS, clockMs.getAsLong() + 60_000);
        for (Layout layout : layouts) {
            Set<String> labels = new TreeSet<>();
            boolean asSent = ws.eventKind(layout.eventKind()).filter(k -> MetricOrigin.keptAsSent(layout, k)).isPresent();
            if (refused(layout, asSent, labels, steps)) {
                continue;
            }
            if (asSent && MetricPlan.literal(layout) && !layout.measurement().literalText().isEmpty()) {
                // a Prometheus metric kept as it came: remote write sends it under its own name
                steps.add(metrics.metric(layout.measurement().literalText(), labels, null));
                continue;
            }
            if (!MetricPlan.literal(layout)) {
                steps.add(MetricPlan.templated(layout, labels));
                continue;
            }
            for (FieldSpec f : layout.fields()) {
                String metric = MetricNames.metricOf(layout.measurement().literalText(), f.key().literalText());
                steps.add(MetricPlan.stringField(ws, layout, f) ? PlanStep.unchanged("metric " + metric, "a string field:"
                    + " a Prometheus sample is a float64, so the sample write leaves it out")
                    : metrics.metric(metric, labels, null));
            }
        }
        return new Plan(target(), steps);
    }

    /**
     * Adds a conflict for each tag Prometheus refuses; true when there is one. Fills {@code labels}: the names sent,
     * sanitized unless the layout keeps a Prometheus metric as it came ({@code asSent}).
     */
    private static boolean refused(Layout layout, boolean asSent, Set<String> labels, List<PlanStep> steps) {
        Map<String, String> byLabel = new HashMap<>();
        boolean refused = false;
        for (TagSpec t : layout.tags()) {
            String label = asSent ? t.key() : MetricNames.label(t.key());
            String why = MetricNames.whyNotLabel(t.key(), asSent).orElse(null);
            String other = byLabel.putIfAbsent(label, t.key());
            if (why == null && other != null) {
                why = "its label name '" + label + "' is also tag '" + CommentText.shown(other) + "''s: Prometheus refuses"
                    + " every row where both are set (HasDuplicateLabelNames, tsdb/head_append.go at v2.42.0)";
            }
            if (why != null) {
                steps.add(PlanStep.conflict("layout " + layout.id() + " tag " + CommentText.shown(t.key()), why));
                refused = true;
            }
            labels.add(label);
        }
        return refused;
    }

    /** Moved by the engine's own rule, in its own batches: the options' shift and batch size are not its; never resumed. */
    @Override
    public SampleComparison writeSample(Workspace ws, Layout layout, EventKindSample sample, SampleWriteOptions options,
                                        PushMonitor monitor) throws IOException, InterruptedException {
        return new PrometheusSampleCheck(api, client, clockMs.getAsLong()).run(ws, layout, sample);
    }
}
