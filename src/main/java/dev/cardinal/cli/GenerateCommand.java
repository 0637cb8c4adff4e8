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
import dev.cardinal.model.WorkspaceFiles;
import dev.cardinal.model.WorkspaceFormatException;
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
import java.nio.file.NoSuchFileException;
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

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Workspace ws;
        try {
            ws = WorkspaceFiles.load(workspace).workspace();
        } catch (NoSuchFileException e) {
            err.println("cardinal generate: " + workspace + ": no such file");
            return 1;
        } catch (WorkspaceFormatException e) {
            err.println("cardinal generate: " + e.getMessage());
            return 1;
        }
        List<Layout> chosen = new ArrayList<>();
        if (layout != null) {
            Optional<Layout> l = ws.layoutByIdOrName(layout);
            if (l.isEmpty()) {
                err.println("cardinal generate: no layout '" + layout + "' in " + workspace);
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
        // example values come from the sample when one is bound; without it the examples that need a value are left out
        Map<String, EventKindSample> samples = new LinkedHashMap<>();
        if (!ws.samples().isEmpty()) {
            Sample s = SampleReader.read(SampleReader.sources(workspace, ws), SampleLimits.defaults(), ReadMonitor.NONE);
            s.eventKinds().forEach(k -> samples.put(k.name(), k));
        }
        Map<String, InfluxQlGenerator.Script> scripts = new LinkedHashMap<>();
        for (Layout l : chosen) {
            try {
                scripts.put(l.id(), InfluxQlGenerator.generate(ws, l, db, samples.get(l.eventKind())));
            } catch (IllegalArgumentException e) {
                err.println("cardinal generate: layout '" + l.id() + "': " + e.getMessage());
                return 1;
            }
        }
        String organisation = org != null ? org : ws.targets().stream().filter(t -> t.kind() == Target.Kind.INFLUXDB_2
            && t.org() != null).map(Target::org).findFirst().orElse(SchemaInference.slug(ws.name()));
        Map<String, String> layoutFiles = new LinkedHashMap<>();
        List<String> notWritten = new ArrayList<>();
        for (Layout l : chosen) {
            FluxGenerator.Output flux = FluxGenerator.generate(ws, l, db, organisation, samples.get(l.eventKind()));
            String base = SchemaInference.slug(l.id());
            layoutFiles.put(base + ".buckets.sh", "#!/bin/sh\n# the InfluxDB 2.x buckets of layout " + l.id() + "\nset -e\n"
                + String.join("\n", flux.bucketCommands()) + "\n");
            StringBuilder examples = new StringBuilder();
            flux.examples().forEach(e -> examples.append("// ").append(e.purpose()).append('\n').append(e.flux()).append('\n'));
            if (!examples.isEmpty()) {
                layoutFiles.put(base + ".examples.flux", examples.toString());
            }
            EventKind writerKind = ws.eventKind(l.eventKind()).orElse(null);
            if (writerKind != null) {
                String className = javaClassName(l.id()) + "Writer";
                layoutFiles.put(className + ".java", WriterSnippets.java(writerKind, l, className));
                layoutFiles.put(base + ".writer.js", WriterSnippets.javascript(writerKind, l,
                    Character.toLowerCase(className.charAt(0)) + className.substring(1).replace("Writer", "Point")));
                layoutFiles.put(base + ".lp", WriterSnippets.lineProtocol(writerKind, l));
                String unlistable = SchemaFiles.unlistable(l);
                if (unlistable == null) {
                    layoutFiles.put(base + ".bucket-schema.json", SchemaFiles.bucketSchemaColumns(writerKind, l));
                    layoutFiles.put(base + ".es-mapping.json", SchemaFiles.elasticsearchMapping(writerKind, l));
                } else {
                    notWritten.add("no bucket schema or index mapping for " + l.id() + ": " + unlistable);
                }
            }
            for (FluxGenerator.Script task : flux.tasks()) {
                layoutFiles.put(SchemaInference.slug(task.name().replace(".flux", "")) + ".task.flux",
                    "// " + task.purpose() + "\n" + task.flux());
            }
        }
        Map<String, String> sqlFiles = new LinkedHashMap<>();
        for (Layout l : chosen) {
            EventKind kind = ws.eventKind(l.eventKind()).orElse(null);
            for (var f : l.fields()) {
                for (var slot : SlotTables.slots(f.key())) {
                    for (SqlDialect d : SqlDialect.values()) {
                        if (kind != null) {
                            sqlFiles.put(SchemaInference.slug(l.id()) + ".slots-" + SchemaInference.slug(slot.attribute()) + "." + d.id()
                                + ".sql", SlotTables.generate(d, slot, kind, samples.get(l.eventKind()),
                                SchemaInference.slug(l.id()).replace('-', '_') + "_" + slot.attribute()).text());
                        }
                    }
                }
            }
        }
        for (Layout l : chosen) {
            for (Rollup r : ws.rollups()) {
                if (!r.layout().equals(l.id()) || r.destination().kind() != Rollup.DestinationKind.RELATIONAL_TABLE) {
                    continue;
                }
                EventKind kind = ws.eventKind(l.eventKind()).orElse(null);
                if (kind == null) {
                    continue;
                }
                for (SqlDialect d : SqlDialect.values()) {
                    try {
                        sqlFiles.put(SchemaInference.slug(r.id()) + "." + d.id() + ".sql",
                            SqlGenerator.generate(d, r, kind, samples.get(l.eventKind())).text());
                    } catch (IllegalArgumentException e) {
                        err.println("cardinal generate: rollup '" + r.id() + "': " + e.getMessage());
                        return 1;
                    }
                }
            }
        }
        Files.createDirectories(output);
        StringBuilder index = new StringBuilder("# Generated by Cardinal from " + workspace.getFileName() + "\n\n");
        for (var e : scripts.entrySet()) {
            String file = SchemaInference.slug(e.getKey()) + ".influxql";
            AtomicFiles.write(output.resolve(file), e.getValue().text().getBytes(StandardCharsets.UTF_8));
            index.append("- `").append(file).append("`: InfluxQL for InfluxDB 1.x, layout ").append(e.getKey())
                .append(" (database ").append(db).append("): ").append(e.getValue().setup().size()).append(" setup statements, ")
                .append(e.getValue().continuousQueries().size()).append(" continuous queries, ")
                .append(e.getValue().examples().size()).append(" example queries. Run it whole with")
                .append(" `curl -XPOST 'http://localhost:8086/query?db=").append(java.net.URLEncoder.encode(db, StandardCharsets.UTF_8))
                .append("' --data-urlencode q@").append(file).append("`.\n");
            out.println("Wrote " + output.resolve(file));
        }
        for (var e : layoutFiles.entrySet()) {
            AtomicFiles.write(output.resolve(e.getKey()), e.getValue().getBytes(StandardCharsets.UTF_8));
            String what = e.getKey().endsWith(".bucket-schema.json")
                ? "InfluxDB Cloud explicit bucket schema: `influx bucket-schema create --columns-file " + e.getKey() + "`"
                : e.getKey().endsWith(".es-mapping.json") ? "Elasticsearch/OpenSearch index mapping, `dynamic: strict`"
                : e.getKey().endsWith(".java") ? "the writer in Java (influxdb-client-java `Point`)"
                : e.getKey().endsWith(".js") ? "the writer in JavaScript (`@influxdata/influxdb-client`)"
                : e.getKey().endsWith(".lp") ? "the line protocol shape: which attributes are tags, which fields, with their types"
                : e.getKey().endsWith(".sh") ? "`influx bucket create` commands (organisation " + organisation + ")"
                : e.getKey().endsWith(".task.flux") ? "a Flux task (InfluxDB 2.x / Cloud): `influx task create --file " + e.getKey() + "`"
                : "example Flux queries";
            index.append("- `").append(e.getKey()).append("`: ").append(what).append(".\n");
            out.println("Wrote " + output.resolve(e.getKey()));
        }
        for (var e : sqlFiles.entrySet()) {
            AtomicFiles.write(output.resolve(e.getKey()), e.getValue().getBytes(StandardCharsets.UTF_8));
            index.append("- `").append(e.getKey()).append("`: ").append(e.getKey().contains(".slots-")
                    ? "the slot mapping and counter tables with the allocation protocol"
                    : "the rollup's summary table, its idempotent upsert for the daily job, and the long-range report")
                .append(", for ").append(e.getKey().contains(".mariadb.") ? "MariaDB/MySQL" : "PostgreSQL").append(".\n");
            out.println("Wrote " + output.resolve(e.getKey()));
        }
        notWritten.forEach(n -> index.append("- ").append(n).append('\n'));
        AtomicFiles.write(output.resolve("README.md"), index.toString().getBytes(StandardCharsets.UTF_8));
        return 0;
    }
}
