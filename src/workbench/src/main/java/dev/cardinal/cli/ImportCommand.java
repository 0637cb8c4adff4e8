package dev.cardinal.cli;

import dev.cardinal.engine.ImportedWorkspace;
import dev.cardinal.engine.Pushing;
import dev.cardinal.engines.Engines;
import dev.cardinal.engine.influxdb1.InfluxV1Client;
import dev.cardinal.engine.influxdb1.InfluxV1Exception;
import dev.cardinal.engine.influxdb1.InfluxV1Import;
import dev.cardinal.engine.influxdb2.InfluxV2Push;
import dev.cardinal.engine.opensearch.IndexImport;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.SampleBinding;
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
    private static final int MAX_DOCUMENTS = 10_000;

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
        Optional<Target.Kind> kind = connection.kind == null ? Optional.empty() : Engines.targetKind(connection.kind);
        Optional<Pushing> offered = kind.flatMap(Engines::pushing);
        if (connection.url == null || connection.database == null && offered.map(p -> p.database().isPresent()).orElse(true)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --url URL and --database DB (--index NAME with"
                + " --kind opensearch or elasticsearch, the db label with --kind victoriametrics, none with --kind prometheus)");
        }
        if (offered.isPresent()) {
            return seam(kind.get(), offered.get(), out, err);
        }
        if ("opensearch".equals(connection.kind) || "elasticsearch".equals(connection.kind)) {
            return index(out, err);
        }
        if ("influxdb-2".equals(connection.kind)) {
            try (InfluxV2Push v2 = connection.v2Push(connection.uri(), connection.database, connection.org, secrets, err)) {
                return save(v2.importBucket(connection.database), (ws, w) -> v2.recentPoints(connection.database, ws, samplePoints, w),
                    SampleFile.LINE_PROTOCOL, out, err);
            } catch (IOException e) {
                err.println("cardinal import: " + e.getMessage());
                return 3;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 3;
            }
        }
        InfluxV1Client client = connection.v1Client(connection.uri(), secrets, err);
        try {
            return save(InfluxV1Import.read(client, connection.database),
                (ws, w) -> InfluxV1Import.recentPoints(client, connection.database, ws, samplePoints, w),
                SampleFile.LINE_PROTOCOL, out, err);
        } catch (InfluxV1Exception e) {
            err.println("cardinal import: " + e.getMessage());
            return 3;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 3;
        }
    }

    /** A server whose engine offers its importer through the seam: metric names, their labels and label values. */
    private int seam(Target.Kind kind, Pushing pushing, PrintWriter out, PrintWriter err) throws IOException {
        if (samplePoints > 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--sample-points is not offered for " + kind.product()
                + ": import reads its metric names and labels only");
        }
        if (pushing.database().isEmpty() && connection.database != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), kind.product() + " takes no --database: leave it out");
        }
        URI url = connection.uri();
        try {
            return save(pushing.read(connection.connection(kind, url, connection.database, secrets)), (ws, w) -> 0,
                new SampleFile("", null, "points", kind == Target.Kind.VICTORIAMETRICS ? "db label" : "server"), out, err);
        } catch (IOException | IllegalArgumentException e) {
            err.println("cardinal import: " + kind.product() + " at " + UrlCredentials.redacted(url) + ": " + e.getMessage());
            return 3;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 3;
        }
    }

    /** An OpenSearch or Elasticsearch index (--index) as a workspace, its recent documents as an NDJSON sample. */
    private int index(PrintWriter out, PrintWriter err) throws IOException {
        if (samplePoints > MAX_DOCUMENTS) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--sample-docs reads at most " + MAX_DOCUMENTS
                + " documents (the engines' index.max_result_window)");
        }
        URI url = connection.uri();
        Target.Kind kind = Target.Kind.fromId(connection.kind).orElseThrow();
        IndexImport reader = new IndexImport(url, kind, connection.documentAuthorization(url, secrets), connection.timeout());
        String index = connection.database;
        try {
            ImportedWorkspace imported = reader.read(index);
            return save(imported, (ws, w) -> reader.recentDocuments(index, samplePoints, w),
                new SampleFile(".sample.ndjson.gz", path -> IndexImport.binding(imported.workspace().layouts().get(0), path),
                    "documents", "index"), out, err);
        } catch (IOException | IllegalArgumentException e) {
            err.println("cardinal import: " + UrlCredentials.redacted(url) + " index " + index + ": " + e.getMessage());
            return 3;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 3;
        }
    }

    /**
     * Where the recent points go: the sample file's ending, its binding, and the words for what it holds and for
     * where it came from.
     */
    private record SampleFile(String suffix, java.util.function.Function<String, SampleBinding> binding, String items,
                              String source) {
        static final SampleFile LINE_PROTOCOL = new SampleFile(".sample.lp.gz",
            path -> SampleBinding.lineProtocol("imported", path, "ns"), "points", "database");
    }

    /** Writes a workspace's recent points as line protocol; returns how many. */
    private interface RecentPoints {
        long write(Workspace ws, Writer out) throws IOException, InfluxV1Exception, InterruptedException;
    }

    /** Reports and writes the workspace, with the recent points when asked. */
    private int save(ImportedWorkspace imported, RecentPoints recent, SampleFile file, PrintWriter out, PrintWriter err)
        throws IOException, InfluxV1Exception, InterruptedException {
        Workspace ws = imported.workspace();
        if (ws.layouts().isEmpty()) {
            err.println("cardinal import: " + file.source() + " " + (connection.database != null ? connection.database
                : UrlCredentials.redacted(connection.url)) + " holds no measurement with fields");
            imported.notes().forEach(n -> err.println("  " + n));
            return 1;
        }
        report(imported, file.source(), out);
        if (samplePoints > 0) {
            String name = output.getFileName().toString();
            Path sample = output.resolveSibling(name.substring(0, name.length() - WorkspaceFiles.EXTENSION.length()) + file.suffix());
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            long points;
            try (Writer w = new OutputStreamWriter(new GZIPOutputStream(bytes), StandardCharsets.UTF_8)) {
                points = recent.write(ws, w);
            }
            AtomicFiles.write(sample, bytes.toByteArray());
            ws = new Workspace(ws.name(), ws.eventKinds(), ws.layouts(),
                List.of(file.binding().apply(WorkspaceFiles.relativize(output, sample))),
                ws.rollups(), ws.targets(), ws.canvas());
            out.printf("Wrote %s (%,d recent %s)%n", sample, points, file.items());
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
