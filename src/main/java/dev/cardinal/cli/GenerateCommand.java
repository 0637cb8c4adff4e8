package dev.cardinal.cli;

import dev.cardinal.codegen.FluxGenerator;
import dev.cardinal.codegen.InfluxQlGenerator;
import dev.cardinal.codegen.SqlDialect;
import dev.cardinal.codegen.SchemaFiles;
import dev.cardinal.codegen.SlotTables;
import dev.cardinal.codegen.SqlGenerator;
import dev.cardinal.codegen.WriterSnippets;
import dev.cardinal.model.EventKind;
import dev.cardinal.model.AtomicFiles;
import dev.cardinal.model.Layout;
import dev.cardinal.model.Rollup;
import dev.cardinal.model.Target;
import dev.cardinal.model.Workspace;
import dev.cardinal.traffic.EventKindSample;
import dev.cardinal.traffic.ReadMonitor;
import dev.cardinal.traffic.Sample;
import dev.cardinal.traffic.SampleLimits;
import dev.cardinal.traffic.SampleReader;
import dev.cardinal.traffic.SchemaInference;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * into a relational table, its SQL for MariaDB/MySQL and PostgreSQL.
 */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Write the code for layouts: InfluxQL (database, retention policy, continuous queries, example",
        "queries) and Flux (bucket commands, a task per rollup, example queries) per layout, SQL (summary table,",
        "upsert, report) per rollup into a relational table for MariaDB and PostgreSQL, and an index README.",
        "Files are replaced atomically; nothing else in DIR is touched."})
