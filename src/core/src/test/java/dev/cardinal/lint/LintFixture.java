package dev.cardinal.lint;

import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Limit;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A workspace with its sample read, so a test can lint any layout of it (or a changed one) in a line. */
final class LintFixture {
    private static final Map<String, LintFixture> SCENARIOS = new HashMap<>();

    final Workspace workspace;
    final Sample sample;
    final Map<String, SampleIndex> indexes = new HashMap<>();
    Duration horizon = Duration.ofDays(30);
    Duration queryRange = Duration.ZERO;

    LintFixture(Workspace workspace, Sample sample) {
        this.workspace = workspace;
        this.sample = sample;
    }

    /** A committed sample scenario (read once per run). */
    static synchronized LintFixture scenario(String name) {
        return SCENARIOS.computeIfAbsent(name, n -> {
            try {
                Path file = Path.of("sample-data", n, n + WorkspaceFiles.EXTENSION);
                Workspace ws = WorkspaceFiles.load(file).workspace();
                return new LintFixture(ws, SampleReader.read(SampleReader.sources(file, ws), SampleLimits.defaults(), ReadMonitor.NONE));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Line protocol text as the sample of a one-kind workspace, whose only layout is the traffic as written. */
    static LintFixture lineProtocol(Path dir, String text) throws Exception {
        Path f = Files.writeString(dir.resolve("t.lp"), text, StandardCharsets.UTF_8);
        Sample s = SampleReader.read(List.of(new SampleReader.Source(f, SampleBinding.lineProtocol("t", f.toString(), "ns"))),
            SampleLimits.defaults(), ReadMonitor.NONE);
        EventKindSample k = s.eventKinds().get(0);
        Workspace ws = new Workspace("t", List.of(SchemaInference.eventKind(k)), List.of(SchemaInference.asWritten(k, "as-written")),
            List.of(), List.of(), List.of(), Map.of());
        return new LintFixture(ws, s);
    }

    LintFixture with(Workspace changed) {
        LintFixture f = new LintFixture(changed, sample);
        f.indexes.putAll(indexes);
        f.horizon = horizon;
        f.queryRange = queryRange;
        return f;
    }

    Layout layout(String id) {
        return workspace.layout(id).orElseThrow();
    }

    List<Finding> lint(String layoutId) {
        return lint(layout(layoutId));
    }

    /** Lints {@code l} as part of this workspace (added or replacing the layout of the same id). */
    List<Finding> lint(Layout l) {
        Workspace ws = workspace.withLayout(l);
        EventKindSample k = sample.eventKinds().stream().filter(x -> x.name().equals(l.eventKind())).findFirst().orElseThrow();
        SampleIndex index = indexes.computeIfAbsent(k.name(), x -> new SampleIndex(k));
        EventKind kind = ws.eventKind(k.name()).orElseThrow();
        var p = new Projector(index).project(kind, l, dev.cardinal.projection.TestServer.settings(horizon, 1));
        return Linter.lint(new LintContext(ws, kind, l, p, index, sample.report(), queryRange));
    }

    static List<Finding> of(List<Finding> findings, String rule) {
        return findings.stream().filter(f -> f.rule().equals(rule)).toList();
    }

    static Finding only(List<Finding> findings, String rule, String subject) {
        List<Finding> matching = findings.stream().filter(f -> f.rule().equals(rule) && f.subject().equals(subject)).toList();
        if (matching.size() != 1) {
            throw new AssertionError("expected one " + rule + " finding about " + subject + ", got " + findings);
        }
        return matching.get(0);
    }
}
