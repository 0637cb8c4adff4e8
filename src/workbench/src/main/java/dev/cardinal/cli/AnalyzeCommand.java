package dev.cardinal.cli;

import dev.cardinal.engine.Credentials;
import dev.cardinal.engine.DynamicIndex;
import dev.cardinal.engine.Engine;
import dev.cardinal.engine.SeriesEngine;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Role;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.SampleFormat;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.EstimatedMeasurer;
import dev.cardinal.projection.MeasureMode;
import dev.cardinal.projection.NotProjected;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import dev.cardinal.traffic.SummaryCoverage;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import dev.cardinal.traffic.synthetic.ProfileReader;
import dev.cardinal.traffic.synthetic.SyntheticTraffic;
import dev.cardinal.traffic.synthetic.TrafficProfile;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cardinal analyze}: series cardinality, growth, limits and index memory of a layout over sample traffic. */
@Command(name = "analyze", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Project a layout over sample traffic: points, measurements, series (and what the server will "
        + "report), values per tag, field keys, how each attribute grows, when each limit breaks, index memory.")
final class AnalyzeCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "FILE", description = "Traffic files (default: the workspace's samples), "
        + "or one traffic profile (*" + ProfileReader.EXTENSION + ") to project from its synthetic traffic.")
    List<Path> files = new ArrayList<>();

    @CommandLine.Mixin
    LayoutChoice choice = new LayoutChoice();

    @CommandLine.ArgGroup(exclusive = true)
    Counting counting;

    static final class Counting {
        @Option(names = "--exact", description = "Count exactly, whatever the sample's size.")
        boolean exact;

        @Option(names = "--estimate", description = "Estimate with HyperLogLog sketches (+-2 sigma ranges shown).")
        boolean estimate;
    }

    @Option(names = "--estimate-beyond", paramLabel = "ROWS", defaultValue = "20000000",
        description = "Without --exact or --estimate: estimate when the sample has more rows than this (default: ${DEFAULT-VALUE}).")
    long estimateBeyond;

    @Option(names = "--lgk", defaultValue = "14", description = "Sketch precision, 14 to 21 (14: about 0.8%% standard error; default: ${DEFAULT-VALUE}).")
    int lgK;

    @Option(names = "--kind", defaultValue = "influxdb", paramLabel = "ENGINE",
        description = "influxdb, or opensearch (also for Elasticsearch): then each NDJSON file is the documents of one "
            + "index under dynamic mapping (default: ${DEFAULT-VALUE}).")
    String kind;

    @Option(names = "--engines", paramLabel = "ENGINE[@VERSION],...", split = ",",
        description = "Count each layout on these engines, side by side (e.g. influxdb,influxdb2@2.7.11); "
            + "the engines that count a sample of rows: ${COMPLETION-CANDIDATES}.", completionCandidates = EngineAnalysis.CountingEngines.class)
    List<String> engines;

    @Option(names = "--engine-setting", paramLabel = "NAME=VALUE", description = "A setting of the --kind engine, as the "
        + "engine names it (prometheus: sample_limit, label_limit, label_name_length_limit, label_value_length_limit of a "
        + "scrape config); repeat for more.")
    java.util.Map<String, String> engineSettings = new java.util.LinkedHashMap<>();

    @Option(names = "--tenant", paramLabel = "KEY", description = "With --kind opensearch: the top-level key that says "
        + "whose a document is; the names each tenant puts under an object give the slots to provision, and the time"
        + " to the total-fields limit is forecast from how tenants arrive and the fields each brings as it ages, with"
        + " a range (or that the sample cannot tell).")
    String tenant;

    @Option(names = "--cures-dir", paramLabel = "DIR", description = "With --kind opensearch: also write each cure's "
        + "index template (flat_object, flattened, subobjects: false, ignore_dynamic_beyond_limit, time_series) to DIR.")
    Path curesDir;

    @Option(names = "--push-to", paramLabel = "URL", description = "With --kind opensearch: also write each file's "
        + "documents to a new index of this OpenSearch or Elasticsearch cluster (--index) and print the engine's numbers "
        + "beside the projection. Credentials: --api-key-env VAR, or --user NAME with --password-env VAR.")
    URI pushTo;

    @Option(names = "--index", paramLabel = "NAME", description = "The new index --push-to creates (one file only); "
        + "an existing index is refused, never written.")
    String index;

    @Option(names = "--api-key-env", paramLabel = "VAR", description = "Environment variable holding an API key (sent as ApiKey).")
    String apiKeyEnv;

    @Option(names = "--user", paramLabel = "NAME", description = "User for basic authentication, with --password-env.")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR", description = "Environment variable holding --user's password.")
    String passwordEnv;

    @CommandLine.Mixin
    ProjectionOptions options = new ProjectionOptions();

    @CommandLine.Mixin
    ServerOptions server = new ServerOptions();

    @CommandLine.Mixin
    SampleAccess access = new SampleAccess();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Phases.mark("arguments parsed");
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);
        choice.check();
        Path workspace = choice.workspace;
        ProjectionSettings settings = options.settings();
        server.version(); // a malformed --server-version is refused before anything is read
        if (lgK < EstimatedMeasurer.MIN_LG_K || lgK > EstimatedMeasurer.MAX_LG_K) {
            throw usage("--lgk must be from " + EstimatedMeasurer.MIN_LG_K + " to " + EstimatedMeasurer.MAX_LG_K);
        }
        if (engines != null) {
            return new EngineAnalysis(this).sideBySide(settings, out, err);
        }
        if (!engineSettings.isEmpty() && List.of("influxdb", "opensearch", "elasticsearch").contains(kind)) {
            throw usage("--engine-setting is for an engine that counts a sample of rows (" + Engines.counting() + ")");
        }
        if (kind.equals("opensearch") || kind.equals("elasticsearch")) {
            return documents(settings, out, err);
        }
        if (!kind.equals("influxdb")) {
            Optional<SeriesEngine> counting;
            try {
                counting = Engines.named(kind).map(e -> e.configured(engineSettings)).flatMap(Engine::counting);
            } catch (IllegalArgumentException e) {
                throw usage("--engine-setting: " + e.getMessage());
            }
            if (counting.isEmpty()) {
                throw usage("--kind must be influxdb, opensearch or an engine that counts a sample of rows ("
                    + Engines.counting() + "), not '" + kind + "'");
            }
            return new EngineAnalysis(this).engineCounts(counting.get(), settings, out, err);
        }
        MeasureMode mode = counting == null ? MeasureMode.AUTO : counting.exact ? MeasureMode.EXACT : MeasureMode.ESTIMATE;
        Workspace ws = null;
        if (workspace != null) {
            ws = CliFiles.workspace(workspace, err, "analyze");
            if (ws == null) {
                return 1;
            }
        }
        settings = server.settings(settings, ws);
        Phases.mark("workspace and settings");
        long summaries = files.stream().filter(TrafficSummaryFile::isSummary).count();
        if (summaries > 0) {
            if (summaries < files.size()) {
                throw usage("a traffic summary stands for all of its traffic: give summaries alone, without traffic files");
            }
            return summaries == 1 ? summary(files.get(0), ws, settings, out, err) : merged(ws, settings, out, err);
        }
        Sample sample;
        Path profileFile = files.stream().filter(f -> f.getFileName().toString().endsWith(ProfileReader.EXTENSION))
            .findFirst().orElse(null);
        if (profileFile != null) {
            if (files.size() > 1) {
                throw usage("a traffic profile makes the whole sample: give it alone, without traffic files");
            }
            sample = synthesize(profileFile, err);
            if (sample == null) {
                return 1;
            }
        } else {
            List<SampleReader.Source> sources = sources(ws, err);
            if (sources == null) {
                return files.isEmpty() ? SampleAccess.REFUSED : 1; // bound samples outside the folder, or a file missing
            }
            sample = TerminalProgress.read(sources, spec);
        }
        Phases.mark("read");
        if (sample.rows() == 0) {
            InferCommand.printProblems(sample.report(), err);
            err.println("cardinal analyze: no points could be read");
            return 1;
        }
        List<Projection> projections = new ArrayList<>();
        ProjectionInput.Rows rows = ProjectionInput.rows(sample).counted(mode, estimateBeyond, lgK);
        for (EventKindSample k : sample.eventKinds()) {
            Optional<List<Layout>> chosen = layoutsFor(k, ws, err);
            if (chosen.isEmpty()) {
                return 1;
            }
            for (Layout l : chosen.get()) {
                Projected p = Projections.project(ws, l, rows, settings);
                if (p instanceof NotProjected why) {
                    err.println("cardinal analyze: layout '" + l.id() + (why.why() == NotProjected.Why.MISSING_ATTRIBUTE
                        ? "' uses attribute '" + why.attribute() + "', which the sample of " + k.name() + " does not carry"
                        : "' not projected: " + why.message()));
                    return 1;
                }
                projections.add(((Projected.Rows) p).projection());
            }
        }
        Phases.mark("projections");
        if (options.json()) {
            String json = AnalyzeReport.json(sample.report(), projections);
            Phases.mark("report built");
            out.println(json);
        } else {
            InferCommand.printProblems(sample.report(), err);
            AnalyzeReport.text(sample.report(), projections, out);
        }
        out.flush();
        Phases.mark("report written");
        return 0;
    }

    /**
     * The layouts of the workspace projected from a traffic summary; a layout the summary does not cover is said,
     * with the command that computes one that does, and makes the exit code 1.
     */
    private int summary(Path file, Workspace ws, ProjectionSettings settings, PrintWriter out, PrintWriter err) {
        if (ws == null) {
            throw usage("a traffic summary covers the layouts of a workspace: give --workspace");
        }
        TrafficSummary summary;
        try {
            summary = TrafficSummaryFile.read(file);
        } catch (java.nio.file.NoSuchFileException e) {
            err.println("cardinal analyze: " + file + ": no such file");
            return 1;
        } catch (IOException e) {
            err.println("cardinal analyze: " + e.getMessage());
            return 1;
        }
        List<SummaryProjection> projections = new ArrayList<>();
        boolean uncovered = false;
        for (TrafficSummary.Kind k : summary.eventKinds()) {
            List<Layout> chosen = ws.layoutsOf(k.name());
            if (choice.layout != null) {
                Optional<Layout> l = CliFiles.layout(ws, choice.layout, choice.workspace, err, "analyze");
                if (l.isEmpty()) {
                    return 1;
                }
                chosen = l.get().eventKind().equals(k.name()) ? List.of(l.get()) : List.of();
            }
            for (Layout l : chosen) {
                Projected p = Projections.project(ws, l, ProjectionInput.summaries(List.of(summary)), settings);
                if (p instanceof Projected.Summary covered) {
                    projections.add(covered.projection());
                } else {
                    uncovered = true;
                    err.println("cardinal analyze: " + file + " does not cover layout '" + l.id() + "' of " + k.name()
                        + " as the workspace has it now (" + TrafficSummary.signature(l) + "). A summary covers the layouts "
                        + "of the workspace it was computed for and those one toggle away; to cover this one, rerun the job "
                        + "with this workspace: " + SummaryCoverage.rerunText(choice.workspace.toString()));
                }
            }
        }
        if (options.json()) {
            out.println(SummaryReport.json(summary, projections));
        } else {
            SummaryReport.text(summary, projections, out);
        }
        return uncovered ? 1 : 0;
    }

    /** Several summaries (days, partitions): their distinct counts together, through their merged sketches. */
    private int merged(Workspace ws, ProjectionSettings settings, PrintWriter out, PrintWriter err) {
        if (ws == null) {
            throw usage("traffic summaries cover the layouts of a workspace: give --workspace");
        }
        List<TrafficSummary> summaries = new ArrayList<>();
        for (Path f : files) {
            try {
                summaries.add(TrafficSummaryFile.read(f));
            } catch (java.nio.file.NoSuchFileException e) {
                err.println("cardinal analyze: " + f + ": no such file");
                return 1;
            } catch (IOException e) {
                err.println("cardinal analyze: " + e.getMessage());
                return 1;
            }
        }
        try {
            if (options.json()) {
                out.println(MergedSummaryReport.json(summaries, ws, settings));
            } else {
                MergedSummaryReport.text(summaries, ws, settings, out);
            }
        } catch (RuntimeException e) {
            // a sketch that is not a DataSketches HLL sketch, or sketches of different precisions
            err.println("cardinal analyze: the summaries' sketches cannot be merged: " + e.getMessage());
            return 1;
        }
        return 0;
    }

    /** {@code --kind opensearch}: each NDJSON file into an index of its own, as the engine maps it. */
    private int documents(ProjectionSettings settings, PrintWriter out, PrintWriter err) throws IOException {
        if (files.isEmpty()) {
            throw usage("--kind opensearch reads NDJSON files: give them");
        }
        if (pushTo != null && (files.size() != 1 || index == null || index.isBlank())) {
            throw usage("--push-to writes one file to one new index: give one file and --index NAME");
        }
        var badUrl = pushTo == null ? java.util.Optional.<String>empty()
            : Engines.pushing(DocumentSamples.engine(kind)).flatMap(p -> p.urlProblem(pushTo));
        if (badUrl.isPresent()) {
            throw usage("--push-to: " + badUrl.get());
        }
        if (user != null && passwordEnv == null) {
            throw usage("--user needs --password-env VAR (passwords are never given as options)");
        }
        if (tenant != null && tenant.isBlank()) {
            throw usage("--tenant names a top-level key of the documents, such as tenant");
        }
        long limit = MappingReport.limit(settings);
        List<MappingReport.Kind> kinds = new ArrayList<>();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                err.println("cardinal analyze: " + f + ": no such file");
                return 1;
            }
            String name = DocumentSamples.name(f);
            kinds.add(DocumentSamples.withCures(DocumentSamples.read(name, f, limit, tenant, DocumentSamples.engine(kind),
                settings.horizon(), err), settings.horizon()));
        }
        DynamicIndex.Measured measured = null;
        if (pushTo != null) {
            measured = IndexPushTo.write(DocumentSamples.engine(kind), pushTo, index, files.get(0), login(err), err);
            if (measured == null) {
                return 1;
            }
        }
        if (curesDir != null) {
            err.println("cardinal analyze: wrote " + CureTemplates.write(kinds, curesDir).size() + " index templates to " + curesDir);
        }
        if (options.json()) {
            out.println(MappingReport.json(kinds, settings.horizon(), measured));
        } else {
            MappingReport.text(kinds, settings.horizon(), measured, out);
        }
        return 0;
    }

    /** The credentials --api-key-env or --user with --password-env give, none without; null (said) when a variable is unset. */
    private Credentials login(PrintWriter err) {
        Secrets secrets = Secrets.system();
        String variable = apiKeyEnv != null ? apiKeyEnv : user != null ? passwordEnv : null;
        if (variable == null) {
            return Credentials.NONE;
        }
        char[] secret = secrets.fromEnv(variable);
        if (secret == null) {
            err.println("cardinal analyze: $" + variable + " is not set");
            return null;
        }
        return apiKeyEnv != null ? Credentials.apiKey(secret) : Credentials.user(user, secret);
    }

    private static Sample synthesize(Path file, PrintWriter err) throws IOException {
        TrafficProfile profile = CliFiles.profile(file, err, "analyze", "nothing analysed");
        return profile == null ? null : SyntheticTraffic.generate(profile, SampleLimits.defaults(), ReadMonitor.NONE);
    }

    CommandLine.ParameterException usage(String message) {
        return options.usage(message);
    }

    List<SampleReader.Source> sources(Workspace ws, PrintWriter err) throws IOException {
        if (files.isEmpty()) {
            if (ws == null) {
                throw usage("give traffic files, or --workspace with bound samples");
            }
            if (ws.samples().isEmpty()) {
                throw usage("the workspace binds no sample; give traffic files");
            }
            return access.sources(choice.workspace, ws, err, "analyze");
        }
        List<SampleReader.Source> sources = new ArrayList<>();
        for (Path f : files) {
            Optional<String> refused = SampleReader.refusal(f);
            if (refused.isPresent()) {
                err.println("cardinal analyze: " + f + ": " + refused.get());
                return null;
            }
            SampleFormat fmt = SampleReader.detectFormat(f);
            sources.add(new SampleReader.Source(f, new SampleBinding("traffic", f.toString(), fmt, null, "ns", null, null,
                List.of())));
        }
        return sources;
    }

    /** The layouts to project for one event kind of the sample. */
    Optional<List<Layout>> layoutsFor(EventKindSample k, Workspace ws, PrintWriter err) {
        if (ws == null) {
            Layout asWritten = SchemaInference.asWritten(k, SchemaInference.slug(k.name()) + "-as-written");
            if (choice.tags != null) {
                for (String t : choice.tags) {
                    if (k.attribute(t).isEmpty() && choice.tags.size() == 1) {
                        err.println("warning: " + k.name() + " has no attribute '" + t + "'");
                    }
                }
                Layout l = asWritten.withName("--tags " + String.join(",", choice.tags));
                for (var a : k.attributes()) {
                    l = l.withRole(a.name(), choice.tags.contains(a.name()) ? Role.TAG : Role.FIELD);
                }
                return Optional.of(List.of(l));
            }
            return Optional.of(List.of(asWritten));
        }
        List<Layout> candidates = ws.layoutsOf(k.name());
        if (choice.layout != null) {
            Optional<Layout> l = CliFiles.layout(ws, choice.layout, choice.workspace, err, "analyze");
            if (l.isEmpty()) {
                return Optional.empty();
            }
            candidates = l.get().eventKind().equals(k.name()) ? List.of(l.get()) : List.of();
        }
        return Optional.of(candidates);
    }
}