final class GenerateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "W.cardinal.json", description = "The workspace.")
    Path workspace;

    @Option(names = "--layout", paramLabel = "NAME", description = "Layout id or name (default: each event kind's first layout).")
    String layout;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR", description = "Folder to write into (made if missing).")
    Path output;

    @Option(names = "--database", paramLabel = "NAME",
        description = "Database name (default: the workspace's InfluxDB 1.x target's, else the workspace name).")
    String database;

    @Option(names = "--org", paramLabel = "NAME",
        description = "InfluxDB 2.x organisation for the bucket commands (default: the workspace's InfluxDB 2 target's, else the workspace name).")
    String org;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** {@code ids-as-fields} -> {@code IdsAsFields}. */
    static String javaClassName(String id) {
        StringBuilder sb = new StringBuilder();
        boolean upper = true;
        for (char c : id.toCharArray()) {
            if (c < 128 && Character.isLetterOrDigit(c)) {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            } else {
                upper = true;
            }
        }
        return sb.length() == 0 || Character.isDigit(sb.charAt(0)) ? "Layout" + sb : sb.toString();
    }

    /** One file to write, and the index line that says what it is. */
    private record Artefact(String text, String description) {
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
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
        }
        if (chosen.isEmpty()) {
            err.println("cardinal generate: " + workspace + " has no layout");
            return 1;
        }
        String db = database != null ? database : ws.targets().stream().filter(t -> t.kind() == Target.Kind.INFLUXDB_1
            && t.database() != null).map(Target::database).findFirst().orElse(SchemaInference.slug(ws.name()).replace('-', '_'));
        String organisation = org != null ? org : ws.targets().stream().filter(t -> t.kind() == Target.Kind.INFLUXDB_2
            && t.org() != null).map(Target::org).findFirst().orElse(SchemaInference.slug(ws.name()));
        // example values come from the sample when one is bound; without it the examples that need a value are left out
        Map<String, EventKindSample> samples = new LinkedHashMap<>();
        if (!ws.samples().isEmpty()) {
            Sample s = SampleReader.read(SampleReader.sources(workspace, ws), SampleLimits.defaults(), ReadMonitor.NONE);
            s.eventKinds().forEach(k -> samples.put(k.name(), k));
        }
        Map<String, Artefact> files = new LinkedHashMap<>();
        List<String> notWritten = new ArrayList<>();
        for (Layout l : chosen) {
            try {
                artefacts(ws, l, db, organisation, samples.get(l.eventKind()), files, notWritten);
            } catch (IllegalArgumentException e) {
                err.println("cardinal generate: layout '" + l.id() + "': " + e.getMessage());
                return 1;
            }
        }
        Files.createDirectories(output);
        StringBuilder index = new StringBuilder("# Generated by Cardinal from " + workspace.getFileName() + "\n\n");
        for (var e : files.entrySet()) {
            AtomicFiles.write(output.resolve(e.getKey()), e.getValue().text().getBytes(StandardCharsets.UTF_8));
            index.append("- `").append(e.getKey()).append("`: ").append(e.getValue().description()).append('\n');
            out.println("Wrote " + output.resolve(e.getKey()));
        }
        notWritten.forEach(n -> index.append("- ").append(n).append('\n'));
        AtomicFiles.write(output.resolve("README.md"), index.toString().getBytes(StandardCharsets.UTF_8));
        return 0;
    }

    /** Every artefact of one layout, in the order the index lists them; what cannot be made goes to {@code notWritten}. */
    private static void artefacts(Workspace ws, Layout l, String db, String organisation, EventKindSample sample,
                                  Map<String, Artefact> files, List<String> notWritten) {
        EventKind kind = ws.eventKind(l.eventKind()).orElseThrow(); // a loaded workspace has the kind of each layout
        String base = SchemaInference.slug(l.id());

        InfluxQlGenerator.Script influxql = InfluxQlGenerator.generate(ws, l, db, sample);
        String file = base + ".influxql";
        files.put(file, new Artefact(influxql.text(), "InfluxQL for InfluxDB 1.x, layout " + l.id() + " (database " + db
            + "): " + influxql.setup().size() + " setup statements, " + influxql.continuousQueries().size()
            + " continuous queries, " + influxql.examples().size() + " example queries. Run it whole with"
            + " `curl -XPOST 'http://localhost:8086/query?db=" + java.net.URLEncoder.encode(db, StandardCharsets.UTF_8)
            + "' --data-urlencode q@" + file + "`."));

        FluxGenerator.Output flux = FluxGenerator.generate(ws, l, db, organisation, sample);
        files.put(base + ".buckets.sh", new Artefact("#!/bin/sh\n# the InfluxDB 2.x buckets of layout " + l.id() + "\nset -e\n"
            + String.join("\n", flux.bucketCommands()) + "\n", "`influx bucket create` commands (organisation " + organisation + ")."));
        StringBuilder examples = new StringBuilder();
        flux.examples().forEach(e -> examples.append("// ").append(e.purpose()).append('\n').append(e.flux()).append('\n'));
        if (!examples.isEmpty()) {
            files.put(base + ".examples.flux", new Artefact(examples.toString(), "example Flux queries."));
        }

        String className = javaClassName(l.id()) + "Writer";
        files.put(className + ".java", new Artefact(WriterSnippets.java(kind, l, className),
            "the writer in Java (influxdb-client-java `Point`)."));
        files.put(base + ".writer.js", new Artefact(WriterSnippets.javascript(kind, l,
            Character.toLowerCase(className.charAt(0)) + className.substring(1).replace("Writer", "Point")),
            "the writer in JavaScript (`@influxdata/influxdb-client`)."));
        files.put(base + ".lp", new Artefact(WriterSnippets.lineProtocol(kind, l),
            "the line protocol shape: which attributes are tags, which fields, with their types."));
        String unlistable = SchemaFiles.unlistable(l);
        if (unlistable == null) {
            files.put(base + ".bucket-schema.json", new Artefact(SchemaFiles.bucketSchemaColumns(kind, l),
                "InfluxDB Cloud explicit bucket schema: `influx bucket-schema create --columns-file " + base + ".bucket-schema.json`."));
            files.put(base + ".es-mapping.json", new Artefact(SchemaFiles.elasticsearchMapping(kind, l),
                "Elasticsearch/OpenSearch index mapping, `dynamic: strict`."));
        } else {
            notWritten.add("no bucket schema or index mapping for " + l.id() + ": " + unlistable);
        }
        for (FluxGenerator.Script task : flux.tasks()) {
            String name = SchemaInference.slug(task.name().replace(".flux", "")) + ".task.flux";
            files.put(name, new Artefact("// " + task.purpose() + "\n" + task.flux(),
                "a Flux task (InfluxDB 2.x / Cloud): `influx task create --file " + name + "`."));
        }

        for (var f : l.fields()) {
            for (var slot : SlotTables.slots(f.key())) {
                for (SqlDialect d : SqlDialect.values()) {
                    files.put(base + ".slots-" + SchemaInference.slug(slot.attribute()) + "." + d.id() + ".sql",
                        new Artefact(SlotTables.generate(d, slot, kind, sample, base.replace('-', '_') + "_" + slot.attribute()).text(),
                            "the slot mapping and counter tables with the allocation protocol, for " + engine(d) + "."));
                }
            }
        }
        for (Rollup r : ws.rollups()) {
            if (r.layout().equals(l.id()) && r.destination().kind() == Rollup.DestinationKind.RELATIONAL_TABLE) {
                for (SqlDialect d : SqlDialect.values()) {
                    files.put(SchemaInference.slug(r.id()) + "." + d.id() + ".sql", new Artefact(SqlGenerator.generate(d, r, kind, sample).text(),
                        "the rollup's summary table, its idempotent upsert for the daily job, and the long-range report, for "
                            + engine(d) + "."));
                }
            }
        }
    }

    private static String engine(SqlDialect d) {
        return d == SqlDialect.MARIADB ? "MariaDB/MySQL" : "PostgreSQL";
    }
}
