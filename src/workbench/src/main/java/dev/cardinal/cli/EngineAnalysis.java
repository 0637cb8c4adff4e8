package dev.cardinal.cli;

import dev.cardinal.engine.Engine;
import dev.cardinal.engine.EngineCount;
import dev.cardinal.engine.EngineCountJson;
import dev.cardinal.engine.EngineCounts;
import dev.cardinal.engine.EnginesSideBySide;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.ServerVersion;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.TrafficSummaryFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code cardinal analyze --kind ENGINE} and {@code --engines}: the sample's rows counted on engines through the seam,
 * one engine's count per layout, or several engines side by side.
 */
final class EngineAnalysis {
    private final AnalyzeCommand cmd;

    EngineAnalysis(AnalyzeCommand cmd) {
        this.cmd = cmd;
    }

    /** The names {@code --engines} takes, for picocli's help and completion. */
    static final class CountingEngines implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Engines.all().stream().filter(e -> e.counting().isPresent()).map(Engine::name).iterator();
        }
    }

    /** {@code --engines}: every layout counted on each engine named, side by side. */
    int sideBySide(ProjectionSettings settings, PrintWriter out, PrintWriter err) throws IOException {
        List<EngineChoice> chosen = new ArrayList<>();
        for (String asked : cmd.engines) {
            chosen.add(engineChoice(asked.strip()));
        }
        return counted(chosen, settings, out, err, true);
    }

    /** An engine named on the command line, with the version asked for (empty: the engine's default). */
    private record EngineChoice(String name, SeriesEngine counting, Optional<ServerVersion> version) {
    }

    private EngineChoice engineChoice(String asked) {
        int at = asked.indexOf('@');
        String name = at < 0 ? asked : asked.substring(0, at);
        SeriesEngine counting = Engines.named(name).flatMap(Engine::counting).orElseThrow(() -> cmd.usage("--engines: '" + name
            + "' is not an engine that counts a sample of rows (" + Engines.counting() + ")"));
        Optional<ServerVersion> version = Optional.empty();
        if (at >= 0) {
            try {
                version = Optional.of(ServerVersion.parse(asked.substring(at + 1)));
            } catch (IllegalArgumentException e) {
                throw cmd.usage("--engines " + asked + ": " + e.getMessage());
            }
        }
        return new EngineChoice(name, counting, version);
    }

    /** {@code --kind} of an engine that counts through the seam: the sample's rows, each layout as that engine holds it. */
    int engineCounts(SeriesEngine engine, ProjectionSettings settings, PrintWriter out, PrintWriter err)
            throws IOException {
        return counted(List.of(new EngineChoice(cmd.kind, engine, Optional.ofNullable(cmd.server.version()))), settings, out, err, false);
    }

    /** Reads the sample and counts every layout on each engine; side by side, or one engine's blocks after another. */
    private int counted(List<EngineChoice> chosen, ProjectionSettings settings, PrintWriter out, PrintWriter err, boolean sideBySide)
            throws IOException {
        Workspace ws = null;
        if (cmd.choice.workspace != null) {
            ws = CliFiles.workspace(cmd.choice.workspace, err, "analyze");
            if (ws == null) {
                return 1;
            }
        }
        if (cmd.files.stream().anyMatch(TrafficSummaryFile::isSummary)) {
            throw cmd.usage("--kind " + cmd.kind + " counts a sample of traffic, not a traffic summary");
        }
        List<SampleReader.Source> sources = cmd.sources(ws, err);
        if (sources == null) {
            return cmd.files.isEmpty() ? SampleAccess.REFUSED : 1;
        }
        Sample sample = TerminalProgress.read(sources, cmd.spec);
        if (sample.rows() == 0) {
            InferCommand.printProblems(sample.report(), err);
            err.println("cardinal analyze: no points could be read");
            return 1;
        }
        List<EngineCount> counts = new ArrayList<>();
        for (EventKindSample k : sample.eventKinds()) {
            Optional<List<Layout>> layouts = cmd.layoutsFor(k, ws, err);
            if (layouts.isEmpty()) {
                return 1;
            }
            for (Layout l : layouts.get()) {
                for (EngineChoice e : chosen) {
                    counts.add(e.counting().count(new SeriesEngine.Request(ws, k, l, settings, e.version())));
                }
            }
        }
        if (cmd.options.json()) {
            out.println(EngineCountJson.of(counts).toPrettyString());
        } else {
            InferCommand.printProblems(sample.report(), err);
            if (sideBySide) {
                EnginesSideBySide.text(counts, settings.horizon(), out);
            } else {
                EngineCounts.text(counts, out);
            }
        }
        out.flush();
        return 0;
    }
}
