package dev.cardinal.cli;

import dev.cardinal.engine.Connection;
import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engine.RecentSample;
import dev.cardinal.engines.Engines;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Target;
import dev.cardinal.model.UrlCredentials;
import dev.cardinal.model.Workspace;
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.projection.Quantities;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cardinal import --url URL --database DB -o W.cardinal.json}: a workspace from what a live InfluxDB 1.x
 * database holds, optionally with its most recent points as the sample.
 */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Build a workspace from a live InfluxDB 1.x database (or a 2.x bucket with --kind influxdb-2 --org ORG, or an "
        + "OpenSearch / Elasticsearch index with --kind opensearch --index NAME: keywords as tags, numbers and booleans as "
        + "fields, the most recent documents by @timestamp as an NDJSON sample): measurements, tag keys, field keys and types, "
        + "the default retention policy, continuous queries as rollups, distinct values per tag; optionally the most "
        + "recent points of each measurement as the workspace's sample. With --kind victoriametrics (--database: the db label) or "
        + "--kind prometheus (no --database): each metric name an event kind, its labels tags, its value the field value. Reads only."
        + "%nExit codes: 0 imported, 1 the database holds no measurement, 2 bad usage, 3 failure.")
final class ImportCommand implements Callable<Integer> {
    @CommandLine.Mixin
    ConnectOptions connection = new ConnectOptions();

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "W.cardinal.json", description = "The workspace to write.")
    Path output;

    @Option(names = {"--sample-points", "--sample-docs"}, defaultValue = "0", paramLabel = "N",
        description = "Also write the most recent N points of each measurement (documents of the index, at most "
            + "10,000) as the sample, next to the workspace (default: none).")
    int samplePoints;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    Secrets secrets = Secrets.system();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = TerminalText.out(spec);
        PrintWriter err = TerminalText.err(spec);

        if (samplePoints < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--sample-points must not be negative");
        }
        if (!output.getFileName().toString().endsWith(WorkspaceFiles.EXTENSION)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-o must name a " + WorkspaceFiles.EXTENSION + " file");
        }
        Target.Kind kind = connection.kind == null ? Target.Kind.INFLUXDB_1 : Engines.targetKind(connection.kind)
            .orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(), "--kind must be one of " + String.join(", ",
                java.util.Arrays.stream(Target.Kind.values()).map(Target.Kind::id).toList())));
        Pushing pushing = Engines.pushing(kind).orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(),
            "import is not offered for " + kind.product()));
        if (connection.url == null || connection.database == null && pushing.database().isPresent()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --url URL and --database DB (--index NAME with"
                + " --kind opensearch or elasticsearch, the db label with --kind victoriametrics, none with --kind prometheus)");
        }
        if (pushing.database().isEmpty() && connection.database != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), kind.product() + " takes no --database: leave it out");
        }
        Optional<RecentSample> recent = pushing.recent();
        if (samplePoints > 0 && recent.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--sample-points is not offered for " + kind.product()
                + ": import reads its metric names and labels only");
        }
        if (recent.isPresent() && samplePoints > recent.get().most()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--sample-points (--sample-docs) reads at most "
                + recent.get().most() + " " + recent.get().items() + " (" + recent.get().mostReason() + ")");
        }
        URI url = connection.uri();
        Connection server = connection.connection(pushing, kind, url, connection.database, connection.org, secrets, err);
        try {
            ImportedWorkspace imported = pushing.read(server);
            return save(imported, server, recent.orElse(null), pushing.holder(), out, err);
        } catch (IOException | IllegalArgumentException e) {
            err.println("cardinal import: " + kind.product() + " at " + server.where() + ": " + e.getMessage());
            return 3;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 3;
        }
    }

    /** Reports and writes the workspace, with the recent points when asked. */
    private int save(ImportedWorkspace imported, Connection server, RecentSample recent, String source, PrintWriter out,
                     PrintWriter err) throws IOException, InterruptedException {
        Workspace ws = imported.workspace();
        if (ws.layouts().isEmpty()) {
            err.println("cardinal import: " + source + " " + (connection.database != null ? connection.database
                : UrlCredentials.redacted(connection.url)) + " holds no measurement with fields");
            imported.notes().forEach(n -> err.println("  " + n));
            return 1;
        }
        report(imported, source, out);
        if (samplePoints > 0) {
            String name = output.getFileName().toString();
            Path sample = output.resolveSibling(name.substring(0, name.length() - WorkspaceFiles.EXTENSION.length()) + recent.suffix());
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            long points;
            try (Writer w = new OutputStreamWriter(new GZIPOutputStream(bytes), StandardCharsets.UTF_8)) {
                points = recent.write(server, ws, samplePoints, w);
            }
            AtomicFiles.write(sample, bytes.toByteArray());
            ws = new Workspace(ws.name(), ws.eventKinds(), ws.layouts(),
                List.of(recent.binding(imported, WorkspaceFiles.relativize(output, sample))),
                ws.rollups(), ws.targets(), ws.canvas());
            out.printf("Wrote %s (%,d recent %s)%n", sample, points, recent.items());
        }
        WorkspaceFiles.save(output, ws);
        out.println("Wrote " + output);
        return 0;
    }

    private static void report(ImportedWorkspace imported, String source, PrintWriter out) {
        Workspace ws = imported.workspace();
        out.printf("%s %s: %d measurement(s), %d rollup(s)%n", Character.toUpperCase(source.charAt(0)) + source.substring(1),
            ws.name(), ws.layouts().size(), ws.rollups().size());
        for (Layout l : ws.layouts()) {
            String m = l.measurement().literalText();
            out.printf("%n  %s%s%n", dev.cardinal.engine.CommentText.shown(m), source.equals("database")
                ? " (retention policy " + l.retention().name() + ")" : "");
            Map<String, Long> values = imported.tagValues().getOrDefault(m, Map.of());
            l.tags().forEach(t -> out.printf("    tag    %-24s %,d distinct%n", dev.cardinal.engine.CommentText.shown(t.key()),
                values.getOrDefault(t.key(), 0L)));
            ws.eventKind(l.eventKind()).ifPresent(k -> l.fields().forEach(f -> out.printf("    field  %-24s %s%n",
                f.key().literalText(), k.attribute(f.attribute()).map(a -> a.type().name().toLowerCase()).orElse("?"))));
        }
        for (Rollup r : ws.rollups()) {
            out.printf("%n  rollup %s: every %s into %s%n", r.id(), Quantities.span(r.window()), r.destination().name());
        }
        imported.notes().forEach(n -> out.println("  note: " + n));
    }
}
