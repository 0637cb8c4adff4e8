package dev.cardinal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.compare.LayoutComparison;
import dev.cardinal.compare.QueryContrast;
import dev.cardinal.compare.Review;
import dev.cardinal.compare.ReviewHtml;
import dev.cardinal.compare.ReviewMarkdown;
import dev.cardinal.compare.Revisions;
import dev.cardinal.compare.Side;
import dev.cardinal.compare.SummaryReview;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.SampleBinding;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFormatException;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cardinal compare W --a LAYOUT --b LAYOUT}: two layouts of one event kind over the same traffic, as a review
 * for a pull request (Markdown), a page (HTML) or data (JSON, with each layout's numbers under the names
 * {@code analyze} uses).
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Compare two layouts of one event kind over the same traffic: differences, numbers with changes, "
        + "findings, the queries each forces, and a verdict.%nExit codes: 0 written, 1 cannot compare, 2 usage.")
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "W.cardinal.json", description = "The workspace.")
    Path workspace;

    @Option(names = "--a", required = true, paramLabel = "LAYOUT", description = "The first layout (id or name), e.g. the current one.")
    String a;

    @Option(names = "--b", required = true, paramLabel = "LAYOUT", description = "The second layout, e.g. the proposed one.")
    String b;

    @Option(names = "--a-workspace", paramLabel = "FILE", description = "Read --a from this workspace file instead of W.")
    Path aWorkspace;

    @Option(names = "--a-revision", paramLabel = "REV",
        description = "Read --a from its workspace file as it was at this git revision (HEAD, main, HEAD~1, a commit).")
    String aRevision;

    @Option(names = "--b-workspace", paramLabel = "FILE", description = "Read --b from this workspace file instead of W.")
    Path bWorkspace;

    @Option(names = "--b-revision", paramLabel = "REV", description = "Read --b from its workspace file as it was at this git revision.")
    String bRevision;

    @Option(names = "--sample", paramLabel = "FILE", description = "Traffic to compare over (default: the workspace's samples); "
        + "a traffic summary (S.summary.json) alone stands for all of its traffic.")
    List<Path> sample = new ArrayList<>();

    @Option(names = "--engines", paramLabel = "ENGINE,...", split = ",",
        description = "Also count both layouts on these engines, side by side (${COMPLETION-CANDIDATES}).",
        completionCandidates = EngineAnalysis.CountingEngines.class)
    private List<String> engines = List.of();

    @Option(names = "--format", defaultValue = "md", description = "md, html or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write here (atomically) instead of to the terminal.")
    Path output;

    @Option(names = "--horizon", defaultValue = "30d", description = "How far ahead to project (default: ${DEFAULT-VALUE}).")
    String horizon;

    @Option(names = "--traffic-x", defaultValue = "1", paramLabel = "N", description = "Traffic multiplier (default: ${DEFAULT-VALUE}).")
    double trafficX;

    @CommandLine.Mixin
    ServerOptions server = new ServerOptions();

    @CommandLine.Mixin
    SampleAccess access = new SampleAccess();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);
        if (!List.of("md", "html", "json").contains(format)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--format must be md, html or json");
        }
        ProjectionOptions po = new ProjectionOptions();
        po.horizon = horizon;
        po.trafficX = trafficX;
        po.format = "text";
        po.spec = spec;
        var settings = po.settings();
        server.version(); // a malformed --server-version is refused before anything is read
        Workspace ws = CliFiles.workspace(workspace, err, "compare");
        if (ws == null) {
            return 1;
        }
        settings = server.settings(settings, ws);
        Side sa = side(ws, aWorkspace, aRevision, a, err);
        Side sb = side(ws, bWorkspace, bRevision, b, err);
        if (sa == null || sb == null) {
            return 1;
        }
        if (!sa.layout().eventKind().equals(sb.layout().eventKind())) {
            err.println("cardinal compare: " + sa.label() + " stores " + sa.layout().eventKind() + " and " + sb.label() + " stores "
                + sb.layout().eventKind() + ": only layouts of one event kind compare");
            return 1;
        }
        if (sa.workspace().eventKind(sa.layout().eventKind()).isEmpty() || sb.workspace().eventKind(sb.layout().eventKind()).isEmpty()) {
            err.println("cardinal compare: a layout's workspace does not define its event kind " + sa.layout().eventKind());
            return 1;
        }
        if (sample.stream().anyMatch(TrafficSummaryFile::isSummary)) {
            if (sample.size() > 1) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                    "a traffic summary stands for all of its traffic: give one --sample S.summary.json alone");
            }
            if (!engines.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                    "--engines counts a sample of rows, and a traffic summary holds none");
            }
            SummaryReview review = summary(sa, sb, settings, err);
            if (review == null) {
                return 1;
            }
            return write(switch (format) {
                case "html" -> ReviewHtml.render(review);
                case "json" -> json(review);
                default -> ReviewMarkdown.render(review);
            }, out, err);
        }
        List<SampleReader.Source> sources = new ArrayList<>();
        if (sample.isEmpty()) {
            if (ws.samples().isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "the workspace binds no sample; give --sample FILE");
            }
            List<SampleReader.Source> bound = access.sources(workspace, ws, err, "compare");
            if (bound == null) {
                return SampleAccess.REFUSED;
            }
            sources.addAll(bound);
        } else {
            for (Path f : sample) {
                var refused = SampleReader.refusal(f);
                if (refused.isPresent()) {
                    err.println("cardinal compare: " + f + ": " + refused.get());
                    return 1;
                }
                sources.add(new SampleReader.Source(f, new SampleBinding("traffic", f.toString(), SampleReader.detectFormat(f),
                    sa.layout().eventKind(), "ns", null, null, List.of())));
            }
        }
        Sample read = TerminalProgress.read(sources, spec);
        InferCommand.printProblems(read.report(), err);
        Optional<EventKindSample> traffic = read.eventKind(sa.layout().eventKind());
        if (traffic.isEmpty()) {
            err.println("cardinal compare: the sample has no " + sa.layout().eventKind() + " traffic");
            return 1;
        }
        List<dev.cardinal.engine.SeriesEngine> counting = new ArrayList<>();
        for (String name : engines) {
            Optional<dev.cardinal.engine.SeriesEngine> e = dev.cardinal.engines.Engines.named(name)
                .flatMap(dev.cardinal.engine.Engine::counting);
            if (e.isEmpty()) {
                err.println("cardinal compare: --engines: '" + dev.cardinal.engine.CommentText.shown(name) + "' is not an engine"
                    + " that counts a sample of rows (" + dev.cardinal.engines.Engines.counting() + ")");
                return 2;
            }
            counting.add(e.get());
        }
        Review review = Review.of(sa, sb, traffic.get(), read.report(), settings, dev.cardinal.engines.Engines.queryLanguages())
            .withEngines(dev.cardinal.compare.EngineSides.of(counting, sa, sb, traffic.get(), settings));
        String text = switch (format) {
            case "html" -> ReviewHtml.render(review);
            case "json" -> json(review);
            default -> ReviewMarkdown.render(review);
        };
        return write(text, out, err);
    }

    private int write(String text, PrintWriter out, PrintWriter err) throws IOException {
        if (output == null) {
            out.print(text);
            out.flush();
        } else {
            AtomicFiles.write(output, text.getBytes(StandardCharsets.UTF_8));
            err.println("Wrote " + output);
        }
        return 0;
    }

    /**
     * Both layouts projected from the one summary given as --sample; null when it cannot be read or does not cover
     * one of them (said, with the rerun).
     */
    private SummaryReview summary(Side sa, Side sb, dev.cardinal.projection.ProjectionSettings settings, PrintWriter err) {
        Path file = sample.get(0);
        TrafficSummary summary = SummaryFiles.read(file, err, "compare");
        if (summary == null) {
            return null;
        }
        Optional<SummaryProjection> pa = project(summary, file, sa, aWorkspace, aRevision, settings, err);
        Optional<SummaryProjection> pb = project(summary, file, sb, bWorkspace, bRevision, settings, err);
        return pa.isEmpty() || pb.isEmpty() ? null : SummaryReview.of(sa, sb, pa.get(), pb.get(), summary.source());
    }

    private Optional<SummaryProjection> project(TrafficSummary summary, Path file, Side side, Path sideFile, String revision,
                                                dev.cardinal.projection.ProjectionSettings settings, PrintWriter err) {
        Path from = sideFile == null ? workspace : sideFile;
        Layout l = side.origin() == null ? side.layout() : side.layout().withName(side.label());
        return SummaryFiles.project(summary, file, l, revision == null ? from.toString() : from + " at " + revision, from,
            settings, err, "compare");
    }

    /**
     * The layout {@code name} from W, another workspace file, or a workspace file as it was at a git revision; null
     * when it cannot be read (said on {@code err}).
     */
    private Side side(Workspace current, Path file, String revision, String name, PrintWriter err) throws IOException {
        Path from = file == null ? workspace : file;
        Workspace ws;
        String origin;
        if (revision != null) {
            try {
                var loaded = Revisions.workspaceAt(from, revision);
                loaded.warnings().forEach(w -> err.println("warning: " + from + " at " + revision + ": " + w));
                ws = loaded.workspace();
            } catch (IOException | WorkspaceFormatException e) {
                err.println("cardinal compare: " + e.getMessage());
                return null;
            }
            origin = Side.origin(from, revision, workspace);
        } else if (file != null) {
            ws = CliFiles.workspace(file, err, "compare");
            origin = Side.origin(file, null, workspace);
        } else {
            ws = current;
            origin = null;
        }
        if (ws == null) {
            return null;
        }
        String where = revision == null ? from.toString() : from + " at " + revision;
        Optional<Layout> l = CliFiles.layout(ws, name, where, err, "compare");
        return l.isEmpty() ? null : new Side(ws, l.get(), origin);
    }

    /** The review as data: each layout as analyze reports it, then what the comparison adds. */
    static String json(Review r) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("workspace", r.workspace()).put("eventKind", r.a().eventKind());
        root.set("server", AnalyzeReport.server(r.a().reported()));
        root.set("a", AnalyzeReport.eventKind(r.a()));
        root.set("b", AnalyzeReport.eventKind(r.b()));
        comparison(root, r.comparison().differences(), r.comparison().metrics(), r.comparison().verdict());
        ArrayNode engines = root.putArray("engines");
        for (dev.cardinal.compare.EngineSides.PerEngine p : r.engines().engines()) {
            ObjectNode e = engines.addObject().put("engine", p.engine());
            e.set("a", dev.cardinal.engine.EngineCountJson.of(p.a()));
            e.set("b", dev.cardinal.engine.EngineCountJson.of(p.b()));
        }
        ArrayNode lines = root.putArray("onEveryEngine");
        r.engines().lines().forEach(l -> lines.addObject().put("engine", l.engine()).put("what", l.what()).put("a", l.a())
            .put("b", l.b()));
        ObjectNode findings = root.putObject("findings");
        ArrayNode fa = findings.putArray("a");
        r.findingsA().forEach(f -> fa.add(LintCommand.finding(f)));
        ArrayNode fb = findings.putArray("b");
        r.findingsB().forEach(f -> fb.add(LintCommand.finding(f)));
        ArrayNode questions = root.putArray("questions");
        for (QueryContrast.Question q : r.questions()) {
            ObjectNode n = questions.addObject().put("question", q.text());
            n.set("a", answer(q.a()));
            n.set("b", answer(q.b()));
        }
        return text(mapper, root);
    }

    /**
     * A review over a traffic summary as data: each layout as {@code analyze} reports it from the summary, what the
     * comparison adds, what the rules could not check, and what a summary does not hold.
     */
    static String json(SummaryReview r) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("workspace", r.workspace()).put("eventKind", r.a().eventKind()).put("summary", r.summary());
        root.set("server", AnalyzeReport.server(SummaryReport.reported(r.a())));
        root.set("a", SummaryReport.eventKind(r.a()));
        root.set("b", SummaryReport.eventKind(r.b()));
        comparison(root, r.differences(), r.metrics(), r.verdict());
        ObjectNode findings = root.putObject("findings");
        ArrayNode fa = findings.putArray("a");
        r.lintA().findings().forEach(f -> fa.add(LintCommand.finding(f)));
        ArrayNode fb = findings.putArray("b");
        r.lintB().findings().forEach(f -> fb.add(LintCommand.finding(f)));
        ObjectNode notChecked = root.putObject("notChecked");
        notChecked.set("a", LintCommand.notChecked(r.lintA().unchecked()));
        notChecked.set("b", LintCommand.notChecked(r.lintB().unchecked()));
        ArrayNode not = root.putArray("notInSummary");
        SummaryReview.NOT_IN_SUMMARY.forEach(not::add);
        return text(mapper, root);
    }

    private static String text(ObjectMapper mapper, ObjectNode root) {
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Differences, metrics (null where a number is not known) and the verdict. */
    private static void comparison(ObjectNode root, List<LayoutComparison.Difference> differences, List<LayoutComparison.Metric> metrics,
                                   List<String> verdicts) {
        ArrayNode diffs = root.putArray("differences");
        for (LayoutComparison.Difference d : differences) {
            diffs.addObject().put("subject", d.subject()).put("a", d.inA()).put("b", d.inB());
        }
        ArrayNode list = root.putArray("metrics");
        for (LayoutComparison.Metric m : metrics) {
            ObjectNode n = list.addObject().put("name", m.name()).put("lowerIsBetter", m.lowerIsBetter());
            if (m.a() >= 0) {
                n.put("a", m.a());
            } else {
                n.putNull("a");
            }
            if (m.b() >= 0) {
                n.put("b", m.b());
            } else {
                n.putNull("b");
            }
            if (m.a() >= 0 && m.b() >= 0) {
                n.put("delta", m.delta());
            }
        }
        ArrayNode verdict = root.putArray("verdict");
        verdicts.forEach(verdict::add);
    }

    private static ObjectNode answer(QueryContrast.Answer a) {
        ObjectNode n = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        if (a.answered()) {
            n.put("query", a.query());
        } else {
            n.putNull("query");
        }
        if (a.flux() != null) {
            n.put("flux", a.flux());
        } else {
            n.putNull("flux");
        }
        return n.put("note", a.note());
    }
}
