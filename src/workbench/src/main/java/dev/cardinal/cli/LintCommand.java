package dev.cardinal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardinal.engine.Engine;
import dev.cardinal.engines.Engines;
import dev.cardinal.lint.Evidence;
import dev.cardinal.lint.Finding;
import dev.cardinal.lint.LayoutTraffic;
import dev.cardinal.lint.LintContext;
import dev.cardinal.lint.Linter;
import dev.cardinal.lint.Rule;
import dev.cardinal.lint.Severity;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Workspace;
import dev.cardinal.projection.NotProjected;
import dev.cardinal.projection.Projected;
import dev.cardinal.projection.Projection;
import dev.cardinal.projection.ProjectionInput;
import dev.cardinal.projection.ProjectionSettings;
import dev.cardinal.projection.Projections;
import dev.cardinal.projection.ReportedSeries;
import dev.cardinal.projection.SummaryProjection;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.TrafficSummary;
import dev.cardinal.traffic.TrafficSummaryFile;
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
 * workspace's bound sample, or over a traffic summary ({@code cardinal lint S.summary.json --workspace W}), where
 * the rules that read what a summary does not hold are listed as not checked. Exits 1 when an error-level finding
 * exists, so it can guard a schema in CI.
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
        + "NDJSON file given instead of a workspace. A traffic summary (S.summary.json, with --workspace) is read in place "
        + "of the samples.")
    Path workspace;

    @Option(names = {"-w", "--workspace"}, paramLabel = "W.cardinal.json",
        description = "With a traffic summary: the workspace whose layouts are checked.")
    Path summaryWorkspace;

    @Option(names = "--kind", paramLabel = "ENGINE", description = "For an NDJSON file: opensearch (default) or elasticsearch.")
    String kind;

    @Option(names = "--tenant", paramLabel = "KEY", description = "Documents: the top-level key that says whose a document is,"
        + " for the slots per tenant (default: the scope of a layout's slots).")
    String tenant;

    @Option(names = "--layout", paramLabel = "NAME", description = "Layout id or name (default: every layout).")
    String layout;

    @Option(names = "--engine", paramLabel = "ENGINE", description = "Also check an engine's own rules, e.g. influxdb3"
        + " (tag order, tag/field clashes, column budgets).")
    String engine;

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
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);
        ProjectionSettings settings = options.settings();
        server.version(); // a malformed --server-version is refused before anything is read
        Duration range = queryRange == null ? Duration.ZERO : options.duration("--query-range", queryRange);
        if (kind != null && !kind.equals("opensearch") && !kind.equals("elasticsearch")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--kind must be opensearch or elasticsearch");
        }
        if (TrafficSummaryFile.isSummary(workspace)) {
            return summary(settings, range, out, err);
        }
        if (summaryWorkspace != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--workspace goes with a traffic summary (S"
                + TrafficSummary.EXTENSION + "); give the workspace itself as the first argument");
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
        List<Layout> chosen = chosen(ws, workspace, err);
        if (chosen == null) {
            return UNCHECKED;
        }
        if (ws.samples().isEmpty()) {
            err.println("cardinal lint: " + workspace + " binds no sample traffic, and the rules need it");
            return UNCHECKED;
        }
        List<SampleReader.Source> sources = access.sources(workspace, ws, err, "lint");
        if (sources == null) {
            return SampleAccess.REFUSED;
        }
        Sample sample = TerminalProgress.read(sources, spec);
        InferCommand.printProblems(sample.report(), err);
        List<Finding> findings = new ArrayList<>();
        List<String> unchecked = new ArrayList<>();
        List<Projection> projected = new ArrayList<>();
        // one index per event kind: its id columns and growth curves serve every layout of the kind
        ProjectionInput.Rows rows = ProjectionInput.rows(sample);
        for (Layout l : chosen) {
            Projected p = Projections.project(ws, l, rows, settings);
            if (p instanceof NotProjected why) {
                unchecked.add(l.id());
                err.println("cardinal lint: layout '" + l.id() + "' not checked: " + (switch (why.why()) {
                    case NO_TRAFFIC -> "the sample has no points of " + l.eventKind();
                    case MISSING_ATTRIBUTE -> "the sample of " + l.eventKind() + " does not carry '" + why.attribute() + "'";
                    default -> why.message();
                }));
                continue;
            }
            Projected.Rows r = (Projected.Rows) p;
            projected.add(r.projection());
            findings.addAll(Linter.check(new LintContext(ws, r.kind(), l, r.projection(), r.index(), sample.report(), range),
                engineRules()).findings());
        }
        return report(new Report(findings, chosen, unchecked, projected.isEmpty() ? null : projected.get(0).reported(), null),
            out, err);
    }

    /** The rules of the engine --engine names, none without it. */
    private List<Rule> engineRules() {
        if (engine == null) {
            return List.of();
        }
        return Engines.named(engine).map(Engine::lintRules).orElseThrow(() -> new CommandLine.ParameterException(
            spec.commandLine(), "--engine must be one of " + Engines.names() + ", not '" + engine + "'"));
    }

    /** The layouts to check: every layout of {@code ws}, or the one --layout names; null when there is no such one (said). */
    private List<Layout> chosen(Workspace ws, Path file, PrintWriter err) {
        if (layout == null) {
            return ws.layouts();
        }
        Optional<Layout> l = CliFiles.layout(ws, layout, file, err, "lint");
        return l.map(List::of).orElse(null);
    }

    /**
     * {@code cardinal lint S.summary.json --workspace W}: each layout the summary covers, checked by every rule from
     * the summary's figures; what a rule could not check from them is listed with why.
     */
    private int summary(ProjectionSettings settings, Duration range, PrintWriter out, PrintWriter err) throws IOException {
        if (summaryWorkspace == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                "a traffic summary covers the layouts of a workspace: give --workspace W.cardinal.json");
        }
        Workspace ws = CliFiles.workspace(summaryWorkspace, err, "lint");
        if (ws == null) {
            return UNCHECKED;
        }
        settings = server.settings(settings, ws);
        List<Layout> chosen = chosen(ws, summaryWorkspace, err);
        TrafficSummary summary = chosen == null ? null : SummaryFiles.read(workspace, err, "lint");
        if (summary == null) {
            return UNCHECKED;
        }
        List<Finding> findings = new ArrayList<>();
        List<String> unchecked = new ArrayList<>();
        List<Linter.Unchecked> notChecked = new ArrayList<>();
        ReportedSeries reported = null;
        for (Layout l : chosen) {
            Optional<SummaryProjection> p = SummaryFiles.project(summary, workspace, l, summaryWorkspace, settings, err, "lint");
            if (p.isEmpty()) {
                unchecked.add(l.id());
                continue;
            }
            reported = reported != null ? reported : SummaryReport.reported(p.get());
            EventKind kind = ws.eventKind(l.eventKind()).orElseThrow(); // a loaded workspace has the kind of each layout
            Linter.Result r = Linter.check(new LintContext(ws, kind, l, new LayoutTraffic.Summary(p.get()), range));
            findings.addAll(r.findings());
            notChecked.addAll(r.unchecked());
        }
        return report(new Report(findings, chosen, unchecked, reported, notChecked), out, err);
    }

    /**
     * What lint found.
     *
     * @param unchecked  layouts that could not be checked at all
     * @param notChecked from a summary: what each rule could not check; null over rows, where every rule checks all
     */
    record Report(List<Finding> findings, List<Layout> layouts, List<String> unchecked, ReportedSeries server,
                  List<Linter.Unchecked> notChecked) {
    }

    private int report(Report r, PrintWriter out, PrintWriter err) {
        if (r.unchecked().size() == r.layouts().size()) {
            err.println("cardinal lint: nothing could be checked");
            return UNCHECKED;
        }
        if (options.json()) {
            out.println(json(r));
        } else {
            if (r.server() != null) {
                out.println(AnalyzeReport.serverLine(r.server()));
            }
            text(r, out);
        }
        return r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR) ? FINDINGS : 0;
    }

    /** One NDJSON file of documents, with the limit of the chosen server (or the engine's default). */
    private int documents(ProjectionSettings settings, PrintWriter out, PrintWriter err) throws IOException {
        if (!java.nio.file.Files.isRegularFile(workspace)) {
            err.println("cardinal lint: " + workspace + ": no such file");
            return UNCHECKED;
        }
        long limit = MappingReport.limit(settings);
        dev.cardinal.model.Target.Kind engine = DocumentSamples.engine(kind);
        String name = DocumentSamples.name(workspace);
        return DocumentLint.report(List.of(DocumentSamples.read(name, workspace, limit, tenant, engine, settings.horizon(), err)),
            engine, options.json(), out);
    }

    static String json(Report r) {
        List<Finding> findings = r.findings();
        List<String> unchecked = r.unchecked();
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        if (r.server() != null) {
            root.set("server", AnalyzeReport.server(r.server()));
        }
        for (Severity s : Severity.values()) {
            root.put(s.id() + "s", findings.stream().filter(f -> f.severity() == s).count());
        }
        ArrayNode checked = root.putArray("layouts");
        r.layouts().stream().map(Layout::id).filter(id -> !unchecked.contains(id)).forEach(checked::add);
        ArrayNode skipped = root.putArray("unchecked");
        unchecked.forEach(skipped::add);
        ArrayNode list = root.putArray("findings");
        findings.forEach(f -> list.add(finding(f)));
        if (r.notChecked() != null) {
            root.set("notChecked", notChecked(r.notChecked()));
        }
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

    /** What the rules could not check from a summary, as JSON: rule, layout, subjects, why. */
    static ArrayNode notChecked(List<Linter.Unchecked> notChecked) {
        ArrayNode out = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        for (Linter.Unchecked u : notChecked) {
            ObjectNode n = out.addObject().put("rule", u.rule()).put("layout", u.layout());
            u.subjects().forEach(n.putArray("subjects")::add);
            n.put("why", u.why());
        }
        return out;
    }

    static void text(Report r, PrintWriter out) {
        for (Layout l : r.layouts()) {
            if (r.unchecked().contains(l.id())) {
                continue;
            }
            List<Finding> mine = r.findings().stream().filter(f -> f.layout().equals(l.id())).toList();
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
            if (r.notChecked() != null) {
                printNotChecked(r.notChecked().stream().filter(u -> u.layout().equals(l.id())).toList(), out);
            }
            out.println();
        }
    }

    /** What the rules could not check in one layout from a summary, as text. */
    static void printNotChecked(List<Linter.Unchecked> notChecked, PrintWriter out) {
        if (notChecked.isEmpty()) {
            return;
        }
        out.printf("  not checked from the summary (they need the rows):%n");
        for (Linter.Unchecked u : notChecked) {
            out.printf("          %-26s %s: %s%n", u.rule(), String.join(", ", u.subjects()), u.why());
        }
    }
}
