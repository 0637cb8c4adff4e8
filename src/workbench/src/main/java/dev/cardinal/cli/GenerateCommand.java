package dev.cardinal.cli;

import dev.cardinal.engines.Bundle;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cardinal generate W.cardinal.json -o DIR}: the code that puts layouts into production, one file per
 * artefact, with an index README: InfluxQL for InfluxDB 1.x, Flux for InfluxDB 2.x and Cloud, and, per rollup
 * into a relational table, its SQL for MariaDB and PostgreSQL.
 */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Write the code for layouts: InfluxQL (database, retention policy, continuous queries, example "
        + "queries) and Flux (bucket commands, a task per rollup, example queries) per layout, SQL (summary table, "
        + "upsert, report) per rollup into a relational table for MariaDB and PostgreSQL, and an index README. "
        + "Files are replaced atomically; nothing else in DIR is touched.")
final class GenerateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "W.cardinal.json", description = "The workspace.")
    Path workspace;

    @Option(names = "--layout", paramLabel = "NAME", description = "Layout id or name (default: each event kind's first layout and every layout a rollup reads).")
    String layout;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "Folder to write into (made if missing).")
    Path output;

    @Option(names = "--database", paramLabel = "NAME",
        description = "Database name (default: the workspace's InfluxDB 1.x target's, else the workspace name).")
    String database;

    @Option(names = "--org", paramLabel = "NAME",
        description = "InfluxDB 2.x organisation for the bucket commands (default: the workspace's InfluxDB 2 target's, else the workspace name).")
    String org;

    @CommandLine.Mixin
    SampleAccess access = new SampleAccess();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The slots a tenant needs are provisioned for this long; the templates themselves do not depend on it. */
    private static final java.time.Duration CURES_HORIZON = java.time.Duration.ofDays(30);

    @Override
    public Integer call() throws IOException {
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);
        Workspace ws = CliFiles.workspace(workspace, err, "generate");
        if (ws == null) {
            return 1;
        }
        List<Layout> chosen = new ArrayList<>();
        if (layout != null) {
            Optional<Layout> l = CliFiles.layout(ws, layout, workspace, err, "generate");
            if (l.isEmpty()) {
                return 1;
            }
            chosen.add(l.get());
        } else {
            ws.eventKinds().forEach(k -> ws.layoutsOf(k.name()).stream().findFirst().ifPresent(chosen::add));
            // a rollup's code comes with the layout it reads, which need not be its event kind's first
            ws.rollups().forEach(r -> ws.layout(r.layout()).filter(l -> !chosen.contains(l)).ifPresent(chosen::add));
        }
        if (chosen.isEmpty()) {
            err.println("cardinal generate: " + workspace + " has no layout");
            return 1;
        }
        String db = database != null ? database : Bundle.database(ws);
        String organisation = org != null ? org : Bundle.organisation(ws);
        // example values come from the sample when one is bound; without it the examples that need a value are left out
        Map<String, EventKindSample> samples = new LinkedHashMap<>();
        List<SampleReader.Source> sources = List.of();
        if (!ws.samples().isEmpty()) {
            sources = access.sources(workspace, ws, err, "generate");
            if (sources == null) {
                return SampleAccess.REFUSED;
            }
            Sample s = TerminalProgress.read(sources, spec);
            s.eventKinds().forEach(k -> samples.put(k.name(), k));
        }
        Bundle.Contents contents;
        try {
            contents = Bundle.of(ws, chosen, db, organisation, samples);
        } catch (IllegalArgumentException e) {
            err.println("cardinal generate: " + e.getMessage());
            return 1;
        }
        Bundle.write(contents, output, workspace.getFileName().toString(), f -> out.println("Wrote " + f));
        contents.notWritten().forEach(n -> err.println("cardinal generate: not written: " + n));
        writeCures(ws, sources, out, err);
        return 0;
    }

    /**
     * With a document target, each cure's index template for each NDJSON sample the workspace binds
     * ({@code KIND.CURE.index-template.json}), counted against the target's limit.
     */
    private void writeCures(Workspace ws, List<SampleReader.Source> sources, PrintWriter out, PrintWriter err)
        throws IOException {
        Target target = DocumentLint.documentTarget(ws);
        List<SampleReader.Source> documents = sources.stream()
            .filter(s -> s.binding().format() == dev.cardinal.model.SampleFormat.NDJSON).toList();
        if (target == null || documents.isEmpty()) {
            return;
        }
        List<MappingReport.Kind> kinds = new ArrayList<>();
        for (MappingReport.Kind k : DocumentLint.workspace(ws, documents, target, null, CURES_HORIZON, err)) {
            kinds.add(DocumentSamples.withCures(k, List.of(target.database(), target.database() + "-*"), CURES_HORIZON));
        }
        CureTemplates.write(kinds, output).forEach(f -> out.println("Wrote " + f));
    }
}
