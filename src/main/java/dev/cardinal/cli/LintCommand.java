package dev.cardinal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.lint.Evidence;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Linter;
import dev.cardinal.lint.Severity;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.ReportedSeries;
import dev.cardinal.projection.Projector;
import dev.cardinal.projection.SampleIndex;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cardinal lint W.cardinal.json}: every layout (or one) checked against the known failure modes, over the
 * workspace's bound sample. Exits 1 when an error-level finding exists, so it can guard a schema in CI.
 */
@Command(name = "lint", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Check layouts against the known failure modes (ids in tags, data in names and keys, limits, "
        + "shard groups, ...), with the numbers that show each finding and a fix."
        + "%nExit codes: 0 no error-level finding, 1 error-level findings, 2 bad usage, 3 nothing could be checked.")
final class LintCommand implements Callable<Integer> {
    static final int FINDINGS = 1;
    static final int UNCHECKED = 3;

    @Parameters(index = "0", paramLabel = "W.cardinal.json", description = "The workspace; its bound samples are read. "
        + "A workspace with an OpenSearch or Elasticsearch target has its NDJSON samples checked as documents; so is an "
        + "NDJSON file given instead of a workspace.")
    Path workspace;

    @Option(names = "--kind", paramLabel = "ENGINE", description = "For an NDJSON file: opensearch (default) or elasticsearch.")
    String kind;

    @Option(names = "--tenant", paramLabel = "KEY", description = "Documents: the top-level key that says whose a document is,"
        + " for the slots per tenant (default: the scope of a layout's slots).")
    String tenant;

    @Option(names = "--layout", paramLabel = "NAME", description = "Layout id or name (default: every layout).")
    String layout;

    @Option(names = "--query-range", paramLabel = "DURATION",
        description = "The longest time range queried often (e.g. 7d for a weekly dashboard); shard groups are checked against it.")
    String queryRange;

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
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ProjectionSettings settings = options.settings();
        server.version(); // a malformed --server-version is refused before anything is read
        Duration range = queryRange == null ? Duration.ZERO : options.duration("--query-range", queryRange);
        if (kind != null && !kind.equals("opensearch") && !kind.equals("elasticsearch")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--kind must be opensearch or elasticsearch");
        }
        if (DocumentLint.isDocumentFile(workspace)) {
            return documents(settings, out, err);
        }
        Workspace ws = CliFiles.workspace(workspace, err, "lint");
        if (ws == null) {
            return UNCHECKED;
        }
        dev.cardinal.model.Target documentTarget = DocumentLint.documentTarget(ws);
        if (documentTarget != null) {
            List<SampleReader.Source> sources = access.sources(workspace, ws, err, "lint");
            if (sources == null) {
                return SampleAccess.REFUSED;
            }
            List<MappingReport.Kind> kinds = DocumentLint.workspace(ws, sources, documentTarget, tenant, settings.horizon(), err);
            if (kinds.isEmpty()) {
                err.println("cardinal lint: " + workspace + " binds no NDJSON documents for " + documentTarget.kind().product());
                return UNCHECKED;
            }
            return DocumentLint.report(kinds, documentTarget.kind(), options.json(), out);
        }
        settings = server.settings(settings, ws);
        List<Layout> chosen = ws.layouts();
        if (layout != null) {
            Optional<Layout> l = CliFiles.layout(ws, layout, workspace, err, "lint");
            if (l.isEmpty()) {
                return UNCHECKED;
            }
            chosen = List.of(l.get());
        }
        if (ws.samples().isEmpty()) {
            err.println("cardinal lint: " + workspace + " binds no sample traffic, and the rules need it");
            return UNCHECKED;
        }
        List<SampleReader.Source> sources = access.sources(workspace, ws, err, "lint");
        if (sources == null) {
            return SampleAccess.REFUSED;
        }
        Sample sample = SampleReader.read(sources, SampleLimits.defaults(), ReadMonitor.NONE);
        InferCommand.printProblems(sample.report(), err);
        List<Finding> findings = new ArrayList<>();
        List<String> unchecked = new ArrayList<>();
        List<Projection> projected = new ArrayList<>();
        java.util.Map<String, SampleIndex> indexes = new java.util.HashMap<>();
        for (Layout l : chosen) {
            Optional<EventKindSample> k = sample.eventKinds().stream().filter(x -> x.name().equals(l.eventKind())).findFirst();
            Optional<String> missing = l.attributesUsed().stream()
                .filter(a -> k.isPresent() && k.get().attribute(a).isEmpty()).findFirst();
            if (k.isEmpty() || missing.isPresent()) {
                unchecked.add(l.id());
                err.println("cardinal lint: layout '" + l.id() + "' not checked: " + (k.isEmpty()
                    ? "the sample has no points of " + l.eventKind()
                    : "the sample of " + l.eventKind() + " does not carry '" + missing.get() + "'"));
                continue;
            }
            // one index per event kind: its id columns and growth curves serve every layout of the kind
            SampleIndex index = indexes.computeIfAbsent(l.eventKind(), x -> new SampleIndex(k.get()));
            EventKind kind = ws.eventKind(l.eventKind()).orElseThrow(); // a loaded workspace has the kind of each layout
            Projection p = new Projector(index).project(kind, l, settings);
            projected.add(p);
            findings.addAll(Linter.lint(new LintContext(ws, kind, l, p, index, sample.report(), range)));
        }
        if (unchecked.size() == chosen.size()) {
            err.println("cardinal lint: nothing could be checked");
            return UNCHECKED;
        }
        ReportedSeries server = projected.isEmpty() ? null : projected.get(0).reported();
        if (options.json()) {
            out.println(json(findings, chosen, unchecked, server));
        } else {
            if (server != null) {
                out.println(AnalyzeReport.serverLine(server));
            }
            text(findings, chosen, unchecked, out);
        }
        return findings.stream().anyMatch(f -> f.severity() == Severity.ERROR) ? FINDINGS : 0;
    }

    /** One NDJSON file of documents, with the limit of the chosen server (or the engine's default). */
    private int documents(ProjectionSettings settings, PrintWriter out, PrintWriter err) throws IOException {
        if (!java.nio.file.Files.isRegularFile(workspace)) {
            err.println("cardinal lint: " + workspace + ": no such file");
            return UNCHECKED;
        }
        long limit = settings.limits().stream().filter(l -> l.id().equals(MappingReport.LIMIT_ID)).findFirst()
            .map(dev.cardinal.projection.Limit::value).orElse(dev.cardinal.projection.DocumentMapping.DEFAULT_TOTAL_FIELDS);
        dev.cardinal.model.Target.Kind engine = DocumentSamples.engine(kind);
        String name = DocumentSamples.name(workspace);
        return DocumentLint.report(List.of(DocumentSamples.read(name, workspace, limit, tenant, engine, settings.horizon(), err)),
            engine, options.json(), out);
    }

    static String json(List<Finding> findings, List<Layout> layouts, List<String> unchecked, ReportedSeries server) {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        if (server != null) {
            root.set("server", AnalyzeReport.server(server));
        }
        for (Severity s : Severity.values()) {
            root.put(s.id() + "s", findings.stream().filter(f -> f.severity() == s).count());
        }
        ArrayNode checked = root.putArray("layouts");
        layouts.stream().map(Layout::id).filter(id -> !unchecked.contains(id)).forEach(checked::add);
        ArrayNode skipped = root.putArray("unchecked");
        unchecked.forEach(skipped::add);
        ArrayNode list = root.putArray("findings");
        findings.forEach(f -> list.add(finding(f)));
        try {
            return mapper.writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One finding as JSON: rule, severity, layout, subject, message, evidence, fix. */
    static ObjectNode finding(Finding f) {
        ObjectNode n = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        n.put("rule", f.rule());
        n.put("severity", f.severity().id());
        n.put("layout", f.layout());
        n.put("subject", f.subject());
        n.put("message", f.message());
        ArrayNode ev = n.putArray("evidence");
        for (Evidence e : f.evidence()) {
            ev.addObject().put("label", e.label()).put("value", e.value());
        }
        n.putObject("fix").put("title", f.fix().title()).put("applicable", f.fix().applicable());
        return n;
    }

    static void text(List<Finding> findings, List<Layout> layouts, List<String> unchecked, PrintWriter out) {
        for (Layout l : layouts) {
            if (unchecked.contains(l.id())) {
                continue;
            }
            List<Finding> mine = findings.stream().filter(f -> f.layout().equals(l.id())).toList();
            long errors = mine.stream().filter(f -> f.severity() == Severity.ERROR).count();
            long warnings = mine.stream().filter(f -> f.severity() == Severity.WARNING).count();
            out.printf("%s (%s): %s%n", l.id(), l.eventKind(), mine.isEmpty() ? "clean"
                : errors + " error" + (errors == 1 ? "" : "s") + ", " + warnings + " warning" + (warnings == 1 ? "" : "s")
                + ", " + (mine.size() - errors - warnings) + " info");
            for (Finding f : mine) {
                out.printf("  %-7s %-26s %s%n", f.severity().name(), f.rule(), f.subject());
                out.printf("          %s%n", f.message());
                for (Evidence e : f.evidence()) {
                    out.printf("          %s: %s%n", e.label(), e.value());
                }
                out.printf("          fix: %s%s%n", f.fix().title(), f.fix().applicable() ? "" : " (by hand)");
            }
            out.println();
        }
    }
}
